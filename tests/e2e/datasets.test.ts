// A visitor finds a dataset, opens it and reads a published value.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await sharedBrowser();
});
afterAll(() => closeContexts(browser));

it('searches the catalogue, opens a dataset and reads the latest German inflation rate', async () => {
  const { page, problems } = await newPage(browser);
  await page.goto(`${baseUrl}/datasets`);
  await expect(page.title()).resolves.toContain('Datasets');
  // The whole catalogue, fifty a page.
  expect(await page.locator('main li').count()).toBe(50);

  await page.getByRole('searchbox').fill('HICP');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/q=HICP/);
  // The whole catalogue is searched (decision 191): every HICP dataset of Eurostat's, the imported ones first.
  await page.getByText(/^\d+ datasets matching “HICP”/).waitFor();
  // A new search ranks by relevance: the sort box said "Last updated first" only for the list without a query
  // (issue 41), and it says "Best match first" now.
  expect(page.url()).not.toContain('sort=');
  await expect(page.getByLabel('Sort').inputValue()).resolves.toBe('relevance');

  await page.getByRole('link', { name: 'HICP - monthly data (annual rate of change)' }).click();
  await page.getByRole('heading', { level: 1, name: 'HICP - monthly data (annual rate of change)' }).waitFor();
  expect(page.url()).toMatch(/\/datasets\/prc_hicp_manr$/);
  // The chart widget opens as sorted bars of the latest month most geos have (4/2025, decision 032); its note links
  // to the newer, partial month, and the table view is the text alternative.
  const widget = page.locator('[data-chart-widget]');
  await widget.locator('[data-coverage-note] a', { hasText: '5/2025: 21 of 45 places' }).click();
  await page.waitForURL(/time_end=5\/2025/);
  await page.locator('[data-chart-widget][data-measured]').waitFor();
  await widget.getByRole('button', { name: 'Chart type: Bar' }).click();
  await page.getByRole('menuitemradio', { name: 'Table' }).click();
  await widget.getByRole('columnheader', { name: /^5\/2025/ }).waitFor();
  const germany = widget.getByRole('row', { name: /^Germany/ });
  await expect(germany.getByRole('cell').allTextContents()).resolves.toEqual(['2.1 e']);
  await expect(germany.locator('abbr').getAttribute('title')).resolves.toBe('estimated');
  const source = page.getByRole('link', { name: 'Eurostat (prc_hicp_manr)' });
  await expect(source.getAttribute('href')).resolves.toBe(
    'https://ec.europa.eu/eurostat/databrowser/view/prc_hicp_manr/default/table?lang=en',
  );
  expect(problems).toEqual([]);
});

it('describes a dataset page for search engines: canonical URL and schema.org Dataset', async () => {
  const { page } = await newPage(browser);
  await page.goto(`${baseUrl}/datasets/prc_hicp_manr`);
  await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(
    `${baseUrl}/datasets/prc_hicp_manr`,
  );
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
  expect(ld['@type']).toBe('Dataset');
  expect(ld.name).toBe('HICP - monthly data (annual rate of change)');
  await expect(page.title()).resolves.toBe(
    'HICP - monthly data (annual rate of change) (prc_hicp_manr) · Statistics publisher',
  );
});

it('folds a deep theme trail on a phone into "…", which unfolds it, and gives it to search engines', async () => {
  // Issue 36: Datasets › Economy and finance › Prices › Harmonised index … › the title took four or five lines above
  // the heading at 375 px.
  const { page, problems } = await newPage(browser, { viewport: { width: 375, height: 800 } });
  await page.goto(`${baseUrl}/datasets/prc_hicp_manr`);
  await page.locator('html[data-auth="ready"]').waitFor({ state: 'attached' });
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  const lineHeight = await trail.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  const height = async () => (await trail.boundingBox())!.height;
  // At most two lines (three took 68 px: lines of 20 px, 4 px apart).
  expect(await height()).toBeLessThan(lineHeight * 3);
  await expect(trail.getByRole('link', { name: 'Prices', exact: true }).isVisible()).resolves.toBe(false);
  await trail.getByRole('button', { name: 'Show the whole path' }).click();
  await trail.getByRole('link', { name: 'Prices', exact: true }).waitFor({ state: 'visible' });
  // The keyboard's focus moves on to the first step shown, not back to the top of the page.
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Economy and finance');
  await expect(trail.getByRole('button', { name: 'Show the whole path' }).count()).resolves.toBe(0);

  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const list = scripts.map((s) => JSON.parse(s)).find((ld) => ld['@type'] === 'BreadcrumbList');
  expect(list.itemListElement.map((i: { name: string }) => i.name)).toEqual([
    'Datasets',
    'Economy and finance',
    'Prices',
    expect.stringMatching(/^Harmonised index of consumer prices/),
    'HICP - monthly data (annual rate of change)',
  ]);
  expect(list.itemListElement.at(-1).item).toBe(`${baseUrl}/datasets/prc_hicp_manr`);
  expect(problems).toEqual([]);
});

it('answers unknown pages with the 404 page', async () => {
  const { page } = await newPage(browser);
  const res = await page.goto(`${baseUrl}/datasets/does-not-exist`);
  expect(res?.status()).toBe(404);
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  await page.getByText('The page you are looking for does not exist.').waitFor();
});
