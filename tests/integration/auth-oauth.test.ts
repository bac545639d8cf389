// Google and Microsoft sign-in over HTTP against local OpenID providers: new users, linking, refusals.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, users } from '../../db/schema';
import { confirmedUser, goodPassword, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ oidc: true });
});
afterAll(() => h.close());

/** Runs the browser's part of the round trip: start, provider's authorize page, our callback. */
async function signInWith(c: TestClient, provider: 'google' | 'microsoft', next = '/confirm') {
  const start = await c.post('/api/auth/sign-in/social', {
    provider,
    callbackURL: next,
    newUserCallbackURL: next,
    errorCallbackURL: '/auth',
  });
  expect(start.res.status).toBe(200);
  const authorize = await fetch(start.body.url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = await c.request(authorize.headers.get('location')!);
  expect(callback.res.status).toBe(302);
  return callback.res.headers.get('location');
}

async function identitiesOf(email: string) {
  const [user] = await h.database.db.select().from(users).where(eq(users.email, email));
  const rows = await h.database.db.select().from(accounts).where(eq(accounts.userId, user!.id));
  return rows.map((r) => r.providerId).sort();
}

describe('OpenID sign-in', () => {
  it('says which providers are configured', async () => {
    expect((await new TestClient(h).request('/api/auth/providers')).body).toEqual({ google: true, microsoft: true });
  });

  it('creates a confirmed user at the first Google sign-in and returns to /confirm with a session', async () => {
    const c = new TestClient(h);
    h.google!.signInAs({ sub: 'google-1', email: 'Quinn@Example.org', name: 'Quinn Q' });
    expect(await signInWith(c, 'google', '/confirm?next=%2Fapp%2Fchart%3Fid%3D3')).toBe(
      '/confirm?next=%2Fapp%2Fchart%3Fid%3D3',
    );
    const { session } = (await c.request('/api/account/session')).body;
    expect(session.user).toMatchObject({
      email: 'quinn@example.org',
      name: 'Quinn Q',
      emailVerified: true,
      onboarded: false,
    });
  });

  it('links Microsoft to the same user when both confirm the same address', async () => {
    const first = new TestClient(h);
    h.google!.signInAs({ sub: 'google-2', email: 'rui@example.org', name: 'Rui' });
    await signInWith(first, 'google');
    const second = new TestClient(h);
    h.microsoft!.signInAs({ sub: 'ms-2', email: 'rui@example.org', name: 'Rui at work' });
    await signInWith(second, 'microsoft');
    const a = (await first.request('/api/account/session')).body.session.user.id;
    const b = (await second.request('/api/account/session')).body.session.user.id;
    expect(b).toBe(a);
    expect(await identitiesOf('rui@example.org')).toEqual(['google', 'microsoft']);
  });

  it('links a provider to a confirmed password account, which keeps its password', async () => {
    const c = new TestClient(h);
    await confirmedUser(h, c, 'sam@example.org');
    h.google!.signInAs({ sub: 'google-3', email: 'sam@example.org', name: 'Sam G' });
    await signInWith(new TestClient(h), 'google');
    expect(await identitiesOf('sam@example.org')).toEqual(['credential', 'google']);
    expect(
      (await c.post('/api/auth/sign-in/email', { email: 'sam@example.org', password: goodPassword })).res.status,
    ).toBe(200);
  });

  it('refuses to link into an unconfirmed password account and says why', async () => {
    const c = new TestClient(h);
    await c.post('/api/auth/sign-up/email', { email: 'tia@example.org', password: goodPassword, name: 'Tia' });
    h.google!.signInAs({ sub: 'google-4', email: 'tia@example.org', name: 'Not Tia' });
    expect(await signInWith(c, 'google')).toBe('/auth?error=account_not_linked');
    expect(c.sessionCookie()).toBeUndefined();
    expect(await identitiesOf('tia@example.org')).toEqual(['credential']);
  });

  it('does not link when the provider has not verified the address', async () => {
    const c = new TestClient(h);
    await confirmedUser(h, c, 'uma@example.org');
    h.microsoft!.signInAs({ sub: 'ms-5', email: 'uma@example.org', name: 'Uma?', email_verified: false });
    expect(await signInWith(new TestClient(h), 'microsoft')).toBe('/auth?error=account_not_linked');
    expect(await identitiesOf('uma@example.org')).toEqual(['credential']);
  });

  it('lets a provider-only user add a password with a reset link', async () => {
    h.google!.signInAs({ sub: 'google-6', email: 'vik@example.org', name: 'Vik' });
    await signInWith(new TestClient(h), 'google');
    const c = new TestClient(h);
    await c.post('/api/auth/request-password-reset', { email: 'vik@example.org' });
    const mail = await h.smtp.waitFor('vik@example.org');
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)![1]!;
    expect((await c.post('/api/auth/reset-password', { token, newPassword: goodPassword })).res.status).toBe(200);
    expect(
      (await c.post('/api/auth/sign-in/email', { email: 'vik@example.org', password: goodPassword })).res.status,
    ).toBe(200);
  });

  it('refuses a callback whose state was not issued to this browser, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const c = new TestClient(h);
    const start = await c.post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/confirm',
      errorCallbackURL: '/auth',
    });
    const authorize = await fetch(start.body.url, { redirect: 'manual' });
    const stranger = new TestClient(h);
    const callback = await stranger.request(authorize.headers.get('location')!);
    expect(callback.res.status).toBe(302);
    expect(callback.res.headers.get('location')).toMatch(/error=/);
    expect(stranger.sessionCookie()).toBeUndefined();
    expect(String(logged.mock.calls[0]?.[0])).toContain('Failed to parse state');
    logged.mockRestore();
  });
});
