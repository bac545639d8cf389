// The generated country articles: every country of the blog grid quotes the latest HICP rate and period the data
// API gives, and the text follows the data when a release changes it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { gridCountries } from '../../app/components/site/country-grid';
import type { InflationArticle } from '../../core/blog/inflation-article';
import { readablePeriod } from '../../core/periods';
import { createApp } from '../../server/app';
import { databaseWithGeos, importSample } from '../setup/database';
import { loadPage, renderPage } from './statistics-harness';

const HICP_FILE = 'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv';
let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await databaseWithGeos(HICP_FILE);
  app = createApp({ db: database.db });
});
afterAll(() => database.close());

async function apiRows(country: string): Promise<{ period: string; value: number }[]> {
  const res = await app.request(`/api/datasets/prc_hicp_manr?country=${country}`);
  const body = (await res.json()) as any;
  const name = body.dataset.available_countries.find((c: any) => c.code === country).name;
  return body.data[0].rows
    .filter((r: any) => name in r.values)
    .map((r: any) => ({ period: r.period, value: r.values[name] }));
}

describe('/blog country grid', () => {
  it('links the 28 country articles from Albania to Sweden, each with its flag', async () => {
    const page = await renderPage(database.db, '/blog');
    expect(page.status).toBe(200);
    const links = [...page.html.matchAll(/<a[^>]*href="\/blog\/(inflation-[a-z-]+)"[^>]*><img src="([^"]+)"/g)];
    expect(links.map((m) => m[1])).toEqual(gridCountries.map((c) => `inflation-${c.slug}`));
    expect(links).toHaveLength(28);
    expect(links[0]![1]).toBe('inflation-albania');
    expect(links[27]![1]).toBe('inflation-sweden');
    // Bundled with the app (a hashed asset, or inline when small; the dev server serves the package file).
    for (const m of links)
      expect(m[2]).toMatch(/^(data:image\/svg\+xml|\/assets\/.+\.svg|\/node_modules\/flag-icons\/)/);
  });
});

describe('/blog/inflation-{country}', () => {
  it.each(gridCountries.map((c) => [c.slug, c.code, c.name] as const))(
    'inflation-%s quotes the latest rate, its period and the peak from the data',
    async (slug, code, name) => {
      const rows = await apiRows(code);
      const latest = rows.at(-1)!;
      const peak = rows.reduce((best, r) => (r.value > best.value ? r : best));
      const page = await loadPage(database.db, `/blog/inflation-${slug}`);
      expect(page.status).toBe(200);
      const { article } = page.data as { article: InflationArticle };
      expect(article.latest).toMatchObject({ period: latest.period, value: latest.value });
      expect(article.peak).toMatchObject({ period: peak.period, value: peak.value });
      // The figures keep the API's 5/2025; the prose names the month (May 2025).
      expect(article.title).toBe(
        `Inflation in ${name}: ${latest.value.toFixed(1)}% in ${readablePeriod(latest.period, 'long')}`,
      );
      const html = (await renderPage(database.db, `/blog/inflation-${slug}`)).html;
      expect(html).toContain(`${latest.value.toFixed(1)}% in ${readablePeriod(latest.period, 'long')}`);
      expect(html.match(/data-chart-widget[^>]*data-state="rendered"/g)?.length).toBe(2);
    },
  );

  it('writes Germany from the May 2025 flash estimate with the euro area and EU comparison', async () => {
    const html = (await renderPage(database.db, '/blog/inflation-germany')).html;
    expect(html).toContain(
      'Annual HICP inflation in Germany was 2.1% in May 2025 (flash estimate), down from 2.2% in April 2025.',
    );
    expect(html).toContain('the highest annual rate in Germany was 11.6% in October 2022');
    expect(html).toContain('In May 2025, the euro area had an annual rate of 1.9%');
    // The headline figures name their month for people too.
    expect(html).toMatch(/<dd class="text-sm text-slate-500[^"]*">May 2025<!-- --> \(e\)<\/dd>/);
    expect(html).toContain('In April 2025, the European Union had an annual rate of 2.4%');
    expect(html).toContain('prices of food and non-alcoholic beverages in Germany were 3.3% higher');
    expect(html).toMatch(
      /written from Eurostat&#x27;s HICP - monthly data \(annual rate of change\) \(prc_hicp_manr\), in the release last updated on \d+ \w+ \d{4}, with figures up to May 2025/,
    );
  });

  it('is rewritten when the data changes: without the flash estimate it reports April, with it May again', async () => {
    await database.db.execute(sql`DELETE FROM observations WHERE geo = 'DE' AND period = ${2025 * 12 + 4}`);
    const before = (await loadPage(database.db, '/blog/inflation-germany')).data as { article: InflationArticle };
    expect(before.article.latest).toMatchObject({ period: '4/2025', value: 2.2 });
    await importSample(database, HICP_FILE);
    const after = (await loadPage(database.db, '/blog/inflation-germany')).data as { article: InflationArticle };
    expect(after.article.latest).toMatchObject({ period: '5/2025', value: 2.1, flags: 'e' });
  });

  it.each(['/blog/inflation-atlantis', '/blog/inflation-', '/blog/inflation-euro-area'])(
    'answers %s with 404 Page Not Found',
    async (path) => {
      const page = await renderPage(database.db, path);
      expect(page.status).toBe(404);
      expect(page.html).toContain(`Page Not Found: ${path}`);
    },
  );
});
