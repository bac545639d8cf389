// Issue 35, items 4–6 (decision 184): one rule for what counts against the daily limit, listed in docs/api.md and
// held on every path that returns the data API's data; a person's Free quota across their Free organizations' keys;
// a removed or demoted admin's organization keys stop working for them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_DAYS } from '../../core/plans';
import { organizationUsage } from '../../db/queries/api-keys';
import { organizationMembers } from '../../db/schema';
import { Hono } from 'hono';
import { answerVersions } from '../../db/answer-versions';
import { dailyApiLimit, markCounted } from '../../server/keys/daily-limit';
import { allRoutePolicies } from '../../server/route-policies';
import { routePolicies } from '../../server/http/route-policy';
import type { ApiEnv } from '../../server/http/env';
import { issuePageToken } from '../../server/keys/page-token';
import { colourSchemeHint } from '../../server/site/redirects';
import { newNonce, securityHeaderPairs, securityHeaders } from '../../server/http/middleware/security-headers';
import { responseCache } from '../../server/http/response-cache';
import { authSecret, confirmedUser, nextIp, requestsOn, startHarness, TestClient, type Harness } from './auth-harness';

const LIMIT = 3;
const PAGE_LIMIT = 2;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    env: { API_FREE_DAILY_LIMIT: String(LIMIT), PAGE_TOKEN_DAILY_LIMIT: String(PAGE_LIMIT) },
    samples: ['eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv'],
  });
});
afterAll(() => h?.close());

const list = '/api/datasets?limit=1';
const workbenchCsv = '/api/workbench?i=prc_hicp_manr&geo=DE&format=csv';
const chartCsv = '/api/charts/download?datasetId=prc_hicp_manr&format=csv&chart_type=table';
const chartPng = '/api/charts/download-png?datasetId=prc_hicp_manr&chart_type=line&country[]=DE&width=400&height=300';
const loaderData = '/datasets/prc_hicp_manr.data';
const remaining = (res: Response) => res.headers.get('x-ratelimit-remaining');

/** Spends the client's quota: LIMIT answers, then the 429. */
async function spend(client: TestClient, headers: Record<string, string> = {}) {
  for (let i = 0; i < LIMIT; i++) expect((await client.request(list, { headers })).res.status).toBe(200);
  expect((await client.request(list, { headers })).res.status).toBe(429);
}

let people = 0;
async function person(who: string) {
  const client = new TestClient(h);
  const email = `${who}-${++people}@example.org`;
  await confirmedUser(h, client, email);
  const userId: string = (await client.request('/api/account/session')).body.session.user.id;
  return { client, email, userId };
}

async function organization(owner: TestClient, name: string): Promise<string> {
  const reply = await owner.post('/api/organizations', { name });
  expect(reply.res.status).toBe(201);
  return reply.body.id as string;
}

async function orgKey(client: TestClient, organizationId: string, name = 'shared') {
  const reply = await client.post('/api/account/api-keys', { name, organization_id: organizationId });
  expect(reply.res.status).toBe(201);
  return reply.body as { id: string; key: string };
}

async function join(
  owner: TestClient,
  organizationId: string,
  who: { client: TestClient; email: string },
  role: string,
) {
  const invited = await owner.post('/api/organizations/invite', {
    organization_id: organizationId,
    email: who.email,
    role,
  });
  expect(invited.res.status).toBe(201);
  const mail = await h.smtp.waitFor(who.email, (m) => m.subject.includes('invited you'));
  const token = new URL(/https?:\/\/\S+\/accept-invite\?token=\S+/.exec(mail.text)![0]).searchParams.get('token')!;
  expect((await who.client.post('/api/organizations/complete-invitation', { token })).res.status).toBe(200);
}

const withKey = (key: string) => new TestClient(h, nextIp()).request(list, { headers: { 'X-API-Key': key } });

describe('every path that returns the data API’s data counts (item 4)', () => {
  it('counts workbench exports and chart data downloads, not chart images', async () => {
    const client = new TestClient(h);
    const workbench = await client.request(workbenchCsv);
    expect(workbench.res.status).toBe(200);
    expect(workbench.res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(remaining(workbench.res)).toBe(String(LIMIT - 1));
    const chart = await client.request(chartCsv);
    expect(chart.res.status).toBe(200);
    expect(remaining(chart.res)).toBe(String(LIMIT - 2));
    // An image is no data file: its own per-minute limit (decision 064), not the daily one.
    const png = await client.request(chartPng);
    expect(png.res.status).toBe(200);
    expect(png.res.headers.get('x-ratelimit-limit')).toBeNull();
    expect(await requestsOn(h.database.db, `ip:${client.ip}`)).toBe(2);
  });

  it('refuses the workbench CSV, the chart CSV and loader data after the 429', async () => {
    const client = new TestClient(h);
    await spend(client);
    for (const p of [workbenchCsv, chartCsv, '/api/workbench?i=prc_hicp_manr&geo=DE', loaderData, '/_root.data']) {
      const { res, body } = await client.request(p);
      expect([p, res.status, body?.error?.code]).toEqual([p, 429, 'daily_limit_exceeded']);
    }
    // A browser opening the export by a link is shown the limit page, as for the data API.
    const typed = await client.request(chartCsv, {
      headers: { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(typed.res.status).toBe(302);
    expect(typed.res.headers.get('location')).toBe('/api-limit-exceeded');

    // Our own pages' client navigations send the page's token with their loader data (app/entry.client.tsx), as the
    // widget does: exempt within the address's page allowance, then counted as the address's own requests.
    const ownPage = { 'X-Page-Token': issuePageToken(authSecret) };
    for (let i = 0; i < PAGE_LIMIT; i++)
      expect((await client.request(loaderData, { headers: ownPage })).res.status).not.toBe(429);
    expect(await requestsOn(h.database.db, `page:${client.ip}`)).toBe(PAGE_LIMIT);
    const over = await client.request(loaderData, { headers: ownPage });
    expect(over.res.status).toBe(429);
    expect(over.body.error.code).toBe('daily_limit_exceeded');
    // The page itself (HTML) is not the data API: only its loader data is counted.
    expect((await client.request('/datasets/prc_hicp_manr')).res.status).not.toBe(429);
  });

  it('counts a signed-in reader’s loader data without a token against their own quota', async () => {
    const reader = await person('reader');
    const counted = await reader.client.request(loaderData);
    expect(counted.res.status).not.toBe(429);
    expect(remaining(counted.res)).toBe(String(LIMIT - 1));
    expect(await requestsOn(h.database.db, `user:${reader.userId}`)).toBe(1);
  });
});

describe('a browser’s prefetch of loader data (item 4)', () => {
  it('passes within the address’s page allowance after the 429, and only for loader data', async () => {
    const client = new TestClient(h);
    await spend(client);
    // `<link rel="prefetch">` (React Router's prefetch="intent" on hover) sends no header of ours, only this.
    const prefetch = { 'Sec-Purpose': 'prefetch' };
    for (let i = 0; i < PAGE_LIMIT; i++)
      expect((await client.request(loaderData, { headers: prefetch })).res.status).not.toBe(429);
    expect(await requestsOn(h.database.db, `page:${client.ip}`)).toBe(PAGE_LIMIT);
    const over = await client.request(loaderData, { headers: { Purpose: 'prefetch' } });
    expect(over.res.status).toBe(429);
    // The header is no key to the data API.
    const api = await new TestClient(h).request(list, { headers: prefetch });
    expect(remaining(api.res)).toBe(String(LIMIT - 1));
  });

  it('does not count a signed-in reader’s prefetch against their quota', async () => {
    const reader = await person('hover');
    const prefetched = await reader.client.request(loaderData, { headers: { 'Sec-Purpose': 'prefetch' } });
    expect(prefetched.res.status).not.toBe(429);
    expect(remaining(prefetched.res)).toBeNull();
    expect(prefetched.res.headers.get('vary')).toContain('Sec-Purpose');
    expect(await requestsOn(h.database.db, `user:${reader.userId}`)).toBeUndefined();
    expect(await requestsOn(h.database.db, `page:${reader.client.ip}`)).toBe(1);
  });
});

describe('loader data answered from the response cache (item 4)', () => {
  it('counts as the chain would: the address’s quota, then 429', async () => {
    const quota = dailyApiLimit({
      db: h.database.db,
      auth: h.app.auth,
      trustProxy: true,
      secret: authSecret,
      limit: LIMIT,
      pageTokenLimit: PAGE_LIMIT,
      isCounted: h.app.policies.isCounted,
    });
    const security = { publicUrl: h.publicUrl };
    const cache = responseCache({
      // The loader data of a dataset page, kept with its page (decision 201).
      kindOf: routePolicies(allRoutePolicies, ['/datasets/:id']).cacheKind,
      versions: () => answerVersions(h.database.db),
      hot: {
        newNonce,
        securityHeaders: securityHeaderPairs(security),
        countAddress: quota.countAddress,
        markCounted,
        pageHeaders: colourSchemeHint,
      },
    });
    // The app's order (server/app.ts): the hot path, the limit, the cache, the renderer.
    const app = new Hono<ApiEnv>();
    app.use('*', cache.hot);
    app.use('*', securityHeaders(security));
    app.use('*', quota);
    app.use('*', cache.middleware);
    let renders = 0;
    app.get('*', (c) => {
      renders++;
      return c.body('[{"_1":2},"routes/public/datasets/dataset",{"values":[1.5]}]', 200, {
        'Content-Type': 'text/x-script',
      });
    });
    const ip = nextIp();
    const statuses = [];
    const left = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      const res = await app.request(`${h.publicUrl}${loaderData}`, { headers: { 'x-forwarded-for': ip } });
      statuses.push(res.status);
      left.push(remaining(res));
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
    expect(left).toEqual([...[...Array(LIMIT).keys()].map((i) => String(LIMIT - 1 - i)), '0']);
    // Rendered once: every later answer came from the cache, most of them by the hot path, and all were counted.
    expect(renders).toBe(1);
    expect(cache.stats().hotHits).toBeGreaterThan(0);
    expect(await requestsOn(h.database.db, `ip:${ip}`)).toBe(LIMIT + 1);
  });
});

describe('one declaration (item 4)', () => {
  const apiDoc = readFileSync(path.join(import.meta.dirname, '../../docs/api.md'), 'utf8');

  /** The first code span of each list item between the two markers of docs/api.md. */
  function listed(marker: string): string[] {
    const start = apiDoc.indexOf(`<!-- ${marker} -->`);
    const end = apiDoc.indexOf(`<!-- /${marker} -->`);
    expect([marker, start > 0 && end > start]).toEqual([marker, true]);
    return apiDoc
      .slice(start, end)
      .split('\n')
      .filter((l) => l.startsWith('- '))
      .map((l) => /`([^`]+)`/.exec(l)![1]!);
  }

  it('docs/api.md lists exactly the counted and the uncounted requests of the rule', () => {
    expect(listed('daily-limit:counted')).toEqual(allRoutePolicies.filter((r) => r.counted).map((r) => r.doc));
    expect(listed('daily-limit:uncounted')).toEqual(allRoutePolicies.filter((r) => !r.counted).map((r) => r.doc));
  });

  it('classes every route of the app as counted or explicitly not counted', () => {
    // A path of each route: its parameters filled in (the sitemaps' constrained one with a name it takes).
    const sample = (p: string) =>
      p
        .replace(/:[A-Za-z]+\{sitemap[^}]*\}/g, 'sitemap-blog')
        .replace(/:[A-Za-z]+(\{[^}]*\})?/g, 'x')
        .replace(/\*$/, 'x');
    const routes = new Set(h.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${sample(r.path)}`));
    expect(routes.size).toBeGreaterThan(80);
    const unclassed = [...routes].filter((r) => {
      const [method, p] = r.split(' ') as [string, string];
      return h.app.policies.policyOf(method, p) === null;
    });
    expect(unclassed).toEqual([]);
    // The data routes are counted, by the rule the middleware applies.
    for (const r of [
      'GET /api/datasets/x/data',
      'GET /api/datasets/x/revisions',
      'GET /api/sdmx/2.1/data/x/x',
      'GET /api/statistics/1.0/data/x',
      'GET /api/workbench',
      'GET /api/charts/download',
      'POST /api/assistant/ask',
      'POST /api/researcher/run',
      'GET /datasets/prc_hicp_manr.data',
      'GET /_root.data',
    ]) {
      const [method, p] = r.split(' ') as [string, string];
      expect([r, h.app.policies.policyOf(method, p)?.counted]).toEqual([r, true]);
    }
  });
});

describe('the OpenAPI document (item 4)', () => {
  it('declares the 429 on every counted operation', async () => {
    const doc = (await (await h.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const counted = [];
    for (const [p, item] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(item)) {
        const sample = `/api${p}`.replace(/^\/api\/api\//, '/api/').replace(/\{[^}]+\}/g, 'x');
        if (!h.app.policies.policyOf(method.toUpperCase(), sample)?.counted) continue;
        counted.push(`${method} ${p}`);
        expect([method, p, '429' in operation.responses]).toEqual([method, p, true]);
      }
    expect(counted).toEqual(expect.arrayContaining(['get /api/workbench', 'get /api/charts/download']));
  });
});

describe('a Free quota is one per person across their Free organizations (item 5)', () => {
  it('refuses the keys of ten organizations once the person’s own limit is spent', async () => {
    const me = await person('shell');
    await spend(me.client);
    const keys = [];
    for (let i = 0; i < 10; i++) keys.push(await orgKey(me.client, await organization(me.client, `Shell ${i}`)));
    const statuses = [];
    for (const k of keys) statuses.push((await withKey(k.key)).res.status);
    expect(statuses).toEqual(Array(10).fill(429));
  });

  it('shares one counter between the person’s session and their Free organizations’ keys, whichever comes first', async () => {
    const me = await person('shared');
    const org = await organization(me.client, 'Desk');
    const other = await organization(me.client, 'Other desk');
    const a = await orgKey(me.client, org);
    const b = await orgKey(me.client, other);
    const first = await withKey(a.key);
    expect(first.res.status).toBe(200);
    expect(remaining(first.res)).toBe(String(LIMIT - 1));
    expect(remaining((await withKey(b.key)).res)).toBe(String(LIMIT - 2));
    expect(remaining((await me.client.request(list)).res)).toBe('0');
    expect((await withKey(a.key)).res.status).toBe(429);
    expect(await requestsOn(h.database.db, `user:${me.userId}`)).toBe(LIMIT + 1);
    // The organizations' own usage charts still show their keys' requests.
    expect(await requestsOn(h.database.db, `org:${org}`)).toBe(2);
    expect(await requestsOn(h.database.db, `key:${a.id}`)).toBe(2);
    // Another member's key of the same organization counts against that member, not the creator.
    const colleague = await person('colleague');
    await join(me.client, org, colleague, 'admin');
    const c = await orgKey(colleague.client, org, 'colleague');
    expect(remaining((await withKey(c.key)).res)).toBe(String(LIMIT - 1));
    expect(await requestsOn(h.database.db, `user:${colleague.userId}`)).toBe(1);
  });
});

describe('a removed or demoted admin loses the organization’s keys (item 6)', () => {
  async function adminWithKey(name: string) {
    const owner = await person('owner');
    const org = await organization(owner.client, name);
    const admin = await person('admin');
    await join(owner.client, org, admin, 'admin');
    const key = await orgKey(admin.client, org, `${name} key`);
    expect((await withKey(key.key)).res.status).toBe(200);
    expect((await admin.client.request('/api/account/api-keys')).body.keys).toEqual([
      expect.objectContaining({ id: key.id, organization_id: org }),
    ]);
    return { owner, org, admin, key };
  }

  async function expectLost(admin: { client: TestClient }, key: { id: string; key: string }) {
    expect((await withKey(key.key)).res.status).toBe(401);
    expect((await admin.client.request('/api/account/api-keys')).body.keys).toEqual([]);
    const rotated = await admin.client.post(`/api/account/api-keys/${key.id}/rotate`, {});
    expect(rotated.res.status).toBe(404);
    const revoked = await admin.client.request(`/api/account/api-keys/${key.id}`, { method: 'DELETE' });
    expect(revoked.res.status).toBe(404);
  }

  it('removed: the key is refused, no longer listed for them, and they cannot rotate it; the owner sees it revoked', async () => {
    const { owner, org, admin, key } = await adminWithKey('Removal desk');
    const removed = await owner.client.request(
      `/api/organizations/members?organization_id=${org}&user_id=${admin.userId}`,
      {
        method: 'DELETE',
      },
    );
    expect(removed.res.status).toBe(204);
    await expectLost(admin, key);
    const usage = await organizationUsage(h.database.db, org, new Date(), USAGE_DAYS);
    expect(usage.keys).toEqual([expect.objectContaining({ id: key.id, revoked: true })]);
  });

  it('demoted to member, or leaving: the same', async () => {
    const demoted = await adminWithKey('Demotion desk');
    const patch = await demoted.owner.client.request('/api/organizations/members', {
      method: 'PATCH',
      json: { organization_id: demoted.org, user_id: demoted.admin.userId, role: 'member' },
    });
    expect(patch.res.status).toBe(200);
    await expectLost(demoted.admin, demoted.key);

    const leaving = await adminWithKey('Leaving desk');
    expect(
      (await leaving.admin.client.post('/api/organizations/leave', { organization_id: leaving.org })).res.status,
    ).toBe(204);
    await expectLost(leaving.admin, leaving.key);
  });

  it('refuses a key whose creator is no longer an admin even when it was not revoked (keys of earlier removals)', async () => {
    const { org, admin, key } = await adminWithKey('Earlier desk');
    await h.database.db
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, org), eq(organizationMembers.userId, admin.userId)));
    await expectLost(admin, key);
  });

  it('lets the remaining owner and admins rotate an organization’s key, whoever created it', async () => {
    const { owner, key } = await adminWithKey('Rotation desk');
    const rotated = await owner.client.post(`/api/account/api-keys/${key.id}/rotate`, {});
    expect(rotated.res.status).toBe(200);
    expect((await withKey(key.key)).res.status).toBe(401);
    expect((await withKey(rotated.body.key as string)).res.status).toBe(200);
    // A member of another organization cannot.
    const stranger = await person('stranger');
    expect((await stranger.client.post(`/api/account/api-keys/${key.id}/rotate`, {})).res.status).toBe(404);
  });
});

// A page token still exempts the widget after the 429 (the site's own chart keeps drawing).
describe('the widget', () => {
  it('keeps its token exemption after the 429', async () => {
    const client = new TestClient(h);
    await spend(client);
    const widget = await client.request('/api/datasets/prc_hicp_manr?country=DE', {
      headers: { 'X-Page-Token': issuePageToken(authSecret) },
    });
    expect(widget.res.status).toBe(200);
  });
});
