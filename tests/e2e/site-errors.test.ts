// The 404 and error pages with their two buttons, the plain page for crawlers, and API addresses typed in the browser.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { closeContexts, newContext, newPage, sharedBrowser } from '../setup/browser';

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

it('answers an unmatched route with the 404 page inside the layout', async () => {
  const { page, problems } = await newPage(browser, human);
  const res = await page.goto(`${baseUrl}/no/such/page`);
  expect(res?.status()).toBe(404);
  await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
  await page.getByText('The page you are looking for does not exist.').waitFor();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  expect(await page.title()).toBe('Page Not Found');
  expect(problems).toEqual([]);
  await page.context().close();
});

it('goes back one step with Go Back and home with Go Home, clearing the error', async () => {
  const { page, problems } = await newPage(browser, human);
  await page.goto(`${baseUrl}/pricing`);
  await page.getByRole('heading', { level: 1, name: 'Free to read. Pro for unlimited API access.' }).waitFor();
  await page.goto(`${baseUrl}/missing-page`);
  await page.getByRole('button', { name: 'Go Back' }).click();
  await page.waitForURL(`${baseUrl}/pricing`);
  await page.getByRole('heading', { level: 1, name: 'Free to read. Pro for unlimited API access.' }).waitFor();

  await page.goto(`${baseUrl}/about`);
  await page.goto(`${baseUrl}/still-missing`);
  await page.getByRole('button', { name: 'Go Home' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole('heading', { level: 1, name: 'European statistics, exactly as published' }).waitFor();
  expect(await page.getByText('Page Not Found').count()).toBe(0);
  expect(problems).toEqual([]);
  await page.context().close();
});

it('shows Something went wrong with both buttons on the error page', async () => {
  const { page } = await newPage(browser, human);
  await page.goto(`${baseUrl}/`);
  await page.goto(`${baseUrl}/error`);
  await page.getByText('An unexpected error occurred. Please try again.').waitFor();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.goto(`${baseUrl}/error`);
  await page.getByRole('button', { name: 'Go Home' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.context().close();
});

it('gives crawlers the status code and a plain page', async () => {
  const context = await newContext(browser, {
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  });
  const page = await context.newPage();
  const res = await page.goto(`${baseUrl}/no/such/page`);
  expect(res?.status()).toBe(404);
  await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
  expect(await page.getByRole('button').count()).toBe(0);
  expect(await page.getByRole('navigation').count()).toBe(0);
  await context.close();
});

it('sends an API address typed in the browser to /api-endpoint-error and keeps it in session storage', async () => {
  const { page, problems } = await newPage(browser, human);
  await page.goto(`${baseUrl}/api/no-such-endpoint?country=DE`);
  await page.waitForURL(`${baseUrl}/api-endpoint-error`);
  await page.getByRole('heading', { level: 1, name: 'API request limit exceeded or endpoint error' }).waitFor();
  const stored = await page.evaluate(() => sessionStorage.getItem('attempted-api-url'));
  expect(stored).toBe(`${baseUrl}/api/no-such-endpoint?country=DE`);
  await page.getByTestId('attempted-api-url').getByText(`${baseUrl}/api/no-such-endpoint?country=DE`).waitFor();
  expect(problems).toEqual([]);
  await page.context().close();
});

it('lets the allowed API paths open in the browser', async () => {
  const { page } = await newPage(browser, human);
  const res = await page.goto(`${baseUrl}/api/datasets/tec00118/meta`);
  expect(res?.status()).toBe(200);
  expect(page.url()).toBe(`${baseUrl}/api/datasets/tec00118/meta`);
  expect(JSON.parse((await res?.text()) ?? '{}').dataset_code).toBe('tec00118');
  const robots = await page.goto(`${baseUrl}/api/robots`);
  expect(await robots?.text()).toContain('Sitemap:');
  await page.context().close();
});
