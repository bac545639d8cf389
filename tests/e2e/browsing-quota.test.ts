// Issue 35, item 4 (decision 184): loader data (`*.data`) counts against the daily limit, but a signed-in person
// browsing our pages in Chromium is not counted: the header's links prefetch loader data on hover
// (`<link rel="prefetch">`, which carries no header of ours) and client navigations fetch it. The settings page's usage
// summary must still say 0 requests today.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';
import { signUpAndConfirm, startAuthWorld, visit, type AuthWorld } from './auth-peers';

let browser: Browser;
let world: AuthWorld;

beforeAll(async () => {
  [browser, world] = await Promise.all([sharedBrowser(), startAuthWorld()]);
});
afterAll(async () => {
  await closeContexts(browser);
  await world?.stop();
});

it('does not count a signed-in reader’s prefetches and client navigations', async () => {
  const { page, problems } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await signUpAndConfirm(world, page, 'browser@example.org', 'Bea');
  const loaderData: { url: string; prefetch: boolean; status: number }[] = [];
  page.on('response', (res) => {
    if (!new URL(res.url()).pathname.endsWith('.data')) return;
    const purpose = res.request().headers()['sec-purpose'] ?? '';
    loaderData.push({ url: res.url(), prefetch: purpose.includes('prefetch'), status: res.status() });
  });
  await visit(page, `${world.baseUrl}/`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Hovering a header link prefetches its page's loader data.
  for (const name of ['Datasets', 'Statistics', 'Blog', 'Pricing']) {
    await nav.getByRole('link', { name }).hover();
    await expect.poll(() => loaderData.some((d) => d.prefetch && d.url.includes(name.toLowerCase()))).toBe(true);
  }
  // Client navigations (the token goes with their loader data).
  await nav.getByRole('link', { name: 'Datasets' }).click();
  await page.waitForURL(`${world.baseUrl}/datasets`);
  await nav.getByRole('link', { name: 'Pricing' }).click();
  await page.waitForURL(`${world.baseUrl}/pricing`);
  expect(loaderData.filter((d) => !d.prefetch).length).toBeGreaterThan(0);
  expect(loaderData.every((d) => d.status === 200)).toBe(true);

  await visit(page, `${world.baseUrl}/app/settings`);
  await expect(page.locator('[data-usage-summary]').textContent()).resolves.toMatch(/^Today: 0 of 1,000 requests/);
  expect(problems).toEqual([]);
});
