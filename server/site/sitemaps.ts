// Sitemaps: /api/sitemap.xml (the index) and its parts /api/sitemap-{static,datasets,datasets-page,statistics,blog}.xml.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { memoAt } from '../../db/catalogue-memo';
import type { ReadDb } from '../../db/client';
import type { ApiEnv } from '../http/env';
import { errorBody } from '../http/errors';
import { sitemapParts, urlsOf, type SitemapPart, type SitemapUrl } from './sitemap-urls';
import { answerVersions } from '#db/answer-versions';
import { uncounted } from '#server/http/route-policy';

/** For crawlers (decision 201). */
export const sitemapsPolicies = [
  uncounted('GET /api/sitemap…', 'read', ['/api/:name{sitemap[a-z0-9-]*(\\.xml)?}'], 'for crawlers', {
    replica: true,
  }),
];

/** How long a generated part is reused by this process and by caches in front of it. */
const TTL_SECONDS = 600;

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

export function urlsetXml(origin: string, urls: readonly SitemapUrl[]): string {
  const items = urls.map(
    (u) =>
      `  <url><loc>${escapeXml(origin + u.path)}</loc>${u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</urlset>\n`;
}

/** The most URLs one sitemap file may list (sitemaps.org): a longer part is split into numbered files. */
export const SITEMAP_MAX_URLS = 50_000;

/** A part's files: `sitemap-{part}.xml`, then `sitemap-{part}-2.xml`, `-3` … for each further `maxUrls` URLs. */
export function sitemapFileNames(part: SitemapPart, urls: number, maxUrls = SITEMAP_MAX_URLS): string[] {
  const files = Math.max(1, Math.ceil(urls / maxUrls));
  return Array.from({ length: files }, (_, i) => (i === 0 ? `sitemap-${part}.xml` : `sitemap-${part}-${i + 1}.xml`));
}

export function sitemapIndexXml(origin: string, files: readonly string[]): string {
  const items = files.map((f) => `  <sitemap><loc>${escapeXml(`${origin}/api/${f}`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

function xml(c: Context, body: string): Response {
  c.header('Content-Type', 'application/xml; charset=utf-8');
  c.header('Cache-Control', `public, max-age=${TTL_SECONDS}`);
  return c.body(body);
}

/**
 * `publicUrl`: the configured public address (config.publicUrl), never the request's Host (decision 183). `maxUrls`:
 * URLs per file (tests make it small).
 */
export function sitemapsApi(db: ReadDb, publicUrl: string, maxUrls = SITEMAP_MAX_URLS): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>();
  const origin = publicUrl.replace(/\/+$/, '');

  /**
   * A part's URLs, kept until what the pages depend on changes (the version the response cache keeps pages by): the
   * imported datasets and Eurostat's table of contents (the catalogue's parts: an entry added or withdrawn by a refresh
   * imports nothing), and the posts and the datasets (the blog's: its inflation articles follow the HICP's countries).
   * A request reads that version once (pagesVersion), however many parts it lists.
   */
  const pagesVersion = async () => (await answerVersions(db)).page;
  const partUrls = (part: SitemapPart, version: string): Promise<SitemapUrl[]> =>
    memoAt(db, version, `sitemap:${part}`, () => urlsOf(db, part));

  app.get('/sitemap.xml', async (c) => {
    const version = await pagesVersion();
    const files = await Promise.all(
      sitemapParts.map(async (part) => sitemapFileNames(part, (await partUrls(part, version)).length, maxUrls)),
    );
    return xml(c, sitemapIndexXml(origin, files.flat()));
  });
  app.get('/:name{sitemap-[a-z0-9-]+(\\.xml)?}', async (c) => {
    const name = c.req
      .param('name')
      .replace(/^sitemap-/, '')
      .replace(/\.xml$/, '');
    const numbered = /^(.+?)-(\d+)$/.exec(name);
    const part = (numbered ? numbered[1]! : name) as SitemapPart;
    const file = numbered ? Number(numbered[2]) : 1;
    if (!sitemapParts.includes(part) || (numbered && file < 2)) {
      return c.json(errorBody('not_found', `no sitemap part ${name}`), 404);
    }
    const urls = await partUrls(part, await pagesVersion());
    if (file > 1 && (file - 1) * maxUrls >= urls.length) {
      return c.json(errorBody('not_found', `no sitemap part ${name}`), 404);
    }
    return xml(c, urlsetXml(origin, urls.slice((file - 1) * maxUrls, file * maxUrls)));
  });
  return app;
}
