// Sitemaps: /api/sitemap.xml (the index) and its parts /api/sitemap-{static,datasets,datasets-page,statistics,blog}.xml.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { catalogueState, memoAt } from '../../db/catalogue-memo';
import type { ReadDb } from '../../db/client';
import { postsVersion } from '../../db/queries/blog';
import type { ApiEnv } from '../http/env';
import { errorBody } from '../http/errors';
import { sitemapParts, urlsOf, type SitemapPart, type SitemapUrl } from './sitemap-urls';
import { uncounted } from '#server/http/route-policy';

/** For crawlers (decision 201). */
export const sitemapsPolicies = [
  uncounted('GET /api/sitemap…', 'read', ['/api/:name{sitemap[a-z-]*(\\.xml)?}'], 'for crawlers', {
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

export function sitemapIndexXml(origin: string): string {
  const items = sitemapParts.map(
    (p) => `  <sitemap><loc>${escapeXml(`${origin}/api/sitemap-${p}.xml`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

function xml(c: Context, body: string): Response {
  c.header('Content-Type', 'application/xml; charset=utf-8');
  c.header('Cache-Control', `public, max-age=${TTL_SECONDS}`);
  return c.body(body);
}

/** `publicUrl`: the configured public address (config.publicUrl), never the request's Host (decision 183). */
export function sitemapsApi(db: ReadDb, publicUrl: string): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>();
  const origin = publicUrl.replace(/\/+$/, '');

  app.get('/sitemap.xml', (c) => xml(c, sitemapIndexXml(origin)));
  app.get('/:name{sitemap-[a-z-]+(\\.xml)?}', async (c) => {
    const part = c.req
      .param('name')
      .replace(/^sitemap-/, '')
      .replace(/\.xml$/, '');
    if (!(sitemapParts as readonly string[]).includes(part)) {
      return c.json(errorBody('not_found', `no sitemap part ${part}`), 404);
    }
    // Blog URLs follow the posts, every other part the catalogue.
    const version = part === 'blog' ? await postsVersion(db) : (await catalogueState(db)).version;
    const body = await memoAt(db, version, `sitemap:${origin} ${part}`, async () =>
      urlsetXml(origin, await urlsOf(db, part as SitemapPart)),
    );
    return xml(c, body);
  });
  return app;
}
