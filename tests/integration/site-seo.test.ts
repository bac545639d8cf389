// Search engines and sharing: the sitemap index and its parts, robots.txt, the Open Graph image, and the canonical
// address and sharing tags in the head of the statistics pages and the blog.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPostFolder } from '../../server/import/posts';
import { sitemapsApi } from '../../server/site/sitemaps';
import { headOf, renderDocument } from './page-document';
import { hicp, regionalGdp, startSite, tec00118, type SiteHarness } from './site-harness';

let site: SiteHarness;
beforeAll(async () => {
  site = await startSite([hicp, tec00118, regionalGdp]);
});
afterAll(() => site.close());

const origin = 'http://localhost:3000';

async function locs(path: string): Promise<string[]> {
  const res = await site.app.request(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  const xml = await res.text();
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

describe('sitemaps', () => {
  it('has an index naming the five parts', async () => {
    expect(await locs('/api/sitemap.xml')).toEqual(
      ['static', 'datasets', 'datasets-page', 'statistics', 'blog'].map((p) => `${origin}/api/sitemap-${p}.xml`),
    );
  });

  it('lists the static pages, not the error pages', async () => {
    const urls = await locs('/api/sitemap-static.xml');
    expect(urls).toContain(`${origin}/`);
    expect(urls).toContain(`${origin}/pricing`);
    expect(urls).toContain(`${origin}/content-writer-case-study`);
    expect(urls).toHaveLength(13);
    expect(urls.some((u) => u.includes('error') || u.includes('limit'))).toBe(false);
  });

  it('lists every dataset page by code with its last update', async () => {
    const res = await site.app.request('/api/sitemap-datasets.xml');
    const xml = await res.text();
    expect(xml).toContain(`<loc>${origin}/datasets/prc_hicp_manr</loc><lastmod>`);
    expect((await locs('/api/sitemap-datasets.xml')).sort()).toEqual(
      ['nama_10r_3gdp', 'prc_hicp_manr', 'tec00118'].map((c) => `${origin}/datasets/${c}`),
    );
    // The part also answers without the extension, as the specification names it.
    expect((await site.app.request('/api/sitemap-datasets')).status).toBe(200);
  });

  it('lists the catalogue and its views by category and frequency', async () => {
    expect(await locs('/api/sitemap-datasets-page.xml')).toEqual([
      `${origin}/datasets`,
      `${origin}/datasets?category=national-accounts`,
      `${origin}/datasets?category=prices`,
      `${origin}/datasets?category=regional-statistics`,
      `${origin}/datasets?frequency=A`,
      `${origin}/datasets?frequency=M`,
    ]);
  });

  it('lists the statistics pages of countries and regions with data', async () => {
    const urls = await locs('/api/sitemap-statistics.xml');
    expect(urls[0]).toBe(`${origin}/statistics`);
    expect(urls).toContain(`${origin}/statistics/germany`);
    expect(urls).toContain(`${origin}/statistics/germany/categories`);
    expect(urls).toContain(`${origin}/statistics/germany/categories/prices`);
    expect(urls).toContain(`${origin}/statistics/germany/baden-wurttemberg`);
    expect(urls).toContain(`${origin}/statistics/germany/baden-wurttemberg/categories/regional-statistics`);
    // Extra-regio codes (DEZ, DEZZ) have no page.
    expect(urls.some((u) => /extra-regio/i.test(u))).toBe(false);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.length).toBeGreaterThan(1500);
  });

  it('lists the blog index and the inflation article of every country with HICP data', async () => {
    const urls = await locs('/api/sitemap-blog.xml');
    expect(urls[0]).toBe(`${origin}/blog`);
    expect(urls).toContain(`${origin}/blog/inflation-albania`);
    expect(urls).toContain(`${origin}/blog/inflation-germany`);
    expect(urls).toContain(`${origin}/blog/inflation-north-macedonia`);
    // Aggregates such as the euro area have no article.
    expect(urls.some((u) => u.includes('euro-area'))).toBe(false);
  });

  it('splits a part longer than the limit into numbered files, each named in the index', async () => {
    // Two URLs a file instead of 50,000: the three datasets take two files, the other parts keep one name.
    const small = sitemapsApi(site.database.db, origin, 2);
    const get = async (path: string) => {
      const res = await small.request(path);
      return { status: res.status, urls: [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!) };
    };
    const index = (await get('/sitemap.xml')).urls;
    expect(index.filter((u) => u.includes('sitemap-datasets'))).toEqual([
      `${origin}/api/sitemap-datasets.xml`,
      `${origin}/api/sitemap-datasets-2.xml`,
      ...index.filter((u) => u.includes('sitemap-datasets-page')),
    ]);
    expect(index.filter((u) => u.includes('sitemap-static')).length).toBe(7);
    const first = await get('/sitemap-datasets.xml');
    const second = await get('/sitemap-datasets-2.xml');
    expect(first.urls).toHaveLength(2);
    expect(second.urls).toHaveLength(1);
    expect([...first.urls, ...second.urls].sort()).toEqual(
      ['nama_10r_3gdp', 'prc_hicp_manr', 'tec00118'].map((c) => `${origin}/datasets/${c}`),
    );
    expect((await get('/sitemap-datasets-3.xml')).status).toBe(404);
    expect((await get('/sitemap-datasets-1.xml')).status).toBe(404);
    // Every file the index names answers, and none lists more than the limit.
    for (const loc of index) {
      const file = await get(new URL(loc).pathname.replace(/^\/api/, ''));
      expect(file.status).toBe(200);
      expect(file.urls.length).toBeLessThanOrEqual(2);
    }
  });

  it('answers an unknown part with a JSON 404', async () => {
    const res = await site.app.request('/api/sitemap-nothing.xml');
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error.code).toBe('not_found');
  });
});

describe('robots.txt', () => {
  it('is served at /api/robots and /robots.txt and names the sitemap', async () => {
    for (const path of ['/api/robots', '/robots.txt']) {
      const res = await site.app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      const text = await res.text();
      expect(text).toContain('User-agent: *');
      expect(text).toContain('Disallow: /app/');
      expect(text).toContain(`Sitemap: ${origin}/api/sitemap.xml`);
    }
  });
});

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  expect(String.fromCharCode(...bytes.slice(12, 16))).toBe('IHDR');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('GET /api/og-image', () => {
  it('draws a 1200x630 PNG card for a page', async () => {
    const res = await site.app.request(`/api/og-image?path=${encodeURIComponent('/pricing')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });

  it('draws a dataset page and a chart view with the chart on the card', async () => {
    const plain = new Uint8Array(await (await site.app.request('/api/og-image?path=/terms')).arrayBuffer());
    const dataset = await site.app.request('/api/og-image?path=/datasets/prc_hicp_manr');
    const bytes = new Uint8Array(await dataset.arrayBuffer());
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    // A card with a chart carries far more detail than a text-only card.
    expect(bytes.length).toBeGreaterThan(plain.length * 1.5);
    const view = `/datasets/prc_hicp_manr?chart_type=line&country[]=DE&country[]=FR&time_start=1/2021`;
    const line = await site.app.request(`/api/og-image?path=${encodeURIComponent(view)}`);
    expect(line.status).toBe(200);
    expect(pngSize(new Uint8Array(await line.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });

  it('rejects a path that is not on this site', async () => {
    const res = await site.app.request(`/api/og-image?path=${encodeURIComponent('https://elsewhere.example/')}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.message).toMatch(/^invalid path: "https:\/\/elsewhere.example\/"/);
  });
});

const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** What a crawler or a sharing preview reads in a page's head: title, canonical address and Open Graph tags. */
function headTags(html: string) {
  const head = headOf(html);
  const all = (pattern: RegExp) => [...head.matchAll(pattern)].map((m) => decodeEntities(m[1]!));
  const og = (property: string) => all(new RegExp(`<meta property="og:${property}" content="([^"]*)"/>`, 'g'));
  return {
    title: all(/<title>([^<]*)<\/title>/g),
    description: all(/<meta name="description" content="([^"]*)"\/>/g),
    // Anywhere in the document: React hoists a <link> rendered in the body into the head.
    canonical: [...html.matchAll(/<link[^>]*rel="canonical"[^>]*>/g)].map((m) =>
      decodeEntities(/href="([^"]*)"/.exec(m[0])?.[1] ?? ''),
    ),
    ogTitle: og('title'),
    ogUrl: og('url'),
    ogImage: og('image'),
    ogType: og('type'),
  };
}

describe('canonical address and sharing tags of the statistics pages and the blog', () => {
  beforeAll(async () => {
    await importPostFolder(site.database.db, path.resolve(import.meta.dirname, '../../content/posts'));
  });

  it.each([
    { path: '/statistics', title: 'Statistics by country and region', type: 'website' },
    { path: '/statistics/germany', title: 'Germany statistics: inflation, unemployment and GDP', type: 'website' },
    {
      path: '/statistics/germany/baden-wurttemberg',
      title: 'Baden-Württemberg statistics: inflation, unemployment and GDP',
      type: 'website',
    },
    { path: '/statistics/germany/categories', title: 'Germany: statistics by category', type: 'website' },
    { path: '/statistics/germany/categories/prices', title: 'Prices in Germany', type: 'website' },
    {
      path: '/statistics/germany/baden-wurttemberg/categories/regional-statistics',
      title: 'Regional statistics in Baden-Württemberg',
      type: 'website',
    },
    { path: '/blog', title: 'Blog', type: 'website' },
    { path: '/blog?tag=hicp', title: 'Blog tagged hicp', type: 'website' },
    { path: '/blog/inflation-germany', title: 'Inflation in Germany: 2.1% in May 2025', type: 'article' },
    {
      path: '/blog/euro-area-inflation-below-two-percent-may-2025',
      title: 'Euro-area inflation slips below 2% in the May 2025 flash estimate',
      type: 'article',
    },
  ])('$path has one canonical address, its own, and sharing tags', async ({ path: pagePath, title, type }) => {
    const page = await renderDocument(site.database.db, pagePath);
    expect(page.status).toBe(200);
    const tags = headTags(page.html);
    const full = `${title} · Statistics publisher`;
    expect(tags.title).toEqual([full]);
    expect(tags.canonical).toEqual([`${origin}${pagePath}`]);
    expect(tags.ogUrl).toEqual([`${origin}${pagePath}`]);
    expect(tags.ogTitle).toEqual([full]);
    expect(tags.ogType).toEqual([type]);
    expect(tags.ogImage).toEqual([`${origin}/api/og-image?path=${encodeURIComponent(pagePath)}`]);
    expect(tags.description).toHaveLength(1);
    expect(tags.description[0]!.length).toBeGreaterThan(40);
  });

  it('keeps the description of a written post: its summary', async () => {
    const page = await renderDocument(site.database.db, '/blog/euro-area-inflation-below-two-percent-may-2025');
    expect(headTags(page.html).description).toEqual([
      "Annual HICP inflation in the euro area fell to 1.9% in May 2025, from 2.2% in April, the first reading under the ECB's 2% target since September 2024.",
    ]);
  });

  it('names the slug address, never a code alias or another spelling of the same list', async () => {
    expect(await renderDocument(site.database.db, '/statistics/de/de1')).toMatchObject({
      status: 301,
      location: '/statistics/germany/baden-wurttemberg',
    });
    expect(await renderDocument(site.database.db, '/statistics/DE/categories/prices')).toMatchObject({
      status: 301,
      location: '/statistics/germany/categories/prices',
    });
    const tagged = headTags((await renderDocument(site.database.db, '/blog?tag=HICP&page=1')).html);
    expect(tagged.canonical).toEqual([`${origin}/blog?tag=hicp`]);
    expect(tagged.ogUrl).toEqual([`${origin}/blog?tag=hicp`]);
  });

  it.each(['/statistics/atlantis', '/statistics/germany/categories/nothing', '/blog/no-such-post', '/blog?page=9'])(
    'gives the 404 at %s no canonical address and no sharing tags',
    async (pagePath) => {
      const page = await renderDocument(site.database.db, pagePath);
      expect(page.status).toBe(404);
      const tags = headTags(page.html);
      expect(tags.title[0]).toBe('Page Not Found');
      expect(tags.canonical).toEqual([]);
      expect(tags.ogUrl).toEqual([]);
      expect(tags.ogImage).toEqual([]);
    },
  );

  it.each(['/statistics/germany/baden-wurttemberg', '/blog/inflation-germany'])(
    'serves the og:image of %s as a 1200x630 PNG',
    async (pagePath) => {
      const image = headTags((await renderDocument(site.database.db, pagePath)).html).ogImage[0]!;
      expect(image.startsWith(`${origin}/api/og-image?`)).toBe(true);
      const res = await site.app.request(image.slice(origin.length));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    },
  );
});
