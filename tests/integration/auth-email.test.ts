// E-mail and password over HTTP: user check, sign-up rules, confirmation links, sign-in, sessions and sign-out.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { linkIn } from '../setup/smtp';
import { confirmedUser, goodPassword, signUp, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/check-user-exists', () => {
  it('answers whether an account exists, comparing e-mails lowercased', async () => {
    const c = new TestClient(h);
    expect((await c.post('/api/check-user-exists', { email: 'Ada@Example.org' })).body).toEqual({ exists: false });
    await signUp(h, c, 'ada@example.org');
    expect((await c.post('/api/check-user-exists', { email: 'Ada@Example.org' })).body).toEqual({ exists: true });
  });

  it('refuses a request without an e-mail in our error shape', async () => {
    const { res, body } = await new TestClient(h).post('/api/check-user-exists', {});
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toContain('email');
  });
});

describe('sign-up', () => {
  it('applies the password rules on the server with the specification messages', async () => {
    const c = new TestClient(h);
    const { res, body } = await c.post('/api/auth/sign-up/email', {
      email: 'weak@example.org',
      password: 'password',
      name: 'U',
    });
    expect(res.status).toBe(400);
    expect(body.error).toEqual({
      code: 'weak_password',
      message: 'Password must contain at least one uppercase letter',
      reasons: [
        'Password must contain at least one uppercase letter',
        'Password must contain at least one number',
        'Password must contain at least one special character (!@#$%^&*()_+-=[]{}|;:,.<>?)',
      ],
    });
    expect((await c.post('/api/check-user-exists', { email: 'weak@example.org' })).body.exists).toBe(false);
  });

  it('creates an unconfirmed user without a session and mails a /confirm link that keeps the return path', async () => {
    const c = new TestClient(h);
    const reply = await c.post('/api/auth/sign-up/email', {
      email: 'Bea@Example.org',
      password: goodPassword,
      name: 'User_QWERTY',
      invitationToken: 'inv-123',
      callbackURL: '/app/chart?id=7',
    });
    expect(reply.res.status).toBe(200);
    expect(c.sessionCookie()).toBeUndefined();
    expect(JSON.stringify(reply.body)).not.toContain('inv-123');
    const [row] = await h.database.db.select().from(users).where(eq(users.email, 'bea@example.org'));
    // The modal's random full_name is kept (the specification's), but it is not the person's name (issue 41).
    expect(row).toMatchObject({
      name: 'User_QWERTY',
      nameGiven: false,
      invitationToken: 'inv-123',
      emailVerified: false,
    });
    const mail = await h.smtp.waitFor('bea@example.org');
    expect(mail.subject).toBe('Confirm your e-mail address for Statistics publisher');
    expect(mail.text).toContain('Hello bea@example.org,');
    expect(mail.text + mail.html).not.toContain('User_QWERTY');
    const link = linkIn(mail, '/confirm');
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.searchParams.get('next')).toBe('/app/chart?id=7');
    expect(mail.html).toContain(link.toString().replace(/&/g, '&#38;'));
  });

  it('mails the owner instead of creating a second account for a taken address', async () => {
    const c = new TestClient(h);
    await signUp(h, c, 'cleo@example.org');
    const again = await c.post('/api/auth/sign-up/email', {
      email: 'cleo@example.org',
      password: goodPassword,
      name: 'X',
    });
    expect(again.res.status).toBe(200);
    const mail = await h.smtp.waitFor('cleo@example.org');
    expect(mail.subject).toBe('You already have a Statistics publisher account');
    expect(linkIn(mail, '/auth').toString()).toBe('http://localhost:3000/auth');
  });
});

describe('confirmation link', () => {
  it('confirms and signs in once; a reused link confirms but starts no session', async () => {
    const c = new TestClient(h);
    const mail = await signUp(h, c, 'dora@example.org');
    const token = linkIn(mail, '/confirm').searchParams.get('token')!;
    const first = await c.post('/api/auth/confirm-email', { token });
    expect(first.body).toEqual({ confirmed: true, signedIn: true });
    const session = await c.request('/api/account/session');
    expect(session.body.session.user).toMatchObject({
      email: 'dora@example.org',
      emailVerified: true,
      onboarded: false,
    });

    const other = new TestClient(h);
    const reused = await other.post('/api/auth/confirm-email', { token });
    expect(reused.body).toEqual({ confirmed: true, signedIn: false });
    expect(other.sessionCookie()).toBeUndefined();
  });

  it('refuses an expired link with a message asking for a new one', async () => {
    const c = new TestClient(h);
    const mail = await signUp(h, c, 'eve@example.org');
    const token = linkIn(mail, '/confirm').searchParams.get('token')!;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
    const { res, body } = await c.post('/api/auth/confirm-email', { token });
    expect(res.status).toBe(401);
    expect(body.error).toEqual({ code: 'token_expired', message: 'This link has expired. Please ask for a new one.' });
  });

  it('refuses a forged link', async () => {
    const { res, body } = await new TestClient(h).post('/api/auth/confirm-email', {
      token: 'eyJhbGciOiJIUzI1NiJ9.e30.x',
    });
    expect(res.status).toBe(401);
    expect(body.error.code).toBe('invalid_token');
  });

  it('resends the confirmation without telling whether the address has an account', async () => {
    const c = new TestClient(h);
    await signUp(h, c, 'finn@example.org');
    const resent = await c.post('/api/auth/resend-verification', { email: 'finn@example.org', next: '/app/settings' });
    expect(resent.body).toEqual({ sent: true });
    const mail = await h.smtp.waitFor('finn@example.org');
    expect(linkIn(mail, '/confirm').searchParams.get('next')).toBe('/app/settings');
    expect((await c.post('/api/auth/resend-verification', { email: 'nobody@example.org' })).body).toEqual({
      sent: true,
    });
  });
});

describe('sign-in', () => {
  it('refuses an unconfirmed user and sends a fresh link', async () => {
    const c = new TestClient(h);
    await signUp(h, c, 'gus@example.org');
    const { res, body } = await c.post('/api/auth/sign-in/email', { email: 'gus@example.org', password: goodPassword });
    expect(res.status).toBe(403);
    expect(body.error.message).toBe(
      'Please confirm your e-mail address first. We have sent you a new confirmation link.',
    );
    await h.smtp.waitFor('gus@example.org', (m) => m.subject.startsWith('Confirm'));
  });

  it('gives one generic message for a wrong password and for an unknown address', async () => {
    const c = new TestClient(h);
    await confirmedUser(h, c, 'hana@example.org');
    const wrong = await c.post('/api/auth/sign-in/email', { email: 'hana@example.org', password: 'Wrong-password1' });
    const unknown = await c.post('/api/auth/sign-in/email', {
      email: 'nobody@example.org',
      password: 'Wrong-password1',
    });
    for (const reply of [wrong, unknown]) {
      expect(reply.res.status).toBe(400);
      expect(reply.body).toEqual({ error: { code: 'invalid_credentials', message: 'Invalid email or password' } });
    }
  });

  it('has no password rule of its own: a wrong short password is just wrong', async () => {
    const { body } = await new TestClient(h).post('/api/auth/sign-in/email', {
      email: 'hana@example.org',
      password: 'x',
    });
    expect(body.error.code).not.toBe('weak_password');
  });

  it('sets a new HttpOnly, SameSite=Lax, 400-day session cookie at every sign-in and never shows its token', async () => {
    const c = new TestClient(h);
    await confirmedUser(h, c, 'ivo@example.org');
    const before = c.sessionCookie();
    const reply = await c.post('/api/auth/sign-in/email', { email: 'ivo@example.org', password: goodPassword });
    expect(reply.res.status).toBe(200);
    const cookie = reply.res.headers.getSetCookie().find((v) => v.startsWith('statpub.session_token='))!;
    expect(cookie).toMatch(/; Max-Age=34560000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toContain('Secure');
    expect(c.sessionCookie()).not.toBe(before);
    const token = decodeURIComponent(c.sessionCookie()!).split('.')[0]!;
    const session = await c.request('/api/auth/get-session');
    for (const body of [reply.body, session.body, (await c.request('/api/account/session')).body]) {
      expect(JSON.stringify(body)).not.toContain(token);
    }
  });
});

describe('sessions', () => {
  it('answers the plan when signed in and 401 when not', async () => {
    const c = new TestClient(h);
    const signedOut = await c.request('/api/account/current-plan');
    expect(signedOut.res.status).toBe(401);
    expect(signedOut.body.error.code).toBe('unauthorized');
    await confirmedUser(h, c, 'jo@example.org');
    expect((await c.request('/api/account/current-plan')).body).toEqual({ plan: 'free' });
  });

  it('signs out, and a second sign-out does no harm', async () => {
    const c = new TestClient(h);
    await confirmedUser(h, c, 'kai@example.org');
    const stale = new TestClient(h);
    stale.cookies.set('statpub.session_token', c.cookies.get('statpub.session_token')!);
    expect((await c.post('/api/auth/sign-out', {})).res.status).toBe(200);
    expect(c.sessionCookie()).toBeUndefined();
    expect((await stale.request('/api/account/session')).body).toEqual({ session: null });
    expect((await stale.post('/api/auth/sign-out', {})).res.status).toBeLessThan(500);
  });

  it('signs out other devices and keeps this one', async () => {
    const laptop = new TestClient(h);
    await confirmedUser(h, laptop, 'lea@example.org');
    const phone = new TestClient(h);
    await phone.post('/api/auth/sign-in/email', { email: 'lea@example.org', password: goodPassword });
    expect((await phone.request('/api/account/session')).body.session).not.toBeNull();
    expect((await laptop.post('/api/auth/revoke-other-sessions', {})).res.status).toBe(200);
    expect((await phone.request('/api/account/session')).body.session).toBeNull();
    expect((await laptop.request('/api/account/session')).body.session.user.email).toBe('lea@example.org');
  });
});

describe('providers without credentials', () => {
  it('says so, and refuses to start a sign-in with them', async () => {
    const c = new TestClient(h);
    expect((await c.request('/api/auth/providers')).body).toEqual({ google: false, microsoft: false });
    const { res, body } = await c.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/confirm' });
    expect(res.status).toBe(404);
    expect(body.error.code).toBe('provider_not_found');
  });
});

describe('behind HTTPS', () => {
  it('marks the session cookie Secure', async () => {
    const secure = await startHarness({ env: { PUBLIC_URL: 'https://stats.example' } });
    try {
      const c = new TestClient(secure);
      await confirmedUser(secure, c, 'max@example.org');
      const reply = await c.post('/api/auth/sign-in/email', { email: 'max@example.org', password: goodPassword });
      const cookie = reply.res.headers.getSetCookie().find((v) => v.includes('session_token='))!;
      expect(cookie.startsWith('__Secure-statpub.session_token=')).toBe(true);
      expect(cookie).toContain('; Secure');
    } finally {
      await secure.close();
    }
  });
});
