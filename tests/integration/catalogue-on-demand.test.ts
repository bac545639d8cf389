// The catalogue is Eurostat's and any listed dataset opens (issue 36, decision 188): with the mirror's whole table of
// contents synced, every entry is listed by the API, the categories and the sitemaps; a dataset not imported yet is
// imported on demand from the local server that speaks Eurostat's paths (202 + Retry-After on the API, a progress
// state on the page, then the chart), says so plainly when Eurostat cannot be reached, and resumes after a restart.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREACHABLE_MESSAGE } from '../../core/catalogue-imports';
import { queryRows } from '../../db/sql';
import { mirrorTocFile } from '../../server/catalogue/seed';
import { syncCatalogue } from '../../server/catalogue/sync';
import { parseTocTree } from '../../server/catalogue/toc';
import { startEurostatPeer, type EurostatPeer } from '../setup/eurostat-peer';
import { mirror } from '../setup/database';
import { pageBuild } from '../setup/page-build';
import { until } from '../setup/until';
import { startHarness, TestClient, type Harness } from './auth-harness';
import { hicp, navigation } from './site-harness';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/import');
const person = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const toc = readFileSync(path.join(mirror, mirrorTocFile), 'utf8');

let h: Harness;
let peer: EurostatPeer;
beforeAll(async () => {
  peer = await startEurostatPeer({
    datasets: ['prc_hicp_manr'],
    files: {
      migr_asyappctza: path.join(fixtures, 'migr_asyappctza.tsv'),
      gov_10dd_edpt1: path.join(fixtures, 'gov_10dd_edpt1.tsv'),
      demo_r_mwk_ts: path.join(fixtures, 'demo_r_mwk_ts.tsv'),
    },
  });
  h = await startHarness({ samples: [hicp], env: { EUROSTAT_API: peer.url }, build: await pageBuild() });
  await syncCatalogue(h.database.db, parseTocTree(toc));
});
afterAll(async () => {
  await h.app.refresh.stop();
  await h.close();
  await peer.close();
});

const get = (p: string, headers: Record<string, string> = {}) => new TestClient(h).request(p, { headers });
const page = (p: string, userAgent = person) => get(p, { ...navigation, 'User-Agent': userAgent });
const requests = () =>
  queryRows<{ code: string; status: string }>(h.database.db, sql`SELECT code, status FROM import_requests`);
const queue = () => h.app.refresh.queue;

describe('the whole catalogue is listed', () => {
  it('lists every dataset and table of the table of contents in /api/datasets, imported or not, with its theme', async () => {
    const { res, body } = await get('/api/datasets?limit=200&sort=name');
    expect(res.status).toBe(200);
    expect(body.total).toBe(6953);
    const hicpItem = (await get('/api/datasets?category=prc_hicp&limit=200')).body.items.find(
      (i: any) => i.dataset_code === 'prc_hicp_manr',
    );
    expect(hicpItem).toMatchObject({ imported: true, frequency: 'M' });
    expect(hicpItem.theme.map((t: any) => t.name)).toContain('Economy and finance');
    const asylum = (await get('/api/datasets?category=migr_asy&limit=200')).body.items.find(
      (i: any) => i.dataset_code === 'migr_asyappctza',
    );
    expect(asylum).toMatchObject({
      id: null,
      imported: false,
      frequency: 'A',
      source_name: 'Eurostat',
      withdrawn_at: null,
    });
    expect(asylum.dataset_name).toMatch(/Asylum (and first time asylum )?applicants/i);
    expect(asylum.theme.map((t: any) => t.slug).slice(0, 2)).toEqual(['data', 'popul']);
    // Only what is here, or only what is imported when asked for.
    const here = (await get('/api/datasets?imported=true')).body;
    expect(here.items.map((i: any) => i.dataset_code)).toEqual(['prc_hicp_manr']);
    expect((await get('/api/datasets?imported=false&limit=1')).body.total).toBe(6952);
    expect((await get('/api/datasets?q=hicp&imported=true')).body.items.every((i: any) => i.imported)).toBe(true);
    // A weekly dataset of the table of contents keeps its frequency and periods.
    const weekly = (await get('/api/datasets?frequency=W&limit=200')).body;
    expect(weekly.total).toBeGreaterThan(0);
    expect(weekly.items[0].oldest_period).toMatch(/^W\d{1,2}\/\d{4}$/);
  });

  it('counts the themes in /api/categories, the public catalogue and the sitemap', async () => {
    const { body } = await get('/api/categories');
    const data = body.categories.find((c: any) => c.slug === 'data');
    expect(data.name).toBe('Database by themes');
    expect(data.children.map((c: any) => c.name)).toContain('Population and social conditions');
    expect(data.dataset_count).toBeGreaterThan(5000);
    const pub = (await get('/api/public-datasets')).body;
    expect(pub.total).toBe(6953);
    expect(pub.datasets.find((d: any) => d.dataset_code === 'demo_pjan')).toMatchObject({
      imported: false,
      url: expect.stringMatching(/\/datasets\/demo_pjan$/),
    });
    const sitemap = await get('/api/sitemap-datasets.xml');
    expect(sitemap.res.status).toBe(200);
    expect(String(sitemap.body)).toContain('/datasets/demo_pjan</loc>');
  });

  it('pages /datasets fifty at a time, with breadcrumbs and a note for datasets imported when opened', async () => {
    const first = await page('/datasets?sort=name');
    const html = String(first.body);
    expect(html).toContain('6,953 datasets');
    expect(html).toContain('Page 1 of 140');
    expect(html).toContain('imported from Eurostat when first opened');
    const second = String((await page('/datasets?sort=name&page=2')).body);
    expect(second).toContain('Page 2 of 140');
  });

  it('counts the whole catalogue on the home page, not only what is imported', async () => {
    const html = String((await page('/')).body);
    expect(html).toContain('Browse 6,953 datasets');
  });

  it('lists in the sitemap what a later table of contents adds, and no longer what it withdraws', async () => {
    const listed = async () => String((await get('/api/sitemap-datasets.xml')).body).includes('/datasets/demo_pjan2<');
    expect(await listed()).toBe(false);
    // A new dataset beside demo_pjan: a table of contents applied, no dataset imported or changed.
    const line = toc.split('\n').find((l) => l.includes('\t"demo_pjan"\t'))!;
    const added = toc.replace(line, `${line}\n${line.replace('"demo_pjan"', '"demo_pjan2"')}`);
    expect((await syncCatalogue(h.database.db, parseTocTree(added))).added).toBe(1);
    expect(await listed()).toBe(true);
    expect((await syncCatalogue(h.database.db, parseTocTree(toc))).withdrawn).toBe(1);
    expect(await listed()).toBe(false);
  });

  it('names a theme as a later table of contents renames it, on /datasets and in /api/categories at once', async () => {
    const named = async (name: string) =>
      String((await page('/datasets')).body).includes(`value="economy">${name}<`) &&
      (await get('/api/categories')).body.categories
        .find((c: any) => c.slug === 'data')
        .children.some((c: any) => c.slug === 'economy' && c.name === name);
    // Both answers are kept by the response cache; the rename changes no dataset and no entry's own row.
    expect(await named('Economy and finance')).toBe(true);
    const renamed = toc.replace('"    Economy and finance"', '"    Economy, finance and trade"');
    try {
      await syncCatalogue(h.database.db, parseTocTree(renamed));
      // On PostgreSQL the cache hears of the commit a moment later, by a notice through the server.
      await until(() => named('Economy, finance and trade'), 'the renamed theme in both answers', { everyMs: 50 });
    } finally {
      await syncCatalogue(h.database.db, parseTocTree(toc));
    }
    await until(() => named('Economy and finance'), "the theme's name back in both answers", { everyMs: 50 });
  });
});

describe('import on demand', () => {
  it('answers the data paths of a listed dataset 202 with Retry-After, then its values once imported', async () => {
    const first = await get('/api/datasets/migr_asyappctza/data?country=DE');
    expect(first.res.status).toBe(202);
    expect(first.res.headers.get('retry-after')).toBe('10');
    expect(first.body).toMatchObject({ status: 'importing', dataset_code: 'migr_asyappctza' });
    expect((await get('/api/datasets/migr_asyappctza/import')).body).toMatchObject({ status: 'waiting' });
    // An unknown code stays a 404.
    expect((await get('/api/datasets/no_such_ds/data')).res.status).toBe(404);

    queue().start();
    await queue().idle();
    const meta = await get('/api/datasets/migr_asyappctza/meta');
    expect(meta.res.status).toBe(200);
    expect(meta.body.dataset_name).toMatch(/asylum/i);
    expect((await get('/api/datasets/migr_asyappctza/import')).body).toMatchObject({ status: 'imported' });
    expect(peer.dataRequests()).toContain('migr_asyappctza');
  });

  it('shows a page that says what the dataset is and how its import goes, then the chart', async () => {
    await queue().stop();
    const opened = await page('/datasets/gov_10dd_edpt1');
    expect(opened.res.status).toBe(200);
    const html = String(opened.body);
    expect(html).toMatch(/Government deficit\/surplus, debt and associated data/);
    expect(html).toContain('Importing the data from Eurostat');
    expect(html).toContain('Economy and finance');
    expect(await requests()).toContainEqual({ code: 'gov_10dd_edpt1', status: 'waiting' });

    queue().start();
    await queue().idle();
    const after = String((await page('/datasets/gov_10dd_edpt1')).body);
    expect(after).not.toContain('Importing the data from Eurostat');
    expect(after).toContain('<svg');
    // Imported, it keeps its place in Eurostat's tree of themes: the same trail as before its data came.
    const trail = (html: string) => /<nav aria-label="Breadcrumb".*?<\/nav>/s.exec(html)?.[0];
    expect(trail(after)).toMatch(/href="\/datasets\?category=economy"[^>]*>Economy and finance</);
    expect(trail(after)).toBe(trail(html));
  });

  it('starts nothing for a crawler', async () => {
    const crawled = await page('/datasets/demo_pjan', crawler);
    expect(crawled.res.status).toBe(200);
    expect(String(crawled.body)).toContain('Population on 1 January by age and sex');
    expect((await requests()).map((r) => r.code)).not.toContain('demo_pjan');
  });

  it('says plainly when Eurostat cannot be reached, and keeps the page', async () => {
    peer.fail('demo_r_mwk_ts', { status: 503 });
    await page('/datasets/demo_r_mwk_ts');
    await queue().idle();
    const html = String((await page('/datasets/demo_r_mwk_ts')).body);
    expect(html).toContain(UNREACHABLE_MESSAGE);
    const api = await get('/api/datasets/demo_r_mwk_ts/data');
    expect(api.res.status).toBe(503);
    expect(api.body.error.code).toBe('eurostat_unreachable');
    peer.heal();
  });

  it('says what failed when Eurostat has no data for a listed code', async () => {
    await page('/datasets/demo_pjan');
    await queue().idle();
    const state = (await get('/api/datasets/demo_pjan/import')).body;
    expect(state).toMatchObject({ status: 'failed', unreachable: false });
    expect(state.error).toMatch(/404/);
  });

  it('resumes a request a process left running when it ended, and imports a theme for an admin', async () => {
    await queue().stop();
    await h.database.db.execute(sql`INSERT INTO import_requests (code, priority, status, holder, started_at)
      VALUES ('demo_r_mwk_ts', 0, 'running', ${`${hostname()} pid 999999`}, now())
      ON CONFLICT (code) DO UPDATE SET status = 'running', holder = excluded.holder, started_at = now()`);
    const added = await queue().requestMany({ theme: 'migr_asy' });
    expect(added).toBeGreaterThan(3);
    queue().start();
    await until(
      async () => (await requests()).find((r) => r.code === 'demo_r_mwk_ts')?.status === 'done',
      'the request left running imported',
    );
    await queue().stop();
  });
});
