// The statistics drill-down on all sample data: every country page and a sample of NUTS region pages in every
// country and level (every one under `npm run test:exhaustive`) answer 200 with the figures the data API gives,
// codes redirect to slugs, and unknown or mismatched slugs are 404s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { childRegions } from '../../db/queries/statistics';
import type { KeyFigure, TrailPlace } from '../../app/components/statistics/place-data';
import { readablePeriod } from '../../core/periods';
import { createApp } from '../../server/app';
import { seedSampleData } from '../../server/import/seed';
import { freshDatabase, mirror } from '../setup/database';
import { exhaustive, stratifiedSample } from '../setup/sample';
import * as placeRoute from '../../app/routes/public/statistics/place';
import { loadPage, renderPage } from './statistics-harness';

let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await freshDatabase();
  await seedSampleData(database.db, mirror, () => undefined);
  app = createApp({ db: database.db });
});
afterAll(() => database.close());

interface Latest {
  value: number;
  period: string;
  previous: string | null;
}

const apiCache = new Map<string, Promise<Map<string, Latest>>>();

/** Each geo's latest value in the data API's answer (keyed by geo code), with the period before it. */
function apiLatest(path: string): Promise<Map<string, Latest>> {
  let hit = apiCache.get(path);
  if (!hit) {
    hit = (async () => {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      const body = (await res.json()) as any;
      const codeOf = new Map<string, string>(body.dataset.available_countries.map((c: any) => [c.name, c.code]));
      const out = new Map<string, Latest>();
      for (const row of body.data[0].rows) {
        for (const [name, value] of Object.entries(row.values)) {
          const code = codeOf.get(name)!;
          out.set(code, { value: value as number, period: row.period, previous: out.get(code)?.period ?? null });
        }
      }
      return out;
    })();
    apiCache.set(path, hit);
  }
  return hit;
}

/** The API query that answers each key figure. */
const figureQuery: Record<string, (dataset: string) => string> = {
  inflation: (d) => `/api/datasets/${d}`,
  unemployment: (d) => `/api/datasets/${d}`,
  'gdp-growth': (d) => `/api/datasets/${d}`,
  gdp: (d) => `/api/datasets/${d}`,
  'gdp-per-inhabitant': (d) => `/api/datasets/${d}?dim1=EUR_HAB`,
};

async function expectFiguresMatchApi(code: string, figures: KeyFigure[]): Promise<void> {
  for (const f of figures) {
    const latest = (await apiLatest(figureQuery[f.key]!(f.source.datasetCode))).get(code);
    expect(latest, `${code} ${f.key}`).toBeDefined();
    expect([code, f.key, f.value, f.period]).toEqual([code, f.key, latest!.value, latest!.period]);
    expect(f.previous?.period ?? null).toBe(latest!.previous);
  }
}

async function placeData(path: string) {
  const page = await loadPage(database.db, path);
  expect([path, page.status]).toEqual([path, 200]);
  return page.data as { trail: TrailPlace[]; figures: KeyFigure[]; children: { path: string }[] };
}

describe('/statistics', () => {
  it('lists every country with data, with its flag and the latest inflation the API gives', async () => {
    const page = await renderPage(database.db, '/statistics');
    expect(page.status).toBe(200);
    const rows = [...page.html.matchAll(/<tr data-geo="([A-Z]{2})"/g)].map((m) => m[1]);
    expect(rows).toHaveLength(41);
    expect(rows).toContain('DE');
    expect(rows).not.toContain('EA');
    const germany = /<tr data-geo="DE".*?<\/tr>/s.exec(page.html)![0];
    expect(germany).toContain('href="/statistics/germany"');
    // The flag ships with the page (a bundled asset or, for small files, an inline data URL), never hot-linked.
    expect(germany).toMatch(/<img src="(data:image\/svg\+xml|\/assets\/[^"]+\.svg|\/node_modules\/flag-icons\/)/);
    const hicp = (await apiLatest('/api/datasets/prc_hicp_manr')).get('DE')!;
    expect(germany).toContain(`<data value="${hicp.value}">2.1</data>`);
    expect(germany).toContain(readablePeriod(hicp.period));
  });
});

describe('country and region pages', () => {
  it('answers every country page with the figures of the data API', async () => {
    const index = (await loadPage(database.db, '/statistics')).data as { countries: TrailPlace[] };
    expect(index.countries.length).toBe(41);
    for (const c of index.countries) {
      const data = await placeData(c.path);
      expect(data.trail.map((p) => p.code)).toEqual([c.code]);
      await expectFiguresMatchApi(c.code, data.figures);
    }
  });

  it('gives Germany its published figures: HICP 2.1 in 5/2025, GDP 3,601,750 million euro in 2021', async () => {
    const { figures } = await placeData('/statistics/germany');
    const byKey = Object.fromEntries(figures.map((f) => [f.key, f]));
    expect(Object.keys(byKey)).toEqual(['inflation', 'unemployment', 'gdp-growth', 'gdp', 'gdp-per-inhabitant']);
    expect(byKey.inflation).toMatchObject({ value: 2.1, period: '5/2025', flags: 'e', previous: { period: '4/2025' } });
    expect(byKey.inflation!.change).toEqual({ value: -0.1, text: '−0.1 pp', direction: 'down' });
    expect(byKey.gdp).toMatchObject({ value: 3601750, valueText: '3,601,750', period: '2021', flags: 'p' });
    expect(byKey['gdp-growth']).toMatchObject({ value: -0.2, period: '2024' });
  });

  // Every region under `npm run test:exhaustive`; otherwise two children (the first and the last) of every place, so
  // each country and NUTS level is visited.
  it(`answers ${exhaustive ? 'every' : 'a sample of'} NUTS 1, 2 and 3 region page with its regional GDP as the API gives it`, async () => {
    const countries = ((await loadPage(database.db, '/statistics')).data as { countries: TrailPlace[] }).countries;
    const queue = countries.map((c) => ({ path: c.path, code: c.code, depth: 1 }));
    let regions = 0;
    for (let place = queue.shift(); place; place = queue.shift()) {
      const data = await placeData(place.path);
      expect(data.trail.map((p) => p.code).at(-1)).toBe(place.code);
      expect(data.trail).toHaveLength(place.depth);
      if (place.depth > 1) {
        await expectFiguresMatchApi(place.code, data.figures);
        regions++;
      }
      const codes = (await childRegions(database.db, place.code)).map((r) => r.code);
      expect(data.children.map((c) => c.path.split('/').length)).toEqual(
        codes.map(() => place.path.split('/').length + 1),
      );
      const children = data.children.map((c, i) => ({ path: c.path, code: codes[i]!, depth: place.depth + 1 }));
      if (place.depth < 4) queue.push(...stratifiedSample(children, () => place.code, 2));
    }
    // The NUTS 2021 regions of the 41 countries with data, without the extra-regio codes.
    if (exhaustive) expect(regions).toBe(1970);
    else expect(regions).toBeGreaterThan(250);
  }, 900_000);

  it('renders the Oberbayern page: breadcrumbs, figures, map of its NUTS 3 regions (2020, their latest year), charts and child links', async () => {
    const page = await renderPage(database.db, '/statistics/germany/bayern/oberbayern');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1 class="text-2xl font-semibold sm:text-3xl">Oberbayern</h1>');
    expect(page.html).toMatch(
      /<nav aria-label="Breadcrumb".*href="\/statistics".*href="\/statistics\/germany".*href="\/statistics\/germany\/bayern".*Oberbayern/s,
    );
    // The same trail for search engines (issue 36), the current page at its own address: the route's meta.
    const { data } = await loadPage(database.db, '/statistics/germany/bayern/oberbayern');
    const matches = [{ id: 'root', loaderData: { theme: 'system', siteUrl: 'https://example.org' } }];
    const tags = placeRoute.meta({ data, matches } as unknown as Parameters<typeof placeRoute.meta>[0]);
    const ld = tags.flatMap((t) => ('script:ld+json' in t ? [t['script:ld+json'] as any] : []));
    expect(ld.find((l) => l['@type'] === 'BreadcrumbList')).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Statistics', item: 'https://example.org/statistics' },
        { position: 2, name: 'Germany', item: 'https://example.org/statistics/germany' },
        { position: 3, name: 'Bayern', item: 'https://example.org/statistics/germany/bayern' },
        { position: 4, name: 'Oberbayern', item: 'https://example.org/statistics/germany/bayern/oberbayern' },
      ],
    });
    expect(page.html).toContain('data-figure="gdp-per-inhabitant"');
    expect(page.html).toContain('<data value="62800">62,800</data>');
    expect(page.html).toContain('GDP per inhabitant in Oberbayern by NUTS 3 region, 2020');
    expect(page.html.match(/data-key="nuts:DE21[0-9A-Z]"/g)?.length).toBe(23);
    expect(page.html).toContain('href="/statistics/germany/bayern/oberbayern/munchen-kreisfreie-stadt"');
    expect(page.html).toMatch(/data-chart-widget[^>]*data-state="rendered"/);
  });
});

describe('slugs, codes and errors', () => {
  it.each([
    ['/statistics/de', '/statistics/germany'],
    ['/statistics/de/de2/de21', '/statistics/germany/bayern/oberbayern'],
    ['/statistics/DE/DE2', '/statistics/germany/bayern'],
    ['/statistics/Germany', '/statistics/germany'],
    ['/statistics/germany/de2/de21/de212', '/statistics/germany/bayern/oberbayern/munchen-kreisfreie-stadt'],
    ['/statistics/el/el3', '/statistics/greece/attiki'],
    ['/statistics/de/categories/prices', '/statistics/germany/categories/prices'],
    [
      '/statistics/de/de2/categories/regional-statistics?x=1',
      '/statistics/germany/bayern/categories/regional-statistics?x=1',
    ],
  ])('redirects %s permanently to %s', async (from, to) => {
    const page = await renderPage(database.db, from);
    expect(page.status).toBe(301);
    expect(page.location).toBe(to);
  });

  it.each([
    '/statistics/atlantis',
    '/statistics/france/bayern',
    '/statistics/germany/ile-de-france',
    '/statistics/de/fr1',
    '/statistics/germany/bayern/oberbayern/ingolstadt',
    '/statistics/germany/bayern/categories',
    '/statistics/germany/categories/sports',
    '/statistics/ea20',
    '/statistics/germany/dez',
  ])('answers %s with 404 Page Not Found and the path', async (path) => {
    const page = await renderPage(database.db, path);
    expect(page.status).toBe(404);
    expect(page.html).toContain('Page Not Found');
    expect(page.html).toContain(`Page Not Found: ${path}`);
  });
});

describe('category pages', () => {
  it('lists the four catalogue categories for a country with their datasets', async () => {
    const page = await loadPage(database.db, '/statistics/germany/categories');
    const data = page.data as { categories: { slug: string; datasets: number; items: { code: string }[] }[] };
    expect(data.categories.map((c) => [c.slug, c.datasets])).toEqual([
      ['prices', 2],
      ['labour-market', 2],
      ['national-accounts', 3],
      ['regional-statistics', 1],
    ]);
  });

  it.each([
    ['/statistics/germany/categories/prices', 'DE', 'prices'],
    ['/statistics/germany/categories/national-accounts', 'DE', 'national-accounts'],
    ['/statistics/germany/bayern/categories/national-accounts', 'DE2', 'national-accounts'],
    ['/statistics/germany/bayern/oberbayern/categories/regional-statistics', 'DE21', 'regional-statistics'],
  ])('charts on %s the datasets the API lists for the place and category', async (path, geo, category) => {
    const api = (await (await app.request(`/api/datasets?geo=${geo}&category=${category}`)).json()) as any;
    const page = await renderPage(database.db, path);
    expect(page.status).toBe(200);
    const charted = [...page.html.matchAll(/data-dataset="([a-z0-9_]+)"/g)].map((m) => m[1]).sort();
    expect(charted).toEqual(api.items.map((d: any) => d.dataset_code).sort());
    expect(page.html.match(/data-chart-widget[^>]*data-state="rendered"/g)?.length).toBe(charted.length);
  });
});
