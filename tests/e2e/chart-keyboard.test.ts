// Charts without a mouse and without sight (issue 40, decision 214): a visitor tabs to a line chart and steps through
// its periods, walks a map's regions and a table's cells, steps the time slider with its buttons and its keys, and
// listens to a line, and hears each value with its period, place and unit; the focus shows, outside the site's header,
// in both themes.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, inject, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';

let browser: Browser;
const baseUrl = inject('baseUrl');
const line = '/datasets/prc_hicp_manr?chart_type=line&country[]=DE&country[]=FR&country[]=EA20&time_start=1/2024';
const map = '/datasets/prc_hicp_manr?chart_type=map&time_end=5/2025';
const table = line.replace('chart_type=line', 'chart_type=table');

beforeAll(async () => {
  browser = await sharedBrowser();
});
afterAll(() => closeContexts(browser));

async function open(path: string, width = 1280) {
  const { page, problems } = await newPage(browser, { viewport: { width, height: 900 } });
  await page.goto(`${baseUrl}${path}`);
  // Hydrated: the widget measured its container, and the step buttons answer.
  await page.locator('[data-chart-widget][data-measured] :is(svg[data-theme], .chart-table)').first().waitFor();
  return { page, problems, widget: page.locator('[data-chart-widget]') };
}

/**
 * Presses Tab until the focus is on an element matching `selector` (a keyboard user's way there), at most 40 times;
 * from `from` when given (the widget's first control: the site's header and the page's text are not what is tested).
 */
async function tabTo(page: Page, selector: string, from?: Locator): Promise<void> {
  await from?.focus();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/**
 * The focused element: whether its focus shows (an outline or a box shadow), and whether it lies inside the window
 * and below the bottom of the site's header (WCAG 2.4.7, 2.4.11).
 */
function focusState(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const ring =
      (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    const header = [...document.querySelectorAll('header')].find((h) => !h.closest('main'));
    const box = el.getBoundingClientRect();
    const headerBottom = header?.getBoundingClientRect().bottom ?? 0;
    return { ring, belowHeader: box.top >= headerBottom, inWindow: box.top >= 0 && box.top < innerHeight };
  });
}
const visibleFocus = { ring: true, belowHeader: true, inWindow: true };

/** VIEW_SHOTS=<folder>: the focus states to look at, at the page's width (1280 px; the table's also 375), light and dark. */
async function shot(page: Page, name: string): Promise<void> {
  const out = process.env.VIEW_SHOTS;
  const theme = await page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
  if (out) await page.screenshot({ path: `${out}/focus-${name}-${page.viewportSize()?.width}-${theme}.png` });
}

/** The page turns dark as the theme switch turns it (the `dark` class): the charts redraw in the dark colours. */
async function turnDark(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.locator('[data-chart-widget] svg[data-theme="dark"]').first().waitFor();
}

const liveText = (host: Locator) => host.locator('> [aria-live]').textContent();

// The two pages run side by side (each in a context of its own): they mostly wait on the server and Chromium.
it.concurrent(
  'steps through a line chart’s periods and its slider by keyboard, and says each value',
  async ({ expect }) => {
    const { page, problems, widget } = await open(line);
    const chart = widget.locator('.chart-tooltip-host');
    await tabTo(page, '.chart-tooltip-host', widget.getByRole('button', { name: /^Data: / }));
    await expect(focusState(page)).resolves.toEqual(visibleFocus);
    await expect(chart.getAttribute('role')).resolves.toBe('application');

    // End, Home, ArrowRight: the period, the unit, each place and its value (flags in words).
    await page.keyboard.press('End');
    await expect(liveText(chart)).resolves.toMatch(
      /^May 2025; Annual rate of change \(%\); .*Germany: 2\.1 \(estimated\)/,
    );
    await shot(page, 'line-chart');
    await page.keyboard.press('Home');
    await expect(liveText(chart)).resolves.toMatch(/^January 2024; Annual rate of change \(%\); .*France: \d+\.\d/);
    await page.keyboard.press('ArrowRight');
    await expect(liveText(chart)).resolves.toMatch(/^February 2024; Annual rate of change \(%\); .*Germany: \d+\.\d/);

    // The slider's buttons, reached with Tab and pressed with Enter and Space: the view and the address follow.
    await tabTo(page, 'button[aria-label="Later start"]');
    await expect(focusState(page)).resolves.toEqual(visibleFocus);
    await shot(page, 'slider-button');
    await page.keyboard.press('Enter');
    const start = widget.getByRole('slider', { name: 'First period shown' });
    await expect.poll(() => start.getAttribute('aria-valuetext')).toBe('2/2024 – 5/2025');
    await page.waitForURL(/time_start=2\/2024/);
    await expect(widget.locator('svg desc').textContent()).resolves.toMatch(/in February 2024/);
    await expect(widget.locator('[data-slider-said]').textContent()).resolves.toBe('2/2024 – 5/2025');
    const laterEnd = widget.getByRole('button', { name: 'Later end' });
    await expect(laterEnd.getAttribute('aria-disabled')).resolves.toBe('true');
    await tabTo(page, 'button[aria-label="Earlier end"]');
    await page.keyboard.press(' ');
    await page.waitForURL(/time_end=4\/2025/);
    await expect(laterEnd.getAttribute('aria-disabled')).resolves.toBeNull();
    // And the range input's own keys.
    await start.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => start.getAttribute('aria-valuetext')).toBe('3/2024 – 4/2025');
    await page.waitForURL(/time_start=3\/2024/);

    // Listen: plays the first line; Pause says where it stopped, with the period, place, value and unit.
    const listen = widget.getByRole('button', { name: 'Listen to Germany' });
    await listen.focus();
    await page.keyboard.press('Enter');
    await widget.getByRole('button', { name: 'Pause' }).waitFor();
    await page.keyboard.press('Enter');
    await expect(widget.locator('[data-listen-said]').textContent()).resolves.toMatch(
      /^Paused at \w+ 202[45]: Germany (\d+\.\d Annual rate of change \(%\)|, no data)/,
    );
    await widget.getByRole('button', { name: 'Resume Germany' }).waitFor();

    // Dark: the chart's and the buttons' focus still shows.
    await turnDark(page);
    await chart.focus();
    await page.keyboard.press('End');
    await expect(focusState(page)).resolves.toEqual(visibleFocus);
    await shot(page, 'line-chart');
    await widget.getByRole('button', { name: 'Later start' }).focus();
    await expect(focusState(page)).resolves.toEqual(visibleFocus);
    await shot(page, 'slider-button');
    expect(problems).toEqual([]);
    await page.context().close();
  },
);

it.concurrent(
  'walks a map’s regions by keyboard and says each, and steps its period with buttons and keys',
  async ({ expect }) => {
    const { page, problems, widget } = await open(map);
    const mapChart = widget.locator('.map-chart');
    const said = () => widget.locator('[data-map-said]').textContent();
    await tabTo(page, '.map-chart', widget.getByRole('button', { name: /^Data: / }));
    await expect(focusState(page)).resolves.toEqual(visibleFocus);
    await expect(mapChart.getAttribute('aria-label')).resolves.toContain('Enter walks the regions with data by name');

    await page.keyboard.press('Enter');
    await expect(said()).resolves.toMatch(
      /^\d+ regions with data, by name\. [^,]+, May 2025: -?\d+\.\d Annual rate of change \(%\).*, (the|\d+\w\w) highest of \d+\.$/,
    );
    // A letter jumps to the next region beginning with it.
    for (let i = 0; i < 6 && !(await said())?.startsWith('Germany'); i++) await page.keyboard.press('g');
    await expect(said()).resolves.toMatch(
      /^Germany, May 2025: 2\.1 Annual rate of change \(%\) \(estimated\), \d+\w\w highest of \d+\.$/,
    );
    // Its focus ring is drawn, inside the map.
    const ring = widget.locator('.map-focus');
    await expect(ring.getAttribute('data-key-focus')).resolves.toBe(
      await widget.locator('path.map-area[data-name="Germany"]').getAttribute('data-key'),
    );
    const [ringBox, mapBox] = [(await ring.boundingBox())!, (await mapChart.boundingBox())!];
    expect(ringBox.x).toBeGreaterThanOrEqual(mapBox.x);
    expect(ringBox.y + ringBox.height).toBeLessThanOrEqual(mapBox.y + mapBox.height);
    await shot(page, 'map-walk');
    await page.keyboard.press('ArrowRight');
    await expect(said()).resolves.not.toMatch(/^Germany/);
    await page.keyboard.press('ArrowLeft');
    await expect(said()).resolves.toMatch(/^Germany, May 2025/);
    // Page Up: the period before, the same region said again; the slider and the address follow.
    await page.keyboard.press('PageUp');
    await expect.poll(said).toMatch(/^Germany, April 2025: \d+\.\d Annual rate of change \(%\)/);
    await page.waitForURL(/time=4\/2025/);
    // Escape ends the walk: the arrows pan again.
    await page.keyboard.press('Escape');
    await expect(said()).resolves.toBe('');
    await expect(ring.count()).resolves.toBe(0);
    const panX = async () =>
      Number(/translate\((-?[\d.]+),/.exec((await widget.locator('g.map-zoom').getAttribute('transform')) ?? '')?.[1]);
    const before = await panX();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(panX).toBe(before + 40);

    // One period: Previous and Next beside the slider.
    const slider = widget.getByRole('slider', { name: 'Period shown' });
    await expect(slider.getAttribute('aria-valuetext')).resolves.toBe('4/2025');
    await tabTo(page, 'button[aria-label="Next period"]');
    await expect(focusState(page)).resolves.toEqual(visibleFocus);
    await page.keyboard.press('Enter');
    await expect.poll(() => slider.getAttribute('aria-valuetext')).toBe('5/2025');
    await expect(widget.locator('text.map-caption').textContent()).resolves.toBe('5/2025');
    // At the end it stays focused and says it can go no further.
    await expect(widget.getByRole('button', { name: 'Next period' }).getAttribute('aria-disabled')).resolves.toBe(
      'true',
    );
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Next period');
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => slider.getAttribute('aria-valuetext')).toBe('4/2025');
    await page.waitForURL(/time=4\/2025/);

    // Dark: the map's focus and the walked region's ring still show.
    await turnDark(page);
    await mapChart.focus();
    await expect(focusState(page)).resolves.toEqual(visibleFocus);
    await page.keyboard.press('Enter');
    for (let i = 0; i < 6 && !(await said())?.startsWith('Germany'); i++) await page.keyboard.press('g');
    await expect(said()).resolves.toMatch(/^Germany, April 2025/);
    await shot(page, 'map-walk');
    expect(problems).toEqual([]);
    await page.context().close();
  },
);

it.concurrent(
  'walks a table’s cells by keyboard and says each, its focus in sight at 1280 and 375 px',
  async ({ expect }) => {
    for (const width of [1280, 375]) {
      const { page, problems, widget } = await open(table, width);
      const said = () => widget.locator('.chart-table > [aria-live="polite"]').textContent();
      /** The focused cell: its row's place and its column's period. */
      const at = () =>
        page.evaluate(() => {
          const td = document.activeElement as HTMLTableCellElement;
          return td.tagName === 'TD'
            ? `${td.closest('tr')!.cells[0]!.textContent} ${td.closest('table')!.rows[0]!.cells[td.cellIndex]!.dataset.column}`
            : td.tagName;
        });
      // Tab from the last column's sort button: the table's one stop, its first data cell.
      await widget.getByRole('columnheader').last().getByRole('button').focus();
      await page.keyboard.press('Tab');
      await expect(at()).resolves.toBe('Germany 5/2025');
      await expect(focusState(page)).resolves.toEqual(visibleFocus);
      await expect(said()).resolves.toBe('Germany; Annual rate of change (%), May 2025; 2.1 (estimated)');
      // The table's rows in the middle of the window, so that no cell of the walk needs the page scrolled to be in
      // sight (the Tab above brought the first cell only just in, at 375 px under the page's breadcrumbs): then only
      // the keys could move the page, which they must not.
      await page.evaluate(() => {
        const box = document.activeElement!.closest('table')!.getBoundingClientRect();
        window.scrollBy(0, box.top + box.height / 2 - window.innerHeight / 2);
      });
      const scrollY = await page.evaluate(() => window.scrollY);
      await page.keyboard.press('ArrowRight');
      await expect(at()).resolves.toBe('Germany 4/2025');
      await expect(said()).resolves.toMatch(/^Germany; Annual rate of change \(%\), April 2025; \d+\.\d$/);
      await page.keyboard.press('ArrowDown');
      await expect(at()).resolves.toBe('France 4/2025');
      await page.keyboard.press('End');
      await expect(at()).resolves.toBe('France 1/2024');
      await expect(said()).resolves.toMatch(/^France; Annual rate of change \(%\), January 2024; \d+\.\d/);
      // The last column, scrolled to at 375 px, is in sight; so is the first again, not under the sticky row headers.
      const uncovered = () =>
        page.evaluate(() => {
          const box = document.activeElement!.getBoundingClientRect();
          return (
            document.elementFromPoint(box.left + 4, box.top + box.height / 2)?.closest('td') === document.activeElement
          );
        });
      await expect(uncovered()).resolves.toBe(true);
      // Leftwards, each cell comes out from under the sticky row headers as it is reached (their scroll padding).
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('ArrowLeft');
        await expect(uncovered(), `cell ${i}`).resolves.toBe(true);
      }
      await page.keyboard.press('Home');
      await expect(at()).resolves.toBe('France 5/2025');
      await expect(uncovered()).resolves.toBe(true);
      await page.keyboard.press('Control+End');
      await expect(at()).resolves.toBe('Euro area (20 countries, from 2023) 1/2024');
      await page.keyboard.press('ArrowDown');
      await expect(at()).resolves.toBe('Euro area (20 countries, from 2023) 1/2024');
      await page.keyboard.press('Control+Home');
      await expect(at()).resolves.toBe('Germany 5/2025');
      await expect(said()).resolves.toBe('Germany; Annual rate of change (%), May 2025; 2.1 (estimated)');
      // The keys moved the walk, not the page.
      await expect(page.evaluate(() => window.scrollY)).resolves.toBe(scrollY);
      await shot(page, 'table-cell');

      // A sort keeps the tab stop on its cell, which moves with its row.
      await page.keyboard.press('ArrowDown');
      await widget
        .getByRole('columnheader', { name: /^Country/ })
        .getByRole('button')
        .click();
      await expect(widget.getByRole('rowheader').allTextContents()).resolves.toEqual([
        'Euro area (20 countries, from 2023)',
        'France',
        'Germany',
      ]);
      await widget.getByRole('columnheader').last().getByRole('button').focus();
      await page.keyboard.press('Tab');
      await expect(at()).resolves.toBe('France 5/2025');

      // Dark: the cell's ring still shows.
      await page.evaluate(() => document.documentElement.classList.add('dark'));
      await widget.locator('.chart-table[data-theme="dark"]').waitFor();
      await page.keyboard.press('ArrowRight');
      await expect(focusState(page)).resolves.toEqual(visibleFocus);
      await shot(page, 'table-cell');
      expect(problems).toEqual([]);
      await page.context().close();
    }
  },
);
