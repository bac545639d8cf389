// Issue 35, item 3: the product never builds an address from the request's Host. With PUBLIC_URL unset (the default
// start) every absolute address comes from its documented default, http://localhost:$PORT: a forged Host (or
// X-Forwarded-Host, with or without TRUST_PROXY) neither reaches its own answer nor, through the response cache or a
// CDN keeping a `public, s-maxage` answer, the next visitor's.
import { request as httpRequest } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { insertResearchReport } from '../../db/queries/researcher';
import { saveRedirect } from '../../db/queries/site';
import { users } from '../../db/schema';
import { createApp, createAppServer } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { importPostFolder } from '../../server/import/posts';
import { databaseWithGeos } from '../setup/database';
import { pageBuild } from '../setup/page-build';
import { loader as researcherLoader } from '../../app/routes/app/researcher';

const root = path.resolve(import.meta.dirname, '../..');
const evil = 'evil.example';
const post = 'euro-area-inflation-below-two-percent-may-2025';

/** A free TCP port, picked before the app is built as server/index.ts does for PORT=0. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
  text: string;
}

interface Served {
  port: number;
  config: Config;
  app: ReturnType<typeof createApp>;
  get(path: string, headers?: Record<string, string>): Promise<Reply>;
  close(): Promise<void>;
}

/** The app as `npm start` serves it (createAppServer, so the cache's hot path on node's request too). */
async function serve(db: Database['db'], build: ServerBuild, env: Record<string, string>): Promise<Served> {
  const port = await freePort();
  // The default start: no PUBLIC_URL, so the documented default http://localhost:$PORT.
  const config = loadConfig({ PORT: String(port), AUTH_SECRET: 'host-header-secret-0123456789abcdef', ...env });
  expect(config.PUBLIC_URL).toBeUndefined();
  const app = createApp({ db, build, config });
  const server = createAppServer(app);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const get = (at: string, headers: Record<string, string> = {}) =>
    new Promise<Reply>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: at, headers });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode!, headers: res.headers, bytes, text: bytes.toString('utf8') });
        });
      });
      req.on('error', reject);
      req.end();
    });
  return {
    port,
    config,
    app,
    get,
    close: async () => {
      void app.refresh.stop();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Pages, feeds and documents that carry absolute addresses of the site. */
const addresses = [
  '/',
  '/datasets',
  '/datasets/prc_hicp_manr',
  '/datasets/prc_hicp_manr?chart_type=line&country[]=DE',
  '/datasets/prc_hicp_manr?embed=true',
  '/statistics',
  '/statistics/DE',
  '/statistics/germany',
  '/blog',
  `/blog/${post}`,
  '/blog/feed.xml',
  '/about',
  '/api-developers',
  '/statistics-api',
  '/researcher',
  '/content-writer-case-study',
  '/no-such-page',
  '/api/sitemap.xml',
  '/api/sitemap-static.xml',
  '/api/sitemap-datasets.xml',
  '/api/sitemap-datasets-page.xml',
  '/api/sitemap-statistics.xml',
  '/api/sitemap-blog.xml',
  '/robots.txt',
  '/api/robots',
  '/llms.txt',
  '/api/public-datasets',
  '/api/datasets/ai-discovery',
  '/api/datasets/structured-data-catalog',
  '/api/datasets/prc_hicp_manr',
  '/api/openapi.json',
  '/moved-page',
];

/** What each address answers: a page or document, but the unknown page and the moved ones. */
const statusOf = (at: string) =>
  at === '/no-such-page' ? 404 : at === '/moved-page' || at === '/statistics/DE' ? 301 : 200;

/** Forged headers a client or a misconfigured proxy may send. */
const forgeries = (port: number): Record<string, string>[] => [
  { host: evil },
  { host: `${evil}:${port}` },
  { host: `localhost:${port}`, 'x-forwarded-host': evil, 'x-forwarded-proto': 'https' },
  { host: evil, 'x-forwarded-host': evil, forwarded: `host=${evil};proto=https`, 'x-forwarded-for': '203.0.113.7' },
];

/** What a reply says, headers included (Location, Link), as one text to search. */
const said = (reply: Reply) => `${JSON.stringify(reply.headers)}\n${reply.text}`;

let database: Database;
let build: ServerBuild;
beforeAll(async () => {
  [database, build] = await Promise.all([
    databaseWithGeos('eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv'),
    pageBuild(),
  ]);
  await importPostFolder(database.db, path.join(root, 'content/posts'));
  await saveRedirect(database.db, { fromPath: '/moved-page', target: '/about', status: 301 });
});
afterAll(() => database?.close());

describe.each<{ name: string; env: Record<string, string> }>([
  { name: 'the default start', env: {} },
  { name: 'behind a proxy (TRUST_PROXY=1)', env: { TRUST_PROXY: '1' } },
])('a forged Host, $name', ({ env }) => {
  let served: Served;
  let site: string;
  beforeAll(async () => {
    served = await serve(database.db, build, env);
    site = `http://localhost:${served.port}`;
  });
  afterAll(() => served?.close());

  it('uses the documented default http://localhost:$PORT as the public address', () => {
    expect(served.config.publicUrl).toBe(site);
  });

  it('never reaches the answer to the forged request', async () => {
    for (const headers of forgeries(served.port)) {
      // Twice: the second is the one a cache may answer from what the first left.
      for (let i = 0; i < 2; i++) {
        for (const at of addresses) {
          const reply = await served.get(at, headers);
          expect(reply.status, `${at} ${JSON.stringify(headers)}`).toBe(statusOf(at));
          expect(said(reply), `${at} ${JSON.stringify(headers)}`).not.toContain(evil);
        }
      }
    }
  });

  it('never reaches a normal visitor, from the response cache or a fresh render', async () => {
    const before = served.app.responseCache.stats();
    for (const at of addresses) {
      const reply = await served.get(at, { host: `localhost:${served.port}` });
      expect(reply.status, at).toBe(statusOf(at));
      expect(said(reply), at).not.toContain(evil);
    }
    // The forged requests left answers in the cache, and the normal visitor got some of them.
    const after = served.app.responseCache.stats();
    expect(after.hits + after.hotHits + after.socketHits).toBeGreaterThan(
      before.hits + before.hotHits + before.socketHits,
    );
  });

  it('gives the pages the canonical address, sharing tags and JSON-LD on the public address', async () => {
    await served.get('/datasets/prc_hicp_manr', { host: evil });
    const { text } = await served.get('/datasets/prc_hicp_manr', { host: `localhost:${served.port}` });
    expect(text).toContain(`<link rel="canonical" href="${site}/datasets/prc_hicp_manr"/>`);
    expect(text).toContain(`<meta property="og:url" content="${site}/datasets/prc_hicp_manr"/>`);
    expect(text).toContain(`<meta property="og:image" content="${site}/api/og-image?path=`);
    expect(text).toContain(`"url":"${site}/datasets"`);
    expect(text).toContain(`"contentUrl":"${site}/api/datasets/prc_hicp_manr/data`);

    // Visited at another of the server's addresses, the page still names the public one.
    const other = await served.get('/about', { host: `127.0.0.1:${served.port}` });
    expect(other.text).toContain(`<link rel="canonical" href="${site}/about"/>`);
    const developers = await served.get('/api-developers', { host: evil });
    expect(developers.text).toContain(`${site}/datasets/prc_hicp_manr?embed=true`);
  });

  it('names the public address in the feed, sitemaps, robots.txt and the catalogue documents', async () => {
    const feed = await served.get('/blog/feed.xml', { host: evil });
    expect(feed.text).toContain(`<link rel="alternate" type="text/html" href="${site}/blog"/>`);
    expect(feed.text).toContain(`${site}/blog/${post}`);
    expect((await served.get('/api/sitemap.xml', { host: evil })).text).toContain(
      `<loc>${site}/api/sitemap-static.xml</loc>`,
    );
    expect((await served.get('/api/sitemap-datasets.xml', { host: evil })).text).toContain(
      `<loc>${site}/datasets/prc_hicp_manr</loc>`,
    );
    expect((await served.get('/robots.txt', { host: evil })).text).toContain(`Sitemap: ${site}/api/sitemap.xml`);
    expect((await served.get('/llms.txt', { host: evil })).text).toContain(`${site}/api/public-datasets`);
    const listed = JSON.parse((await served.get('/api/public-datasets', { host: evil })).text) as unknown;
    expect(JSON.stringify(listed)).toContain(`"${site}/datasets/prc_hicp_manr"`);
  });

  it('draws the sharing card with the public host, whatever Host the request had', async () => {
    // The about page's card has no chart, so it shows the host.
    const card = '/api/og-image?path=%2Fabout';
    const forged = await served.get(card, { host: evil });
    expect(forged.status).toBe(200);
    // The same card from an app on the same settings that never saw a forged Host.
    const reference = createApp({ db: database.db, build, config: served.config });
    const res = await reference.request(`${site}${card}`, { headers: { 'x-forwarded-for': '198.51.100.250' } });
    void reference.refresh.stop();
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(forged.bytes)).toBe(true);
  });

  it('answers a stored redirect with a path, never an address on the forged host', async () => {
    for (const headers of forgeries(served.port)) {
      const reply = await served.get('/moved-page?x=1', headers);
      expect(reply.status).toBe(301);
      expect(reply.headers.location).toBe('/about?x=1');
    }
  });
});

describe('a signed-in page', () => {
  it("shares a saved research report at the public address, not the request's host", async () => {
    const site = 'http://localhost:4321';
    await database.db.insert(users).values({ id: 'ann', name: 'Ann', email: 'ann@example.org', emailVerified: true });
    await insertResearchReport(database.db, {
      id: 'report-1',
      userId: 'ann',
      question: 'Inflation in the euro area',
      plan: {},
      report: {},
      shareToken: 'token-1',
    });
    const session = {
      user: { id: 'ann' },
      session: { id: 's', expiresAt: new Date(Date.now() + 60_000).toISOString() },
    };
    const loaded = await researcherLoader({
      request: new Request(`http://${evil}/app/researcher?r=report-1`, { headers: { host: evil } }),
      context: {
        db: database.db,
        siteUrl: site,
        auth: { session, sessionError: false, providers: { google: false, microsoft: false } },
      },
      params: {},
    } as never);
    expect(loaded.selected?.shareUrl).toBe(`${site}/researcher/reports/token-1`);
  });
});
