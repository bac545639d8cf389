// The embed's charts without a mouse and without sight (issue 40, decision 214): on another site's page, a keyboard
// user tabs to an embedded line, bar or horizontal bar chart and steps through its points, or walks an embedded map's
// regions or table's cells, and hears each value with its period, place and unit, as on the dataset page; the time slider's targets
// are at least 24 × 24 px (WCAG 2.5.8) even in a 270 px frame. A mouse over a chart shows its point, as on the page.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';

let browser: Browser;
const baseUrl = inject('baseUrl');
const view = '/datasets/prc_hicp_manr?embed=true&country[]=DE&country[]=FR&country[]=EA20&time_start=1/2024';
const line = `${view}&chart_type=line`;

beforeAll(async () => {
  browser = await sharedBrowser();
});
afterAll(() => closeContexts(browser));

/** The embed at a width, after its script redrew it at the frame's width (the first figure is replaced then). */
async function open(path: string, width: number) {
  const { page, problems } = await newPage(browser, { viewport: { width, height: 800 } });
  await page.goto(`${baseUrl}${path}`);
  await page.locator('[data-chart-widget][data-embed-state="updated"]').waitFor();
  return { page, problems, widget: page.locator('[data-chart-widget]') };
}

/** Presses Tab from the top of the page until the focus is on an element matching `selector`, at most 40 times. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Whether the focused element's focus shows (an outline or a box shadow). */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as HTMLElement);
    return (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  });

const liveText = (host: Locator) => host.locator('> [aria-live]').textContent();

/** EMBED_SHOTS=<folder>: the embed with the focus on a point, to look at. */
async function shot(page: Page, name: string): Promise<void> {
  const out = process.env.EMBED_SHOTS;
  if (out) await page.screenshot({ path: `${out}/embed-${name}.png`, fullPage: true });
}

it('steps through an embedded line chart’s periods by keyboard and says each value', async () => {
  const { page, problems, widget } = await open(line, 800);
  const chart = widget.locator('.chart-tooltip-host');
  await tabTo(page, '.chart-tooltip-host');
  await expect(chart.getAttribute('role')).resolves.toBe('application');
  await expect(chart.getAttribute('aria-label')).resolves.toMatch(/line chart\. Left and right arrow keys/);
  await expect(focusRing(page)).resolves.toBe(true);

  // End, Home, ArrowRight: the period in full, the unit, each place and its value (flags in words), as on the page.
  await page.keyboard.press('End');
  await expect(liveText(chart)).resolves.toMatch(
    /^May 2025; Annual rate of change \(%\); .*Germany: 2\.1 \(estimated\)/,
  );
  const tooltip = chart.locator('.chart-tooltip');
  await expect(tooltip.isVisible()).resolves.toBe(true);
  await expect(tooltip.textContent()).resolves.toMatch(/^May 2025.*Germany: 2\.1 \(estimated\)/);
  await expect(chart.locator('.chart-tooltip-rule').isVisible()).resolves.toBe(true);
  await shot(page, 'line-walk-800-light');
  await page.keyboard.press('Home');
  await expect(liveText(chart)).resolves.toMatch(/^January 2024; Annual rate of change \(%\); .*France: \d+\.\d/);
  await page.keyboard.press('ArrowLeft');
  await expect(liveText(chart)).resolves.toMatch(/^January 2024;/);
  await page.keyboard.press('ArrowRight');
  await expect(liveText(chart)).resolves.toMatch(/^February 2024; Annual rate of change \(%\); .*Germany: \d+\.\d/);
  // The keys move the walk, not the page.
  await expect(page.evaluate(() => scrollX)).resolves.toBe(0);
  // Escape hides the point; leaving the chart too.
  await page.keyboard.press('Escape');
  await expect(liveText(chart)).resolves.toBe('');
  await expect(tooltip.isVisible()).resolves.toBe(false);
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Tab');
  await expect(tooltip.isVisible()).resolves.toBe(false);

  // The slider moves the view: the new figure is walked the same way, its first period the new start.
  const later = widget.getByRole('button', { name: 'Later start' });
  await later.click();
  await widget.locator('svg desc', { hasText: 'in February 2024' }).first().waitFor({ state: 'attached' });
  await widget.locator('.chart-tooltip-host').focus();
  await page.keyboard.press('Home');
  await expect(liveText(widget.locator('.chart-tooltip-host'))).resolves.toMatch(/^February 2024;/);
  expect(problems).toEqual([]);
  await page.context().close();
});

it('steps through embedded bar and horizontal bar charts by keyboard', async () => {
  const bars = await open(`${view}&chart_type=bar`, 800);
  const chart = bars.widget.locator('.chart-tooltip-host');
  await chart.focus();
  await bars.page.keyboard.press('End');
  await expect(liveText(chart)).resolves.toMatch(/Annual rate of change \(%\)/);
  await expect(liveText(chart)).resolves.toMatch(/May 2025/);
  expect(bars.problems).toEqual([]);
  await bars.page.context().close();

  const hbar = await open(`${view}&chart_type=horizontal-bar&time=5/2025`, 800);
  const bar = hbar.widget.locator('.chart-tooltip-host');
  await bar.focus();
  await expect(bar.getAttribute('aria-label')).resolves.toMatch(/arrow keys/i);
  await hbar.page.keyboard.press('ArrowDown');
  const first = await liveText(bar);
  expect(first).toMatch(/^[^;]+; Annual rate of change \(%\), May 2025; \d+\.\d/);
  await hbar.page.keyboard.press('ArrowDown');
  await expect(liveText(bar)).resolves.not.toBe(first);
  await hbar.page.keyboard.press('ArrowUp');
  await expect(liveText(bar)).resolves.toBe(first);
  expect(hbar.problems).toEqual([]);
  await hbar.page.context().close();
});

it('walks an embedded map’s regions by keyboard and says each', async () => {
  const { page, problems, widget } = await open(`${view}&chart_type=map&time=5/2025`, 800);
  const map = widget.locator('.map-chart');
  const said = () => widget.locator('[data-map-said]').textContent();
  await tabTo(page, '.map-chart');
  await expect(map.getAttribute('role')).resolves.toBe('application');
  await expect(focusRing(page)).resolves.toBe(true);
  await page.keyboard.press('Enter');
  await expect(said()).resolves.toMatch(
    /^\d+ regions with data, by name\. [^,]+, May 2025: -?\d+\.\d Annual rate of change \(%\).*, (the|\d+\w\w) highest of \d+\.$/,
  );
  for (let i = 0; i < 6 && !(await said())?.startsWith('Germany'); i++) await page.keyboard.press('g');
  await expect(said()).resolves.toMatch(
    /^Germany, May 2025: 2\.1 Annual rate of change \(%\) \(estimated\), (the|\d+\w\w) highest of \d+\.$/,
  );
  // The walked region's ring, on Germany.
  const ring = widget.locator('.map-focus');
  await expect(ring.getAttribute('data-key-focus')).resolves.toBe(
    await widget.locator('path.map-area[data-name="Germany"]').first().getAttribute('data-key'),
  );
  await shot(page, 'map-walk-800-light');
  // By name: France before Germany, the last; the ends stop the walk.
  await page.keyboard.press('ArrowLeft');
  await expect(said()).resolves.toMatch(/^France, May 2025: \d+\.\d Annual rate of change \(%\)/);
  await page.keyboard.press('ArrowLeft');
  await expect(said()).resolves.toMatch(/^France/);
  await page.keyboard.press('ArrowDown');
  await expect(said()).resolves.toMatch(/^Germany, May 2025/);
  await page.keyboard.press('ArrowRight');
  await expect(said()).resolves.toMatch(/^Germany, May 2025/);
  await page.keyboard.press('Home');
  await expect(said()).resolves.toMatch(/^France/);
  await page.keyboard.press('Escape');
  await expect(said()).resolves.toBe('');
  await expect(ring.count()).resolves.toBe(0);
  expect(problems).toEqual([]);
  await page.context().close();
});

it('walks an embedded table’s cells by keyboard and says each, as on the page', async () => {
  for (const [width, theme] of [
    [800, 'light'],
    [375, 'light'],
    [375, 'dark'],
    [1280, 'dark'],
  ] as const) {
    const { page, problems, widget } = await open(`${view}&chart_type=table&theme=${theme}`, width);
    const said = () => widget.locator('.chart-table > [aria-live="polite"]').textContent();
    const at = () =>
      page.evaluate(() => {
        const td = document.activeElement as HTMLTableCellElement;
        const period = td.closest('table')?.rows[0]?.cells[td.cellIndex]?.dataset.column;
        return td.tagName === 'TD' ? `${td.closest('tr')!.cells[0]!.textContent} ${period}` : td.tagName;
      });
    // Tab from the last column's sort button: the table's one stop, its first data cell.
    await widget.getByRole('columnheader').last().getByRole('button').focus();
    await page.keyboard.press('Tab');
    await expect(at()).resolves.toBe('Germany 5/2025');
    await expect(focusRing(page)).resolves.toBe(true);
    await expect(said()).resolves.toBe('Germany; Annual rate of change (%), May 2025; 2.1 (estimated)');
    await page.keyboard.press('ArrowRight');
    await expect(at()).resolves.toBe('Germany 4/2025');
    await expect(said()).resolves.toMatch(/^Germany; Annual rate of change \(%\), April 2025; \d+\.\d$/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Home');
    await expect(at()).resolves.toBe('Euro area (20 countries, from 2023) 5/2025');
    await expect(said()).resolves.toBe(
      'Euro area (20 countries, from 2023); Annual rate of change (%), May 2025; No data',
    );
    await page.keyboard.press('End');
    await expect(at()).resolves.toBe('Euro area (20 countries, from 2023) 1/2024');
    await expect(said()).resolves.toMatch(
      /^Euro area \(20 countries, from 2023\); Annual rate of change \(%\), January 2024; \d+\.\d/,
    );
    await page.keyboard.press('Control+Home');
    await expect(at()).resolves.toBe('Germany 5/2025');
    await page.keyboard.press('Control+End');
    await expect(at()).resolves.toBe('Euro area (20 countries, from 2023) 1/2024');
    await page.keyboard.press('ArrowRight');
    await expect(at()).resolves.toBe('Euro area (20 countries, from 2023) 1/2024');
    // In sight: not under the sticky row headers, inside the frame.
    const uncovered = () =>
      page.evaluate(() => {
        const box = document.activeElement!.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
        return hit?.closest('td') === document.activeElement && box.right <= innerWidth + 0.5;
      });
    await expect(uncovered()).resolves.toBe(true);
    // Leftwards, each cell comes out from under the sticky row headers as it is reached (their scroll padding).
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('ArrowLeft');
      await expect(uncovered(), `cell ${i}`).resolves.toBe(true);
    }
    await page.keyboard.press('Home');
    await expect(uncovered()).resolves.toBe(true);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
    await page.keyboard.press('ArrowRight');
    await shot(page, `table-cell-${width}-${theme}`);
    // A sort keeps the tab stop on its cell, which moves with its row; one stop only.
    await widget
      .getByRole('columnheader', { name: /^Country/ })
      .getByRole('button')
      .click();
    await expect(widget.getByRole('rowheader').first().textContent()).resolves.toBe(
      'Euro area (20 countries, from 2023)',
    );
    await widget.getByRole('columnheader').last().getByRole('button').focus();
    await page.keyboard.press('Tab');
    await expect(at()).resolves.toBe('Euro area (20 countries, from 2023) 4/2025');
    await expect(widget.locator('td[tabindex="0"]').count()).resolves.toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  }
});

/**
 * The box a range input's thumb answers the pointer in: the input lets the pointer through but for its thumb
 * (app.css), so the points where the input is hit are its thumb. Scanned across the input's middle, and up and down
 * through the thumb's middle, a pixel at a time.
 */
function thumbBox(page: Page, selector: string) {
  return page.evaluate((s) => {
    const input = document.querySelector<HTMLInputElement>(s)!;
    const box = input.getBoundingClientRect();
    const hit = (x: number, y: number) => document.elementFromPoint(x, y) === input;
    const mid = box.top + box.height / 2;
    const xs: number[] = [];
    for (let x = Math.floor(box.left) - 30; x <= box.right + 30; x++) if (hit(x + 0.5, mid)) xs.push(x);
    if (xs.length === 0) return { width: 0, height: 0 };
    const centre = (xs[0]! + xs[xs.length - 1]!) / 2 + 0.5;
    let height = 0;
    for (let y = Math.floor(box.top) - 30; y <= box.bottom + 30; y++) if (hit(centre, y + 0.5)) height++;
    return { width: xs[xs.length - 1]! - xs[0]! + 1, height };
  }, selector);
}

it('keeps the slider’s targets at least 24 × 24 px in a 270 px embed, light and dark, and the layout whole', async () => {
  for (const [type, thumbs] of [
    ['line', ['start', 'end']],
    ['map', ['period']],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      // The range's thumbs apart (a start in 2005 of a timeline from 1997), so that each can be measured alone.
      const path = `${view.replace('time_start=1/2024', 'time_start=1/2005')}&chart_type=${type}&theme=${theme}`;
      const { page, problems, widget } = await open(path, 270);
      // Nothing is pushed out of the frame sideways.
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(270);
      const buttons = await widget.locator('.time-slider button').all();
      expect(buttons.length).toBe(thumbs.length * 2);
      for (const b of buttons) {
        const box = (await b.boundingBox())!;
        expect(box.width).toBeGreaterThanOrEqual(24);
        expect(box.height).toBeGreaterThanOrEqual(24);
        expect(box.x + box.width).toBeLessThanOrEqual(270);
      }
      for (const thumb of thumbs) {
        const selector = `.time-slider input[data-thumb="${thumb}"]`;
        const input = (await page.locator(selector).boundingBox())!;
        // A track to slide along: several thumbs wide, inside the frame.
        expect(input.width, `${type} ${thumb} track`).toBeGreaterThanOrEqual(96);
        expect(input.height).toBeGreaterThanOrEqual(24);
        expect(input.x + input.width).toBeLessThanOrEqual(270);
        const hit = await thumbBox(page, selector);
        expect(hit.width, `${type} ${thumb} thumb width`).toBeGreaterThanOrEqual(24);
        expect(hit.height, `${type} ${thumb} thumb height`).toBeGreaterThanOrEqual(24);
      }
      // The period shown stays readable.
      const out = (await widget.locator('[data-slider-value]').boundingBox())!;
      expect(out.x + out.width).toBeLessThanOrEqual(270);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  }
});

it('shows the walked point and region in a 375 px and a 270 px embed, light and dark', async () => {
  for (const width of [375, 270]) {
    for (const theme of ['light', 'dark'] as const) {
      const { page, problems, widget } = await open(`${line}&theme=${theme}`, width);
      const chart = widget.locator('.chart-tooltip-host');
      await tabTo(page, '.chart-tooltip-host');
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await expect(liveText(chart)).resolves.toMatch(/^April 2025;/);
      // The tooltip stays inside the chart and the frame.
      const [tip, box] = [(await chart.locator('.chart-tooltip').boundingBox())!, (await chart.boundingBox())!];
      expect(tip.x).toBeGreaterThanOrEqual(box.x);
      expect(tip.x + tip.width).toBeLessThanOrEqual(Math.min(width, box.x + box.width) + 0.5);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      await shot(page, `line-walk-${width}-${theme}`);
      expect(problems).toEqual([]);
      await page.context().close();

      // The map's walked region: its ring inside the map, the frame whole.
      const map = await open(`${view}&chart_type=map&theme=${theme}`, width);
      await map.widget.locator('.map-chart').focus();
      await map.page.keyboard.press('End');
      await expect(map.widget.locator('[data-map-said]').textContent()).resolves.toMatch(/^2 regions with data/);
      const [ring, mapBox] = [
        (await map.widget.locator('.map-focus').boundingBox())!,
        (await map.widget.locator('.map-chart').boundingBox())!,
      ];
      expect(ring.x).toBeGreaterThanOrEqual(mapBox.x);
      expect(ring.x + ring.width).toBeLessThanOrEqual(mapBox.x + mapBox.width);
      await expect(map.page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      await shot(map.page, `map-walk-${width}-${theme}`);
      expect(map.problems).toEqual([]);
      await map.page.context().close();
    }
  }
});

it('shows the tooltip of the point under the mouse in an embedded line and horizontal bar chart', async () => {
  for (const [path, width] of [
    [line, 800],
    [line, 375],
    [`${view}&chart_type=horizontal-bar&time=5/2025`, 375],
  ] as const) {
    const { page, problems, widget } = await open(path, width);
    const chart = widget.locator('.chart-tooltip-host');
    const tooltip = chart.locator('.chart-tooltip');
    const box = (await chart.boundingBox())!;
    // The line's last period at its right edge; the horizontal bars' first place at their top.
    if (path === line) await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    else await page.mouse.move(box.x + box.width / 2, box.y + 2);
    await expect(tooltip.isVisible()).resolves.toBe(true);
    await expect(tooltip.textContent()).resolves.toMatch(path === line ? /^May 2025/ : /^Germany|^France|^Euro area/);
    // Nothing is said aloud for the mouse, and the tooltip stays in the frame.
    await expect(liveText(chart)).resolves.toBe('');
    const tip = (await tooltip.boundingBox())!;
    expect(tip.x + tip.width).toBeLessThanOrEqual(width + 0.5);
    // Off the chart (onto the embed's header), the tooltip goes.
    await page.mouse.move(1, 1);
    await expect(tooltip.isVisible()).resolves.toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  }
});
