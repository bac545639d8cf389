// The URLs each sitemap part lists: static pages, dataset pages, catalogue views, statistics pages, blog posts.
import { inflationArticleSlug } from '../../core/blog/blog-countries';
import { siblingSlugs } from '../../core/slugs';
import type { ReadDb } from '../../db/client';
import { listPublishedPosts } from '../../db/queries/blog';
import { listDatasets } from '../../db/queries/datasets';
import {
  countriesInSeries,
  geoCategorySlugs,
  listCategoryOptions,
  sitemapPlaces,
  type SitemapPlace,
} from '../../db/queries/site';
import { findSeries } from '../../db/queries/statistics';

export interface SitemapUrl {
  path: string;
  lastmod?: string;
}

export const sitemapParts = ['static', 'datasets', 'datasets-page', 'statistics', 'blog'] as const;
export type SitemapPart = (typeof sitemapParts)[number];

/** Public pages with fixed content (the error and limit pages are left out: they are not for search results). */
export const staticPaths = [
  '/',
  '/about',
  '/contact',
  '/pricing',
  '/terms',
  '/privacy',
  '/researcher',
  '/collaboration',
  '/api-developers',
  '/statistics-api',
  '/trend-tracking',
  '/content-writer-case-study',
  '/api-docs',
] as const;

/** Every dataset and table of the catalogue, imported or not (decision 188). */
async function allDatasets(db: ReadDb) {
  const out = [];
  for (let offset = 0; ; offset += 5000) {
    const page = await listDatasets(db, { catalogue: true, sort: 'name', limit: 5000, offset });
    out.push(...page.items);
    if (out.length >= page.total || page.items.length === 0) return out;
  }
}

async function datasetUrls(db: ReadDb): Promise<SitemapUrl[]> {
  return (await allDatasets(db)).map((d) => ({
    path: `/datasets/${d.dataset_code}`,
    lastmod: d.last_update ?? undefined,
  }));
}

/** The catalogue and its views by category and by frequency. */
async function cataloguePageUrls(db: ReadDb): Promise<SitemapUrl[]> {
  const [datasets, categories] = await Promise.all([allDatasets(db), listCategoryOptions(db)]);
  const newest =
    datasets
      .map((d) => d.last_update ?? '')
      .sort()
      .at(-1) || undefined;
  const frequencies = [...new Set(datasets.flatMap((d) => (d.frequency ? [d.frequency] : [])))].sort();
  return [
    { path: '/datasets', lastmod: newest },
    ...categories.map((c) => ({ path: `/datasets?category=${encodeURIComponent(c.slug)}` })),
    ...frequencies.map((f) => ({ path: `/datasets?frequency=${f}` })),
  ];
}

/**
 * The statistics drill-down: every country and region page with data, and the category pages of countries and of
 * regions down to the second level below the country, for categories that have data there.
 */
async function statisticsUrls(db: ReadDb): Promise<SitemapUrl[]> {
  const [places, categories] = await Promise.all([sitemapPlaces(db), geoCategorySlugs(db)]);
  const children = new Map<string, SitemapPlace[]>();
  for (const p of places) {
    const key = p.kind === 'country' ? '' : (p.parent ?? '-');
    children.set(key, [...(children.get(key) ?? []), p]);
  }
  const urls: SitemapUrl[] = [{ path: '/statistics' }];
  const walk = (parentKey: string, parentPath: string, depth: number) => {
    const siblings = children.get(parentKey) ?? [];
    const slugs = siblingSlugs(siblings);
    for (const place of siblings) {
      const path = `${parentPath}/${slugs.get(place.code)}`;
      if (!place.hasData) continue;
      urls.push({ path });
      const cats = categories.get(place.code) ?? [];
      if (depth === 0 && cats.length > 0) urls.push({ path: `${path}/categories` });
      if (depth <= 2) for (const c of cats) urls.push({ path: `${path}/categories/${c}` });
      if (depth < 3) walk(place.code, path, depth + 1);
    }
  };
  walk('', '/statistics', 0);
  return urls;
}

async function blogUrls(db: ReadDb): Promise<SitemapUrl[]> {
  const urls: SitemapUrl[] = [];
  let newest: string | undefined;
  for (let offset = 0; ; offset += 200) {
    const page = await listPublishedPosts(db, { limit: 200, offset });
    for (const p of page.items) {
      const lastmod = (p.updatedAt ?? p.publishedAt)?.toISOString();
      if (lastmod && (!newest || lastmod > newest)) newest = lastmod;
      urls.push({ path: `/blog/${p.slug}`, lastmod });
    }
    if (offset + page.items.length >= page.total || page.items.length === 0) break;
  }
  // The articles generated from the HICP data, one per country with a published value (/blog/inflation-germany).
  const hicp = await findSeries(db, 'prc_hicp_manr');
  const articles = hicp ? await countriesInSeries(db, hicp.seriesId) : [];
  return [
    { path: '/blog', lastmod: newest },
    ...urls,
    ...articles.map((c) => ({ path: `/blog/${inflationArticleSlug(c.name)}` })),
  ];
}

export async function urlsOf(db: ReadDb, part: SitemapPart): Promise<SitemapUrl[]> {
  switch (part) {
    case 'static':
      return staticPaths.map((path) => ({ path }));
    case 'datasets':
      return datasetUrls(db);
    case 'datasets-page':
      return cataloguePageUrls(db);
    case 'statistics':
      return statisticsUrls(db);
    case 'blog':
      return blogUrls(db);
  }
}
