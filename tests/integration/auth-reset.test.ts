// Password reset over HTTP: the mail, the new password under the sign-up rules, used and expired links.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { linkIn } from '../setup/smtp';
import { confirmedUser, goodPassword, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(() => {
  vi.useRealTimers();
});

async function requestReset(c: TestClient, email: string) {
  const before = h.smtp.mails.length;
  const reply = await c.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
  expect(reply.res.status).toBe(200);
  // The link is mailed within the request (Better Auth awaits sendResetPassword without background tasks): it is in
  // the inbox when the answer comes, so a check that nothing was mailed need not wait.
  expect(h.smtp.mails.length).toBe(before + 1);
  const mail = await h.smtp.waitFor(email, (m) => m.subject.startsWith('Reset'));
  return linkIn(mail, '/reset-password').searchParams.get('token')!;
}

describe('password reset', () => {
  it('mails a /reset-password link; the new password follows the rules, works, and ends other sessions', async () => {
    const c = new TestClient(h);
    await confirmedUser(h, c, 'nia@example.org');
    const token = await requestReset(new TestClient(h), 'nia@example.org');

    const weak = await c.post('/api/auth/reset-password', { token, newPassword: 'alllowercase1!' });
    expect(weak.res.status).toBe(400);
    expect(weak.body.error).toMatchObject({
      code: 'weak_password',
      message: 'Password must contain at least one uppercase letter',
    });

    const done = await c.post('/api/auth/reset-password', { token, newPassword: 'Deflation2026?' });
    expect(done.res.status).toBe(200);
    expect((await c.request('/api/account/session')).body.session).toBeNull();

    const old = await c.post('/api/auth/sign-in/email', { email: 'nia@example.org', password: goodPassword });
    expect(old.body.error.code).toBe('invalid_credentials');
    const fresh = await c.post('/api/auth/sign-in/email', { email: 'nia@example.org', password: 'Deflation2026?' });
    expect(fresh.res.status).toBe(200);

    const reused = await c.post('/api/auth/reset-password', { token, newPassword: 'Another2027!' });
    expect(reused.res.status).toBe(400);
    expect(reused.body.error).toEqual({
      code: 'invalid_token',
      message: 'This link is invalid or has already been used. Please ask for a new one.',
    });
  });

  it('refuses a link older than an hour', async () => {
    const c = new TestClient(h);
    await confirmedUser(h, c, 'otto@example.org');
    const token = await requestReset(c, 'otto@example.org');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60 * 1000);
    const late = await c.post('/api/auth/reset-password', { token, newPassword: 'Deflation2026?' });
    expect(late.res.status).toBe(400);
    expect(late.body.error.code).toBe('invalid_token');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const c = new TestClient(h);
    const before = h.smtp.mails.length;
    const reply = await c.post('/api/auth/request-password-reset', {
      email: 'ghost@example.org',
      redirectTo: '/reset-password',
    });
    expect(reply.res.status).toBe(200);
    // A reset mail goes out before the answer (requestReset): none by now is none at all.
    expect(h.smtp.mails.length).toBe(before);
  });

  it('accepts a reset from a user who has not confirmed the address yet', async () => {
    const c = new TestClient(h);
    await c.post('/api/auth/sign-up/email', { email: 'pia@example.org', password: goodPassword, name: 'Pia' });
    const token = await requestReset(c, 'pia@example.org');
    expect((await c.post('/api/auth/reset-password', { token, newPassword: 'Deflation2026?' })).res.status).toBe(200);
  });
});
