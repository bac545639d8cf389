// Issue 18: repeated identical reads answered from one response cache, valid for the catalogue version, still counted
// against the daily limit, with ETags that need no query, a fresh CSP nonce and page token on every page answered.
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_DAILY_API_REQUESTS } from '../../core/plans';
import { apiUsage } from '../../db/schema';
import { answerVersions } from '../../server/api/answer-versions';
import type { ApiEnv } from '../../server/api/env';
import { issuePageToken, isValidPageToken } from '../../server/api/page-token';
import { securityHeaders } from '../../server/api/security-headers';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import {
  cacheKind,
  PAGE_CACHE_CONTROL,
  PRIVATE_PAGE_CACHE_CONTROL,
  responseCache,
} from '../../server/http/response-cache';
import { authSecret, nextIp, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ samples: ['eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv'] });
});
afterAll(() => h.close());

const data = '/api/datasets/prc_hicp_manr?dim2=CP00&country=DE,FR';
const remaining = (res: Response) => Number(res.headers.get('x-ratelimit-remaining'));

describe('the data API', () => {
  it('answers a repeated read without the query, until an import moves the catalogue version', async () => {
    const client = new TestClient(h);
    const first = await client.request(data);
    expect(first.res.status).toBe(200);
    expect(JSON.stringify(first.body)).not.toContain('12345.5');

    // The stored values change behind the API's back, without a new catalogue version: the answer is the kept one.
    await h.database.db.execute(
      sql`UPDATE observations SET value = 12345.5 WHERE geo = 'DE' AND series_id IN (SELECT s.id FROM series s JOIN datasets d ON d.id = s.dataset_id WHERE d.code = 'prc_hicp_manr')`,
    );
    const second = await client.request(data);
    expect(second.body).toEqual(first.body);

    // An import sets the dataset's updated_at: the next read runs the query again.
    await h.database.db.execute(sql`UPDATE datasets SET updated_at = now() WHERE code = 'prc_hicp_manr'`);
    const third = await client.request(data);
    expect(third.res.status).toBe(200);
    expect(JSON.stringify(third.body)).toContain('12345.5');
    expect(third.res.headers.get('etag')).not.toBe(second.res.headers.get('etag'));
  });

  it('counts every answer from the cache against the daily limit, with the quota headers', async () => {
    const client = new TestClient(h);
    const path = '/api/datasets/prc_hicp_manr/meta';
    for (let i = 1; i <= 3; i++) {
      const { res } = await client.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe(String(FREE_DAILY_API_REQUESTS));
      expect(remaining(res)).toBe(FREE_DAILY_API_REQUESTS - i);
      expect(res.headers.get('cache-control')).toMatch(/^private/);
    }
  });

  it('answers 304 to the ETag it gave, still counted, and a new body after the version moves', async () => {
    const client = new TestClient(h);
    const path = '/api/datasets/prc_hicp_manr?country=DE';
    const first = await client.request(path);
    const etag = first.res.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await client.request(path, { headers: { 'If-None-Match': etag } });
    expect(again.res.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.res.headers.get('etag')).toBe(etag);
    expect(remaining(again.res)).toBe(FREE_DAILY_API_REQUESTS - 2);

    await h.database.db.execute(sql`UPDATE datasets SET updated_at = now() WHERE code = 'prc_hicp_manr'`);
    const after = await client.request(path, { headers: { 'If-None-Match': etag } });
    expect(after.res.status).toBe(200);
    expect(after.res.headers.get('etag')).not.toBe(etag);
  });

  it('counts 50 requests at once exactly, each with its own count, however the writes are batched', async () => {
    const client = new TestClient(h);
    const replies = await Promise.all(Array.from({ length: 50 }, () => client.request('/api/datasets?limit=1')));
    const counts = replies.map((r) => FREE_DAILY_API_REQUESTS - remaining(r.res)).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const [row] = await h.database.db
      .select({ count: apiUsage.count })
      .from(apiUsage)
      .where(eq(apiUsage.subject, `ip:${client.ip}`));
    expect(Number(row?.count)).toBe(50);
  });

  it('takes the Free limit from API_FREE_DAILY_LIMIT', async () => {
    const config = loadConfig({
      PUBLIC_URL: h.publicUrl,
      AUTH_SECRET: authSecret,
      TRUST_PROXY: '1',
      API_FREE_DAILY_LIMIT: '2',
    });
    const app = createApp({ db: h.database.db, config });
    const client = new TestClient({ app, publicUrl: h.publicUrl });
    expect((await client.request('/api/datasets?limit=1')).res.headers.get('x-ratelimit-limit')).toBe('2');
    expect((await client.request('/api/datasets?limit=1')).res.status).toBe(200);
    const over = await client.request('/api/datasets?limit=1');
    expect(over.res.status).toBe(429);
    expect(over.body).toEqual({
      error: {
        code: 'daily_limit_exceeded',
        message:
          'Daily API request limit of 2 requests reached; it resets at 00:00 UTC. Pro has unlimited access: /pricing',
      },
    });
  });

  it('never keeps account, sign-in or state-changing requests', () => {
    expect(cacheKind('GET', '/api/account/session')).toBeNull();
    expect(cacheKind('GET', '/api/auth/get-session')).toBeNull();
    expect(cacheKind('GET', '/app/settings')).toBeNull();
    expect(cacheKind('POST', '/api/datasets')).toBeNull();
    expect(cacheKind('GET', '/api/datasets/prc_hicp_manr')).toBe('api');
    expect(cacheKind('GET', '/datasets/prc_hicp_manr')).toBe('page');
    expect(cacheKind('GET', '/')).toBe('page');
  });
});

/**
 * Pages through the real security headers and the cache, in front of a renderer that writes the request's nonce and a
 * page token as the React Router entry does (the page build itself is exercised by the end-to-end tests).
 */
const versions = () => answerVersions(h.database.db);

function pageApp(maxBytes?: number) {
  const cache = responseCache({ versions, pageToken: () => issuePageToken(authSecret), maxBytes });
  const app = new Hono<ApiEnv>();
  let renders = 0;
  app.use('*', securityHeaders({ publicUrl: h.publicUrl }));
  app.use('*', cache.middleware);
  app.get('*', (c) => {
    renders++;
    const nonce = c.get('cspNonce');
    const theme = c.req.header('cookie')?.includes('theme=dark') ? 'dark' : 'light';
    const session = c.req.header('cookie')?.includes('session_token') ? 'signed-in' : 'anonymous';
    const token = issuePageToken(authSecret);
    return c.html(
      `<html class="${theme}"><body>${session} ${'x'.repeat(1000)}<script nonce="${nonce}">window.t=${JSON.stringify(token)}</script><script nonce="${nonce}"></script></body></html>`,
    );
  });
  return { app, cache, renders: () => renders };
}

function noncesOf(html: string): string[] {
  return [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]!);
}

describe('anonymous pages', () => {
  it('are rendered once and answered with a fresh nonce (in the page and its CSP) and a valid page token', async () => {
    const { app, cache, renders } = pageApp();
    const path = `${h.publicUrl}/datasets/prc_hicp_manr?embed=true`;
    const first = await app.request(path);
    const firstHtml = await first.text();
    const second = await app.request(path);
    const secondHtml = await second.text();
    expect(renders()).toBe(1);
    expect(cache.stats().hits).toBe(1);

    const [a] = noncesOf(firstHtml);
    const nonces = noncesOf(secondHtml);
    expect(nonces).toHaveLength(2);
    expect(new Set(nonces).size).toBe(1);
    expect(nonces[0]).not.toBe(a);
    expect(second.headers.get('content-security-policy')).toContain(`'nonce-${nonces[0]}'`);
    expect(secondHtml.replaceAll(nonces[0]!, a!)).toBe(firstHtml);
    const token = /window\.t="([^"]+)"/.exec(secondHtml)![1];
    expect(isValidPageToken(authSecret, token)).toBe(true);

    for (const res of [first, second]) {
      expect(res.headers.get('cache-control')).toBe(PAGE_CACHE_CONTROL);
      expect(res.headers.get('cache-control')).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
      expect(res.headers.get('vary')).toBe('Cookie');
    }
    expect(first.headers.get('etag')).toBeNull();
    expect(second.headers.get('etag')).toBeNull();
  });

  it('never answer 304 (a stored body with an old nonce under a new CSP header runs no script), and keep each colour mode apart', async () => {
    const { app, renders } = pageApp();
    const path = `${h.publicUrl}/statistics`;
    const light = await app.request(path);
    await light.text();
    expect(light.headers.get('etag')).toBeNull();
    const again = await app.request(path, { headers: { 'If-None-Match': 'W/"anything"', cookie: 'theme=light' } });
    expect(again.status).toBe(200);
    const html = await again.text();
    const nonce = /nonce="([^"]+)"/.exec(html)![1];
    expect(again.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    const dark = await app.request(path, { headers: { cookie: 'theme=dark' } });
    expect(await dark.text()).toContain('class="dark"');
    expect(renders()).toBe(3);
  });

  it('are never kept for a signed-in visitor, whose pages are private', async () => {
    const { app, renders } = pageApp();
    const path = `${h.publicUrl}/datasets/prc_hicp_manr`;
    await app.request(path);
    const cookie = 'statpub.session_token=abc; theme=dark';
    const own = await app.request(path, { headers: { cookie } });
    expect(await own.text()).toContain('signed-in');
    expect(own.headers.get('cache-control')).toBe(PRIVATE_PAGE_CACHE_CONTROL);
    await app.request(path, { headers: { cookie } });
    expect(renders()).toBe(3);
    // Nor an account page or a form post, signed in or not.
    await app.request(`${h.publicUrl}/app/settings`);
    await app.request(`${h.publicUrl}/app/settings`);
    expect(renders()).toBe(5);
  });

  it('stay within the bytes they are given, the least recently used going first', async () => {
    const { app, cache } = pageApp(3000);
    for (const p of ['/about', '/pricing', '/terms']) await app.request(`${h.publicUrl}${p}`);
    expect(cache.stats().bytes).toBeLessThanOrEqual(3000);
    expect(cache.stats().entries).toBe(2);
  });

  it('are rendered again once a post is published or the catalogue changes', async () => {
    const { app, renders } = pageApp();
    const path = `${h.publicUrl}/blog`;
    await app.request(path);
    await app.request(path);
    expect(renders()).toBe(1);
    await h.database.db.execute(
      sql`INSERT INTO posts (slug, title, author, source, published_at) VALUES ('cache-test', 'T', 'A', 'B', now() - interval '1 minute')`,
    );
    await app.request(path);
    expect(renders()).toBe(2);
    await h.database.db.execute(sql`UPDATE datasets SET updated_at = now() WHERE code = 'prc_hicp_manr'`);
    await app.request(path);
    expect(renders()).toBe(3);
  });
});

it('serves a burst of identical misses with one render', async () => {
  const { app, renders } = pageApp();
  const replies = await Promise.all(
    Array.from({ length: 20 }, () =>
      app.request(`${h.publicUrl}/datasets`, { headers: { 'x-forwarded-for': nextIp() } }),
    ),
  );
  expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
  expect(renders()).toBe(1);
});
