// Issue 11, "Wrong today": a journalist's checks of the chart widget. Units and subtitles follow the selection,
// switching to a map shows the end of the range, bar labels name the bars drawn, default views end where most places
// have figures, and line, bar and horizontal-bar charts answer hover, tap and arrow keys with their values.
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';

let browser: Browser;
const baseUrl = inject('baseUrl');
const three = 'country[]=DE&country[]=FR&country[]=EA20';
const EA20 = 'Euro area (20 countries, from 2023)';

beforeAll(async () => {
  browser = await sharedBrowser();
});
afterAll(() => closeContexts(browser));

async function open(
  path: string,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; problems: string[]; widget: Locator }> {
  const { page, problems } = await newPage(browser, { viewport: { width: 1280, height: 900 }, ...options });
  await page.goto(`${baseUrl}${path}`);
  const widget = page.locator('[data-chart-widget]');
  await widget.locator('svg[role="img"], table').first().waitFor();
  // The embed runs no React: it is ready once drawn.
  if (!path.includes('embed=true')) await page.locator('[data-chart-widget][data-measured]').waitFor();
  return { page, problems, widget };
}

async function switchTo(page: Page, widget: Locator, label: string): Promise<void> {
  await widget.getByRole('button', { name: /^Chart type:/ }).click();
  await page.getByRole('menuitemradio', { name: label, exact: true }).click();
}

const sliderText = (widget: Locator) => widget.getByRole('slider').first().getAttribute('aria-valuetext');

it('1. names the selected unit on axis, map legend and subtitle, and the COICOP in embeds', async () => {
  const { page, problems, widget } = await open('/datasets/une_rt_m?chart_type=line&country[]=DE&country[]=FR');
  await widget.getByRole('button', { name: /^Data:/ }).click();
  await page.getByRole('combobox', { name: 'Unit of measure' }).selectOption({ label: 'Thousand persons' });
  await page.getByRole('combobox', { name: 'Age class' }).selectOption({ label: 'Less than 25 years' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect
    .poll(() => widget.locator('.chart-subtitle').textContent())
    .toBe('Seasonally adjusted data, not calendar adjusted data · Less than 25 years · Sex: Total · Thousand persons');
  await expect.poll(() => widget.locator('svg text.unit-label').textContent()).toBe('Thousand persons');
  await expect(widget.locator('svg desc').textContent()).resolves.toMatch(/\d thousand persons\b/);

  await switchTo(page, widget, 'Map');
  await widget.locator('path.map-area').first().waitFor();
  const legend = (await widget.locator('svg[role="img"]').textContent()) ?? '';
  expect(legend).toContain('Thousand persons');
  expect(legend).not.toContain('Percentage of population');
  expect(problems).toEqual([]);

  // The embed of a Food view says Food, under the dataset's title.
  const embed = await open('/datasets/prc_hicp_manr?embed=true&chart_type=line&dimension[]=dim2:CP01&country[]=DE');
  await expect(embed.widget.locator('.chart-subtitle').textContent()).resolves.toBe(
    'Food and non-alcoholic beverages · Annual rate of change (%)',
  );
  expect(embed.problems).toEqual([]);

  // The blog's chart of euro per inhabitant says so, not "Million euro" (the dataset's default unit).
  const post = await open('/blog/regional-gdp-per-inhabitant-2021');
  await expect(post.widget.locator('svg text.unit-label').first().textContent()).resolves.toBe(
    'Euro per inhabitant, 2021',
  );
  expect(post.problems).toEqual([]);
});

it('2. switching a line to a map or horizontal bar shows the end of the range (the PNG is this SVG)', async () => {
  const { page, problems, widget } = await open(`/datasets/prc_hicp_manr?chart_type=line&${three}&time_start=1/2020`);
  await expect(sliderText(widget)).resolves.toBe('1/2020 – 5/2025');
  await switchTo(page, widget, 'Map');
  await widget.locator('path.map-area').first().waitFor();
  await expect(sliderText(widget)).resolves.toBe('5/2025');
  await expect(widget.locator('text.map-caption').textContent()).resolves.toBe('5/2025');

  await switchTo(page, widget, 'Line');
  await switchTo(page, widget, 'Horizontal bar');
  await page.locator('[data-chart-type="horizontal-bar"] g.hbar-marks').waitFor();
  await expect(widget.locator('svg desc').textContent()).resolves.toContain('in May 2025: the highest is');
  expect(problems).toEqual([]);
});

it('3. the bar range label names the bars drawn, and EA20 without a latest value stays in bars and table', async () => {
  const five = 'country[]=DE&country[]=FR&country[]=IT&country[]=ES&country[]=EA20';
  const { page, problems, widget } = await open(`/datasets/prc_hicp_manr?chart_type=bar&${five}&time_start=12/2019`);
  // The months the description names (decision 213: the range, or each series' start, peak or low and latest): the first
  // and the last of them are the range of the bars drawn.
  const desc = (await widget.locator('svg desc').textContent()) ?? '';
  const monthNames = Array.from({ length: 12 }, (_, i) => new Date(2000, i, 1).toLocaleString('en', { month: 'long' }));
  const said = [...desc.matchAll(/\b(\w+) (\d{4})\b/g)]
    .filter((m) => monthNames.includes(m[1]!))
    .map((m) => Number(m[2]) * 12 + monthNames.indexOf(m[1]!));
  const slash = (o: number) => `${(o % 12) + 1}/${Math.floor(o / 12)}`;
  expect(slash(Math.min(...said))).toBe('12/2019');
  await expect(sliderText(widget)).resolves.toBe(`12/2019 – ${slash(Math.max(...said))}`);

  const sparse = await open(`/datasets/prc_hicp_manr?chart_type=bar&${three}&time_start=5/2025`);
  await expect(sparse.widget.locator(`g.bar-no-data[data-series="${EA20}"]`).textContent()).resolves.toBe('No data');
  await switchTo(sparse.page, sparse.widget, 'Table');
  await sparse.widget.getByRole('table').waitFor();
  await expect(sparse.widget.getByRole('rowheader').allTextContents()).resolves.toContain(EA20);
  expect([...problems, ...sparse.problems]).toEqual([]);
  await page.close();
});

it('4. a default view ends at the latest period most places have reached and says what is newer', async () => {
  const { problems, widget } = await open('/datasets/une_rt_m');
  const desc = (await widget.locator('svg desc').textContent()) ?? '';
  expect(desc).toMatch(/ in April 2025: the highest is /);
  expect(await widget.locator('g.bar-marks rect').count()).toBeGreaterThan(20);
  const note = widget.locator('[data-coverage-note] a');
  await expect(note.textContent()).resolves.toBe('7/2026: Germany only');
  await expect(note.getAttribute('href')).resolves.toContain('time_end=7/2026');
  expect(problems).toEqual([]);
});

it('5. the data picker fits an 800 px window and a phone, Apply is legible, and the countries can be searched', async () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 667 },
  ]) {
    const { page, problems, widget } = await open('/datasets/une_rt_m?chart_type=line&country[]=DE', { viewport });
    await widget.getByRole('button', { name: /^Data:/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    const apply = dialog.getByRole('button', { name: 'Apply' });
    const applyBox = (await apply.boundingBox())!;
    expect(applyBox.y + applyBox.height).toBeLessThanOrEqual(viewport.height);
    const [color, background] = await apply.evaluate((el) => {
      const style = getComputedStyle(el);
      return [style.color, style.backgroundColor];
    });
    expect(color).toBe('rgb(255, 255, 255)');
    expect(background).not.toBe('rgb(255, 255, 255)');
    await dialog.getByRole('searchbox', { name: 'Search countries' }).fill('germ');
    await expect(dialog.getByRole('checkbox').allTextContents()).resolves.toHaveLength(1);
    await expect(dialog.getByRole('checkbox', { name: 'Germany' }).isChecked()).resolves.toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  }
});

it('6. line, bar and horizontal-bar charts show values by mouse, touch and keyboard', async () => {
  const { page, problems, widget } = await open(`/datasets/prc_hicp_manr?chart_type=line&${three}&time_start=1/2024`);
  const host = widget.locator('.chart-tooltip-host');
  const tooltip = widget.getByRole('tooltip');
  // Mouse: the right edge of the plot is the latest period, every series sorted, flags after the values.
  const box = (await host.boundingBox())!;
  await page.mouse.move(box.x + box.width - 22, box.y + box.height / 2);
  await expect(tooltip.innerText()).resolves.toMatch(
    /^May 2025\nAnnual rate of change \(%\)\nGermany\s+2\.1\s*e\nFrance\s+0\.6\s*e\nEuro area \(20[^\n]*\nNo data$/,
  );
  // Keyboard: Home is the first period, the right arrow the next.
  await page.mouse.move(0, 0);
  await host.focus();
  await page.keyboard.press('Home');
  await expect(tooltip.innerText()).resolves.toMatch(/^Jan 2024\n/);
  await page.keyboard.press('ArrowRight');
  await expect(tooltip.innerText()).resolves.toMatch(/^Feb 2024\n/);
  await page.keyboard.press('Escape');
  await expect(tooltip.count()).resolves.toBe(0);

  await switchTo(page, widget, 'Horizontal bar');
  await page.locator('[data-chart-type="horizontal-bar"] g.hbar-marks').waitFor();
  await widget.locator('.chart-tooltip-host').focus();
  await page.keyboard.press('ArrowDown');
  await expect(tooltip.innerText()).resolves.toBe('Germany\nAnnual rate of change (%), May 2025\n2.1 e');
  expect(problems).toEqual([]);

  // Touch: a tap on a sparse bar shows its value.
  const phone = await open(`/datasets/prc_hicp_manr?chart_type=bar&${three}&time_start=5/2025`, {
    viewport: { width: 375, height: 800 },
    hasTouch: true,
    isMobile: true,
  });
  const bar = phone.widget.locator('g.bar[data-series="France"] rect');
  await bar.scrollIntoViewIfNeeded();
  const b = (await bar.boundingBox())!;
  await phone.page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
  await expect(phone.widget.getByRole('tooltip').innerText()).resolves.toBe(
    'France\nAnnual rate of change (%), May 2025\n0.6 e',
  );
  expect(phone.problems).toEqual([]);
});

it('10. the embed table view is a real table, also without JavaScript', async () => {
  const { page, problems } = await newPage(browser, { javaScriptEnabled: false });
  await page.goto(`${baseUrl}/datasets/prc_hicp_manr?embed=true&chart_type=table&${three}&time_start=1/2025`);
  // The embed also draws a narrow copy for small frames: the first table is the wide one.
  const table = page.locator('[data-chart-widget] table').first();
  await table.waitFor();
  await expect(table.getByRole('rowheader').allTextContents()).resolves.toEqual(['Germany', 'France', EA20]);
  await expect(table.getByRole('columnheader').first().textContent()).resolves.toMatch(/Country/);
  expect(await page.locator('[data-chart-widget] svg[role="img"]').count()).toBe(0);
  expect(problems).toEqual([]);
});

it('8. on a phone bar names do not pile up, the controls keep to one row, the map legend keeps its ranges', async () => {
  const phone = { viewport: { width: 375, height: 800 } };
  const { problems, widget } = await open('/datasets/une_rt_m', phone);
  // Data, values, type, export, copy link, follow and the chart's menu (⋯): one row of icons above the chart.
  const tops = await widget
    .locator('.widget-header button')
    .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
  expect(tops).toHaveLength(7);
  expect(new Set(tops).size).toBe(1);
  const xs = await widget.locator('g.axis-x text').evaluateAll((els) => els.map((e) => Number(e.getAttribute('x'))));
  expect(xs.length).toBeGreaterThan(3);
  const gaps = xs
    .sort((a, b) => a - b)
    .slice(1)
    .map((x, i) => x - xs[i]!);
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(12);

  const map = await open('/datasets/prc_hicp_manr?chart_type=map', phone);
  await map.widget.locator('path.map-area').first().waitFor();
  const legend = await map.widget.locator('g.map-legend text').allTextContents();
  expect(legend).toContain('Extremely High');
  expect(legend.some((t) => / \u2013 /.test(t))).toBe(true);
  expect([...problems, ...map.problems]).toEqual([]);
});

it('9. regional maps name their regions, in labels, tooltips and the description', async () => {
  const { page, problems } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${baseUrl}/statistics/germany`);
  const desc = page.locator('desc[id^="map-chart"]').first();
  await desc.waitFor({ state: 'attached' });
  await expect(desc.textContent()).resolves.toContain('the highest is Hamburg at 68,700');
  expect(await page.locator('path.map-area[data-name="Hamburg"]').count()).toBeGreaterThan(0);
  expect(await page.locator('path.map-area[data-name^="DE"]').count()).toBe(0);
  expect(problems).toEqual([]);
});

it('7. the table PNG follows the sort and fits its rows (JSON flags: chart-export.test.ts)', async () => {
  const { page, problems, widget } = await open(`/datasets/prc_hicp_manr?chart_type=table&${three}&time_start=1/2025`, {
    acceptDownloads: true,
  });
  const latest = widget.getByRole('columnheader', { name: /^5\/2025/ });
  await latest.getByRole('button').click();
  await widget.getByRole('button', { name: 'Export' }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'PNG image' }).click(),
  ]);
  expect(decodeURIComponent(file.url())).toContain('sort=5/2025:descending');
  const png = await page.request.get(file.url());
  expect(png.status()).toBe(200);
  const bytes = await png.body();
  const height = bytes.readUInt32BE(20);
  // Three rows, the frame's title and source: far from the 400 px page of blank stripes it was.
  expect(height).toBeLessThan(2 * 300);
  expect(problems).toEqual([]);
});
