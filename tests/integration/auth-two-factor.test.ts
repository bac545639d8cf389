// Two-factor sign-in over HTTP: enrol with an authenticator app, sign in with a code or a recovery code, turn off,
// and delete an account only with a current code (issue 41).
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedUser, goodPassword, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as an authenticator app computes it. */
function totp(base32Secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of base32Secret.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

async function enrol(email: string) {
  const c = new TestClient(h);
  await confirmedUser(h, c, email);
  const enabled = await c.post('/api/auth/two-factor/enable', { password: goodPassword });
  expect(enabled.res.status).toBe(200);
  const secret = new URL(enabled.body.totpURI).searchParams.get('secret')!;
  return { c, secret, backupCodes: enabled.body.backupCodes as string[], totpURI: enabled.body.totpURI as string };
}

describe('two-factor enrolment', () => {
  it('gives an otpauth URI with the product as issuer and ten recovery codes; stays off until a code is verified', async () => {
    const { c, secret, backupCodes, totpURI } = await enrol('wes@example.org');
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Statistics%20publisher:wes%40example\.org\?/);
    expect(backupCodes).toHaveLength(10);
    expect((await c.request('/api/account/session')).body.session.user.twoFactorEnabled).toBe(false);

    const wrong = await c.post('/api/auth/two-factor/verify-totp', { code: '000000' });
    expect(wrong.res.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_code');
    const right = await c.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect(right.res.status).toBe(200);
    expect((await c.request('/api/account/session')).body.session.user.twoFactorEnabled).toBe(true);
  });

  it('refuses enrolment with a wrong password', async () => {
    const c = new TestClient(h);
    await confirmedUser(h, c, 'xia@example.org');
    const { res, body } = await c.post('/api/auth/two-factor/enable', { password: 'Wrong-password1' });
    expect(res.status).toBe(400);
    expect(body.error.message).toBe('Incorrect password.');
  });
});

describe('two-factor sign-in', () => {
  it('asks for a code after the password; a wrong code fails, the right one signs in', async () => {
    const { c, secret } = await enrol('yan@example.org');
    await c.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });

    const device = new TestClient(h);
    const first = await device.post('/api/auth/sign-in/email', { email: 'yan@example.org', password: goodPassword });
    expect(first.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(device.sessionCookie()).toBeUndefined();

    const wrong = await device.post('/api/auth/two-factor/verify-totp', { code: '123456' });
    expect(wrong.res.status).toBe(401);
    expect(device.sessionCookie()).toBeUndefined();
    const right = await device.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect(right.res.status).toBe(200);
    expect((await device.request('/api/account/session')).body.session.user.email).toBe('yan@example.org');
  });

  it('accepts a recovery code once', async () => {
    const { c, secret, backupCodes } = await enrol('zoe@example.org');
    await c.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
    const code = backupCodes[0]!;

    const device = new TestClient(h);
    await device.post('/api/auth/sign-in/email', { email: 'zoe@example.org', password: goodPassword });
    expect((await device.post('/api/auth/two-factor/verify-backup-code', { code })).res.status).toBe(200);
    expect(device.sessionCookie()).toBeDefined();

    const thief = new TestClient(h);
    await thief.post('/api/auth/sign-in/email', { email: 'zoe@example.org', password: goodPassword });
    const reused = await thief.post('/api/auth/two-factor/verify-backup-code', { code });
    expect(reused.res.status).toBe(401);
    expect(thief.sessionCookie()).toBeUndefined();
  });

  it('can be turned off with the password', async () => {
    const { c, secret } = await enrol('abe@example.org');
    await c.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect((await c.post('/api/auth/two-factor/disable', { password: goodPassword })).res.status).toBe(200);
    const device = new TestClient(h);
    const reply = await device.post('/api/auth/sign-in/email', { email: 'abe@example.org', password: goodPassword });
    expect(reply.body.twoFactorRedirect).toBeUndefined();
    expect(device.sessionCookie()).toBeDefined();
  });
});

describe('deleting an account with two-factor sign-in (issue 41)', () => {
  it('asks for a current code besides the password, refuses a wrong one, and has no way around it', async () => {
    const { c, secret } = await enrol('dee@example.org');
    await c.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect((await c.request('/api/account/session')).body.session.user.twoFactorEnabled).toBe(true);
    const stillThere = async () => (await c.request('/api/account/profile')).res.status;

    const noCode = await c.post('/api/account/delete', { confirmation: 'DELETE', password: goodPassword });
    expect(noCode.res.status).toBe(400);
    expect(noCode.body.error).toEqual({
      code: 'two_factor_required',
      message: 'Enter a code from your authenticator app to delete your account.',
    });
    const right = totp(secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const wrongCode = await c.post('/api/account/delete', {
      confirmation: 'DELETE',
      password: goodPassword,
      code: wrong,
    });
    expect(wrongCode.res.status).toBe(400);
    expect(wrongCode.body.error.code).toBe('invalid_two_factor_code');
    // The password is checked first: a right code does not help without it.
    const wrongPassword = await c.post('/api/account/delete', {
      confirmation: 'DELETE',
      password: 'Wrong-pass1',
      code: right,
    });
    expect(wrongPassword.res.status).toBe(400);
    expect(wrongPassword.body.error.message).toBe('Incorrect password.');
    // Better Auth's own deletion path, which asks for neither, is closed.
    const direct = await c.post('/api/auth/delete-user', { password: goodPassword });
    expect(direct.res.status).toBe(404);
    expect(await stillThere()).toBe(200);

    const deleted = await c.post('/api/account/delete', {
      confirmation: 'DELETE',
      password: goodPassword,
      code: ` ${right.slice(0, 3)} ${right.slice(3)} `,
    });
    expect(deleted.res.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true });
    const device = new TestClient(h);
    const signIn = await device.post('/api/auth/sign-in/email', { email: 'dee@example.org', password: goodPassword });
    expect(signIn.res.ok).toBe(false);
    expect(signIn.body.error.message).toMatch(/invalid email or password/i);
    expect(device.sessionCookie()).toBeUndefined();
  });
});
