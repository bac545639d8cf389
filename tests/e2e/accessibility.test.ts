// WCAG 2.2 A and AA (issue 40): axe-core's rules of those levels on every kind of page, light and dark, at 375 and
// 1280 px; any violation fails with its rule, element and page (decision 207).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from '../setup/browser';
import { openModal, signUpAndConfirm, startAuthWorld, visit, type AuthWorld } from './auth-peers';

let browser: Browser;
let world: AuthWorld;
const baseUrl = inject('baseUrl');
/** A desktop Chrome user agent: headless Chromium's own counts as a crawler, which gets the plain error page. */
const human = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
};
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: the rules the issue asks for, no best practices. */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const widths = [1280, 375] as const;

const admin = 'a11y.admin@example.org';

beforeAll(async () => {
  // A server of its own for the signed-in pages: its mail peer confirms the sign-up, ADMIN_EMAILS opens the admin pages.
  [browser, world] = await Promise.all([
    launchBrowser(),
    startAuthWorld({ datasets: true, env: { ADMIN_EMAILS: admin } }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await world?.stop();
});

const regions = '&country[]=DE1&country[]=DE2&country[]=FR1';
/** One page of each kind the visitor can reach without an account. */
const publicPages = [
  '/',
  '/datasets',
  '/datasets?q=inflation',
  // The dataset's own default view (every country in bars), then each chart type.
  '/datasets/prc_hicp_manr',
  '/datasets/prc_hicp_manr?chart_type=line&country[]=DE&country[]=FR&country[]=IT&time_start=1/2020',
  '/datasets/prc_hicp_manr?chart_type=bar&country[]=DE&country[]=FR&country[]=IT&time_start=4/2025',
  '/datasets/prc_hicp_manr?chart_type=horizontal-bar&time_end=5/2025',
  '/datasets/prc_hicp_manr?chart_type=map&time_end=5/2025',
  '/datasets/prc_hicp_manr?chart_type=table&country[]=DE&country[]=FR&time_start=1/2024',
  `/datasets/nama_10r_3gdp?chart_type=map&dimension[]=dim1:EUR_HAB${regions}`,
  '/datasets/prc_hicp_manr?embed=true&chart_type=line&country[]=DE&country[]=FR&country[]=EA20&time_start=1/2020',
  '/statistics',
  '/statistics/germany',
  '/statistics/germany/bayern',
  '/blog',
  '/blog/inflation-germany',
  '/pricing',
  '/api-docs',
  '/about',
  '/contact',
  '/researcher',
  '/api-developers',
  '/error',
  '/api-limit-exceeded',
  '/no-such-page',
];

interface Violation {
  rule: string;
  impact: string | null;
  targets: string[];
}

/** Runs axe-core's WCAG A/AA rules on the page as it is now. */
async function violations(page: Page): Promise<Violation[]> {
  // Through the DevTools protocol, as a page's own script: the page's CSP (nonces) does not apply to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (runOnly) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } })
      .axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: runOnly }, resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? null,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  }, tags);
}

/** Pages for a signed-in account (an admin): the sign-in screens come before, on the same server. */
const signedInPages = [
  '/app/dashboard',
  '/app/chart?id=1',
  '/app/settings',
  '/app/notifications',
  '/app/chat',
  '/app/researcher',
  '/app/statistics',
  '/app/robot',
  '/app/admin/imports',
];

/** The page settled: hydrated (it knows the session) and its charts drawn at their measured width. */
async function settle(page: Page): Promise<void> {
  // An embed is the server's drawing with a small script of its own: it never hydrates, nothing to wait for.
  if (new URL(page.url()).searchParams.get('embed') === 'true') return;
  await page.locator('html[data-auth="ready"]').waitFor({ state: 'attached' });
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-chart-widget]')).every((el) => el.hasAttribute('data-measured')),
  );
}

/** Every violation of `paths` (on `base`) in this colour scheme at both widths, one line each. */
async function audit(
  theme: 'light' | 'dark',
  paths: string[],
  base = baseUrl,
  options: BrowserContextOptions = {},
): Promise<string[]> {
  const { page } = await newPage(browser, {
    ...human,
    ...options,
    colorScheme: theme,
    viewport: { width: widths[0], height: 900 },
  });
  const found: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: widths[0], height: 900 });
    await page.goto(`${base}${path}`);
    found.push(...(await auditWidths(page, theme, path)));
  }
  await page.context().close();
  return found;
}

/** The page as it is, at each width. */
async function auditWidths(page: Page, theme: string, label: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    for (const v of await violations(page))
      for (const target of v.targets) found.push(`${theme} ${width}px ${label}: ${v.rule} (${v.impact}) at ${target}`);
  }
  return found;
}

// Concurrent: the three share the browser and mostly wait on the servers and Chromium, which overlap on two cores.
describe.concurrent('WCAG 2.2 A and AA (axe-core)', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`public pages, ${theme}`, async () => {
      expect(await audit(theme, publicPages)).toEqual([]);
    }, 120_000);
  }

  it('sign-in screens and signed-in pages, light and dark', async () => {
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const { page } = await newPage(browser, { ...human, colorScheme: theme, viewport: { width: 1280, height: 900 } });
      await visit(page, `${world.baseUrl}/`);
      await openModal(page);
      found.push(...(await auditWidths(page, theme, 'sign-in dialog')));
      await page.context().close();
    }
    found.push(...(await audit('light', ['/auth', '/check-email?email=reader%40example.org'], world.baseUrl)));
    const { page } = await newPage(browser, { ...human, viewport: { width: 1280, height: 900 } });
    await signUpAndConfirm(world, page, admin, 'Ada');
    const storageState = await page.context().storageState();
    await page.context().close();
    for (const theme of ['light', 'dark'] as const)
      found.push(...(await audit(theme, signedInPages, world.baseUrl, { storageState })));
    expect(found).toEqual([]);
  }, 180_000);
});
