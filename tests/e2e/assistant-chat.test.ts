// The chat in Chromium: a signed-in user asks a question, gets an answer whose number is a footnote link to its source
// with a chart, asks a follow-up that keeps the context, finds the conversation again after a reload and deletes it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../setup/browser';
import { signUpAndConfirm, startAuthWorld, visit, type AuthWorld } from './auth-peers';

let browser: Browser;
let world: AuthWorld;

beforeAll(async () => {
  [browser, world] = await Promise.all([launchBrowser(), startAuthWorld({ datasets: true })]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
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
        await page.waitForTimeout(300);
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
}, 120_000);
