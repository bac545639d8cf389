// Abuse and security: rate limits per IP and per e-mail with a clear 429, and cross-site requests refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitMessage } from '../../server/auth/rate-limit';
import { nextIp, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function hammer(make: () => Promise<Response>, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await make()).status);
  return statuses;
}

describe('rate limits', () => {
  it('limits the user check per IP (10 in 10 minutes, decision 185)', async () => {
    const c = new TestClient(h);
    const statuses = await hammer(
      async () => (await c.post('/api/check-user-exists', { email: `u${Math.random()}@example.org` })).res,
      10,
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const last = await c.post('/api/check-user-exists', { email: 'one-more@example.org' });
    expect(last.res.status).toBe(429);
    expect(Number(last.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last.body.error.code).toBe('rate_limited');
    expect(last.body.error.message).toMatch(
      /^Too many attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
    );
  });

  it('never limits the user check per e-mail: that would refuse the owner (hardening-auth-abuse.test.ts)', async () => {
    const statuses = await hammer(
      async () =>
        (await new TestClient(h, nextIp()).post('/api/check-user-exists', { email: 'Target@example.org' })).res,
      11,
    );
    expect(statuses).toEqual(Array(11).fill(200));
  });

  it('limits sign-in attempts per e-mail and address (lockout from elsewhere: security-auth.test.ts)', async () => {
    const guesser = new TestClient(h, nextIp());
    const statuses = await hammer(
      async () =>
        (await guesser.post('/api/auth/sign-in/email', { email: 'victim@example.org', password: 'Guess-1234' })).res,
      11,
    );
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });

  it('limits sign-ups, resends and resets per e-mail and client (other clients: hardening-auth-abuse.test.ts)', async () => {
    const c = new TestClient(h, nextIp());
    const signUps = await hammer(
      async () =>
        (await c.post('/api/auth/sign-up/email', { email: 'spam@example.org', password: 'Inflation2025!', name: 'S' }))
          .res,
      4,
    );
    expect(signUps).toEqual([200, 200, 200, 429]);
    const resends = await hammer(
      async () => (await c.post('/api/auth/resend-verification', { email: 'spam@example.org' })).res,
      4,
    );
    expect(resends).toEqual([200, 200, 200, 429]);
    const resets = await hammer(
      async () => (await c.post('/api/auth/request-password-reset', { email: 'spam@example.org' })).res,
      4,
    );
    expect(resets).toEqual([200, 200, 200, 429]);
  });

  it('words the wait in seconds or minutes', () => {
    expect(rateLimitMessage(1)).toBe('Too many attempts. Please wait 1 second and try again.');
    expect(rateLimitMessage(59)).toBe('Too many attempts. Please wait 59 seconds and try again.');
    expect(rateLimitMessage(60)).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(rateLimitMessage(601)).toBe('Too many attempts. Please wait 11 minutes and try again.');
  });
});

describe('cross-site requests', () => {
  it('refuses state-changing requests from another origin', async () => {
    const c = new TestClient(h);
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }]) {
      const { res, body } = await c.post('/api/auth/sign-in/email', { email: 'a@example.org', password: 'x' }, headers);
      expect(res.status).toBe(403);
      expect(body.error.code).toBe('forbidden_origin');
    }
    const { res } = await c.post(
      '/api/check-user-exists',
      { email: 'a@example.org' },
      { origin: '', 'sec-fetch-site': 'cross-site' },
    );
    expect(res.status).toBe(403);
  });

  it('accepts our own origin, the page host, and clients that are not browsers (not on the user check)', async () => {
    const c = new TestClient(h);
    expect((await c.post('/api/check-user-exists', { email: 'a@example.org' })).res.status).toBe(200);
    const sameHost = await c.post(
      '/api/check-user-exists',
      { email: 'a@example.org' },
      { origin: 'http://localhost:3000' },
    );
    expect(sameHost.res.status).toBe(200);
    const res = await h.app.request('http://localhost:3000/api/auth/request-password-reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
      body: JSON.stringify({ email: 'a@example.org' }),
    });
    expect(res.status).toBe(200);
    // The user check answers our pages only (decision 185).
    const check = await h.app.request('http://localhost:3000/api/check-user-exists', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
      body: JSON.stringify({ email: 'a@example.org' }),
    });
    expect(check.status).toBe(403);
  });
});
