// Navigation behaviour: scroll to top or to the hash, the build manifest reload with its guard, and debug logging.
import type { Browser } from 'playwright-core';
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

it('scrolls to the top on navigation and to the hash target when there is one', async () => {
  const { page, problems } = await newPage(browser, { ...human, viewport: { width: 1280, height: 700 } });
  await page.goto(`${baseUrl}/about`);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByRole('navigation', { name: 'Product' }).getByRole('link', { name: 'Pricing' }).click();
  await page.getByRole('heading', { level: 1, name: 'Free to read. Pro for unlimited API access.' }).waitFor();
  await page.waitForFunction(() => window.scrollY === 0);

  await page.goto(`${baseUrl}/researcher#catalogue`);
  await page.waitForFunction(() => {
    const top = document.getElementById('catalogue')!.getBoundingClientRect().top;
    return window.scrollY > 200 && Math.abs(top) < 60;
  });
  expect(problems).toEqual([]);
  await page.context().close();
});

it('loads a fresh page on the next navigation once a new build is out, at most once in 10 s', async () => {
  const { page, problems } = await newPage(browser, human);
  let version = 'current';
  await page.route('**/builds/latest.json', async (route) => {
    if (version === 'current') return route.continue();
    await route.fulfill({ json: { version, servingSince: new Date().toISOString() } });
  });
  await page.goto(`${baseUrl}/about`);
  await page.waitForLoadState('networkidle');
  // Same build: navigation stays client-side (the marker survives).
  await page.evaluate(() => ((window as any).__marker = 1));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await page.waitForURL(`${baseUrl}/pricing`);
  expect(await page.evaluate(() => (window as any).__marker)).toBe(1);

  // A new build appears; the page learns of it when the tab becomes visible again. Debug logging says when it has
  // (a wait on that line, not on a time after the manifest's response: the page reads the body after it).
  version = 'newer-build';
  await page.evaluate(() => localStorage.setItem('debug', '1'));
  const learned = page.waitForEvent('console', (m) => m.text().startsWith('[debug:build] new build newer-build'));
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await learned;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
  await page.waitForURL(`${baseUrl}/datasets`);
  await page.getByRole('heading', { level: 1, name: 'Datasets' }).waitFor();
  expect(await page.evaluate(() => (window as any).__marker)).toBeUndefined();

  // The reloaded page still sees a different build, but the guard allows no second reload within 10 s.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => ((window as any).__marker = 2));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await page.waitForURL(`${baseUrl}/pricing`);
  expect(await page.evaluate(() => (window as any).__marker)).toBe(2);
  expect(problems).toEqual([]);
  await page.context().close();
});

it('serves the build manifest the pages poll', async () => {
  const res = await fetch(`${baseUrl}/builds/latest.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const body = (await res.json()) as { version: string };
  expect(body.version).toMatch(/^[0-9a-f]{8}$/);
});

it('logs navigations to the console when local storage debug is 1', async () => {
  const { page, problems } = await newPage(browser, human);
  const lines: string[] = [];
  page.on('console', (m) => m.type() === 'debug' && lines.push(m.text()));
  await page.goto(`${baseUrl}/about`);
  await page.waitForLoadState('networkidle');
  expect(lines).toEqual([]);
  await page.evaluate(() => localStorage.setItem('debug', '1'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await page.waitForURL(`${baseUrl}/pricing`);
  await expect.poll(() => lines.some((l) => l.startsWith('[debug:navigation] /pricing'))).toBe(true);
  expect(problems).toEqual([]);
  await page.context().close();
});
