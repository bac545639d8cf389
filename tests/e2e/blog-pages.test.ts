// A visitor opens the blog, finds the country grid with its flags, reads a generated country article whose figures
// are the data API's, and subscribes to the feed; screenshots of the blog and an article.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { readablePeriod } from '../../core/periods';
import { closeContexts, newPage, overflowing, sharedBrowser, waitForMeasuredCharts } from '../setup/browser';

let browser: Browser;
const baseUrl = inject('baseUrl');
/** PAGE_SHOTS=<folder>: the pages at both widths and themes are saved there, to look at (the checks run either way). */
const shots = process.env.PAGE_SHOTS;

beforeAll(async () => {
  browser = await sharedBrowser();
  if (shots) mkdirSync(shots, { recursive: true });
});
afterAll(() => closeContexts(browser));

it('shows the 28 countries from Albania to Sweden with flags served by the site', async () => {
  const { page, problems } = await newPage(browser);
  await page.goto(`${baseUrl}/blog`);
  await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
  const links = page.locator('a[href^="/blog/inflation-"]');
  expect(await links.count()).toBe(28);
  expect(await links.first().getAttribute('href')).toBe('/blog/inflation-albania');
  expect(await links.last().getAttribute('href')).toBe('/blog/inflation-sweden');
  const flags = await links.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
  expect(flags).toHaveLength(28);
  for (const src of flags) {
    if (src.startsWith('data:image/svg+xml')) continue;
    expect(new URL(src).origin).toBe(baseUrl);
    const res = await fetch(src);
    expect([src, res.status]).toEqual([src, 200]);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  }
  expect(problems).toEqual([]);
});

it('opens the German article, which quotes the latest HICP rate and period of the data API with live charts', async () => {
  const body = (await (await fetch(`${baseUrl}/api/datasets/prc_hicp_manr?country=DE`)).json()) as any;
  const rows = body.data[0].rows;
  const latest = rows[rows.length - 1];
  // The API's 5/2025, as the article writes it for people (May 2025, decision 160).
  const text = `${latest.values.Germany.toFixed(1)}% in ${readablePeriod(latest.period, 'long')}`;

  const { page, problems } = await newPage(browser);
  await page.goto(`${baseUrl}/blog`);
  await page.getByRole('link', { name: /^Germany/ }).click();
  await page.waitForURL(/\/blog\/inflation-germany$/);
  await page.getByRole('heading', { level: 1, name: `Inflation in Germany: ${text}` }).waitFor();
  await page.locator('[data-article-summary]').getByText(text).waitFor();
  await page.locator('[data-chart-widget][data-state="rendered"] svg').first().waitFor();
  expect(await page.locator('[data-chart-widget][data-state="rendered"]').count()).toBe(2);
  expect(await page.locator('[data-release-note]').textContent()).toContain('prc_hicp_manr');
  expect(problems).toEqual([]);
});

it('serves the Atom feed', async () => {
  const res = await fetch(`${baseUrl}/blog/feed.xml`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  expect(await res.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
});

it('looks right at desktop and phone widths, light and dark', async () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      const { page, problems } = await newPage(browser, { viewport: { width, height: 900 } });
      await page.context().addCookies([{ name: 'theme', value: theme, url: baseUrl }]);
      for (const [name, url] of [
        ['blog-index', '/blog'],
        ['blog-inflation-germany', '/blog/inflation-germany'],
      ] as const) {
        await page.goto(`${baseUrl}${url}`);
        await page.locator('h1').waitFor();
        await page.waitForLoadState('networkidle');
        if (url !== '/blog') {
          await page.locator('[data-chart-widget][data-state="rendered"] svg').first().waitFor();
          await waitForMeasuredCharts(page);
        }
        // Nothing in the page's content may stick out sideways (the site header is the layout's business).
        expect(await overflowing(page, width)).toEqual([]);
        if (shots)
          await page.screenshot({
            path: path.join(shots, `${name}-${width}-${theme}.png`),
            fullPage: true,
            caret: 'initial',
          });
      }
      expect(problems).toEqual([]);
      await page.context().close();
    }
  }
});
