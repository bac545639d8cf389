// Following a chart in Chromium: one click on Follow on the dataset page → the chart page with that view, followed →
// the dashboard card shows the view; change the type, zoom and colour (a custom one) on /app/chart → reload; a second
// browser signs in through another chart's Follow button and lands on that chart followed in the view it showed, gets
// the first chart's saved view back, sees "Following" on the public page of that view and unfollows there → unfollow
// empties the dashboard. Several views of one dataset are several follows: "Following" only on the followed view, each
// followed in one click, both on the dashboard, and unfollowing offers Undo (issue 41, decision 198).
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bandShades } from '../../app/charts/core/color-bands';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';
import { password, ready, signUpAndConfirm, startAuthWorld, visit, type AuthWorld } from './auth-peers';

let browser: Browser;
let world: AuthWorld;

beforeAll(async () => {
  // A copy of the run's template database with the samples (e2e-global.ts): the charts shown are two of them.
  [browser, world] = await Promise.all([sharedBrowser(), startAuthWorld({ datasets: true })]);
});
afterAll(async () => {
  await closeContexts(browser);
  await world?.stop();
});

const widgetOf = (page: Page) => page.locator('[data-chart-widget]');
const zoomOf = (page: Page) => widgetOf(page).locator('g.map-zoom').getAttribute('transform');

/** How many of the five shades of #aa3355 the map's regions are filled with. */
async function customShades(page: Page): Promise<number> {
  const fills = await widgetOf(page)
    .locator('path.map-area')
    .evaluateAll((paths) => paths.map((p) => p.getAttribute('fill')));
  return bandShades('#aa3355').filter((shade) => fills.includes(shade)).length;
}

/** The page at 375 and 1280 px in light and dark (the account's theme is "system"), into FOLLOWS_SHOTS if set. */
async function shots(page: Page, name: string): Promise<void> {
  const out = process.env.FOLLOWS_SHOTS;
  if (!out) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await ready(page);
      await page.screenshot({ path: path.join(out, `${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await ready(page);
}

async function saved(page: Page) {
  await page.locator('[data-save-status="saved"]').waitFor();
}

it('follows a chart, keeps its type, zoom and own colour across reloads and devices, and unfollows', async () => {
  const { page, problems } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await signUpAndConfirm(world, page, 'follower@example.org', 'Fiona');
  await page.getByText('You are not following any charts yet.').waitFor();
  await expect(page.locator('[data-suggestions] li').count()).resolves.toBeGreaterThan(0);

  // The dataset page's Follow: the plan check passes, and in the same click the chart page opens with the view the
  // dataset page showed, followed.
  await visit(page, `${world.baseUrl}/datasets/tec00118`);
  const shownType = await widgetOf(page).getAttribute('data-chart-type');
  await widgetOf(page).getByRole('button', { name: 'Follow', exact: true }).click();
  await page.waitForURL(/\/app\/chart\?id=\d+&follow_id=\d+$/);
  await ready(page);
  const chartUrl = page.url();
  await widgetOf(page).getByRole('button', { name: 'Following' }).waitFor();
  const type = await widgetOf(page).getAttribute('data-chart-type');
  expect(type).toBe(shownType);

  await visit(page, `${world.baseUrl}/app/dashboard`);
  const card = page.locator('[data-follow-card]');
  await expect(card.count()).resolves.toBe(1);
  await expect(card.getAttribute('data-chart-type')).resolves.toBe(type);
  await expect(card.locator('[data-card-chart] svg').first().isVisible()).resolves.toBe(true);
  await expect(card.locator('[data-card-value]').textContent()).resolves.toMatch(/\d/);

  // Change the type and zoom on the chart page; both are saved.
  await card.getByRole('link', { name: 'Open' }).click();
  await page.waitForURL(chartUrl);
  await ready(page);
  await widgetOf(page)
    .getByRole('button', { name: /^Chart type:/ })
    .click();
  await page.getByRole('menuitemradio', { name: 'Map', exact: true }).click();
  await widgetOf(page).getByRole('button', { name: 'Zoom in' }).click();
  await widgetOf(page).getByRole('button', { name: 'Zoom in' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Inflation at a glance');
  // A colour of one's own from the colour popup shades the map.
  await widgetOf(page).getByRole('button', { name: 'Map colour' }).click();
  await page.getByRole('dialog', { name: 'Map colour' }).getByLabel('Custom colour').fill('#aa3355');
  await expect.poll(() => customShades(page)).toBeGreaterThanOrEqual(3);
  await saved(page);
  const zoom = await zoomOf(page);
  expect(zoom).toMatch(/scale\(1\.44/);

  await page.reload();
  await ready(page);
  await expect(widgetOf(page).getAttribute('data-chart-type')).resolves.toBe('map');
  await expect.poll(() => zoomOf(page)).toBe(zoom);
  await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe('Inflation at a glance');
  await expect(customShades(page)).resolves.toBeGreaterThanOrEqual(3);
  await widgetOf(page).getByRole('button', { name: 'Map colour' }).click();
  const custom = page.getByRole('dialog', { name: 'Map colour' }).getByRole('button', { name: 'Colour #aa3355' });
  await expect(custom.getAttribute('aria-pressed')).resolves.toBe('true');
  await page.keyboard.press('Escape');

  // Another device, signed out, on another dataset in a view of its own: Follow opens the sign-in modal; after
  // signing in, the chart page with that view, followed with it (decision 103).
  const other = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await visit(other.page, `${world.baseUrl}/datasets/prc_hicp_manr?chart_type=line&country[]=FR&country[]=IT`);
  await widgetOf(other.page).getByRole('button', { name: 'Follow', exact: true }).click();
  const dialog = other.page.getByRole('dialog', { name: 'Sign in or create an account' });
  await dialog.getByLabel('E-mail').fill('follower@example.org');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await other.page.waitForURL(
    (u) => u.pathname === '/app/chart' && u.searchParams.has('follow_id') && !u.searchParams.has('follow'),
  );
  await ready(other.page);
  await widgetOf(other.page).getByRole('button', { name: 'Following' }).waitFor();
  await expect(widgetOf(other.page).getAttribute('data-chart-type')).resolves.toBe('line');
  const legend = await widgetOf(other.page).locator('g.chart-legend, g.line-labels').first().textContent();
  expect(legend).toContain('France');
  expect(legend).toContain('Italy');
  // The first chart on this device: its saved view.
  await visit(other.page, chartUrl);
  await widgetOf(other.page).getByRole('button', { name: 'Following' }).waitFor();
  await expect(widgetOf(other.page).getAttribute('data-chart-type')).resolves.toBe('map');
  await expect.poll(() => zoomOf(other.page)).toBe(zoom);
  // The public page of the followed view knows the follow: "Following", and a click there unfollows.
  await visit(other.page, `${world.baseUrl}/datasets/prc_hicp_manr?chart_type=line&country[]=FR&country[]=IT`);
  await widgetOf(other.page).getByRole('button', { name: 'Following' }).click();
  await other.page.getByText('You no longer follow this chart.').waitFor();
  await widgetOf(other.page).getByRole('button', { name: 'Follow', exact: true }).waitFor();

  await visit(page, `${world.baseUrl}/app/dashboard`);
  await expect(page.locator('[data-follow-card]').getAttribute('data-chart-type')).resolves.toBe('map');
  await page.getByRole('heading', { name: 'Inflation at a glance' }).waitFor();
  await shots(page, 'dashboard');
  await visit(page, chartUrl);
  await shots(page, 'chart-page');

  // Unfollow from the chart page: the dashboard is empty again.
  await visit(page, chartUrl);
  await widgetOf(page).getByRole('button', { name: 'Following' }).click();
  await page.getByText('You no longer follow this chart.').waitFor();
  await widgetOf(page).getByRole('button', { name: 'Follow', exact: true }).waitFor();
  await visit(page, `${world.baseUrl}/app/dashboard`);
  await page.getByText('You are not following any charts yet.').waitFor();

  expect(problems).toEqual([]);
  // Signed out, the Follow button's plan check is refused: that is how the page knows to open the modal.
  expect(other.problems.filter((p) => !/^401 \S+\/api\/account\/current-plan$/.test(p))).toEqual([]);
  // Two browsers, a sign-up, a sign-in and a dozen page loads: more than the suite's minute on a busy machine.
});

it('follows the view on screen in one click, several views of one dataset, and offers Undo', async () => {
  const { page, problems } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await signUpAndConfirm(world, page, 'views@example.org', 'Vera');
  const view = (countries: string[]) =>
    `${world.baseUrl}/datasets/prc_hicp_manr?chart_type=line&${countries.map((c) => `country[]=${c}`).join('&')}`;
  const follow = () => widgetOf(page).getByRole('button', { name: 'Follow', exact: true });
  const following = () => widgetOf(page).getByRole('button', { name: 'Following' });
  const followIdOf = () => new URL(page.url()).searchParams.get('follow_id');

  // Germany and France, followed in one click.
  await visit(page, view(['DE', 'FR']));
  await follow().click();
  await page.waitForURL(/\/app\/chart\?id=\d+&follow_id=\d+$/);
  await following().waitFor();
  const germanyFrance = followIdOf();
  // Spain and Italy, the same dataset: not "Following"; one click follows it too, as a second follow.
  await visit(page, view(['ES', 'IT']));
  await follow().waitFor();
  await expect(following().count()).resolves.toBe(0);
  await follow().click();
  await page.waitForURL(/\/app\/chart\?id=\d+&follow_id=\d+$/);
  await following().waitFor();
  expect(followIdOf()).not.toBe(germanyFrance);
  await expect(widgetOf(page).locator('g.chart-legend, g.line-labels').first().textContent()).resolves.toMatch(
    /Spain[\s\S]*Italy|Italy[\s\S]*Spain/,
  );
  // Back on Germany and France: still followed.
  await visit(page, view(['DE', 'FR']));
  await following().waitFor();

  // Both on the dashboard, each card with its key naming what it draws and a headline about one of them.
  await visit(page, `${world.baseUrl}/app/dashboard`);
  const cards = page.locator('[data-follow-card]');
  await expect(cards.count()).resolves.toBe(2);
  const keys = await cards.evaluateAll((els) =>
    els.map((el) => el.querySelector('[data-card-chart] .dark\\:hidden svg')?.textContent ?? ''),
  );
  expect(keys.some((k) => k.includes('Germany') && k.includes('France'))).toBe(true);
  expect(keys.some((k) => k.includes('Spain') && k.includes('Italy'))).toBe(true);
  const headlines = await cards.locator('[data-card-label]').allTextContents();
  expect(headlines.some((h) => /Germany|France/.test(h))).toBe(true);
  expect(headlines.some((h) => /Spain|Italy/.test(h))).toBe(true);
  await shots(page, 'dashboard-views');

  // Remove on the dashboard takes the card away and offers Undo, which brings it back.
  await cards.first().getByRole('button', { name: 'Remove' }).click();
  await expect.poll(() => cards.count()).toBe(1);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => cards.count()).toBe(2);

  // Unfollowing on the dataset page says so and offers Undo; Undo follows the same view again.
  await visit(page, view(['ES', 'IT']));
  await following().click();
  await page.getByText('You no longer follow this chart.').waitFor();
  await follow().waitFor();
  await page.getByRole('button', { name: 'Undo' }).click();
  await following().waitFor();
  await page.getByText('Following: this chart is on your dashboard.').waitFor();
  // Unfollowed for good: the other view stays followed.
  await following().click();
  await follow().waitFor();
  await visit(page, `${world.baseUrl}/app/dashboard`);
  await expect(cards.count()).resolves.toBe(1);
  await expect(cards.locator('[data-card-label]').textContent()).resolves.toMatch(/Germany|France/);
  expect(problems).toEqual([]);
});

it('reorders the dashboard by keyboard and by dragging, and keeps the order', async () => {
  const { page, problems } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await signUpAndConfirm(world, page, 'orderer@example.org', 'Olga');
  await page.getByText('You are not following any charts yet.').waitFor();
  for (const code of ['tec00118', 'prc_hicp_manr']) {
    const status = await page.evaluate(async (dataset_code) => {
      const res = await fetch('/api/account/follows', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ dataset_code, settings: { chart_type: 'line' } }),
      });
      return res.status;
    }, code);
    expect(status).toBe(201);
  }
  await visit(page, `${world.baseUrl}/app/dashboard`);
  const cards = page.locator('[data-follow-card]');
  await expect(cards.count()).resolves.toBe(2);
  const ids = () => cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-follow-card')));
  const [first, second] = await ids();

  // Keyboard: the first card's Move button and the right arrow put it second; the order is announced and saved.
  const firstTitle = (await cards.first().locator('h3').textContent())!;
  await page.getByRole('button', { name: `Move ${firstTitle}` }).focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(ids).toEqual([second, first]);
  await expect(page.getByRole('status').filter({ hasText: 'moved to position 2 of 2' }).count()).resolves.toBe(1);
  await expect(page.getByRole('button', { name: 'My order' }).getAttribute('aria-pressed')).resolves.toBe('true');
  // Focus stays on the moved card's handle, so the next arrow moves it again.
  await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
    `Move ${firstTitle}`,
  );
  await expect.poll(async () => new URL(page.url()).searchParams.get('order')).toBe('mine');
  await page.reload();
  await expect.poll(ids).toEqual([second, first]);

  // Mouse: drag the second card onto the first.
  await cards.nth(1).dragTo(cards.nth(0));
  await expect.poll(ids).toEqual([first, second]);
  await page.reload();
  await expect.poll(ids).toEqual([first, second]);
  expect(problems).toEqual([]);
});
