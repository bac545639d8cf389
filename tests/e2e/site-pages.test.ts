// Every public page of the site: status, title, canonical address, sharing image and the content a visitor came for.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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

const pages: { path: string; title: string; heading: string; text: string }[] = [
  {
    path: '/',
    title: 'Statistics publisher: European inflation',
    heading: 'European statistics, exactly as published',
    text: 'Inflation by country',
  },
  // The whole of Eurostat's table of contents (the mirror's, read on first start), the samples imported among them.
  { path: '/datasets', title: 'Datasets · Statistics publisher', heading: 'Datasets', text: '6,953 datasets' },
  {
    path: '/about',
    title: 'About · Statistics publisher',
    heading: 'Official statistics, readable by everyone',
    text: 'Published values',
  },
  {
    path: '/contact',
    title: 'Contact · Statistics publisher',
    heading: 'Write to us',
    text: 'answer within two working days',
  },
  {
    path: '/pricing',
    title: 'Pricing · Statistics publisher',
    heading: 'Free to read. Pro for unlimited API access.',
    text: 'Data API: 1,000 requests a day',
  },
  {
    path: '/terms',
    title: 'Terms of use · Statistics publisher',
    heading: 'Terms of use',
    text: 'Creative Commons Attribution 4.0',
  },
  {
    path: '/privacy',
    title: 'Privacy notice · Statistics publisher',
    heading: 'Privacy notice',
    text: 'attempted-api-url (session storage)',
  },
  {
    path: '/researcher',
    title: 'For researchers · Statistics publisher',
    heading: 'Official series you can cite and reproduce',
    text: 'nama_10r_3gdp',
  },
  {
    path: '/collaboration',
    title: 'Collaboration · Statistics publisher',
    heading: 'Statistics are better read together',
    text: 'Propose a dataset',
  },
  {
    path: '/api-developers',
    title: 'API for developers · Statistics publisher',
    heading: 'Build with official European statistics',
    text: 'If-None-Match',
  },
  {
    path: '/statistics-api',
    title: 'Statistics API · Statistics publisher',
    heading: 'European statistics in one HTTP request',
    text: '"Germany": 11.6',
  },
  {
    path: '/trend-tracking',
    title: 'Trend tracking · Statistics publisher',
    heading: 'Know when the figures move',
    text: 'Biggest changes over twelve months',
  },
  {
    path: '/content-writer-case-study',
    title: 'Case study: writing about the 2022 inflation peak',
    heading: 'From a question to a published chart in one sitting',
    text: '22.5% in Estonia',
  },
  {
    path: '/api-docs',
    title: 'API reference · Statistics publisher',
    heading: 'API reference',
    text: 'Generated from the API’s own OpenAPI 3.1 document',
  },
  {
    path: '/error',
    title: 'Something went wrong',
    heading: 'Something went wrong',
    text: 'An unexpected error occurred. Please try again.',
  },
  {
    path: '/api-endpoint-error',
    title: 'API request limit exceeded or endpoint error',
    heading: 'API request limit exceeded or endpoint error',
    text: 'The endpoint does not exist',
  },
  {
    path: '/api-limit-exceeded',
    title: 'Daily API request limit reached',
    heading: 'Daily API request limit reached',
    text: 'Upgrade to Pro for unlimited access',
  },
];

describe('public pages', () => {
  for (const p of pages) {
    it(`${p.path} answers with its title, canonical address and content`, async () => {
      const { page, problems } = await newPage(browser, human);
      const res = await page.goto(`${baseUrl}${p.path}`);
      expect(res?.status()).toBe(200);
      expect(await page.title()).toContain(p.title);
      await page.getByRole('heading', { level: 1, name: p.heading }).waitFor();
      await page.getByText(p.text, { exact: false }).first().waitFor();
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(canonical).toBe(`${baseUrl}${p.path}`);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length).toBeGreaterThan(40);
      const image = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(image).toBe(`${baseUrl}/api/og-image?path=${encodeURIComponent(p.path)}`);
      await page.getByRole('navigation', { name: 'Company' }).getByRole('link', { name: 'Privacy' }).waitFor();
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});

it('shows live charts of real data and the country grid on the home page', async () => {
  const { page, problems } = await newPage(browser, human);
  await page.goto(`${baseUrl}/`);
  const widgets = page.locator('[data-chart-widget][data-state="rendered"]');
  await widgets.first().waitFor();
  expect(await widgets.count()).toBe(2);
  await page
    .getByRole('img', { name: /Inflation in the euro area and the EU/ })
    .first()
    .waitFor();
  const grid = page.locator('a[href^="/blog/inflation-"]');
  expect(await grid.count()).toBe(28);
  expect(await grid.first().getAttribute('href')).toBe('/blog/inflation-albania');
  await page.getByRole('link', { name: /Germany\s*2\.1% · May 2025/ }).waitFor();
  // The euro-area and EU lines end at 4/2025 (neither has 5/2025 yet); the countries beside them reach May 2025,
  // so the chart names the newer, partial month and links to it.
  const inflation = widgets.filter({ has: page.getByRole('img', { name: /Inflation in the euro area and the EU/ }) });
  const note = inflation.locator('[data-coverage-note] a');
  await expect(note.textContent()).resolves.toBe('5/2025: 21 of 45 places');
  await expect(note.getAttribute('href')).resolves.toBe('/datasets/prc_hicp_manr?time_end=5/2025');
  expect(problems).toEqual([]);
  await page.context().close();
});

it('filters the catalogue by category, geography and frequency and sorts it', async () => {
  const { page, problems } = await newPage(browser, human);
  await page.goto(`${baseUrl}/datasets`);
  await page.getByLabel('Category').selectOption('prices');
  await page.waitForURL(/\?category=prices$/);
  await page.getByText('2 datasets').waitFor();
  await page.getByLabel('Frequency').selectOption('M');
  await page.waitForURL(/\?category=prices&frequency=M$/);
  await page.getByText(/^1 dataset\b/).waitFor();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await page.getByText('6,953 datasets').waitFor();
  await page.getByLabel('Geography').selectOption('UA');
  await page.waitForURL(/\?geo=UA$/);
  await page.getByText(/^1 dataset\b/).waitFor();
  await page.getByRole('link', { name: 'Real GDP growth rate - volume' }).waitFor();
  await page.goto(`${baseUrl}/datasets?sort=name`);
  // Fifty a page, by name (lower case, code point order); a dataset's breadcrumb links are not names.
  const names = (await page.locator('main li > a').allTextContents()).map((n) => n.toLowerCase());
  expect(names).toHaveLength(50);
  expect(names).toEqual([...names].sort());
  expect(await page.title()).toBe('Datasets · Statistics publisher');
  expect(problems).toEqual([]);
  await page.context().close();
});

it('checks the contact form, then sends it', async () => {
  const { page, problems } = await newPage(browser, human);
  await page.goto(`${baseUrl}/contact`);
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.getByText('Please enter your name').waitFor();
  await page.getByText('Please enter a valid e-mail address').waitFor();
  await page.getByLabel('Name').fill('Jonas Berg');
  await page.getByLabel('E-mail').fill('jonas.berg@example.org');
  await page.getByLabel('Topic').selectOption('api');
  await page.getByLabel('Message').fill('Can the API return NUTS 2 regions of one country only, e.g. geo=DE1*?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.getByText('Thank you, your message was sent.').waitFor();
  expect(problems).toEqual([]);
  await page.context().close();
});

it('renders the API reference from the OpenAPI document and sends a request from its try-it form', async () => {
  const { page, problems } = await newPage(browser, human);
  await page.goto(`${baseUrl}/api-docs`);
  const list = page.locator('article', { has: page.getByText('List and search datasets', { exact: true }) });
  await list.waitFor();
  await list.getByLabel('q', { exact: true }).fill('unemployment');
  await list.getByRole('button', { name: 'Send request' }).click();
  const response = list.getByRole('status', { name: 'Response' });
  await response.getByText('200 OK').waitFor();
  await response.getByText('"dataset_code": "une_rt_m"').waitFor();
  expect(problems).toEqual([]);
  await page.context().close();
});
