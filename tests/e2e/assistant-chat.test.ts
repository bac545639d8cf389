// The chat in Chromium: a signed-in user asks a question, gets an answer whose number is a footnote link to its source
// with a chart, asks a follow-up that keeps the context, finds the conversation again after a reload and deletes it.
// An admin imports a dataset the running server did not have (a file generated with Eurostat's code lists) and the
// chat answers a question about it in the words of its title and labels (issue 39, decision 216).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generatedDatasets, toTsv } from '../../bench/assistant-datasets.mjs';
import { afterTwoFrames, closeContexts, newPage, sharedBrowser } from '../setup/browser';
import { signUpAndConfirm, startAuthWorld, visit, type AuthWorld } from './auth-peers';

let browser: Browser;
let world: AuthWorld;

const admin = 'chat-admin@example.org';

beforeAll(async () => {
  [browser, world] = await Promise.all([
    sharedBrowser(),
    startAuthWorld({ datasets: true, env: { ADMIN_EMAILS: admin } }),
  ]);
});
afterAll(async () => {
  await closeContexts(browser);
  await world?.stop();
});

it('answers with cited numbers and a chart, keeps the context for a follow-up, and deletes the conversation', async () => {
  const { page, problems } = await newPage(browser);
  await signUpAndConfirm(world, page, 'chat@example.org', 'Chloe');
  await visit(page, `${world.baseUrl}/app/chat`);
  await page.getByRole('heading', { name: 'Chat' }).waitFor();
  await page.getByText('No conversations yet.').waitFor();

  await page.getByLabel('Your question').fill('German inflation in October 2022');
  await page.getByRole('button', { name: 'Ask' }).click();
  const first = page.locator('[data-answer]').first();
  // Written from the dataset's own title and unit (decision 210).
  await first.getByText('HICP in Germany in October 2022: 11.6 %').waitFor();
  // The number's marker links to its footnote, which names the source and links to the chart view.
  await expect(first.getByRole('link', { name: 'source 1' }).getAttribute('href')).resolves.toMatch(/^#source-.+-1$/);
  const source = first.getByRole('list', { name: 'Sources' }).getByRole('listitem').first();
  await expect(source.textContent()).resolves.toContain('Germany, 10/2022: 11.6');
  await expect(source.getByRole('link', { name: 'chart' }).getAttribute('href')).resolves.toBe(
    '/datasets/prc_hicp_manr?chart_type=bar&country[]=DE&time_start=10/2022&time_end=10/2022',
  );
  await first.locator('svg').first().waitFor();
  await page.waitForURL(/\/app\/chat\?c=/);

  await page.getByLabel('Your question').fill('how much higher than France?');
  await page.getByRole('button', { name: 'Ask' }).click();
  const second = page.locator('[data-answer]').nth(1);
  await second.getByText('4.5 percentage points higher').waitFor();
  await expect(second.textContent()).resolves.toContain('France 7.1 %');

  // The conversation is kept: after a reload both answers are there, and it is in the list.
  await page.reload();
  await page.locator('html[data-auth="ready"]').waitFor({ state: 'attached' });
  await expect(page.locator('[data-answer]').count()).resolves.toBe(2);
  const listed = page.getByRole('link', { name: 'German inflation in October 2022' });
  await expect(listed.getAttribute('aria-current')).resolves.toBe('page');

  if (process.env.CHAT_SHOTS) {
    for (const theme of ['light', 'dark'] as const)
      for (const width of [375, 1280]) {
        await page.emulateMedia({ colorScheme: theme });
        await page.setViewportSize({ width, height: 900 });
        await afterTwoFrames(page);
        await page.screenshot({ path: `${process.env.CHAT_SHOTS}/chat-${width}-${theme}.png`, fullPage: true });
      }
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  await page.getByRole('button', { name: 'Delete conversation: German inflation in October 2022' }).click();
  await page
    .getByText('No conversations yet.')
    .waitFor()
    .catch(async (e: unknown) => {
      const body = await page.locator('body').innerText();
      throw new Error(`${String(e)}\nurl ${page.url()}\nbody ${body.slice(0, 1500)}\nproblems ${problems}`);
    });
  await page.waitForURL(/\/app\/chat$/);
  expect(problems).toEqual([]);
});

it('answers about a dataset imported into the running server, by the words of its title and labels', async () => {
  const { page, problems } = await newPage(browser);
  await signUpAndConfirm(world, page, admin, 'Ines');
  const question = "What was Austria's government deficit in 2014?";
  const ask = async () => {
    await visit(page, `${world.baseUrl}/app/chat`);
    await page.getByLabel('Your question').fill(question);
    await page.getByRole('button', { name: 'Ask' }).click();
    return page.locator('[data-answer]').last();
  };

  // Not here yet: no number.
  const before = await ask();
  await before.getByText('No dataset imported here measures “government deficit”').waitFor();
  await expect(before.getByRole('list', { name: 'Sources' }).count()).resolves.toBe(0);

  // Government deficit and debt, generated for the golden set v2 from Eurostat's code lists, imported as an admin does.
  const government = generatedDatasets().find((d) => d.code === 'gov_10dd_edpt1')!;
  const folder = mkdtempSync(path.join(tmpdir(), 'chat-import-'));
  const file = path.join(folder, 'estat_gov_10dd_edpt1.tsv');
  writeFileSync(file, toTsv(government));
  await visit(page, `${world.baseUrl}/app/admin/imports`);
  await page.getByLabel('File').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload and import' }).click();
  await page.locator('[data-job="estat_gov_10dd_edpt1.tsv"]').getByText('Done').waitFor({ timeout: 60_000 });
  rmSync(folder, { recursive: true, force: true });

  // The same words now find it: the value as generated, cited, linked to the chart view of exactly that value.
  const row = government.series.find(
    (r) => r.geo === 'AT' && r.key.unit === 'PC_GDP' && r.key.na_item === 'B9' && r.key.sector === 'S13',
  )!;
  const value = row.values[government.periods.indexOf('2014')]!;
  const written = `${value < 0 ? '−' : ''}${Math.abs(value).toFixed(1)}`;
  const after = await ask();
  await after.getByText(`in Austria in 2014: ${written} % of gross domestic product (GDP)`).waitFor();
  const source = after.getByRole('list', { name: 'Sources' }).getByRole('listitem').first();
  await expect(source.textContent()).resolves.toContain(`Austria, 2014: ${value}`);
  await expect(source.textContent()).resolves.toContain('gov_10dd_edpt1');
  const href = new URL((await source.getByRole('link', { name: 'chart' }).getAttribute('href'))!, world.baseUrl);
  expect(href.pathname).toBe('/datasets/gov_10dd_edpt1');
  expect(href.searchParams.getAll('country[]')).toEqual(['AT']);
  expect([href.searchParams.get('time_start'), href.searchParams.get('time_end')]).toEqual(['2014', '2014']);
  expect(href.searchParams.getAll('dimension[]')).toEqual([expect.stringMatching(/^dim\d+:B9$/)]);
  // The link opens that view, whose chart has the value.
  await visit(page, href.toString());
  await page.getByRole('heading', { name: 'Government deficit/surplus, debt and associated data', level: 1 }).waitFor();
  expect(problems).toEqual([]);
});
