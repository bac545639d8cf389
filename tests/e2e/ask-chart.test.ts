// "Ask this chart" in Chromium (issue 39, decision 212): a signed-in visitor types a question into the box under the
// chart of a view of prc_hicp_manr and reads an answer, announced in a live region, whose cited number's footnote
// links to that exact view; the embed's plain form opens the page of its view, which asks the question.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../setup/browser';
import { signUpAndConfirm, startAuthWorld, visit, type AuthWorld } from './auth-peers';

let browser: Browser;
let world: AuthWorld;

const view = 'chart_type=line&country[]=DE&country[]=FR&country[]=NL&time_start=1/2020&time_end=10/2022';

beforeAll(async () => {
  [browser, world] = await Promise.all([launchBrowser(), startAuthWorld({ datasets: true })]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await world?.stop();
});

it('answers a question about the view on screen, citing its cells with links to the view', async () => {
  const { page, problems } = await newPage(browser);
  await signUpAndConfirm(world, page, 'chart-asker@example.org', 'Chiara');
  await visit(page, `${world.baseUrl}/datasets/prc_hicp_manr?${view}`);
  await page.getByRole('textbox', { name: 'Ask this chart' }).fill('Which country is highest?');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  const box = page.locator('section[data-ask-chart]');
  const live = box.locator('[aria-live="polite"]');
  await live
    .getByText('Among the places in this view, the Netherlands had the highest HICP in October 2022: 16.8 %')
    .waitFor();
  // The cited number's marker links to its footnote, and the footnote to the exact view.
  await expect(live.getByRole('link', { name: 'source 1' }).getAttribute('href')).resolves.toMatch(/^#source-.+-1$/);
  const source = live.getByRole('list', { name: 'Sources' }).getByRole('listitem').first();
  await expect(source.textContent()).resolves.toContain('Netherlands, 10/2022: 16.8');
  await expect(source.getByRole('link', { name: 'chart' }).getAttribute('href')).resolves.toBe(
    `/datasets/prc_hicp_manr?${view}`,
  );

  if (process.env.ASK_SHOTS) {
    for (const theme of ['light', 'dark'] as const)
      for (const width of [375, 1280]) {
        await page.emulateMedia({ colorScheme: theme });
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(300);
        await box.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${process.env.ASK_SHOTS}/ask-chart-${width}-${theme}.png` });
      }
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  // The embed's form opens the page of its view in a new tab, which asks the question.
  // The embed ships no React: opened as it is, without waiting for the app.
  await page.goto(`${world.baseUrl}/datasets/prc_hicp_manr?embed=true&${view}`);
  if (process.env.ASK_SHOTS)
    for (const theme of ['light', 'dark'] as const) {
      await page.goto(`${world.baseUrl}/datasets/prc_hicp_manr?embed=true&theme=${theme}&${view}`);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 700 });
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${process.env.ASK_SHOTS}/ask-embed-${width}-${theme}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(`${world.baseUrl}/datasets/prc_hicp_manr?embed=true&${view}`);
    }
  await page.getByRole('textbox', { name: 'Ask this chart' }).fill('what was the latest value?');
  const [opened] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Ask', exact: true }).click(),
  ]);
  await opened.waitForLoadState();
  expect(new URL(opened.url()).searchParams.get('ask')).toBe('what was the latest value?');
  const answer = opened.locator('section[data-ask-chart] [data-answer]');
  await answer.getByText('The latest HICP in Germany in this view (October 2022): 11.6 %').waitFor();
  await expect(
    answer.getByRole('list', { name: 'Sources' }).getByRole('link', { name: 'chart' }).first().getAttribute('href'),
  ).resolves.toBe(`/datasets/prc_hicp_manr?${view}`);
  expect(problems).toEqual([]);
}, 120_000);
