// /app/admin/imports in Chromium (issue 13): an admin (ADMIN_EMAILS) imports a dataset by Eurostat code from the
// Eurostat peer and one from a file, follows their progress into the runs table, and refreshes a dataset now; a file
// over 100 MB is refused with the form's message (issue 15, decision 171), and a file with one cell on two rows fails
// naming both lines; another account gets 404 there.
// IMPORTS_SHOTS=<folder> also saves the page at 375 and 1280 px, light and dark.
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';
import { mirror } from '../setup/database-templates';
import { startEurostatPeer, type EurostatPeer } from '../setup/eurostat-peer';
import { signUpAndConfirm, startAuthWorld, visit, type AuthWorld } from './auth-peers';

let browser: Browser;
let world: AuthWorld;
let peer: EurostatPeer;

beforeAll(async () => {
  peer = await startEurostatPeer({ vintage: 1, datasets: ['tec00118', 'tps00203'] });
  [browser, world] = await Promise.all([
    sharedBrowser(),
    startAuthWorld({
      env: {
        ADMIN_EMAILS: 'Admin@Example.org, ops@example.org',
        EUROSTAT_API: peer.url,
        // On, to show the schedule; a run at 11:15 or 23:15 would only ask the peer.
        REFRESH_SCHEDULE: '11:15,23:15',
      },
    }),
  ]);
});
afterAll(async () => {
  await closeContexts(browser);
  await world?.stop();
  await peer?.close();
});

async function screenshots(page: Page) {
  const out = process.env.IMPORTS_SHOTS;
  if (!out) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.context().addCookies([{ name: 'theme', value: theme, url: world.baseUrl }]);
    await visit(page, `${world.baseUrl}/app/admin/imports`);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(out, `admin-imports-${width}-${theme}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * At 375 px every app page is no wider than the phone, and every entry of the app navigation (seven for an admin)
 * can be reached: on screen, or behind the menu button that opens them (issue 11, item 8).
 */
async function fitsAPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  const pages = ['/app/dashboard', '/app/statistics', '/app/chat', '/app/researcher', '/app/settings', '/app/robot'];
  // The chart page of the dataset imported above, with its widget drawn at the phone's width.
  for (const target of [...pages, '/app/chart?id=tec00118', '/app/admin/imports']) {
    await visit(page, `${world.baseUrl}${target}`);
    await page.locator('main h1').first().waitFor();
    if (target.startsWith('/app/chart')) await page.locator('[data-chart-widget][data-state="rendered"]').waitFor();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, target).toBeLessThanOrEqual(375);
    const nav = page.getByRole('navigation', { name: 'App' });
    const menu = page.getByRole('button', { name: 'Menu' });
    if (!(await nav.isVisible())) await menu.click();
    const links = nav.getByRole('link');
    expect(await links.allTextContents()).toEqual([
      'Dashboard',
      'Workbench',
      'Chat',
      'Researcher',
      'Settings',
      'Robot',
      'Imports',
    ]);
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect(box.x, target).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, target).toBeLessThanOrEqual(375);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth), target).toBeLessThanOrEqual(375);
    const out = process.env.IMPORTS_SHOTS;
    if (out) await page.screenshot({ path: path.join(out, `app${target.replace(/[/?=]/g, '-')}-375.png`) });
  }
  // An entry of the opened menu goes to its page.
  if (!(await page.getByRole('navigation', { name: 'App' }).isVisible())) {
    await page.getByRole('button', { name: 'Menu' }).click();
  }
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Settings' }).click();
  await page.waitForURL(/\/app\/settings$/);
  await page.setViewportSize({ width: 1280, height: 720 });
}

it('lets an admin import by code and by file, follow the runs and refresh a dataset now; others get 404', async () => {
  const { page, problems } = await newPage(browser);
  await signUpAndConfirm(world, page, 'admin@example.org', 'Ada');
  await page.getByRole('link', { name: 'Imports' }).click();
  await page.waitForURL(/\/app\/admin\/imports$/);
  await page.getByRole('heading', { name: 'Imports', level: 1 }).waitFor();
  await page.getByText('Eurostat, daily at 11:15 and 23:15 (Europe/Luxembourg)').waitFor();
  await expect(page.locator('[data-next-run]').textContent()).resolves.toMatch(/^\d{4}-\d\d-\d\d \d\d:15 UTC$/);
  await page.getByText('No imports yet.').waitFor();

  // By Eurostat code: downloaded from the peer, then listed with its counts.
  await page.getByLabel('Dataset code', { exact: true }).fill('tec00118');
  await page.getByRole('button', { name: 'Import from Eurostat' }).click();
  await page.locator('[data-job="tec00118"]').getByText('Done').waitFor({ timeout: 60_000 });
  const run = page.locator('tr[data-run]').filter({ hasText: 'tec00118' }).first();
  await run.getByText('succeeded').waitFor();
  await expect(run.getByRole('cell').nth(4).textContent()).resolves.toBe('476');
  expect(peer.dataRequests()).toEqual(['tec00118']);

  // A code Eurostat does not list: the job says so.
  await page.getByLabel('Dataset code', { exact: true }).fill('no_such_set');
  await page.getByRole('button', { name: 'Import from Eurostat' }).click();
  await page.getByText('Eurostat does not list a dataset “no_such_set”.').waitFor({ timeout: 30_000 });

  // From a file.
  await page.getByLabel('File').setInputFiles(path.join(mirror, 'eurostat/tps00203/estat_tps00203.tsv'));
  await page.getByRole('button', { name: 'Upload and import' }).click();
  await page.locator('[data-job="estat_tps00203.tsv"]').getByText('Done').waitFor({ timeout: 60_000 });
  await page.locator('tr[data-run]').filter({ hasText: 'tps00203' }).first().getByText('succeeded').waitFor();
  // The server's folder of uploads (under the project's .data) keeps nothing once an import has ended.
  const uploads = path.resolve(import.meta.dirname, '../../.data/uploads');
  const waiting = () => (existsSync(uploads) ? readdirSync(uploads) : []);
  expect(waiting().filter((name) => name.endsWith('-estat_tps00203.tsv'))).toEqual([]);

  // An SDMX-CSV with one cell on two rows: the job fails naming the file and both lines, and nothing of it is kept.
  const csv = readFileSync(
    path.join(mirror, 'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered_en.csv'),
    'utf8',
  ).split(/\r?\n/);
  const de = csv.findIndex((l) => l.includes(',All-items HICP,Germany,2022-10,11.6,'));
  csv.splice(de + 1, 0, csv[de]!.replace(',11.6,', ',11.9,'));
  const twiceFolder = mkdtempSync(path.join(tmpdir(), 'twice-upload-'));
  const twice = path.join(twiceFolder, 'hicp twice.csv');
  writeFileSync(twice, csv.join('\n'));
  await page.getByLabel('File').setInputFiles(twice);
  await page.getByRole('button', { name: 'Upload and import' }).click();
  const failed = page.locator('[data-job="hicp twice.csv"]');
  await failed
    .getByText(
      `hicp twice.csv:${de + 2}: DE 2022-10 of series M,RCH_A,CP00 repeats line ${de + 1}: each series, place and period has one row`,
    )
    .waitFor({ timeout: 60_000 });
  rmSync(twiceFolder, { recursive: true, force: true });
  expect(waiting().filter((name) => name.endsWith('-hicp_twice.csv'))).toEqual([]);

  // A file one byte over 100 MB (sparse: no disk used): refused by the page before it is sent, with the form's
  // message (the action's own 413 for a form sent anyway is tests/integration/admin-imports.test.ts's).
  const folder = mkdtempSync(path.join(tmpdir(), 'huge-upload-'));
  const huge = path.join(folder, 'huge.tsv');
  closeSync(openSync(huge, 'w'));
  truncateSync(huge, 100 * 1024 * 1024 + 1);
  await page.getByLabel('File').setInputFiles(huge);
  const posted: string[] = [];
  const onRequest = (request: { method(): string; url(): string }) => {
    if (request.method() === 'POST') posted.push(request.url());
  };
  page.on('request', onRequest);
  await page.getByRole('button', { name: 'Upload and import' }).click();
  await page.getByText('The file is larger than 100 MB.').waitFor();
  page.off('request', onRequest);
  rmSync(folder, { recursive: true, force: true });
  expect(posted).toEqual([]);
  expect(waiting().filter((name) => name.endsWith('-huge.tsv'))).toEqual([]);
  await expect(page.locator('[data-job="huge.tsv"]').count()).resolves.toBe(0);

  // Refresh now: imported again from Eurostat, nothing changed.
  const row = page
    .getByRole('row')
    .filter({ hasText: 'tec00118' })
    .filter({ has: page.getByRole('button') });
  await row.getByRole('button', { name: 'Refresh tec00118 now' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-job="tec00118"]').length === 2);
  await page.locator('[data-job="tec00118"]').first().getByText('Done').waitFor({ timeout: 60_000 });
  await page.getByText('imported: 0 added, 0 changed, 0 removed').waitFor();
  expect(peer.dataRequests()).toEqual(['tec00118', 'tec00118']);
  await screenshots(page);
  await fitsAPhone(page);
  expect(problems).toEqual([]);

  // Another account: the page does not exist for it, and the navigation does not show it.
  const other = await newPage(browser);
  await signUpAndConfirm(world, other.page, 'reader@example.org', 'Rita');
  await expect(other.page.getByRole('link', { name: 'Imports' }).count()).resolves.toBe(0);
  const response = await other.page.goto(`${world.baseUrl}/app/admin/imports`);
  expect(response?.status()).toBe(404);
  const post = await other.page.evaluate(async () => {
    const body = new FormData();
    body.set('intent', 'import-code');
    body.set('code', 'tec00118');
    return (await fetch('/app/admin/imports', { method: 'POST', body })).status;
  });
  expect(post).toBe(404);
});
