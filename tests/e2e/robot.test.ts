// The content-writing robot in Chromium (issue 16): an editor creates a template, runs it, reads the draft and its diff,
// edits a sentence, publishes, and the article opens on /blog with its live chart. A signed-in reader who is not an
// editor gets the "editors only" page. One server start, on a copy of the run's template database with the samples.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';
import { ready, signUpAndConfirm, startAuthWorld, visit, type AuthWorld } from './auth-peers';

const editorEmail = 'editor@example.org';
let browser: Browser;
let world: AuthWorld;

beforeAll(async () => {
  [browser, world] = await Promise.all([
    sharedBrowser(),
    startAuthWorld({ datasets: true, env: { ADMIN_EMAILS: editorEmail } }),
  ]);
});
afterAll(async () => {
  await closeContexts(browser);
  await world?.stop();
});

it('creates a template, runs it, edits and publishes the draft, and the post opens on the blog with its chart', async () => {
  const { page, problems } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await signUpAndConfirm(world, page, editorEmail, 'Edith');

  // The editor's navigation has the robot.
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Robot' }).click();
  await page.waitForURL(/\/app\/robot$/);
  await page.getByText('No drafts waiting.').waitFor();

  // A template: Germany's inflation, every section, after each refresh.
  await page.getByRole('link', { name: 'New template' }).click();
  await page.waitForURL(/\/app\/robot\/templates\/new$/);
  await ready(page);
  await page.getByLabel('Name', { exact: true }).fill('Inflation in Germany, robot edition');
  await expect(page.getByLabel('Post address').inputValue()).resolves.toBe('robot-inflation-in-germany-robot-edition');
  await page.getByLabel('Post address').fill('germany-inflation-robot');
  await page.getByLabel('Dataset', { exact: true }).selectOption('prc_hicp_manr');
  await page.getByLabel('Places', { exact: true }).selectOption('DE');
  await page.getByRole('button', { name: 'Add place' }).click();
  await page.getByRole('list', { name: 'Chosen places' }).getByText('Germany').waitFor();
  await page.getByLabel('Title pattern').fill('Inflation in {place}: {value} in {period}');
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.waitForURL(/\/app\/robot$/);
  const row = page.locator('[data-template-row="germany-inflation-robot"]');
  await row.waitFor();

  // Run now opens the new draft: everything is new against nothing published, each number cited.
  await row.getByRole('button', { name: 'Run now' }).click();
  await page.waitForURL(/\/app\/robot\/drafts\/\d+$/);
  await ready(page);
  // The URL changes before the draft page has rendered (client navigation): wait for its heading.
  const heading = page.getByRole('heading', { level: 1, name: /^Inflation in Germany/ }).first();
  await heading.waitFor();
  const title = (await heading.textContent()) ?? '';
  expect(title).toMatch(/^Inflation in Germany: −?\d+\.\d % in [A-Z][a-z]+ \d{4}$/);
  await expect(page.locator('[data-diff-line="added"]').count()).resolves.toBeGreaterThan(10);
  await expect(page.locator('[data-diff-line="removed"]').count()).resolves.toBe(0);
  await page.getByText('Every number is one of the draft’s citations.').waitFor();
  await page.locator('[data-preview] [data-post-chart] svg').first().waitFor();

  // The editor rewords a sentence; the live preview follows as they type.
  const editor = page.getByLabel('Markdown', { exact: true });
  const text = await editor.inputValue();
  expect(text).toMatch(/The latest figure for Germany is /);
  await editor.fill(text.replace('The latest figure for Germany is', 'Germany’s newest reading is'));
  await page.locator('[data-preview]').getByText('Germany’s newest reading is').waitFor();

  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Published to /blog/germany-inflation-robot.').waitFor();
  await page.getByRole('link', { name: 'Open the post' }).click();
  await page.waitForURL(/\/blog\/germany-inflation-robot$/);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByText('Germany’s newest reading is').waitFor();
  await page.locator('[data-post-chart] svg').first().waitFor();
  await page.getByRole('heading', { name: 'Sources' }).waitFor();
  expect(problems).toEqual([]);

  // The review queue is empty again; the published draft is listed below it.
  await visit(page, `${world.baseUrl}/app/robot`);
  await page.getByText('No drafts waiting.').waitFor();
  await page.getByRole('heading', { name: 'Recently published and discarded' }).waitFor();
  await page.close();
});

it('shows a signed-in reader who is not an editor the editors-only page', async () => {
  const { page } = await newPage(browser, { viewport: { width: 375, height: 800 } });
  await signUpAndConfirm(world, page, 'reader@example.org', 'Rita');
  await expect(
    page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Robot' }).count(),
  ).resolves.toBe(0);
  const response = await page.goto(`${world.baseUrl}/app/robot`);
  expect(response?.status()).toBe(403);
  await page.getByRole('heading', { name: 'Editors only' }).waitFor();
  await page.close();
});
