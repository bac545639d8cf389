// The small things a new user met (issue 41, item 12; decision 208), at 375 and 1280 px, light and dark: home cards of
// one row are as tall as each other, a place offers no category chip without datasets, the catalogue's search
// placeholder fits its box, the table caption does not double its parentheses, and a line chart that draws an
// aggregate says what its dashes mean. PAGE_SHOTS=<folder> saves the pages there, to look at.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser, waitForMeasuredCharts } from '../setup/browser';

let browser: Browser;
const baseUrl = inject('baseUrl');
const shots = process.env.PAGE_SHOTS;
const widths = [375, 1280] as const;
const themes = ['light', 'dark'] as const;

beforeAll(async () => {
  browser = await sharedBrowser();
  if (shots) mkdirSync(shots, { recursive: true });
});
afterAll(() => closeContexts(browser));

async function open(width: number, theme: 'light' | 'dark', url: string): Promise<{ page: Page; problems: string[] }> {
  const opened = await newPage(browser, { viewport: { width, height: 900 }, colorScheme: theme });
  await opened.page.context().addCookies([{ name: 'theme', value: theme, url: baseUrl }]);
  const res = await opened.page.goto(`${baseUrl}${url}`);
  expect(res?.status(), url).toBe(200);
  await waitForMeasuredCharts(opened.page);
  return opened;
}

async function shot(page: Page, name: string, width: number, theme: string): Promise<void> {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}-${width}-${theme}.png`), fullPage: true });
}

/** Cards of a grid list that share a row but not a height: "top: heights" of each ragged row. */
function raggedRows(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const ragged: string[] = [];
    for (const list of Array.from(document.querySelectorAll(sel))) {
      const rows = new Map<number, number[]>();
      for (const card of Array.from(list.children)) {
        const box = card.getBoundingClientRect();
        if (box.height === 0) continue;
        const top = Math.round(box.top);
        rows.set(top, [...(rows.get(top) ?? []), Math.round(box.height)]);
      }
      for (const [top, heights] of rows)
        if (Math.max(...heights) - Math.min(...heights) > 1) ragged.push(`${top}: ${heights.join(', ')}`);
    }
    return ragged;
  }, selector);
}

for (const width of widths) {
  for (const theme of themes) {
    it(`home at ${width}px, ${theme}: cards of a row are equally tall; the featured chart explains its dashes`, async () => {
      const { page, problems } = await open(width, theme, '/');
      expect(await raggedRows(page, 'main ul.grid')).toEqual([]);
      // The inflation chart draws the euro area and the EU as dashed lines: its key says so.
      const notes = await page.locator('main svg .chart-note').allTextContents();
      expect(notes.join(' ')).toContain('Dashed: aggregate of countries');
      await shot(page, 'home', width, theme);
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it(`a region page at ${width}px, ${theme}: every category chip leads to datasets`, async () => {
      const { page, problems } = await open(width, theme, '/statistics/germany/bayern');
      const chips = page.locator('a[href^="/statistics/germany/bayern/categories/"]');
      const counts = (await chips.evaluateAll((links) => links.map((a) => a.querySelector('span')?.textContent))).map(
        Number,
      );
      expect(counts.length).toBeGreaterThan(0);
      expect(counts.filter((n) => !(n > 0))).toEqual([]);
      await shot(page, 'statistics-bayern', width, theme);
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it(`the catalogue's search at ${width}px, ${theme}: the placeholder fits its box`, async () => {
      const { page, problems } = await open(width, theme, '/datasets?q=unemployment');
      const search = page.locator('input[type="search"]').first();
      const fit = await search.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: input.placeholder, needed: context.measureText(input.placeholder).width, room };
      });
      expect(fit.text).toBe('Search, e.g. unemployment germany');
      expect(fit.needed).toBeLessThanOrEqual(fit.room);
      await shot(page, 'datasets-search', width, theme);
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
}

it('writes the table caption as "title · unit", with no doubled parentheses', async () => {
  const { page, problems } = await open(
    1280,
    'light',
    '/datasets/prc_hicp_manr?chart_type=table&country[]=DE&country[]=FR&time_start=1/2024',
  );
  const caption = (await page.locator('[data-chart-widget] table caption').first().textContent()) ?? '';
  expect(caption).toContain(' · ');
  expect(caption).not.toMatch(/\)\)|\(\(/);
  expect(problems).toEqual([]);
  await page.context().close();
});
