// A visitor drills down from the statistics index to a country and a NUTS 2 region, follows a code URL, and meets
// the 404 of an unknown region; screenshots of the pages at desktop and phone widths, light and dark.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { readablePeriod } from '../../core/periods';
import { closeContexts, newPage, overflowing, sharedBrowser, waitForMeasuredCharts } from '../setup/browser';

let browser: Browser;
const baseUrl = inject('baseUrl');
const desktopChrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** PAGE_SHOTS=<folder>: the pages at both widths and themes are saved there, to look at (the checks run either way). */
const shots = process.env.PAGE_SHOTS;

beforeAll(async () => {
  browser = await sharedBrowser();
  if (shots) mkdirSync(shots, { recursive: true });
});
afterAll(() => closeContexts(browser));

/** The latest value and period of a geo in the data API's answer. */
async function apiLatest(query: string, geo: string): Promise<{ value: number; period: string }> {
  const body = (await (
    await fetch(`${baseUrl}${query}${query.includes('?') ? '&' : '?'}country=${geo}`)
  ).json()) as any;
  const name = body.dataset.available_countries.find((c: any) => c.code === geo).name;
  const rows = body.data[0].rows.filter((r: any) => name in r.values);
  const last = rows[rows.length - 1];
  return { value: last.values[name], period: last.period };
}

async function figure(page: Page, key: string): Promise<{ value: number; period: string }> {
  const card = page.locator(`[data-figure="${key}"]`);
  const value = Number(await card.locator('data').getAttribute('value'));
  // The card reads May 2025 for people and keeps the API's 5/2025 in data-period.
  const period = (await card.locator('[data-period]').getAttribute('data-period')) ?? '';
  expect(await card.locator('[data-period]').textContent()).toBe(readablePeriod(period));
  return { value, period };
}

/** Waits until every chart is drawn at its measured width (after hydration); returns how many there are. */
async function waitForCharts(page: Page): Promise<number> {
  await page.locator('[data-chart-widget][data-state="rendered"] svg').first().waitFor();
  const all = await page.locator('[data-chart-widget]').count();
  expect(await page.locator('[data-chart-widget][data-state="rendered"]').count()).toBe(all);
  await waitForMeasuredCharts(page);
  return all;
}

it('drills down from the index to Germany, Bayern and Oberbayern with the figures of the data API', async () => {
  const { page, problems } = await newPage(browser);
  await page.goto(`${baseUrl}/statistics`);
  await page.getByRole('heading', { level: 1, name: 'Statistics by country' }).waitFor();
  expect(await page.locator('tbody tr').count()).toBe(41);
  await page.getByRole('link', { name: 'Germany', exact: true }).click();
  await page.waitForURL(/\/statistics\/germany$/);
  await page.getByRole('heading', { level: 1, name: 'Germany' }).waitFor();
  expect(await figure(page, 'inflation')).toEqual(await apiLatest('/api/datasets/prc_hicp_manr', 'DE'));
  expect(await figure(page, 'unemployment')).toEqual(await apiLatest('/api/datasets/une_rt_m', 'DE'));
  expect(await figure(page, 'gdp')).toEqual(await apiLatest('/api/datasets/nama_10r_3gdp', 'DE'));
  expect(await waitForCharts(page)).toBe(7);
  await page.locator('.map-chart svg').waitFor();
  expect(await page.locator('.map-chart [data-key^="nuts:DE"]').count()).toBe(16);

  // The regional map links its regions too (issue 11): Bayern through the map, Oberbayern through the list.
  await page.locator('.map-chart').getByRole('link', { name: 'Bayern', exact: true }).click();
  await page.waitForURL(/\/statistics\/germany\/bayern$/);
  // At once, as a visitor would: nothing under the charts moves as they measure themselves (the next test).
  await page.getByRole('listitem').getByRole('link', { name: 'Oberbayern', exact: true }).click();
  await page.waitForURL(/\/statistics\/germany\/bayern\/oberbayern$/);
  await page.getByRole('heading', { level: 1, name: 'Oberbayern' }).waitFor();
  expect(await figure(page, 'gdp-per-inhabitant')).toEqual(
    await apiLatest('/api/datasets/nama_10r_3gdp?dim1=EUR_HAB', 'DE21'),
  );
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Bayern' }).waitFor();
  // Regional GDP is the one dataset with data for a NUTS 2 region.
  expect(await waitForCharts(page)).toBe(1);
  expect(problems).toEqual([]);
});

it('keeps what lies under the charts in place as the page comes alive, on a desktop and a phone', async () => {
  // A reader who clicks a link under the charts in the first moments must hit it: the charts redraw themselves at the
  // column's width once measured, and the "Listen" control appears then. Where the sub-region list's first link and
  // the source line under the regional map stand in the server's HTML is where they stand after.
  for (const width of [1280, 375]) {
    const { page, problems } = await newPage(browser, { viewport: { width, height: 900 } });
    await page.addInitScript(() => {
      const at = () => {
        const link = document.querySelector('main li a[href*="/statistics/germany/bayern/"]');
        const source = document.querySelector('main figure figcaption');
        const y = (el: Element | null) => (el ? Math.round(el.getBoundingClientRect().top + window.scrollY) : null);
        return { link: y(link), source: y(source), measured: document.querySelectorAll('[data-measured]').length };
      };
      document.addEventListener('DOMContentLoaded', () => ((window as any).firstPaint = at()));
      (window as any).positions = at;
    });
    await page.goto(`${baseUrl}/statistics/germany/bayern`);
    await waitForCharts(page);
    await page
      .getByRole('button', { name: /^Listen to / })
      .first()
      .waitFor();
    const [before, after] = await page.evaluate(() => [(window as any).firstPaint, (window as any).positions()]);
    // Taken before any chart had measured itself, then after all had.
    expect(before).toMatchObject({ link: expect.any(Number), source: expect.any(Number), measured: 0 });
    expect(after.measured).toBeGreaterThan(0);
    expect({ width, link: after.link, source: after.source }).toEqual({
      width,
      link: before.link,
      source: before.source,
    });
    expect(problems).toEqual([]);
    await page.context().close();
  }
});

it('redirects a code URL permanently to the slugs', async () => {
  const { page } = await newPage(browser);
  const res = await page.goto(`${baseUrl}/statistics/de/de2/de21`);
  expect(res?.status()).toBe(200);
  expect(page.url()).toBe(`${baseUrl}/statistics/germany/bayern/oberbayern`);
  const redirect = await res!.request().redirectedFrom()!.response();
  expect(redirect?.status()).toBe(301);
});

it('answers a region under the wrong country with the 404 page naming the path', async () => {
  // A visitor's browser: crawlers (headless Chromium is one to isbot) get the plain error page.
  const { page } = await newPage(browser, { userAgent: desktopChrome });
  const res = await page.goto(`${baseUrl}/statistics/germany/ile-de-france`);
  expect(res?.status()).toBe(404);
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  await page.getByText('Page Not Found: /statistics/germany/ile-de-france').waitFor();
});

it('fits a phone before its scripts have run (the server drew the charts wider)', async () => {
  // A slow phone shows the server's HTML for a while before hydration measures the charts: the server draws them
  // 520 to 1050 px wide, and nothing may stick out sideways meanwhile.
  const { page } = await newPage(browser, { viewport: { width: 375, height: 900 }, javaScriptEnabled: false });
  for (const url of [
    '/statistics/germany',
    '/statistics/germany/bayern/oberbayern',
    '/datasets/prc_hicp_manr',
    '/blog/inflation-germany',
  ]) {
    await page.goto(`${baseUrl}${url}`);
    await page.locator('[data-chart-widget] svg[role="img"]').first().waitFor();
    expect(await page.locator('[data-chart-widget][data-measured]').count()).toBe(0);
    expect({ url, overflowing: await overflowing(page, 375) }).toEqual({ url, overflowing: [] });
  }
  await page.context().close();
});

it('looks right at desktop and phone widths, light and dark', async () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      const { page, problems } = await newPage(browser, { viewport: { width, height: 900 } });
      await page.context().addCookies([{ name: 'theme', value: theme, url: baseUrl }]);
      for (const [name, url] of [
        ['statistics-index', '/statistics'],
        ['statistics-germany', '/statistics/germany'],
        ['statistics-oberbayern', '/statistics/germany/bayern/oberbayern'],
      ] as const) {
        await page.goto(`${baseUrl}${url}`);
        await page.locator('h1').waitFor();
        await page.waitForLoadState('networkidle');
        if (url !== '/statistics') await waitForCharts(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
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
