// Settings on a real database (issue 12): profile and colour mode, password and e-mail changes through Better Auth
// with the local SMTP peer, linked Google identities, the data download (one account's data only) and deletion.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetMeta } from '../../core/schemas/dataset';
import { findDataset, getDatasetMeta } from '../../db/queries/datasets';
import { createFollow } from '../../db/queries/follows';
import { accounts, apiKeys, apiUsage, datasets, follows, sessions, users } from '../../db/schema';
import { linkIn } from '../setup/smtp';
import { confirmedUser, goodPassword, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
let datasetId: number;
let meta: DatasetMeta;
beforeAll(async () => {
  h = await startHarness({ oidc: true, samples: ['eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv'] });
  const [row] = await h.database.db
    .select({ id: datasets.id })
    .from(datasets)
    .where(eq(datasets.code, 'prc_hicp_manr'));
  datasetId = row!.id;
  meta = await getDatasetMeta(h.database.db, (await findDataset(h.database.db, String(datasetId)))!);
});
afterAll(() => h.close());

let count = 0;
async function signedIn(prefix = 'settings') {
  count += 1;
  const email = `${prefix}-${count}@example.org`;
  const client = new TestClient(h);
  await confirmedUser(h, client, email);
  const userId: string = (await client.request('/api/account/session')).body.session.user.id;
  return { client, userId, email };
}

const signInWithPassword = (email: string, password: string) =>
  new TestClient(h).post('/api/auth/sign-in/email', { email, password });

describe('the account API needs a session', () => {
  it('answers 401 in the one error shape to a visitor', async () => {
    const visitor = new TestClient(h);
    const replies = [
      await visitor.request('/api/account/profile'),
      await visitor.request('/api/account/profile', { method: 'PATCH', json: { name: 'X' } }),
      await visitor.request('/api/account/export'),
      await visitor.post('/api/account/delete', { confirmation: 'DELETE', password: goodPassword }),
    ];
    for (const { res, body } of replies) {
      expect(res.status).toBe(401);
      expect(body).toEqual({ error: { code: 'unauthorized', message: 'Please sign in to continue.' } });
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await new TestClient(h).request('/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/account/profile'])).toEqual(['get', 'patch']);
    expect(doc.paths['/api/account/export'].get).toBeDefined();
    expect(doc.paths['/api/account/delete'].post.requestBody).toBeDefined();
    // Every status the route answers is documented: 409 for an owner of an organization with members, 503 when
    // the session cannot be checked.
    expect(Object.keys(doc.paths['/api/account/delete'].post.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '409',
      '503',
    ]);
  });

  it('refuses a write from another site', async () => {
    const { client } = await signedIn();
    const reply = await client.request('/api/account/profile', {
      method: 'PATCH',
      json: { name: 'Mallory' },
      headers: { origin: 'https://evil.example' },
    });
    expect(reply.res.status).toBe(403);
    expect(reply.body.error.code).toBe('forbidden_origin');
  });
});

describe('profile', () => {
  it("starts with the sign-up's name and the system colour mode, and changes both", async () => {
    const { client, email } = await signedIn();
    const before = await client.request('/api/account/profile');
    expect(before.body).toMatchObject({
      name: 'User_ABCDEF',
      email,
      theme: 'system',
      hasPassword: true,
      signInMethods: [{ provider: 'credential' }],
    });
    const changed = await client.request('/api/account/profile', {
      method: 'PATCH',
      json: { name: '  Ada Lovelace ', theme: 'dark' },
    });
    expect(changed.res.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Ada Lovelace', theme: 'dark' });
    // The session every page and device reads carries the stored colour mode.
    const session = (await client.request('/api/account/session')).body.session;
    expect(session.user).toMatchObject({ name: 'Ada Lovelace', theme: 'dark' });
    // Another device of the same account sees it too.
    const other = new TestClient(h);
    await other.post('/api/auth/sign-in/email', { email, password: goodPassword });
    expect((await other.request('/api/account/session')).body.session.user.theme).toBe('dark');
  });

  it('refuses an empty name, an unknown theme and an empty change with 400', async () => {
    const { client } = await signedIn();
    const empty = await client.request('/api/account/profile', { method: 'PATCH', json: { name: '   ' } });
    expect(empty.res.status).toBe(400);
    expect(empty.body.error.message).toContain('Please enter a display name');
    const long = await client.request('/api/account/profile', { method: 'PATCH', json: { name: 'x'.repeat(81) } });
    expect(long.res.status).toBe(400);
    expect(long.body.error.message).toContain('A display name has at most 80 characters');
    const theme = await client.request('/api/account/profile', { method: 'PATCH', json: { theme: 'purple' } });
    expect(theme.res.status).toBe(400);
    const nothing = await client.request('/api/account/profile', { method: 'PATCH', json: {} });
    expect(nothing.res.status).toBe(400);
    expect(nothing.body.error.code).toBe('bad_request');
  });
});

describe('password change', () => {
  it("applies the specification's rules and messages, then only the new password signs in", async () => {
    const { client, email } = await signedIn();
    const weak = await client.post('/api/auth/change-password', {
      currentPassword: goodPassword,
      newPassword: 'lowercase1!',
    });
    expect(weak.res.status).toBe(400);
    expect(weak.body.error).toMatchObject({
      code: 'weak_password',
      message: 'Password must contain at least one uppercase letter',
    });
    const wrong = await client.post('/api/auth/change-password', {
      currentPassword: 'Not-my-password1',
      newPassword: 'Deflation2026?',
    });
    expect(wrong.res.status).toBe(400);
    expect(wrong.body.error.message).toBe('Incorrect password.');
    const ok = await client.post('/api/auth/change-password', {
      currentPassword: goodPassword,
      newPassword: 'Deflation2026?',
      revokeOtherSessions: true,
    });
    expect(ok.res.status).toBe(200);
    expect((await signInWithPassword(email, goodPassword)).res.status).toBe(400);
    expect((await signInWithPassword(email, 'Deflation2026?')).res.status).toBe(200);
  });
});

describe('e-mail change', () => {
  it('changes the address only once the link sent to the new address is followed', async () => {
    const { client, email } = await signedIn();
    const newEmail = `moved-${count}@example.org`;
    const asked = await client.post('/api/auth/change-email', { newEmail, callbackURL: '/app/settings' });
    expect(asked.res.status).toBe(200);
    const mail = await h.smtp.waitFor(newEmail, (m) => m.subject.startsWith('Confirm your new e-mail address'));
    // The current address hears of it first, with the new address named and a way to secure the account.
    const notice = await h.smtp.waitFor(email, (m) => m.subject.endsWith('e-mail address is being changed'));
    expect(notice.subject).toBe('Your Statistics publisher e-mail address is being changed');
    expect(notice.text).toContain(`asked to change its e-mail address to ${newEmail}.`);
    expect(linkIn(notice, '/app/settings').pathname).toBe('/app/settings');
    expect((await client.request('/api/account/profile')).body.email).toBe(email);
    const link = linkIn(mail, '/confirm');
    expect(link.searchParams.get('next')).toBe('/app/settings');
    const confirmed = await client.post('/api/auth/confirm-email', { token: link.searchParams.get('token') });
    expect(confirmed.res.status).toBe(200);
    expect((await client.request('/api/account/profile')).body).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await signInWithPassword(newEmail, goodPassword)).res.status).toBe(200);
    expect((await signInWithPassword(email, goodPassword)).res.status).toBe(400);
  });
});

/** The browser's part of linking: start at our API, the provider's authorize page, our callback. */
async function linkWith(client: TestClient, provider: 'google' | 'microsoft') {
  const start = await client.post('/api/auth/link-social', {
    provider,
    callbackURL: '/app/settings',
    errorCallbackURL: '/app/settings',
  });
  expect(start.res.status).toBe(200);
  const authorize = await fetch(start.body.url, { redirect: 'manual' });
  const callback = await client.request(authorize.headers.get('location')!);
  expect(callback.res.status).toBe(302);
  return callback.res.headers.get('location');
}

describe('connected identities', () => {
  it('links Google, unlinks it, and never removes the last way in', async () => {
    const { client, email, userId } = await signedIn();
    h.google!.signInAs({ sub: `link-${userId}`, email, name: 'Linked' });
    expect(await linkWith(client, 'google')).toBe('/app/settings');
    const methods: { id: string; provider: string }[] = (await client.request('/api/account/profile')).body
      .signInMethods;
    expect(methods.map((m) => m.provider)).toEqual(['credential', 'google']);
    const idOf = (provider: string) => methods.find((m) => m.provider === provider)!.id;
    const unlinked = await client.post('/api/auth/unlink-account', { accountId: idOf('google') });
    expect(unlinked.res.status).toBe(200);
    const last = await client.post('/api/auth/unlink-account', { accountId: idOf('credential') });
    expect(last.res.status).toBe(400);
    expect(last.body.error.code).toBe('failed_to_unlink_last_account');
    expect((await client.request('/api/account/profile')).body.signInMethods).toHaveLength(1);
  });

  it('refuses a provider identity with another address and says so on the settings page', async () => {
    const { client, userId } = await signedIn();
    h.microsoft!.signInAs({ sub: `other-${userId}`, email: 'someone.else@example.org', name: 'Else' });
    const location = await linkWith(client, 'microsoft');
    expect(location).toBe('/app/settings?error=email_does_not_match');
    const methods = (await client.request('/api/account/profile')).body.signInMethods;
    expect(methods.map((m: { provider: string }) => m.provider)).toEqual(['credential']);
  });
});

describe('download my data', () => {
  it("holds the account's profile, settings and follows, and nothing of another account or any secret", async () => {
    const a = await signedIn('export-a');
    const b = await signedIn('export-b');
    await createFollow(h.database.db, meta, { userId: a.userId, settings: { chart_type: 'line' } });
    await createFollow(h.database.db, meta, { userId: b.userId, settings: { chart_type: 'map' } });
    expect((await a.client.post('/api/account/api-keys', { name: 'a-key' })).res.status).toBe(201);
    expect((await b.client.post('/api/account/api-keys', { name: 'b-key' })).res.status).toBe(201);
    await a.client.request('/api/account/profile', { method: 'PATCH', json: { theme: 'light' } });

    const reply = await a.client.request('/api/account/export');
    expect(reply.res.status).toBe(200);
    expect(reply.res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="my-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(reply.body.profile).toMatchObject({ id: a.userId, email: a.email, display_name: 'User_ABCDEF' });
    expect(reply.body.settings).toMatchObject({ theme: 'light', two_factor_enabled: false });
    expect(reply.body.settings.api_keys.map((k: { name: string }) => k.name)).toEqual(['a-key']);
    expect(reply.body.follows).toEqual([
      expect.objectContaining({ dataset: 'prc_hicp_manr', settings: { chart_type: 'line' } }),
    ]);
    const text = JSON.stringify(reply.body);
    expect(text).not.toContain(b.email);
    expect(text).not.toContain(b.userId);
    expect(text).not.toContain('b-key');
    const [hashRow] = await h.database.db.select().from(apiKeys).where(eq(apiKeys.userId, a.userId));
    const [credential] = await h.database.db.select().from(accounts).where(eq(accounts.userId, a.userId));
    expect(text).not.toContain(hashRow!.keyHash);
    expect(text).not.toContain(credential!.password!);
    expect(text).not.toContain(a.client.sessionCookie()!.split('.')[0]!);
  });
});

describe('deleting the account', () => {
  it('needs the typed confirmation and the password', async () => {
    const { client } = await signedIn();
    const untyped = await client.post('/api/account/delete', { confirmation: 'delete me', password: goodPassword });
    expect(untyped.res.status).toBe(400);
    expect(untyped.body.error).toEqual({ code: 'confirmation_required', message: 'Type DELETE to confirm.' });
    const noPassword = await client.post('/api/account/delete', { confirmation: 'DELETE' });
    expect(noPassword.res.status).toBe(400);
    expect(noPassword.body.error.code).toBe('password_required');
    const wrong = await client.post('/api/account/delete', { confirmation: 'DELETE', password: 'Wrong-pass1' });
    expect(wrong.res.status).toBe(400);
    expect(wrong.body.error.message).toBe('Incorrect password.');
    expect((await client.request('/api/account/profile')).res.status).toBe(200);
  });

  it('removes follows, keys, usage, sessions and sign-in methods, signs out everywhere, and leaves others alone', async () => {
    const doomed = await signedIn('delete');
    const bystander = await signedIn('keep');
    const secondDevice = new TestClient(h);
    await secondDevice.post('/api/auth/sign-in/email', { email: doomed.email, password: goodPassword });
    await createFollow(h.database.db, meta, { userId: doomed.userId });
    await createFollow(h.database.db, meta, { userId: bystander.userId });
    const key = (await doomed.client.post('/api/account/api-keys', { name: 'doomed key' })).body;
    // A request with the key counts usage under the account and the key.
    await new TestClient(h).request('/api/datasets?limit=1', { headers: { Authorization: `Bearer ${key.key}` } });
    expect(
      (
        await h.database.db
          .select()
          .from(apiUsage)
          .where(eq(apiUsage.subject, `user:${doomed.userId}`))
      ).length,
    ).toBe(1);

    const reply = await doomed.client.post('/api/account/delete', { confirmation: 'DELETE', password: goodPassword });
    expect(reply.res.status).toBe(200);
    expect(reply.body).toEqual({ deleted: true });
    expect(doomed.client.sessionCookie()).toBeUndefined();

    const db = h.database.db;
    expect(await db.select().from(users).where(eq(users.id, doomed.userId))).toEqual([]);
    expect(await db.select().from(follows).where(eq(follows.userId, doomed.userId))).toEqual([]);
    expect(await db.select().from(apiKeys).where(eq(apiKeys.userId, doomed.userId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, doomed.userId))).toEqual([]);
    expect(await db.select().from(accounts).where(eq(accounts.userId, doomed.userId))).toEqual([]);
    expect(
      await db
        .select()
        .from(apiUsage)
        .where(eq(apiUsage.subject, `user:${doomed.userId}`)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(apiUsage)
        .where(eq(apiUsage.subject, `key:${key.id}`)),
    ).toEqual([]);
    // The other device is signed out, the key refused, the address free.
    expect((await secondDevice.request('/api/account/profile')).res.status).toBe(401);
    const withKey = await new TestClient(h).request('/api/datasets?limit=1', {
      headers: { Authorization: `Bearer ${key.key}` },
    });
    expect(withKey.res.status).toBe(401);
    expect((await signInWithPassword(doomed.email, goodPassword)).res.status).toBe(400);
    // The bystander keeps everything.
    expect(await db.select().from(follows).where(eq(follows.userId, bystander.userId))).toHaveLength(1);
    expect((await bystander.client.request('/api/account/profile')).res.status).toBe(200);
  });
});
