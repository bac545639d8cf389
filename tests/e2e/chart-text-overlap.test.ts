// No chart writes one text over another (issue 41): every imported dataset, as line, bar, horizontal bar and map, in
// its default view and in a view of a few places with an aggregate, at 375 and 1280 px; then the statistics pages'
// charts. The text boxes of each chart SVG are measured in the browser (rotated labels as turned boxes) and any two that
// overlap fail the test. The datasets are the catalogue's imported ones, not a list named here.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { afterTwoFrames, closeContexts, newPage, sharedBrowser, waitForMeasuredCharts } from '../setup/browser';

let browser: Browser;
const baseUrl = inject('baseUrl');
/** VIEW_SHOTS=<folder>: each view is saved there at both widths and themes, to look at (the checks run either way). */
const shots = process.env.VIEW_SHOTS;
const WIDTHS = [375, 1280] as const;
const TYPES = ['line', 'bar', 'horizontal-bar', 'map'] as const;

beforeAll(async () => {
  browser = await sharedBrowser();
  if (shots) mkdirSync(shots, { recursive: true });
});
afterAll(() => closeContexts(browser));

interface Overlap {
  a: string;
  b: string;
}

/**
 * Pairs of overlapping texts in the chart SVGs of the page: each text's box (getBBox, in its own coordinates) turned
 * into the page's by its matrix, less half a pixel on each side (touching is allowed), and two boxes tested with
 * separating axes, so 45° labels are compared as drawn rather than by their upright bounding boxes.
 */
function overlapsOnPage(page: Page): Promise<Overlap[]> {
  return page.evaluate(() => {
    type Point = [number, number];
    const corners = (t: SVGTextElement): Point[] => {
      const b = t.getBBox();
      const m = t.getScreenCTM();
      if (!m) return [];
      const inset = 0.5;
      const local: Point[] = [
        [b.x + inset, b.y + inset],
        [b.x + b.width - inset, b.y + inset],
        [b.x + b.width - inset, b.y + b.height - inset],
        [b.x + inset, b.y + b.height - inset],
      ];
      return local.map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
    };
    const separated = (p: Point[], q: Point[]): boolean =>
      [p, q].some((poly) =>
        poly.some((a, i) => {
          const b = poly[(i + 1) % poly.length]!;
          const axis: Point = [a[1] - b[1], b[0] - a[0]];
          const project = (pts: Point[]) => pts.map(([x, y]) => x * axis[0] + y * axis[1]);
          const pp = project(p);
          const qq = project(q);
          return Math.max(...pp) <= Math.min(...qq) || Math.max(...qq) <= Math.min(...pp);
        }),
      );
    const found: { a: string; b: string }[] = [];
    for (const svg of document.querySelectorAll<SVGSVGElement>('[data-chart-widget] svg[data-theme]')) {
      const texts = [...svg.querySelectorAll<SVGTextElement>('text')].filter(
        (t) => (t.textContent ?? '').trim() !== '' && t.getClientRects().length > 0,
      );
      const boxes = texts.map((t) => ({ text: t.textContent ?? '', pts: corners(t) }));
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const p = boxes[i]!;
          const q = boxes[j]!;
          if (p.pts.length === 4 && q.pts.length === 4 && !separated(p.pts, q.pts))
            found.push({ a: p.text, b: q.text });
        }
      }
    }
    return found;
  });
}

interface DatasetFacts {
  dataset_code: string;
  available_countries: { code: string; name: string }[];
}

/** The views of a dataset to check: its default, and a few of its places with an aggregate where it has one. */
function viewsOf(meta: DatasetFacts): string[] {
  const codes = meta.available_countries.map((c) => c.code);
  const aggregate = codes.find((c) => /^(EU|EA)\d/.test(c));
  const countries = codes.filter((c) => /^[A-Z]{2}$/.test(c)).slice(0, 3);
  const few = [...countries, ...(aggregate ? [aggregate] : [])].map((c) => `country[]=${c}`).join('&');
  return TYPES.flatMap((type) => [
    `chart_type=${type}`,
    ...(few && type !== 'map' ? [`chart_type=${type}&${few}`] : []),
  ]);
}

async function openView(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.locator('[data-chart-widget][data-state="rendered"] svg[data-theme]').first().waitFor();
  await waitForMeasuredCharts(page);
}

/** The page narrowed to `width`: every chart redrawn at most that wide, and two frames later on the screen. */
async function narrowTo(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForFunction(
    (w) =>
      Array.from(document.querySelectorAll('[data-chart-widget] svg[data-theme]')).every(
        (svg) => Number(svg.getAttribute('width')) <= w,
      ),
    width,
  );
  await afterTwoFrames(page);
}

async function shoot(path: string, name: string): Promise<void> {
  if (!shots) return;
  for (const theme of ['light', 'dark'] as const) {
    for (const width of WIDTHS) {
      const { page } = await newPage(browser, { viewport: { width, height: 900 } });
      await page.context().addCookies([{ name: 'theme', value: theme, url: baseUrl }]);
      await openView(page, path);
      await page.screenshot({ path: `${shots}/${name}-${width}-${theme}.png`, fullPage: true });
      await page.context().close();
    }
  }
}

it('writes no chart text over another, for every imported dataset and view type at 375 and 1280 px', async () => {
  const list = (await (await fetch(`${baseUrl}/api/datasets?imported=true&limit=200`)).json()) as {
    items: { dataset_code: string }[];
  };
  const codes = list.items.map((i) => i.dataset_code);
  expect(codes.length).toBeGreaterThanOrEqual(5);
  const metas = await Promise.all(
    codes.map(async (code) => (await (await fetch(`${baseUrl}/api/datasets/${code}/meta`)).json()) as DatasetFacts),
  );
  const problems: string[] = [];
  let checked = 0;
  // Three pages at a time, each a share of the datasets: the page loads mostly wait on the server and Chromium, and one
  // at a time took about five minutes. Each view is loaded once, at the widest width, and then narrowed as a visitor
  // narrows a window: the charts redraw at the width they are given (loaded at 375 px, all 49 views of the
  // samples were drawn alike, decision 225).
  const shares = [0, 1, 2].map((share) => metas.filter((_, i) => i % 3 === share));
  const widest = Math.max(...WIDTHS);
  const widestFirst = [...WIDTHS].sort((a, b) => b - a);
  const run = async (some: DatasetFacts[]) => {
    const { page, problems: pageProblems } = await newPage(browser, { viewport: { width: widest, height: 900 } });
    for (const meta of some) {
      for (const view of viewsOf(meta)) {
        const path = `/datasets/${meta.dataset_code}?${view}`;
        await page.setViewportSize({ width: widest, height: 900 });
        await openView(page, path);
        for (const width of widestFirst) {
          if (width !== widest) await narrowTo(page, width);
          checked += 1;
          for (const o of await overlapsOnPage(page)) problems.push(`${path} at ${width} px: "${o.a}" over "${o.b}"`);
        }
      }
    }
    expect(pageProblems).toEqual([]);
    await page.context().close();
  };
  await Promise.all(shares.map(run));
  expect(checked).toBeGreaterThanOrEqual(codes.length * TYPES.length * WIDTHS.length);
  expect(problems).toEqual([]);
  // The views of issue 41, to look at.
  await shoot('/datasets/tec00115?chart_type=bar', 'overlap-tec00115-bar');
  await shoot('/datasets/une_rt_m?chart_type=horizontal-bar', 'overlap-une-hbar');
  await shoot('/datasets/une_rt_m?chart_type=map', 'overlap-une-map');
}, 600_000);

it('writes no chart text over another on the statistics pages, whose GDP axis states one scale', async () => {
  for (const width of WIDTHS) {
    const { page, problems } = await newPage(browser, { viewport: { width, height: 900 } });
    for (const path of ['/statistics/germany', '/statistics/france']) {
      await openView(page, path);
      expect((await overlapsOnPage(page)).map((o) => `${path} at ${width} px: "${o.a}" over "${o.b}"`)).toEqual([]);
      // An axis whose unit names its scale ("Million euro") writes its ticks in that unit: no "3.6M" beside it.
      const axes = await page.evaluate(() =>
        [...document.querySelectorAll('[data-chart-widget] svg[data-theme]')].map((svg) => ({
          unit: svg.querySelector('.unit-label')?.textContent ?? '',
          ticks: [...svg.querySelectorAll('.axis-y text')].map((t) => t.textContent ?? ''),
        })),
      );
      const scaled = axes.filter((a) => /\b(thousand|million|billion)\b/i.test(a.unit));
      for (const a of scaled) expect(a.ticks.filter((t) => /\d[KMB]$/.test(t))).toEqual([]);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  }
  await shoot('/statistics/germany', 'overlap-statistics-germany');
}, 300_000);
