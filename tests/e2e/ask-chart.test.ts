// "Ask this chart" in Chromium (issue 39, decisions 212 and 216): a visitor without an account types a question into
// the box under the chart of a view of prc_hicp_manr and reads an answer, announced in a live region, whose cited
// number's footnote links to that exact view; the embed's plain form opens the page of its view, whose loader has
// answered the question. With JavaScript off, the embed's form and the page's own box still answer, in the HTML.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { afterTwoFrames, closeContexts, newPage, sharedBrowser } from '../setup/browser';
import { startAuthWorld, visit, type AuthWorld } from './auth-peers';

let browser: Browser;
let world: AuthWorld;

const view = 'chart_type=line&country[]=DE&country[]=FR&country[]=NL&time_start=1/2020&time_end=10/2022';
const latest = 'The latest HICP in Germany in this view (October 2022): 11.6 %';

beforeAll(async () => {
  [browser, world] = await Promise.all([sharedBrowser(), startAuthWorld({ datasets: true })]);
});
afterAll(async () => {
  await closeContexts(browser);
  await world?.stop();
});

/** The embed's form: the question, submitted, opens the page of the view in a new tab. */
async function askTheEmbed(page: Page, question: string): Promise<Page> {
  await page.getByRole('textbox', { name: 'Ask this chart' }).fill(question);
  const [opened] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Ask', exact: true }).click(),
  ]);
  await opened.waitForLoadState();
  expect(new URL(opened.url()).searchParams.get('ask')).toBe(question);
  return opened;
}

/** The answer's first source links to the exact view. */
async function expectSourceLinksToView(page: Page) {
  const answer = page.locator('section[data-ask-chart] [data-answer]');
  await expect(
    answer.getByRole('list', { name: 'Sources' }).getByRole('link', { name: 'chart' }).first().getAttribute('href'),
  ).resolves.toBe(`/datasets/prc_hicp_manr?${view}`);
}

it('answers a visitor without an account about the view on screen, citing its cells with links to the view', async () => {
  const { page, problems } = await newPage(browser);
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
  // Nobody was asked to sign in.
  await expect(box.getByRole('button', { name: 'Sign in' }).count()).resolves.toBe(0);

  if (process.env.ASK_SHOTS) {
    for (const theme of ['light', 'dark'] as const)
      for (const width of [375, 1280]) {
        await page.emulateMedia({ colorScheme: theme });
        await page.setViewportSize({ width, height: 900 });
        await afterTwoFrames(page);
        await box.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${process.env.ASK_SHOTS}/ask-chart-${width}-${theme}.png` });
      }
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  // The embed's form opens the page of its view in a new tab, whose loader answered the question.
  // The embed ships no React: opened as it is, without waiting for the app.
  await page.goto(`${world.baseUrl}/datasets/prc_hicp_manr?embed=true&${view}`);
  if (process.env.ASK_SHOTS)
    for (const theme of ['light', 'dark'] as const) {
      await page.goto(`${world.baseUrl}/datasets/prc_hicp_manr?embed=true&theme=${theme}&${view}`);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 700 });
        await afterTwoFrames(page);
        await page.screenshot({ path: `${process.env.ASK_SHOTS}/ask-embed-${width}-${theme}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(`${world.baseUrl}/datasets/prc_hicp_manr?embed=true&${view}`);
    }
  const opened = await askTheEmbed(page, 'what was the latest value?');
  await opened.locator('section[data-ask-chart] [data-answer]').getByText(latest).waitFor();
  await expectSourceLinksToView(opened);
  // The question stays in the box, and the next one is asked from there.
  await expect(opened.getByRole('textbox', { name: 'Ask this chart' }).inputValue()).resolves.toBe(
    'what was the latest value?',
  );
  expect(problems).toEqual([]);
});

it('answers without JavaScript: the embed form and the page box open the page with the answer in its HTML', async () => {
  const { page, problems } = await newPage(browser, { javaScriptEnabled: false });
  await page.goto(`${world.baseUrl}/datasets/prc_hicp_manr?embed=true&${view}`);
  const opened = await askTheEmbed(page, 'what was the latest value?');
  const answer = opened.locator('section[data-ask-chart] [data-answer]');
  await answer.getByText(latest).waitFor();
  await expect(answer.textContent()).resolves.toContain('Germany, 10/2022: 11.6');
  await expectSourceLinksToView(opened);
  // An answered question is the visitor's (and counted): no cache keeps the page.
  const again = await opened.request.get(opened.url());
  expect(again.headers()['cache-control']).toBe('no-store');
  await expect(again.text()).resolves.toContain(latest);

  // The page's own box, sent as a plain form: the same view with the new question.
  await opened.getByRole('textbox', { name: 'Ask this chart' }).fill('Which country is highest?');
  await Promise.all([opened.waitForURL(/ask=Which/), opened.getByRole('button', { name: 'Ask', exact: true }).click()]);
  const url = new URL(opened.url());
  expect(url.searchParams.getAll('country[]')).toEqual(['DE', 'FR', 'NL']);
  expect(url.searchParams.get('time_end')).toBe('10/2022');
  await opened
    .locator('section[data-ask-chart] [data-answer]')
    .getByText('Among the places in this view, the Netherlands had the highest HICP in October 2022: 16.8 %')
    .waitFor();
  await expectSourceLinksToView(opened);
  expect(problems).toEqual([]);
});
