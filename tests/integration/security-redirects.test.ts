// Issue 17, item 1: no open redirect through dot segments, encoded dots, backslashes or a forged Host, on the API,
// the signed-in /auth page, onboarding and the confirmation mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as onboardingAction } from '../../app/routes/auth/onboarding';
import { loader as authLoader } from '../../app/routes/auth/auth';
import { linkIn } from '../setup/smtp';
import { signUp, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** Return addresses that a browser would read as another site once normalised. */
const offSite = [
  '/.//evil.example',
  '/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/a/../..//evil.example',
  '/.\\/evil.example',
  '/\\evil.example',
  '/%2F%2Fevil.example',
  '/%5C%5Cevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '//evil.example',
  'https://evil.example',
  'javascript:alert(1)',
];

/** Whether a Location header leads off the site (protocol-relative, backslash, or an absolute foreign URL). */
function leavesSite(location: string | null): boolean {
  if (location === null) return false;
  const resolved = new URL(location, h.publicUrl);
  return resolved.origin !== new URL(h.publicUrl).origin || /^[/\\]{2}/.test(location) || /evil/.test(location);
}

describe('the e-mail confirmation endpoint', () => {
  it('never redirects to another host, whatever callbackURL says (no account needed)', async () => {
    const c = new TestClient(h);
    for (const callback of offSite) {
      const { res, body } = await c.request(
        `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(callback)}`,
      );
      expect(leavesSite(res.headers.get('location')), `${callback} → ${res.headers.get('location')}`).toBe(false);
      expect(res.status, callback).toBe(400);
      expect(body.error.code).toBe('invalid_redirect');
    }
  });

  it('takes the callback unencoded in the query too, as curl sends it', async () => {
    const res = await h.app.request(`${h.publicUrl}/api/auth/verify-email?token=x&callbackURL=/.//evil.example`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('still returns to a path on this site', async () => {
    const { res } = await new TestClient(h).request('/api/auth/verify-email?token=x&callbackURL=/app/dashboard');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/app\/dashboard\?error=/);
  });
});

describe('return addresses sent to Better Auth', () => {
  it('refuses off-site callbacks on sign-up, reset and provider sign-in', async () => {
    const c = new TestClient(h);
    for (const callback of ['/.//evil.example', '/%2e//evil.example', 'https://evil.example/x']) {
      const signUpReply = await c.post('/api/auth/sign-up/email', {
        email: 'redirect-victim@example.org',
        password: 'Inflation2025!',
        name: 'User_ABCDEF',
        callbackURL: callback,
      });
      expect(signUpReply.res.status, callback).toBe(400);
      expect(signUpReply.body.error.code).toBe('invalid_redirect');
      const reset = await c.post('/api/auth/request-password-reset', {
        email: 'redirect-victim@example.org',
        redirectTo: callback,
      });
      expect(reset.res.status, callback).toBe(400);
      const social = await c.post('/api/auth/sign-in/social', {
        provider: 'google',
        callbackURL: '/confirm',
        errorCallbackURL: callback,
      });
      expect(social.res.status, callback).toBe(400);
    }
  });

  it('does not take the request Host as a trusted origin', async () => {
    const c = new TestClient(h);
    for (const path of ['/api/auth/request-password-reset', '/api/auth/sign-up/email']) {
      const { res } = await c.post(
        path,
        {
          email: 'host-victim@example.org',
          password: 'Inflation2025!',
          name: 'User_ABCDEF',
          redirectTo: 'http://evil.example/reset',
          callbackURL: 'http://evil.example/welcome',
        },
        { host: 'evil.example', origin: 'http://evil.example' },
      );
      expect([400, 403], path).toContain(res.status);
    }
    // PUBLIC_URL's own origin stays acceptable as an absolute address.
    const ok = await c.post('/api/auth/request-password-reset', {
      email: 'host-victim@example.org',
      redirectTo: `${h.publicUrl}/reset-password`,
    });
    expect(ok.res.status).toBe(200);
  });

  it('carries a normalised path, never another host, into the confirmation mail', async () => {
    const c = new TestClient(h);
    const mail = await signUp(h, c, 'normalised-next@example.org', undefined, { callbackURL: '/app/./chart?id=5' });
    const link = linkIn(mail, '/confirm');
    expect(link.origin).toBe(h.publicUrl);
    expect(link.searchParams.get('next')).toBe('/app/chart?id=5');

    // The resend form's `next` is dropped when unsafe: the link then carries no return path at all.
    const resend = await new TestClient(h).post('/api/auth/resend-verification', {
      email: 'normalised-next@example.org',
      next: '/.//evil.example',
    });
    expect(resend.res.status).toBe(200);
    const second = await h.smtp.waitFor(
      'normalised-next@example.org',
      (m) => m.subject.startsWith('Confirm') && m.text !== mail.text,
    );
    const again = linkIn(second, '/confirm');
    expect(again.searchParams.get('next')).toBeNull();
    expect(second.text).not.toMatch(/evil/);
  });
});

describe('pages that redirect after sign-in', () => {
  const session = (onboarded: boolean) => ({ user: { id: 'u', name: 'Ada', interests: [], onboarded } });

  function authPage(next: string, onboarded: boolean): string {
    const url = `${h.publicUrl}/auth?next=${encodeURIComponent(next)}`;
    try {
      authLoader({ request: new Request(url), context: { auth: { session: session(onboarded) } } } as never);
    } catch (thrown) {
      return (thrown as Response).headers.get('location')!;
    }
    throw new Error('no redirect');
  }

  it('sends a signed-in visitor of /auth?next=… to a path on this site only', () => {
    for (const next of offSite) {
      expect(authPage(next, true), next).toBe('/app/dashboard');
      expect(authPage(next, false), next).toBe('/onboarding?next=%2Fapp%2Fdashboard');
    }
    expect(authPage('/app/./chart?id=5', true)).toBe('/app/chart?id=5');
  });

  it('lets onboarding continue only to a path on this site', async () => {
    for (const next of [...offSite, '/app/./chart?id=5']) {
      const form = new FormData();
      form.set('intent', 'skip');
      const request = new Request(`${h.publicUrl}/onboarding?next=${encodeURIComponent(next)}`, {
        method: 'POST',
        body: form,
      });
      const res = (await onboardingAction({
        request,
        context: { db: h.database.db, auth: { session: session(false) } },
      } as never)) as Response;
      const location = res.headers.get('location');
      expect(leavesSite(location), `${next} → ${location}`).toBe(false);
      expect(location).toBe(next === '/app/./chart?id=5' ? '/app/chart?id=5' : '/app/dashboard');
    }
  });
});
