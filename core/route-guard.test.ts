// The route guard lets public pages through, sends visitors of /app to /auth with the way back, and refuses open redirects.
import { describe, expect, it } from 'vitest';
import { defaultGuardOptions, guardDecision, publicPaths, safeNextPath } from './route-guard';

const at = (path: string) => new URL(path, 'http://localhost:3000');

describe('guardDecision', () => {
  it('lets the public pages of the specification and the API through without a session', () => {
    const examples = publicPaths.map((p) => p.replace(':id', '12'));
    for (const p of [...examples, '/confirm?token=x', '/application', '/api/account/current-plan']) {
      expect(guardDecision(at(p), 'absent')).toEqual({ action: 'allow' });
    }
  });

  it('sends visitors of /app without a session to /auth, remembering path and query', () => {
    expect(guardDecision(at('/app'), 'absent')).toEqual({ action: 'redirect', location: '/auth?next=%2Fapp' });
    expect(guardDecision(at('/app/chart?id=5'), 'error')).toEqual({
      action: 'redirect',
      location: '/auth?next=%2Fapp%2Fchart%3Fid%3D5',
    });
  });

  it('lets a signed-in visitor through', () => {
    expect(guardDecision(at('/app/dashboard'), 'present')).toEqual({ action: 'allow' });
  });

  it('lets the returns from OAuth and e-mail confirmation through', () => {
    expect(guardDecision(at('/app/dashboard?code=abc'), 'absent')).toEqual({ action: 'allow' });
    expect(guardDecision(at('/app/dashboard?from=confirm'), 'absent')).toEqual({ action: 'allow' });
    expect(guardDecision(at('/app/dashboard?verified=true'), 'absent')).toEqual({ action: 'allow' });
    expect(guardDecision(at('/app/dashboard?verified=false'), 'absent').action).toBe('redirect');
  });

  it('follows the configured login path, include and exclude lists, and path memory', () => {
    const options = {
      loginPath: '/login',
      include: ['/app', '/onboarding'],
      exclude: ['/app/public'],
      rememberPath: false,
    };
    expect(guardDecision(at('/onboarding'), 'absent', options)).toEqual({ action: 'redirect', location: '/login' });
    expect(guardDecision(at('/app/public/x'), 'absent', options)).toEqual({ action: 'allow' });
    expect(guardDecision(at('/app/x'), 'absent', { ...defaultGuardOptions, loginPath: '/login' })).toEqual({
      action: 'redirect',
      location: '/login?next=%2Fapp%2Fx',
    });
  });
});

describe('safeNextPath', () => {
  it('keeps same-origin relative paths with their query and hash', () => {
    expect(safeNextPath('/app/chart?id=5')).toBe('/app/chart?id=5');
    expect(safeNextPath('/app/dashboard#follows')).toBe('/app/dashboard#follows');
  });

  it('refuses anything that could leave the site', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'app/dashboard',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/\n//evil.example',
      // Dot segments, encoded dots and backslashes that normalise to another host (issue 17).
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      '/%2E%2E//evil.example',
      '/a/../..//evil.example',
      '/./\\evil.example',
      '/.\\/evil.example',
      '/%2F%2Fevil.example',
      '/%5c%5cevil.example',
      '/\u0000//evil.example',
      'javascript:alert(1)//',
      '/' + 'a'.repeat(2001),
    ]) {
      expect(safeNextPath(bad), String(bad)).toBeNull();
    }
  });

  it('keeps encoded characters encoded, on this site', () => {
    expect(safeNextPath('/app/%2F%2Fevil.example')).toBe('/app/%2F%2Fevil.example');
  });

  it('returns the normalised path it checked', () => {
    expect(safeNextPath('/app/./chart?id=5')).toBe('/app/chart?id=5');
    expect(safeNextPath('/app/../pricing')).toBe('/pricing');
    expect(safeNextPath('/./app')).toBe('/app');
  });
});
