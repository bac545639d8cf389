// The comparison workbench in Chromium (issue 12, part 3): a signed-in analyst finds HICP inflation, unemployment and
// real GDP growth by search, adds Germany, France, Italy and Spain by name and the period since 2015, sees one panel
// each on the shared axis and the table, downloads the combined CSV (checked against the data API), reopens the URL,
// and adds the three to the dashboard. Screenshots at 375 and 1280 px, light and dark, go to WORKBENCH_SHOTS if set.
import { restoreMirror } from './workbench-mirror';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';
import { signUpAndConfirm, startAuthWorld, visit, type AuthWorld } from './auth-peers';

let browser: Browser;
let world: AuthWorld;

beforeAll(async () => {
  [browser, world] = await Promise.all([sharedBrowser(), startAuthWorld({ datasets: true })]);
});
afterAll(async () => {
  await closeContexts(browser);
  await world?.stop();
  restoreMirror();
});

async function addIndicator(page: Page, query: string, name: RegExp) {
  await page.getByLabel('Find an indicator').fill(query);
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  await results.waitFor();
  await shoot(page, `workbench-1280-search-${query.replace(/\W+/g, '-')}`);
  await results.getByRole('button', { name }).first().click();
  await page.getByRole('list', { name: 'Search results' }).waitFor({ state: 'detached' });
  // The page has rendered the new address: its search form starts empty again.
  await expect.poll(() => page.getByLabel('Find an indicator').inputValue()).toBe('');
}

async function shoot(page: Page, name: string) {
  const dir = process.env.WORKBENCH_SHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

it('compares three datasets for four places since 2015: panels, table, CSV equal to the API, URL, dashboard', async () => {
  const { page, problems } = await newPage(browser, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await signUpAndConfirm(world, page, 'analyst@example.org', 'Ana');
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Workbench' }).click();
  await page.getByRole('heading', { name: 'Statistics workbench' }).waitFor();
  await shoot(page, 'workbench-1280-empty');

  await addIndicator(page, 'inflation', /^Add HICP - monthly data/);
  await page.waitForURL(/\?i=prc_hicp_manr$/);
  await addIndicator(page, 'unemployment', /^Add Unemployment by sex and age - monthly/);
  await addIndicator(page, 'gdp growth', /^Add Real GDP growth rate/);
  await page.waitForURL(/\?i=prc_hicp_manr&i=une_rt_m&i=tec00115$/);
  await page.getByLabel('Add places by name').fill('Germany, France, Italy and Spain');
  await page.getByRole('button', { name: 'Add places' }).click();
  await page.waitForURL(/geo=DE,FR,IT,ES$/);
  // The forms start empty again after each step.
  await expect.poll(() => page.getByLabel('Add places by name').inputValue()).toBe('');
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('2015');
  await page.getByRole('button', { name: 'Set period' }).click();
  await page.waitForURL(/\?i=prc_hicp_manr&i=une_rt_m&i=tec00115&geo=DE,FR,IT,ES&from=2015$/);
  const url = page.url();

  // One panel per indicator, each a line chart with a line per place, over the same range.
  const panels = page.locator('section[aria-label] svg .line-marks');
  await expect.poll(() => panels.count()).toBe(3);
  for (let i = 0; i < 3; i++) await expect(panels.nth(i).locator('.line-series').count()).resolves.toBe(4);
  await page.getByText('each value drawn in the middle of its period').waitFor();
  await page.getByRole('heading', { name: /^1\/2015 – \d+\/20\d\d/ }).waitFor();
  await shoot(page, 'workbench-1280-light');

  // The combined CSV, value by value against the data API.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('period,geo,geo_name,prc_hicp_manr,une_rt_m,tec00115,tec00115 period');
  const apiValue = async (code: string, from: string) => {
    const res = await page.request.get(`${world.baseUrl}/api/datasets/${code}?country=DE,FR,IT,ES&period_from=${from}`);
    const body = await res.json();
    const out = new Map<string, number>();
    for (const row of body.data[0].rows) {
      for (const [name, v] of Object.entries(row.values)) out.set(`${row.period}|${name}`, v as number);
    }
    return out;
  };
  const expected = [
    await apiValue('prc_hicp_manr', '1/2015'),
    await apiValue('une_rt_m', '1/2015'),
    await apiValue('tec00115', '2015'),
  ];
  const found = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
  for (const line of lines.slice(1)) {
    const [period, , name, hicp, une, gdp, gdpPeriod] = line.split(',') as string[];
    if (hicp) found[0]!.set(`${period}|${name}`, Number(hicp));
    if (une) found[1]!.set(`${period}|${name}`, Number(une));
    if (gdp) found[2]!.set(`${gdpPeriod}|${name}`, Number(gdp));
  }
  expect(found).toEqual(expected);
  expect(lines.find((l) => l.startsWith('10/2022,DE,'))).toMatch(/^10\/2022,DE,Germany,11\.6,\d+\.\d,,$/);

  // The table view: every indicator a column.
  await page.getByRole('link', { name: 'Table', exact: true }).click();
  await page.waitForURL(/&view=table$/);
  const table = page.getByRole('table');
  await table.getByRole('columnheader', { name: 'Period', exact: true }).waitFor();
  await expect(table.getByRole('columnheader').allTextContents()).resolves.toEqual([
    'Period',
    'Place',
    expect.stringContaining('HICP - monthly data'),
    expect.stringContaining('Unemployment by sex and age'),
    expect.stringContaining('Real GDP growth rate'),
  ]);
  await table
    .getByRole('row', { name: /^12\/2020 Germany/ })
    .getByText('(2020)')
    .waitFor();

  // Add to dashboard follows the three indicators' views.
  await page.getByRole('button', { name: 'Add to dashboard' }).click();
  await page.getByText('All 3 indicators are on your dashboard.').waitFor();
  const follows = await (await page.request.get(`${world.baseUrl}/api/account/follows`)).json();
  expect(
    follows.follows.map((f: { dataset_id: number; settings: { chart_type: string } }) => f.settings.chart_type),
  ).toEqual(['line', 'line', 'line']);

  // The URL reproduces the view, also in dark mode and on a phone.
  await page.context().addCookies([{ name: 'theme', value: 'dark', url: world.baseUrl }]);
  await visit(page, url);
  await expect.poll(() => panels.count()).toBe(3);
  await shoot(page, 'workbench-1280-dark');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shoot(page, 'workbench-375-dark');
  await page.context().addCookies([{ name: 'theme', value: 'light', url: world.baseUrl }]);
  await visit(page, `${url}&view=table`);
  await page.getByRole('table').waitFor();
  await shoot(page, 'workbench-375-light-table');
  await visit(page, url);
  await expect.poll(() => panels.count()).toBe(3);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shoot(page, 'workbench-375-light');
  expect(problems).toEqual([]);
});
