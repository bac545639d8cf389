// Issue 17, item 3: security headers on every response; framing refused everywhere but embeds; HSTS only on https.
// (That the pages still hydrate under the CSP is checked in a real browser; see docs/operations.md.)
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import type { ApiEnv } from '../../server/http/env';
import { hstsValue, securityHeaders } from '../../server/http/middleware/security-headers';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { databaseWithGeos } from '../setup/database';
import { authSecret } from './auth-harness';

let database: Database;
let app: ReturnType<typeof createApp>;
let secure: ReturnType<typeof createApp>;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  database = await databaseWithGeos('eurostat/tec00115/estat_tec00115_filtered_en.csv');
  app = createApp({ db: database.db, config: loadConfig({ PUBLIC_URL: origin, AUTH_SECRET: authSecret }) });
  secure = createApp({
    db: database.db,
    config: loadConfig({ PUBLIC_URL: 'https://stats.example', AUTH_SECRET: authSecret }),
  });
});
afterAll(() => database.close());

const responses: [string, RequestInit?][] = [
  ['/api/datasets'],
  ['/api/datasets/tec00115/data?format=csv'],
  ['/api/datasets/nope'],
  ['/api/datasets?limit=0'],
  ['/api/openapi.json'],
  ['/api/og-image?path=/'],
  ['/robots.txt'],
  ['/api/no-such-endpoint'],
  ['/api/auth/verify-email?token=x&callbackURL=/app'],
  ['/api/check-user-exists', { method: 'POST', headers: { 'content-type': 'text/plain', origin }, body: 'x' }],
];

describe('every response', () => {
  it('carries nosniff, a referrer policy, a closed CSP and no framing', async () => {
    for (const [path, init] of responses) {
      const res = await app.request(`${origin}${path}`, { ...init, redirect: 'manual' });
      const h = res.headers;
      expect(h.get('x-content-type-options'), path).toBe('nosniff');
      expect(h.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(h.get('x-frame-options'), path).toBe('DENY');
      expect(h.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(h.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('adds HSTS when PUBLIC_URL is https, and only then', async () => {
    for (const [path, init] of responses) {
      const res = await secure.request(`https://stats.example${path}`, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), origin: 'https://stats.example' },
        redirect: 'manual',
      });
      expect(res.headers.get('strict-transport-security'), path).toBe(hstsValue);
    }
  });
});

describe('pages', () => {
  // The middleware as createApp mounts it, in front of stand-in pages (the real ones are checked in Chromium).
  const pages = new Hono<ApiEnv>();
  pages.use('*', securityHeaders({ publicUrl: origin, scriptHashes: () => ['sha256-abc='] }));
  pages.get('*', (c) => c.html(`<script nonce="${c.get('cspNonce')}"></script>`));

  async function page(path: string) {
    const res = await pages.request(`${origin}${path}`);
    const nonce = /nonce="([^"]+)"/.exec(await res.text())![1]!;
    return { headers: res.headers, csp: res.headers.get('content-security-policy')!, nonce };
  }

  it('get a nonce-based policy with a fresh nonce each time, and may not be framed', async () => {
    const first = await page('/app/settings');
    const second = await page('/app/settings');
    expect(first.nonce).not.toBe(second.nonce);
    expect(first.nonce.length).toBeGreaterThanOrEqual(22);
    expect(first.csp).toContain(`script-src 'self' 'nonce-${first.nonce}' 'sha256-abc='`);
    expect(first.csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(first.csp).toContain("object-src 'none'");
    expect(first.csp).toContain("base-uri 'none'");
    expect(first.csp).toContain("frame-ancestors 'none'");
    expect(first.headers.get('x-frame-options')).toBe('DENY');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('let any site frame an embed, and only an embed', async () => {
    const embed = await page('/datasets/prc_hicp_manr?embed=true');
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.csp).not.toContain('frame-ancestors');
    expect(embed.csp).toContain(`'nonce-${embed.nonce}'`);
    for (const path of ['/datasets/prc_hicp_manr', '/datasets/prc_hicp_manr?embed=false', '/app/chart?embed=true']) {
      const other = await page(path);
      expect(other.headers.get('x-frame-options'), path).toBe('DENY');
      expect(other.csp, path).toContain("frame-ancestors 'none'");
    }
  });
});
