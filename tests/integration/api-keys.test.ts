// API keys on a real database: create (secret once, stored hashed), list, use (Bearer or X-API-Key), quotas per
// account across keys, revoke and rotate refused at once, usage by key, and two app instances sharing all of it.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_DAILY_API_REQUESTS } from '../../core/plans';
import { apiKeys, apiUsage, users } from '../../db/schema';
import { utcDay } from '../../server/keys/daily-limit';
import { issuePageToken } from '../../server/keys/page-token';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { authSecret, confirmedUser, nextIp, requestsOn, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ samples: ['eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv'] });
});
afterAll(() => h.close());

const list = '/api/datasets?limit=1';
const remaining = (res: Response) => Number(res.headers.get('x-ratelimit-remaining'));

let userCount = 0;
/** A confirmed, signed-in user and their id. */
async function signedIn(): Promise<{ client: TestClient; userId: string }> {
  userCount += 1;
  const client = new TestClient(h);
  await confirmedUser(h, client, `keys-${userCount}@example.org`);
  const userId: string = (await client.request('/api/account/session')).body.session.user.id;
  return { client, userId };
}

async function createKey(client: TestClient, name: string) {
  const reply = await client.post('/api/account/api-keys', { name });
  expect(reply.res.status).toBe(201);
  return reply.body as { id: string; name: string; key: string; prefix: string; created_at: string };
}

/** A program somewhere else: no cookies, its own address, only the key. */
function program(app: Pick<Harness, 'app' | 'publicUrl'> = h) {
  const client = new TestClient(app, nextIp());
  return {
    ip: client.ip,
    bearer: (key: string, path = list) => client.request(path, { headers: { Authorization: `Bearer ${key}` } }),
    header: (key: string, path = list) => client.request(path, { headers: { 'X-API-Key': key } }),
  };
}

describe('managing keys', () => {
  it('needs a signed-in account for every key operation', async () => {
    const anonymous = new TestClient(h);
    const replies = [
      await anonymous.request('/api/account/api-keys'),
      await anonymous.post('/api/account/api-keys', { name: 'x' }),
      await anonymous.request('/api/account/api-keys/some-id', { method: 'DELETE' }),
      await anonymous.post('/api/account/api-keys/some-id/rotate', {}),
      await anonymous.request('/api/account/api-usage'),
    ];
    for (const { res, body } of replies) {
      expect(res.status).toBe(401);
      expect(body).toEqual({ error: { code: 'unauthorized', message: 'Please sign in to continue.' } });
    }
    // A key is for the data API, not for managing keys.
    const { client } = await signedIn();
    const { key } = await createKey(client, 'not for settings');
    const withKey = await program().bearer(key, '/api/account/api-keys');
    expect(withKey.res.status).toBe(401);
  });

  it('creates a key whose secret is answered once and stored only as its SHA-256', async () => {
    const { client, userId } = await signedIn();
    const created = await createKey(client, '  Research script  ');
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Research script',
      key: expect.stringMatching(/^spk_[A-Za-z0-9_-]{43}$/),
      prefix: created.key.slice(0, 12),
      created_at: expect.any(String),
    });
    expect(Math.abs(Date.parse(created.created_at) - Date.now())).toBeLessThan(60_000);

    const [row] = await h.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.userId).toBe(userId);
    expect(row!.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(Object.values(row!).map(String)).not.toContain(created.key);

    const listed = await client.request('/api/account/api-keys');
    expect(listed.res.headers.get('cache-control')).toBe('no-store');
    expect(listed.body).toEqual({
      keys: [
        {
          id: created.id,
          name: 'Research script',
          prefix: created.prefix,
          created_at: created.created_at,
          last_used_at: null,
          requests_today: 0,
          organization_id: null,
        },
      ],
    });
    expect(JSON.stringify(listed.body)).not.toContain(created.key);
  });

  it('refuses a key without a name or with a name too long, and a 21st key', async () => {
    const { client } = await signedIn();
    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const { res, body } = await client.post('/api/account/api-keys', { name });
      expect(res.status).toBe(400);
      expect(body.error.code).toBe('bad_request');
    }
    expect((await client.post('/api/account/api-keys', {})).res.status).toBe(400);
    for (let i = 0; i < 20; i++) await createKey(client, `key ${i}`);
    const extra = await client.post('/api/account/api-keys', { name: 'one too many' });
    expect(extra.res.status).toBe(409);
    expect(extra.body.error).toEqual({
      code: 'too_many_keys',
      message: 'An account can have 20 API keys. Revoke one first.',
    });
  });
});

describe('calling the API with a key', () => {
  it('counts Bearer and X-API-Key calls of all the account’s keys against one daily quota, with the IETF fields', async () => {
    const { client, userId } = await signedIn();
    const first = await createKey(client, 'first');
    const second = await createKey(client, 'second');
    const p = program();

    const a = await p.bearer(first.key);
    expect(a.res.status).toBe(200);
    expect(a.res.headers.get('x-ratelimit-limit')).toBe(String(FREE_DAILY_API_REQUESTS));
    expect(remaining(a.res)).toBe(FREE_DAILY_API_REQUESTS - 1);
    expect(a.res.headers.get('ratelimit-policy')).toBe(`"daily";q=${FREE_DAILY_API_REQUESTS};w=86400`);
    expect(a.res.headers.get('ratelimit')).toMatch(new RegExp(`^"daily";r=${FREE_DAILY_API_REQUESTS - 1};t=\\d+$`));
    expect(a.res.headers.get('cache-control')).toMatch(/^private/);

    expect(remaining((await p.header(second.key)).res)).toBe(FREE_DAILY_API_REQUESTS - 2);
    expect(remaining((await p.bearer(second.key, '/api/datasets/prc_hicp_manr/meta')).res)).toBe(
      FREE_DAILY_API_REQUESTS - 3,
    );
    // The account's own session counts against the same quota.
    expect(remaining((await client.request(list)).res)).toBe(FREE_DAILY_API_REQUESTS - 4);
    // A page token does not make a key's calls free: a key always counts.
    const withToken = await program().bearer(first.key, list);
    expect(remaining(withToken.res)).toBe(FREE_DAILY_API_REQUESTS - 5);
    const tokenAndKey = await new TestClient(h).request(list, {
      headers: { 'X-API-Key': first.key, 'X-Page-Token': issuePageToken(authSecret) },
    });
    expect(remaining(tokenAndKey.res)).toBe(FREE_DAILY_API_REQUESTS - 6);

    expect(await requestsOn(h.database.db, `user:${userId}`)).toBe(6);
    expect(await requestsOn(h.database.db, `key:${first.id}`)).toBe(3);
    expect(await requestsOn(h.database.db, `key:${second.id}`)).toBe(2);
    // Not the program's address.
    expect(await requestsOn(h.database.db, `ip:${p.ip}`)).toBeUndefined();

    const keys = (await client.request('/api/account/api-keys')).body.keys;
    expect(keys.map((k: any) => [k.name, k.requests_today])).toEqual([
      ['first', 3],
      ['second', 2],
    ]);
    for (const k of keys) expect(Math.abs(Date.parse(k.last_used_at) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses the account’s 1,001st request of the day with 429, whichever key sends it', async () => {
    const { client, userId } = await signedIn();
    const one = await createKey(client, 'one');
    const two = await createKey(client, 'two');
    await h.database.db
      .insert(apiUsage)
      .values({ subject: `user:${userId}`, day: utcDay(new Date()), count: FREE_DAILY_API_REQUESTS - 1 });
    const p = program();
    const last = await p.bearer(one.key);
    expect(last.res.status).toBe(200);
    expect(remaining(last.res)).toBe(0);
    for (const over of [await p.bearer(two.key), await p.header(one.key)]) {
      expect(over.res.status).toBe(429);
      expect(over.body.error.code).toBe('daily_limit_exceeded');
      expect(Number(over.res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(over.res.headers.get('ratelimit')).toMatch(/^"daily";r=0;t=\d+$/);
    }
    // Another account's key is untouched by this one's quota.
    const other = await signedIn();
    const otherKey = await createKey(other.client, 'other');
    expect((await p.bearer(otherKey.key)).res.status).toBe(200);
  });

  it('gives a Pro account unlimited calls with its keys', async () => {
    const { client, userId } = await signedIn();
    const { key, id } = await createKey(client, 'pro key');
    await h.database.db.update(users).set({ plan: 'pro' }).where(eq(users.id, userId));
    await h.database.db
      .insert(apiUsage)
      .values({ subject: `user:${userId}`, day: utcDay(new Date()), count: FREE_DAILY_API_REQUESTS + 50 });
    for (let i = 0; i < 3; i++) {
      const { res } = await program().bearer(key);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
    expect(await requestsOn(h.database.db, `key:${id}`)).toBe(3);
  });

  it('answers 401 invalid_api_key to an unknown or malformed key, and counts nothing for it', async () => {
    const p = program();
    for (const reply of [
      await p.bearer('spk_thisKeyDoesNotExist0000000000000000000000'),
      await p.header('anything'),
      await p.bearer('spk_x', '/api/sdmx/2.1/data/prc_hicp_manr/M.RCH_A.CP00.DE'),
    ]) {
      expect(reply.res.status).toBe(401);
      expect(reply.res.headers.get('www-authenticate')).toBe('Bearer realm="api"');
      expect(reply.body).toEqual({
        error: { code: 'invalid_api_key', message: 'The API key is not valid: it may have been revoked or rotated.' },
      });
    }
    expect(await requestsOn(h.database.db, `ip:${p.ip}`)).toBeUndefined();
  });
});

describe('revoking and rotating', () => {
  it('refuses a revoked key at once, and lets nobody else revoke a key', async () => {
    const { client } = await signedIn();
    const keep = await createKey(client, 'keep');
    const drop = await createKey(client, 'drop');
    const stranger = await signedIn();
    const foreign = await stranger.client.request(`/api/account/api-keys/${drop.id}`, { method: 'DELETE' });
    expect(foreign.res.status).toBe(404);
    expect((await program().bearer(drop.key)).res.status).toBe(200);

    const revoked = await client.request(`/api/account/api-keys/${drop.id}`, { method: 'DELETE' });
    expect(revoked.res.status).toBe(204);
    expect((await program().bearer(drop.key)).res.status).toBe(401);
    expect((await program().header(drop.key)).res.status).toBe(401);
    expect((await program().bearer(keep.key)).res.status).toBe(200);
    expect((await client.request('/api/account/api-keys')).body.keys.map((k: any) => k.name)).toEqual(['keep']);
    expect((await client.request(`/api/account/api-keys/${drop.id}`, { method: 'DELETE' })).res.status).toBe(404);
  });

  it('rotates a key: same id and name, a new secret that works, the old one refused at once', async () => {
    const { client } = await signedIn();
    const before = await createKey(client, 'rotating');
    expect((await program().bearer(before.key)).res.status).toBe(200);
    const rotated = await client.post(`/api/account/api-keys/${before.id}/rotate`, {});
    expect(rotated.res.status).toBe(200);
    expect(rotated.body).toEqual({
      id: before.id,
      name: 'rotating',
      key: expect.stringMatching(/^spk_/),
      prefix: rotated.body.key.slice(0, 12),
      created_at: before.created_at,
    });
    expect(rotated.body.key).not.toBe(before.key);
    expect((await program().bearer(before.key)).res.status).toBe(401);
    expect((await program().bearer(rotated.body.key)).res.status).toBe(200);
    // Usage stays with the key across the rotation.
    expect((await client.request('/api/account/api-keys')).body.keys[0].requests_today).toBe(2);
    const stranger = await signedIn();
    expect((await stranger.client.post(`/api/account/api-keys/${before.id}/rotate`, {})).res.status).toBe(404);
  });
});

describe('usage', () => {
  it('gives requests per UTC day for the last 30 days, in all and by key, revoked keys included', async () => {
    const { client, userId } = await signedIn();
    const a = await createKey(client, 'alpha');
    const b = await createKey(client, 'beta');
    const p = program();
    for (let i = 0; i < 3; i++) await p.bearer(a.key);
    await p.header(b.key);
    await client.request(list);
    const tenDaysAgo = utcDay(new Date(Date.now() - 10 * 86_400_000));
    const longAgo = utcDay(new Date(Date.now() - 40 * 86_400_000));
    await h.database.db.insert(apiUsage).values([
      { subject: `user:${userId}`, day: tenDaysAgo, count: 7 },
      { subject: `key:${a.id}`, day: tenDaysAgo, count: 7 },
      { subject: `user:${userId}`, day: longAgo, count: 99 },
    ]);
    await client.request(`/api/account/api-keys/${b.id}`, { method: 'DELETE' });

    const { res, body } = await client.request('/api/account/api-usage');
    expect(res.status).toBe(200);
    expect(body.days).toHaveLength(30);
    expect(body.days[29]).toEqual({ day: utcDay(new Date()), total: 5, by_key: { [a.id]: 3, [b.id]: 1 } });
    expect(body.days.find((d: any) => d.day === tenDaysAgo)).toEqual({
      day: tenDaysAgo,
      total: 7,
      by_key: { [a.id]: 7 },
    });
    expect(body.days.reduce((sum: number, d: any) => sum + d.total, 0)).toBe(12);
    expect(body.keys).toEqual([
      { id: a.id, name: 'alpha', prefix: a.prefix, revoked: false },
      { id: b.id, name: 'beta', prefix: b.prefix, revoked: true },
    ]);
  });
});

describe('two app instances on one database', () => {
  it('share the quota of a key and refuse a key revoked on the other at once', async () => {
    const config = loadConfig({
      PUBLIC_URL: h.publicUrl,
      SMTP_URL: h.smtp.url,
      AUTH_SECRET: authSecret,
      TRUST_PROXY: '1',
    });
    const other = { app: createApp({ db: h.database.db, config }), publicUrl: h.publicUrl };
    const { client, userId } = await signedIn();
    const { key, id } = await createKey(client, 'shared');
    const onFirst = program();
    const onSecond = program(other);

    expect(remaining((await onFirst.bearer(key)).res)).toBe(FREE_DAILY_API_REQUESTS - 1);
    expect(remaining((await onSecond.bearer(key)).res)).toBe(FREE_DAILY_API_REQUESTS - 2);
    expect(remaining((await onFirst.header(key)).res)).toBe(FREE_DAILY_API_REQUESTS - 3);
    const together = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? onFirst : onSecond).bearer(key)),
    );
    expect(together.map((r) => FREE_DAILY_API_REQUESTS - remaining(r.res)).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 4),
    );
    expect(await requestsOn(h.database.db, `user:${userId}`)).toBe(13);

    // Revoked through the first instance: the second refuses the very next request.
    expect((await client.request(`/api/account/api-keys/${id}`, { method: 'DELETE' })).res.status).toBe(204);
    expect((await onSecond.bearer(key)).res.status).toBe(401);
    expect((await onFirst.bearer(key)).res.status).toBe(401);

    // And the other way round: created on the second, revoked there, refused on the first.
    const secondClient = new TestClient(other, client.ip);
    for (const [name, value] of client.cookies) secondClient.cookies.set(name, value);
    const made = await secondClient.post('/api/account/api-keys', { name: 'made on two' });
    expect(made.res.status).toBe(201);
    expect((await onFirst.bearer(made.body.key)).res.status).toBe(200);
    await secondClient.request(`/api/account/api-keys/${made.body.id}`, { method: 'DELETE' });
    expect((await onFirst.bearer(made.body.key)).res.status).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('declares the key schemes and every key path', async () => {
    const doc = (await (await h.app.request('/api/openapi.json')).json()) as any;
    expect(doc.components.securitySchemes).toEqual({
      bearerKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      apiKeyHeader: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
    });
    expect(doc.security).toEqual([{}, { bearerKey: [] }, { apiKeyHeader: [] }]);
    expect(Object.keys(doc.paths['/api/account/api-keys']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/account/api-keys/{id}'])).toEqual(['delete']);
    expect(Object.keys(doc.paths['/api/account/api-keys/{id}/rotate'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/account/api-usage'])).toEqual(['get']);
    expect(doc.paths['/api/datasets/{id}'].get.responses['401'].description).toContain('API key');
  });
});
