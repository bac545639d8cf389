// Issue 17, items 3 and 5 on the auth routes: password guessing is refused per address, an attacker elsewhere cannot
// lock the owner out (the account only slows down), and cross-site or forged-Host writes are refused (CSRF).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql';
import { freeAccountAttempts, rateKey, signInDelayMs } from '../../server/auth/rate-limit';
import { confirmedUser, goodPassword, nextIp, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const signIn = (client: TestClient, email: string, password: string) =>
  client.post('/api/auth/sign-in/email', { email, password });

describe('password guessing', () => {
  it('refuses one address after ten attempts on an account, with Retry-After', async () => {
    const attacker = new TestClient(h);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await signIn(attacker, 'guessed@example.org', `Guess-${i}-Aa1!`)).res.status);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    const blocked = await signIn(attacker, 'guessed@example.org', 'Another-1234!');
    expect(blocked.res.status).toBe(429);
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.error.code).toBe('rate_limited');
    // The same address may still try another account (the per-address limit is per account).
    expect((await signIn(attacker, 'someone-else@example.org', 'Guess-1234!')).res.status).toBe(400);
  });

  it('cannot lock the owner out from other addresses: the account slows down instead', async () => {
    const owner = new TestClient(h);
    await confirmedUser(h, owner, 'owner@example.org');
    const ownerAtHome = new TestClient(h, nextIp());
    // Attackers at many addresses, more attempts than the old per-account lockout (10) allowed.
    const attempts = freeAccountAttempts + 2;
    for (let i = 0; i < attempts; i++) {
      const reply = await signIn(new TestClient(h, nextIp()), 'owner@example.org', `Wrong-${i}-Password!`);
      expect(reply.res.status, `attempt ${i + 1}`).toBe(400);
    }
    // The owner, at their own address, still gets in with the right password (after a short wait).
    const mine = await signIn(ownerAtHome, 'owner@example.org', goodPassword);
    expect(mine.res.status).toBe(200);
    expect(ownerAtHome.sessionCookie()).toBeTruthy();
    // A success starts the account's count again.
    const left = await queryRows<{ key: string }>(
      h.database.db,
      sql`SELECT key FROM rate_limits WHERE key = ${rateKey('sign-in', 'account', 'owner@example.org')}`,
    );
    expect(left).toEqual([]);
  });

  it('waits longer with every attempt beyond ten, up to eight seconds', () => {
    expect([10, 11, 12, 13, 14, 15, 100].map(signInDelayMs)).toEqual([0, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(signInDelayMs(1)).toBe(0);
  });

  it('keeps the e-mail out of the counters (hashed keys)', async () => {
    const keys = await queryRows<{ key: string }>(h.database.db, sql`SELECT key FROM rate_limits`);
    expect(keys.some((k) => k.key.includes('@'))).toBe(false);
  });
});

describe('cross-site requests (CSRF)', () => {
  it('takes the loopback aliases of the default localhost address as ours: sign-up at http://127.0.0.1:3000 works', async () => {
    // PUBLIC_URL is http://localhost:3000 (the default's shape); a person opened the product at 127.0.0.1 instead.
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const visitor = new TestClient({ app: h.app, publicUrl: origin });
      const email = `loopback-${origin.length}-${Date.now()}@example.org`;
      const { res, body } = await visitor.post('/api/auth/sign-up/email', {
        email,
        password: goodPassword,
        name: 'Loopback',
      });
      expect(res.status, `${origin}: ${JSON.stringify(body)}`).toBe(200);
    }
    // Another port of the same machine is another site.
    const other = new TestClient({ app: h.app, publicUrl: 'http://127.0.0.1:4000' });
    const refused = await other.post('/api/auth/sign-up/email', {
      email: 'p4000@example.org',
      password: goodPassword,
      name: 'X',
    });
    expect(refused.res.status).toBe(403);
  });

  it('refuses writes from another origin, a null origin or a cross-site fetch', async () => {
    const c = new TestClient(h);
    const cases: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: '', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of cases) {
      for (const path of ['/api/auth/sign-in/email', '/api/check-user-exists', '/api/contact', '/api/auth/sign-out']) {
        const { res, body } = await c.post(path, { email: 'a@example.org', password: 'x' }, headers);
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(body.error.code).toBe('forbidden_origin');
      }
    }
  });

  it('refuses a signed-in write from another origin, cookies or not', async () => {
    const victim = new TestClient(h);
    await confirmedUser(h, victim, 'csrf-victim@example.org');
    const { res } = await victim.post(
      '/api/auth/change-password',
      { currentPassword: goodPassword, newPassword: 'Another-Inflation2025!' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(res.status).toBe(403);
    // The password did not change: the old one still signs in.
    const again = await signIn(new TestClient(h), 'csrf-victim@example.org', goodPassword);
    expect(again.res.status).toBe(200);
  });
});
