// The researcher in Chromium: a signed-in user asks the Baltic question, sees the plan, removes a step, runs
// it, sees a finding whose numbers link to their sources, exports Markdown (a real download) and opens the share link
// in a fresh context without a session.
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { afterTwoFrames, closeContexts, newContext, newPage, sharedBrowser } from '../setup/browser';
import { signUpAndConfirm, startAuthWorld, visit, type AuthWorld } from './auth-peers';

let browser: Browser;
let world: AuthWorld;

beforeAll(async () => {
  [browser, world] = await Promise.all([sharedBrowser(), startAuthWorld({ datasets: true })]);
});
afterAll(async () => {
  await closeContexts(browser);
  await world?.stop();
});

const BALTIC = 'How did food inflation evolve in the Baltic states since 2020 compared with the EU?';

it('plans, runs, shows cited findings, exports Markdown and shares the report', async () => {
  const { page, problems } = await newPage(browser);
  await signUpAndConfirm(world, page, 'research@example.org', 'Rita');
  await visit(page, `${world.baseUrl}/app/researcher`);
  await page.getByRole('heading', { name: 'Researcher', level: 1 }).waitFor();
  await expect(page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Chat' }).count()).resolves.toBe(
    1,
  );
  await page.getByText('No reports yet.').waitFor();

  await page.getByLabel('Research question').fill(BALTIC);
  await page.getByRole('button', { name: 'Show plan' }).click();
  const plan = page.getByRole('table', { name: 'Plan' });
  await plan.waitFor();
  await expect(page.locator('[data-plan-step]').count()).resolves.toBe(2);
  const first = page.locator('[data-plan-step]').first();
  await expect(first.textContent()).resolves.toContain('prc_hicp_manr');
  await expect(first.textContent()).resolves.toContain('EE, LV, LT');
  await expect(first.textContent()).resolves.toContain('vs EU27_2020');
  await expect(first.textContent()).resolves.toContain('1/2020 – latest');
  if (process.env.RESEARCHER_SHOTS)
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${process.env.RESEARCHER_SHOTS}/plan-${width}-light.png`, fullPage: true });
    }
  // The all-items context step is removed before the run.
  await page.getByRole('button', { name: /^Remove step s2/ }).click();
  await expect.poll(() => page.locator('[data-plan-step]').count()).toBe(1);

  await page.getByRole('button', { name: 'Run' }).click();
  await page.waitForURL(/\/app\/researcher\?r=/);
  const report = page.locator('[data-report]');
  await report.waitFor();
  await expect(page.locator('[data-step]').count()).resolves.toBe(1);
  const finding = report.getByRole('list', { name: 'Findings' }).getByRole('listitem').filter({ hasText: 'Estonia' });
  await expect(finding.textContent()).resolves.toMatch(
    /Estonia: 2\.6 % \[\d+\] in January 2020 and 7\.4 % \[\d+\] in April 2025/,
  );
  // A cited number's marker links to the chart view that shows the value.
  const marker = finding.getByRole('link', { name: /^source \d+$/ }).first();
  await expect(marker.getAttribute('href')).resolves.toMatch(
    /^\/datasets\/prc_hicp_manr\?chart_type=bar&.*country\[\]=EE/,
  );
  await expect(
    report.getByRole('link', { name: /\/api\/datasets\/prc_hicp_manr\/data\?.*format=csv$/ }).count(),
  ).resolves.toBe(1);
  await report.getByRole('img', { name: /^Chart: / }).waitFor();
  await report.getByText('Method notes').waitFor();
  await expect(page.getByRole('link', { name: BALTIC }).getAttribute('aria-current')).resolves.toBe('page');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export Markdown' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^research-report-.+\.md$/);
  const markdown = await readFile((await download.path())!, 'utf8');
  expect(markdown).toContain(`# ${BALTIC}`);
  expect(markdown).toContain('| Period | Estonia | Latvia | Lithuania |');

  if (process.env.RESEARCHER_SHOTS) {
    for (const theme of ['light', 'dark'] as const)
      for (const width of [375, 1280]) {
        await page.emulateMedia({ colorScheme: theme });
        await page.evaluate((t) => {
          document.documentElement.classList.toggle('dark', t === 'dark');
        }, theme);
        await page.setViewportSize({ width, height: 900 });
        await afterTwoFrames(page);
        await page.screenshot({ path: `${process.env.RESEARCHER_SHOTS}/report-${width}-${theme}.png`, fullPage: true });
      }
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  const shareUrl = (await page.locator('[data-share-link]').getAttribute('href'))!;
  expect(new URL(shareUrl).pathname).toMatch(/^\/researcher\/reports\/[A-Za-z0-9_-]{40,}$/);
  const fresh = await newContext(browser);
  try {
    const visitor = await fresh.newPage();
    const res = await visitor.goto(new URL(new URL(shareUrl).pathname, world.baseUrl).toString());
    expect(res?.status()).toBe(200);
    await visitor.getByRole('heading', { name: BALTIC }).waitFor();
    await expect(visitor.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');
    await expect(visitor.locator('[data-report]').textContent()).resolves.toContain('Estonia');
    if (process.env.RESEARCHER_SHOTS)
      await visitor.screenshot({ path: `${process.env.RESEARCHER_SHOTS}/shared-1280-light.png`, fullPage: true });
  } finally {
    await fresh.close();
  }
  expect(problems).toEqual([]);
});
