// Light, dark and system colour modes: the choice persists in a cookie and the server renders it (no flash).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';

let browser: Browser;
const baseUrl = inject('baseUrl');
/** A desktop Chrome user agent: headless Chromium's own counts as a crawler, which gets the plain error page. */
const human = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
};

beforeAll(async () => {
  browser = await sharedBrowser();
});
afterAll(() => closeContexts(browser));

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

it('switches to dark, keeps it after a reload with the class in the server HTML, and back to light', async () => {
  const { page, problems } = await newPage(browser, { ...human, colorScheme: 'light' });
  await page.goto(`${baseUrl}/pricing`);
  expect(await isDark(page)).toBe(false);
  await page.getByRole('radio', { name: 'Dark theme' }).click();
  expect(await isDark(page)).toBe(true);
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/logo-grey.svg');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'theme');
  expect(cookie).toMatchObject({ value: 'dark', path: '/', sameSite: 'Lax' });
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(399 * 24 * 3600);

  // No flash: the document as the server sends it is already dark, with the grey logo.
  const res = await page.reload();
  const html = (await res?.text()) ?? '';
  expect(html).toMatch(/<html lang="en" class="dark"/);
  expect(html).toContain('<link rel="icon" href="/logo-grey.svg"');
  expect(await isDark(page)).toBe(true);
  expect(await page.getByRole('radio', { name: 'Dark theme' }).getAttribute('aria-checked')).toBe('true');

  await page.getByRole('radio', { name: 'Light theme' }).click();
  expect(await isDark(page)).toBe(false);
  const light = await page.reload();
  expect((await light?.text()) ?? '').not.toMatch(/<html[^>]*class="dark"/);
  expect(problems).toEqual([]);
  await page.context().close();
});

it('follows the system in system mode before the page paints', async () => {
  const { page, problems } = await newPage(browser, { ...human, colorScheme: 'dark' });
  await page.goto(`${baseUrl}/about`);
  expect(await isDark(page)).toBe(true);
  expect(await page.getByRole('radio', { name: 'System theme' }).getAttribute('aria-checked')).toBe('true');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/logo-light.svg');
  expect(problems).toEqual([]);
  await page.context().close();
});

it('switches the header logo between the light and the grey version', async () => {
  const { page } = await newPage(browser, { ...human, colorScheme: 'light' });
  await page.goto(`${baseUrl}/`);
  const fill = () =>
    page
      .locator('header [data-logo] rect')
      .first()
      .evaluate((el) => getComputedStyle(el).fill);
  expect(await fill()).toBe('rgb(57, 181, 74)');
  await page.getByRole('radio', { name: 'Dark theme' }).click();
  expect(await fill()).not.toBe('rgb(57, 181, 74)');
  await page.context().close();
});
