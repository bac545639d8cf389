// Followed charts over the API on a real database: follow with the whole saved view (several views of a dataset, each
// once), list, read, save changes (merged, nulls cleared), order, unfollow; only the owner, only from our origin; bad
// input is a 400, never a 500.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasets, follows, users } from '../../db/schema';
import { confirmedUser, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
let hicpId: number;
beforeAll(async () => {
  h = await startHarness({
    samples: ['eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv', 'eurostat/tec00118/estat_tec00118.tsv'],
  });
  const [row] = await h.database.db
    .select({ id: datasets.id })
    .from(datasets)
    .where(eq(datasets.code, 'prc_hicp_manr'));
  hicpId = row!.id;
});
afterAll(() => h.close());

let userCount = 0;
async function signedIn(): Promise<{ client: TestClient; userId: string }> {
  userCount += 1;
  const client = new TestClient(h);
  await confirmedUser(h, client, `follows-${userCount}@example.org`);
  const userId: string = (await client.request('/api/account/session')).body.session.user.id;
  return { client, userId };
}

const fullSettings = {
  chart_type: 'map',
  dimensions: { dim1: ['CP00'] },
  countries: ['DE', 'FR', 'IT'],
  time_start: '1/2024',
  time_end: '4/2025',
  period_index: 3,
  map_transform: { x: -120.5, y: 40, scale: 1.44, reference_width: 800, reference_height: 452 },
  show_values: true,
  series_color: '#2563eb',
  custom_series_colors: ['#2563eb', '#dc2626'],
  title: 'Prices at home',
  subtitle: 'Germany, France and Italy',
  note: 'For the Monday meeting',
};

describe('following a chart', () => {
  it('keeps everything the view has and shows it to the owner', async () => {
    const { client } = await signedIn();
    const created = await client.post('/api/account/follows', { dataset_id: hicpId, settings: fullSettings });
    expect(created.res.status).toBe(201);
    expect(created.res.headers.get('cache-control')).toBe('no-store');
    expect(created.body).toMatchObject({
      dataset_id: hicpId,
      dataset_code: 'prc_hicp_manr',
      settings: fullSettings,
      position: null,
      last_seen_at: null,
    });
    const id = created.body.id as number;

    const one = await client.request(`/api/account/follows/${id}`);
    expect(one.res.status).toBe(200);
    expect(one.body.settings).toEqual(fullSettings);

    const list = await client.request('/api/account/follows');
    expect(list.body.follows.map((f: { id: number }) => f.id)).toEqual([id]);
    expect(list.body.follows[0].dataset_name).toMatch(/HICP|inflation/i);

    // Following the same view again (its places in another order, other periods and words) keeps the first follow
    // and its settings (decision 198).
    const again = await client.post('/api/account/follows', {
      dataset_code: 'PRC_HICP_MANR',
      settings: {
        chart_type: 'map',
        dimensions: { dim1: ['CP00'] },
        countries: ['IT', 'DE', 'FR'],
        time_start: '1/2020',
        title: 'Other words',
      },
    });
    expect(again.res.status).toBe(200);
    expect(again.body.id).toBe(id);
    expect(again.body.settings).toEqual(fullSettings);
  });

  it('follows several views of one dataset, each once, even when asked twice at the same moment', async () => {
    const { client } = await signedIn();
    const view = (countries: string[]) => ({ chart_type: 'line', countries });
    const germanyFrance = await client.post('/api/account/follows', {
      dataset_id: hicpId,
      settings: view(['DE', 'FR']),
    });
    const spainItaly = await client.post('/api/account/follows', { dataset_id: hicpId, settings: view(['ES', 'IT']) });
    expect([germanyFrance.res.status, spainItaly.res.status]).toEqual([201, 201]);
    expect(spainItaly.body.id).not.toBe(germanyFrance.body.id);
    // Another chart type or series of the same places is another view too.
    const table = await client.post('/api/account/follows', {
      dataset_id: hicpId,
      settings: { chart_type: 'table', countries: ['DE', 'FR'] },
    });
    expect(table.res.status).toBe(201);
    // A double click: two requests for one new view make one follow.
    const twice = await Promise.all(
      [0, 1].map(() => client.post('/api/account/follows', { dataset_id: hicpId, settings: view(['PT']) })),
    );
    expect(twice.map((r) => r.res.status).sort()).toEqual([200, 201]);
    expect(twice[0]!.body.id).toBe(twice[1]!.body.id);
    const list = (await client.request('/api/account/follows')).body.follows as { settings: { countries: string[] } }[];
    expect(list.map((f) => f.settings.countries.join())).toEqual(expect.arrayContaining(['DE,FR', 'ES,IT', 'PT']));
    expect(list).toHaveLength(4);
  });

  it('saves changes field by field, clears a field sent as null, and records a visit', async () => {
    const { client } = await signedIn();
    const { body } = await client.post('/api/account/follows', {
      dataset_code: 'tec00118',
      settings: { chart_type: 'line', title: 'Mine', map_transform: { x: 1, y: 2, scale: 2 } },
    });
    const patched = await client.request(`/api/account/follows/${body.id}`, {
      method: 'PATCH',
      json: { settings: { chart_type: 'map', map_transform: null, show_values: true } },
    });
    expect(patched.res.status).toBe(200);
    expect(patched.body.settings).toEqual({ chart_type: 'map', title: 'Mine', show_values: true });
    expect(patched.body.last_seen_at).toBeNull();
    const seen = await client.request(`/api/account/follows/${body.id}`, { method: 'PATCH', json: { seen: true } });
    expect(Date.parse(seen.body.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(seen.body.settings).toEqual(patched.body.settings);
    // Weekly and daily views keep their periods in the display spelling (W{n}/YYYY, YYYY-MM-DD).
    const weekly = await client.request(`/api/account/follows/${body.id}`, {
      method: 'PATCH',
      json: { settings: { time_start: 'W53/2020', time_end: '2021-01-03' } },
    });
    expect(weekly.res.status).toBe(200);
    expect(weekly.body.settings).toMatchObject({ time_start: 'W53/2020', time_end: '2021-01-03' });
  });

  it('puts follows in the user’s own order', async () => {
    const { client } = await signedIn();
    const a = (await client.post('/api/account/follows', { dataset_id: hicpId })).body.id as number;
    const b = (await client.post('/api/account/follows', { dataset_code: 'tec00118' })).body.id as number;
    const ordered = await client.request('/api/account/follows/order', { method: 'PUT', json: { ids: [a, b] } });
    expect(ordered.res.status).toBe(200);
    expect(ordered.body.follows.map((f: { id: number; position: number }) => [f.id, f.position])).toEqual([
      [a, 0],
      [b, 1],
    ]);
    const reversed = await client.request('/api/account/follows/order', { method: 'PUT', json: { ids: [b, a] } });
    expect(reversed.body.follows.map((f: { id: number }) => f.id)).toEqual([b, a]);
  });

  it('unfollows, and account deletion and dataset deletion remove follows', async () => {
    const { client, userId } = await signedIn();
    const { body } = await client.post('/api/account/follows', { dataset_id: hicpId });
    const removed = await client.request(`/api/account/follows/${body.id}`, { method: 'DELETE' });
    expect(removed.res.status).toBe(204);
    expect((await client.request(`/api/account/follows/${body.id}`)).res.status).toBe(404);
    expect((await client.request(`/api/account/follows/${body.id}`, { method: 'DELETE' })).res.status).toBe(404);
    await client.post('/api/account/follows', { dataset_id: hicpId });
    await h.database.db.delete(users).where(eq(users.id, userId));
    expect(await h.database.db.select().from(follows).where(eq(follows.userId, userId))).toEqual([]);
  });
});

describe('only the owner', () => {
  it('answers 404 for another account’s follow: no read, change, order or removal', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const { body } = await owner.client.post('/api/account/follows', {
      dataset_id: hicpId,
      settings: { title: 'Private' },
    });
    const path = `/api/account/follows/${body.id}`;
    const replies = [
      await other.client.request(path),
      await other.client.request(path, { method: 'PATCH', json: { settings: { title: 'Hacked' } } }),
      await other.client.request(path, { method: 'DELETE' }),
    ];
    for (const { res, body: error } of replies) {
      expect(res.status).toBe(404);
      expect(error).toEqual({ error: { code: 'not_found', message: 'No such followed chart.' } });
    }
    await other.client.request('/api/account/follows/order', { method: 'PUT', json: { ids: [body.id] } });
    expect((await other.client.request('/api/account/follows')).body.follows).toEqual([]);
    const mine = await owner.client.request(path);
    expect(mine.body.settings).toEqual({ title: 'Private' });
    expect(mine.body.position).toBeNull();
  });

  it('needs a session for every path', async () => {
    const anonymous = new TestClient(h);
    const replies = [
      await anonymous.request('/api/account/follows'),
      await anonymous.post('/api/account/follows', { dataset_id: hicpId }),
      await anonymous.request('/api/account/follows/1'),
      await anonymous.request('/api/account/follows/1', { method: 'PATCH', json: { seen: true } }),
      await anonymous.request('/api/account/follows/1', { method: 'DELETE' }),
      await anonymous.request('/api/account/follows/order', { method: 'PUT', json: { ids: [] } }),
    ];
    for (const { res, body } of replies) {
      expect(res.status).toBe(401);
      expect(body).toEqual({ error: { code: 'unauthorized', message: 'Please sign in to continue.' } });
    }
  });

  it('refuses a write from another site (CSRF), even with the session cookie', async () => {
    const { client } = await signedIn();
    const { body } = await client.post('/api/account/follows', { dataset_id: hicpId });
    const forged = await client.request(`/api/account/follows/${body.id}`, {
      method: 'DELETE',
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.res.status).toBe(403);
    expect(forged.body.error.code).toBe('forbidden_origin');
    const created = await client.post(
      '/api/account/follows',
      { dataset_code: 'tec00118' },
      { origin: 'https://evil.example' },
    );
    expect(created.res.status).toBe(403);
    expect((await client.request('/api/account/follows')).body.follows).toHaveLength(1);
  });
});

describe('bad input', () => {
  it('answers 400 or 404 in the one error shape, never 500', async () => {
    const { client } = await signedIn();
    const bad: [unknown, number, RegExp][] = [
      [{}, 400, /dataset_id or dataset_code/],
      [{ dataset_id: hicpId, dataset_code: 'prc_hicp_manr' }, 400, /dataset_id or dataset_code/],
      [{ dataset_id: 'x' }, 400, /dataset_id/],
      [{ dataset_id: hicpId, settings: { chart_type: 'pie' } }, 400, /settings\.chart_type/],
      [{ dataset_id: hicpId, settings: { colour: 'red' } }, 400, /colour/],
      [{ dataset_id: hicpId, settings: { series_color: 'red' } }, 400, /#rrggbb/],
      [
        { dataset_id: hicpId, settings: { custom_series_colors: ['#aa3355', '#a35'] } },
        400,
        /custom_series_colors\.1\b.*#rrggbb/,
      ],
      [
        { dataset_id: hicpId, settings: { custom_series_colors: Array(21).fill('#aa3355') } },
        400,
        /custom_series_colors/,
      ],
      [{ dataset_id: hicpId, settings: { time_start: '2024-01' } }, 400, /period/],
      [{ dataset_id: hicpId, settings: { time_start: 'Q5/2024' } }, 400, /W\{n\}\/YYYY or YYYY-MM-DD/],
      [{ dataset_id: hicpId, settings: { time_end: 'W53/2021' } }, 400, /period/],
      [{ dataset_id: hicpId, settings: { map_transform: { x: 0, y: 0, scale: 9 } } }, 400, /scale/],
      [{ dataset_id: hicpId, settings: { dimensions: { geo: ['DE'] } } }, 400, /dimensions\.geo/],
      [{ dataset_id: hicpId, settings: { note: 'x'.repeat(2001) } }, 400, /note/],
      [{ dataset_id: 999_999 }, 404, /No such dataset/],
      [{ dataset_code: 'no_such_set' }, 404, /No such dataset/],
    ];
    for (const [json, status, message] of bad) {
      const reply = await client.post('/api/account/follows', json);
      expect(reply.res.status, JSON.stringify(json)).toBe(status);
      expect(reply.body.error.message).toMatch(message);
    }
    const ids = ['0', '-1', 'abc', '99999999999', '1.5'];
    for (const id of ids) {
      const reply = await client.request(`/api/account/follows/${id}`);
      expect(reply.res.status, id).toBe(400);
      expect(reply.body.error.code).toBe('bad_request');
    }
    expect((await client.request('/api/account/follows/123456')).res.status).toBe(404);
    const notJson = await client.request('/api/account/follows', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.res.status).toBeGreaterThanOrEqual(400);
    expect(notJson.res.status).toBeLessThan(500);
    const twice = await client.request('/api/account/follows/order', { method: 'PUT', json: { ids: [1, 1] } });
    expect(twice.res.status).toBe(400);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await new TestClient(h).request('/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/account/follows'])).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/account/follows/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(doc.paths['/api/account/follows/order'].put).toBeDefined();
    expect(doc.components.schemas.FollowSettings.properties.map_transform).toBeDefined();
  });
});
