// A visitor uses the chart widget: switches views, drags the slider, sorts the table, zooms and hovers the map.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';

let browser: Browser;
const baseUrl = inject('baseUrl');
const three = 'country[]=DE&country[]=FR&country[]=EA20';

beforeAll(async () => {
  browser = await sharedBrowser();
});
afterAll(() => closeContexts(browser));

async function open(path: string): Promise<{ page: Page; problems: string[]; widget: Locator }> {
  const { page, problems } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${baseUrl}${path}`);
  const widget = page.locator('[data-chart-widget]');
  // The chart's SVG (an image, or a group when a map's regions are links): ChartFrame's, with its data-theme.
  await widget.locator('svg[data-theme], table').first().waitFor();
  // Hydrated: the widget measured its container.
  await page.locator('[data-chart-widget][data-measured]').waitFor();
  return { page, problems, widget };
}

async function switchTo(page: Page, widget: Locator, label: string): Promise<void> {
  await widget.getByRole('button', { name: /^Chart type:/ }).click();
  await page.getByRole('menuitemradio', { name: label, exact: true }).click();
}

// The first thumb: the start of a range (line, bar) or the one period (map, horizontal bar).
const sliderText = (widget: Locator) => widget.getByRole('slider').first().getAttribute('aria-valuetext');

it('switches between the five views and keeps the slider position', async () => {
  const { page, problems, widget } = await open(`/datasets/prc_hicp_manr?chart_type=line&${three}&time_start=1/2020`);
  await expect(sliderText(widget)).resolves.toBe('1/2020 – 5/2025');
  await expect(widget.locator('svg desc').textContent()).resolves.toMatch(/^HICP .* in January 2020 .* in May 2025/);

  // Labels at the line ends (the euro area's full name fits at 1280 px), the euro area dashed (issue 11).
  await expect(widget.locator('g.line-labels text').allTextContents()).resolves.toEqual(
    expect.arrayContaining(['Germany', 'France', 'Euro area (20 countries, from 2023)']),
  );
  expect(await widget.locator('g.chart-legend').count()).toBe(0);
  // The line itself; its ends carry the series' marker shape (decision 214).
  const aggregate = widget.locator('g[data-aggregate="true"] > path:not(.line-marker)');
  await expect(aggregate.getAttribute('stroke-dasharray')).resolves.toBeTruthy();
  // Choosing a label highlights its series and greys the rest; again, or Escape, clears (issue 11).
  const germany = widget.getByRole('button', { name: 'Highlight Germany' });
  await expect(germany.getAttribute('aria-pressed')).resolves.toBe('false');
  await germany.click();
  await expect(germany.getAttribute('aria-pressed')).resolves.toBe('true');
  await expect(widget.locator('g.line-muted').count()).resolves.toBe(2);
  await germany.click();
  await expect(widget.locator('g.line-muted').count()).resolves.toBe(0);
  await widget.getByRole('button', { name: /^Highlight Euro area/ }).focus();
  await page.keyboard.press('Enter');
  await expect(widget.locator('g.line-muted').count()).resolves.toBe(2);
  await page.keyboard.press('Escape');
  await expect(widget.locator('g.line-muted').count()).resolves.toBe(0);
  await expect(germany.getAttribute('aria-pressed')).resolves.toBe('false');

  await switchTo(page, widget, 'Bar');
  await page.locator('[data-chart-type="bar"] svg g.bar-marks').waitFor();
  // The euro area's bars are set apart from the countries' (issue 11).
  expect(await widget.locator('g.bar-aggregate').count()).toBeGreaterThan(0);
  // Its legend highlights a series too: the others' bars grey (the light theme's #9ca3af) until Escape.
  const france = widget.getByRole('button', { name: 'Highlight France' });
  await france.click();
  await expect(france.getAttribute('aria-pressed')).resolves.toBe('true');
  await expect(widget.locator('g.bar-marks rect[fill="#9ca3af"]').count()).resolves.toBeGreaterThan(0);
  await expect(widget.locator('g.bar[data-series="France"] rect[fill="#9ca3af"]').count()).resolves.toBe(0);
  await page.keyboard.press('Escape');
  await expect(widget.locator('g.bar-marks rect[fill="#9ca3af"]').count()).resolves.toBe(0);
  await expect(sliderText(widget)).resolves.toBe('1/2020 – 5/2025');

  // Map and horizontal bar pick one period: the end of the range shown (issue 11, item 2).
  await switchTo(page, widget, 'Map');
  await widget.locator('path.map-area').first().waitFor();
  await expect(sliderText(widget)).resolves.toBe('5/2025');
  await expect(widget.locator('text.map-caption').textContent()).resolves.toBe('5/2025');

  await switchTo(page, widget, 'Horizontal bar');
  await page.locator('[data-chart-type="horizontal-bar"] g.hbar-marks').waitFor();
  await expect(widget.locator('svg desc').textContent()).resolves.toContain('in May 2025: the highest is');

  await switchTo(page, widget, 'Table');
  await widget.getByRole('table').waitFor();
  expect(await widget.getByRole('slider').count()).toBe(0);
  expect((await widget.getByRole('columnheader').allTextContents())[1]).toMatch(/^5\/2025/);
  const latest = widget.getByRole('columnheader', { name: /^5\/2025/ });
  await latest.getByRole('button').click();
  await expect(latest.getAttribute('aria-sort')).resolves.toBe('descending');
  const labels = () => widget.getByRole('rowheader').allTextContents();
  await expect(labels()).resolves.toEqual(['Germany', 'France', 'Euro area (20 countries, from 2023)']);
  await latest.getByRole('button').click();
  await expect(latest.getAttribute('aria-sort')).resolves.toBe('ascending');
  await expect(labels()).resolves.toEqual(['France', 'Germany', 'Euro area (20 countries, from 2023)']);

  // Back to a line: the range still starts where the slider was.
  await switchTo(page, widget, 'Line');
  await expect(sliderText(widget)).resolves.toBe('1/2020 – 5/2025');
  expect(problems).toEqual([]);
  await viewShots(
    `${baseUrl}/datasets/prc_hicp_manr?chart_type=line&${three}&country[]=EU27_2020&time_start=1/2020`,
    'line-labels',
  );
  await viewShots(
    `${baseUrl}/datasets/prc_hicp_manr?chart_type=bar&${three}&country[]=EU27_2020&time_start=4/2025`,
    'bar-aggregates',
  );
});

it('highlights one bar of a single period from its name under the bars, or beside them (issue 11)', async () => {
  const { page, problems, widget } = await open(
    '/datasets/prc_hicp_manr?chart_type=bar&country[]=DE&country[]=FR&country[]=IT&time_start=5/2025&time_end=5/2025',
  );
  // One bar per place, sorted, named on the x axis, no legend.
  await expect(widget.locator('svg desc').textContent()).resolves.toMatch(/the highest is Germany at 2\.1 %/);
  expect(await widget.locator('g.chart-legend').count()).toBe(0);
  const muted = widget.locator('g.bar-marks rect[fill="#9ca3af"]');
  const germany = widget.getByRole('button', { name: 'Highlight Germany' });
  await expect(germany.getAttribute('aria-pressed')).resolves.toBe('false');
  await germany.click();
  await expect(germany.getAttribute('aria-pressed')).resolves.toBe('true');
  await expect(muted.count()).resolves.toBe(2);
  await expect(widget.locator('g.bar[data-series="Germany"] rect[fill="#9ca3af"]').count()).resolves.toBe(0);
  await germany.click();
  await expect(muted.count()).resolves.toBe(0);
  // By keyboard: Tab from the chart reaches the first name (the highest bar); Enter or Space chooses, Escape clears.
  await widget.locator('.chart-tooltip-host').focus();
  await page.keyboard.press('Tab');
  await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
    'Highlight Germany',
  );
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('button', { name: 'Highlight Italy' }).getAttribute('aria-pressed')).resolves.toBe(
    'true',
  );
  await expect(widget.locator('g.bar[data-series="Italy"] rect').getAttribute('fill')).resolves.not.toBe('#9ca3af');
  await expect(muted.count()).resolves.toBe(2);
  await page.keyboard.press('Escape');
  await expect(muted.count()).resolves.toBe(0);
  await page.keyboard.press(' ');
  await expect(muted.count()).resolves.toBe(2);
  await page.keyboard.press(' ');
  await expect(muted.count()).resolves.toBe(0);
  // The names' buttons leave the bars to the tooltips.
  await widget.locator('g.bar[data-series="France"] rect').hover();
  await expect(widget.getByRole('tooltip').innerText()).resolves.toMatch(/^France\n/);

  // The horizontal bars' names beside them do the same.
  await switchTo(page, widget, 'Horizontal bar');
  await page.locator('[data-chart-type="horizontal-bar"] g.hbar-marks').waitFor();
  const france = widget.getByRole('button', { name: 'Highlight France' });
  await france.click();
  await expect(france.getAttribute('aria-pressed')).resolves.toBe('true');
  await expect(widget.locator('g.hbar-marks rect[fill="#9ca3af"]').count()).resolves.toBe(2);
  await page.keyboard.press('Escape');
  await expect(widget.locator('g.hbar-marks rect[fill="#9ca3af"]').count()).resolves.toBe(0);
  expect(problems).toEqual([]);
});

it('moves the slider by dragging and by keyboard', async () => {
  const { page, problems, widget } = await open(`/datasets/prc_hicp_manr?chart_type=line&${three}`);
  const slider = widget.getByRole('slider', { name: 'First period shown' });
  await expect(sliderText(widget)).resolves.toBe('1/1997 – 5/2025');
  // The track sits at the bottom edge of a 900 px window: the mouse can only drag what is on screen.
  await slider.scrollIntoViewIfNeeded();
  const box = (await slider.boundingBox())!;
  await page.mouse.move(box.x + 4, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  const dragged = await sliderText(widget);
  const start = /^(\d+)\/(\d{4})/.exec(dragged ?? '');
  expect(Number(start?.[2])).toBeGreaterThanOrEqual(2018);
  const first = (await widget.locator('g.axis-x text').allTextContents())[0] ?? '';
  expect(Number(/\d{4}$/.exec(first)?.[0])).toBeGreaterThanOrEqual(2018);

  // The end thumb (issue 41): the keyboard moves it, the chart stops there and the address names it as time_end.
  const endThumb = widget.getByRole('slider', { name: 'Last period shown' });
  await endThumb.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => sliderText(widget)).toMatch(/ – 4\/2025$/);
  await expect(widget.locator('svg desc').textContent()).resolves.toMatch(/ in April 2025\./);
  await expect(widget.locator('svg desc').textContent()).resolves.not.toContain('May 2025');
  await page.waitForURL(/time_end=4\/2025/);
  await expect(widget.getByRole('button', { name: 'Copy link' }).getAttribute('data-copy-link')).resolves.toContain(
    'time_end=4/2025',
  );
  await page.keyboard.press('End');
  await expect.poll(() => sliderText(widget)).toMatch(/ – 5\/2025$/);

  await slider.focus();
  const before = Number(await slider.inputValue());
  await page.keyboard.press('ArrowRight');
  await expect(slider.inputValue()).resolves.toBe(String(before + 1));
  await page.keyboard.press('End');
  await expect(sliderText(widget)).resolves.toBe('5/2025');
  expect(problems).toEqual([]);
});

it('zooms the map, hovers a country and shows No data where there is none', async () => {
  // time_end: the default view would end at 4/2025, the latest month most of the 45 geos have (issue 11, item 4).
  const { problems, widget } = await open(`/datasets/prc_hicp_manr?chart_type=map&time_end=5/2025`);
  const zoom = widget.locator('g.map-zoom');
  await expect(zoom.getAttribute('transform')).resolves.toBe('translate(0,0) scale(1)');
  await widget.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoom.getAttribute('transform')).resolves.toMatch(/scale\(1\.2\)$/);
  await widget.getByRole('button', { name: 'Reset view' }).click();
  await expect(zoom.getAttribute('transform')).resolves.toBe('translate(0,0) scale(1)');

  await widget.locator('path[data-name="Germany"]').hover();
  const tooltip = widget.getByRole('tooltip');
  await expect(tooltip.innerText()).resolves.toBe('Germany\n2.1 Annual rate of change (%)');
  await widget.locator('path[data-name="Belarus"]').hover();
  await expect(tooltip.innerText()).resolves.toMatch(/\nNo data$/);
  // Malta is too small for the 110m world outlines: it comes from the 50m file, with a dot to see and point at.
  await widget.locator('circle.map-area-marker[data-name="Malta"]').hover();
  await expect(tooltip.innerText()).resolves.toBe('Malta\n2.6 Annual rate of change (%)');
  expect(problems).toEqual([]);
});

it('re-colours every view when the page turns dark', async () => {
  const { page, problems, widget } = await open(`/datasets/prc_hicp_manr?chart_type=bar&${three}`);
  await expect(widget.locator('svg[role="img"]').getAttribute('data-theme')).resolves.toBe('light');
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.locator('svg[role="img"][data-theme="dark"]').waitFor();
  await expect(widget.locator('svg[role="img"] > rect').first().getAttribute('fill')).resolves.toBe('#0f172a');
  await switchTo(page, widget, 'Table');
  await expect(widget.locator('.chart-table').getAttribute('data-theme')).resolves.toBe('dark');
  expect(problems).toEqual([]);
});

it('fetches the data again only when the visitor changes the selection', async () => {
  const { page, problems, widget } = await open(`/datasets/prc_hicp_manr?chart_type=horizontal-bar&time_end=5/2025`);
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/datasets/')) requests.push(r.url());
  });
  await switchTo(page, widget, 'Line');
  await switchTo(page, widget, 'Horizontal bar');
  expect(requests).toEqual([]);

  // The page opens on the countries and today's EU, not every aggregate (decision 190): All, then two countries.
  await widget.getByRole('button', { name: 'Data: 39 countries' }).click();
  const editor = page.getByRole('dialog');
  await editor.getByRole('button', { name: 'All', exact: true }).click();
  await editor.getByLabel('Germany').check();
  await editor.getByLabel('Spain').check();
  await editor.getByRole('button', { name: 'Apply' }).click();
  await widget.getByRole('button', { name: 'Data: 2 countries' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.hbar-marks .bar').length === 2);
  const bars = await widget
    .locator('.hbar-marks .bar')
    .evaluateAll((els) => els.map((b) => b.getAttribute('data-series')));
  expect(bars.sort()).toEqual(['Germany', 'Spain']);
  expect(requests).toHaveLength(1);
  expect(requests[0]).toMatch(/\/api\/datasets\/\d+\?country=DE,ES&period_to=5\/2025$/);

  // The fetched rows carry their flags: the table still marks May 2025 as estimated.
  await switchTo(page, widget, 'Table');
  const germany = widget.getByRole('row', { name: /^Germany/ });
  await expect(germany.getByRole('cell').first().innerText()).resolves.toBe('2.1 e');
  await expect(germany.locator('abbr.flag').first().getAttribute('title')).resolves.toBe('estimated');
  expect(problems).toEqual([]);
});

it('shows the error panel with the specification message', async () => {
  const { page, problems } = await newPage(browser);
  await page.goto(`${baseUrl}/datasets/prc_hicp_manr?dimension[]=dim2:CP99`);
  const panel = page.getByRole('alert');
  await panel.getByText('Error loading chart').waitFor();
  await panel.getByText('No matching data series found for the specified dimensions').waitFor();
  expect(problems).toEqual([]);
});

it('asks a visitor without a session to sign in when they follow the chart', async () => {
  const { page, problems, widget } = await open(`/datasets/prc_hicp_manr`);
  const plan = page.waitForResponse((r) => r.url().endsWith('/api/account/current-plan'));
  await widget.getByRole('button', { name: 'Follow' }).click();
  expect((await plan).status()).toBe(401);
  await page.getByRole('dialog').waitFor();
  expect(page.url()).toMatch(/\/datasets\/prc_hicp_manr$/);
  // The plan check's 401 is the expected answer for a visitor.
  expect(problems.filter((p) => !p.includes('/api/account/current-plan'))).toEqual([]);
});

it('keeps the view in the address: reload draws it on the server, back and forward step through views', async () => {
  const { page, problems, widget } = await open(`/datasets/prc_hicp_manr?chart_type=line&${three}&time_end=5/2025`);
  const entries = () => page.evaluate(() => window.history.length);
  const start = await entries();
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document' || r.url().includes('.data')) documents.push(r.url());
  });
  await page.evaluate(() => window.scrollTo(0, 200));

  await switchTo(page, widget, 'Horizontal bar');
  await page.waitForURL(/chart_type=horizontal-bar/);
  expect(new URL(page.url()).search).toBe(`?chart_type=horizontal-bar&${three}&time_end=5/2025`);
  await widget.getByRole('button', { name: 'Data: 3 countries' }).click();
  await page.getByRole('dialog').getByLabel('Spain').check();
  await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
  await page.waitForURL(/country\[\]=ES/);
  // The slider replaces the entry instead of adding one per step; map and horizontal bar name their period `time`.
  await widget.getByRole('slider').focus();
  await page.keyboard.press('ArrowLeft');
  await page.waitForURL(/time=4\/2025/);
  const shared = page.url();
  expect(new URL(shared).search).toBe(`?chart_type=horizontal-bar&${three}&country[]=ES&time=4/2025&time_end=5/2025`);
  expect(await entries()).toBe(start + 2);
  // Neither a page load nor a loader request, and the page did not jump to the top.
  expect(documents).toEqual([]);
  expect(await page.evaluate(() => window.scrollY)).toBe(200);

  // The address opened anew (no script) draws the same view on the server.
  const fresh = await newPage(browser, { javaScriptEnabled: false });
  await fresh.page.goto(shared);
  const served = fresh.page.locator('[data-chart-widget]');
  await expect(served.getAttribute('data-chart-type')).resolves.toBe('horizontal-bar');
  await expect(served.locator('svg desc').textContent()).resolves.toMatch(/in April 2025: the highest is/);
  await expect(served.locator('svg[data-theme]').first().textContent()).resolves.toContain('Spain');
  await expect(served.getByRole('slider').getAttribute('aria-valuetext')).resolves.toBe('4/2025');
  expect(fresh.problems).toEqual([]);

  // Back: the three countries again (the slider step was no entry of its own), then the line chart.
  await page.goBack();
  await page.waitForURL((u) => !u.search.includes('ES'));
  await widget.getByRole('button', { name: 'Data: 3 countries' }).waitFor();
  await expect(widget.getAttribute('data-chart-type')).resolves.toBe('horizontal-bar');
  await page.goBack();
  await page.waitForURL((u) => u.search.includes('chart_type=line'));
  await page.locator('[data-chart-widget][data-chart-type="line"] svg desc').waitFor({ state: 'attached' });
  await expect(sliderText(widget)).resolves.toBe('1/1997 – 5/2025');
  // Forward twice: the four countries in 4/2025.
  await page.goForward();
  await page.goForward();
  await page.waitForURL(/time=4\/2025/);
  await widget.getByRole('button', { name: 'Data: 4 countries' }).waitFor();
  await expect(sliderText(widget)).resolves.toBe('4/2025');
  expect(documents).toEqual([]);
  expect(problems).toEqual([]);
  await viewShots(shared, 'dataset-shared-view');
});

/** VIEW_SHOTS=<folder>: the page at 375 and 1280 px, light and dark, to look at (issue 11). */
async function viewShots(url: string, name: string): Promise<void> {
  const out = process.env.VIEW_SHOTS;
  if (!out) return;
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [375, 1280]) {
      const { page } = await newPage(browser, { viewport: { width, height: 900 } });
      await page.context().addCookies([{ name: 'theme', value: theme, url: baseUrl }]);
      await page.goto(url);
      await page.locator('[data-chart-widget][data-measured] svg[data-theme]').first().waitFor();
      await page.screenshot({ path: `${out}/${name}-${width}-${theme}.png`, fullPage: true });
      await page.context().close();
    }
  }
}

it('names the regions of a NUTS map and opens a region’s statistics page by click or Enter', async () => {
  const regions = 'country[]=DE21&country[]=DE22&country[]=DE30';
  const { page, problems, widget } = await open(
    `/datasets/nama_10r_3gdp?chart_type=map&dimension[]=dim1:EUR_HAB&${regions}`,
  );
  const oberbayern = widget.locator('path.map-area[data-name="Oberbayern"]');
  await oberbayern.hover();
  await expect(widget.getByRole('tooltip').innerText()).resolves.toMatch(/^Oberbayern\n/);
  expect(await widget.locator('[data-name^="DE2"]').count()).toBe(0);

  // The regions are one stop of the Tab order (a roving tabindex): Tab from the map reaches the first region, arrow
  // keys move between regions with their tooltip, and the next Tab leaves them.
  const links = widget.locator('a.map-area-link');
  expect(await links.count()).toBeGreaterThan(1);
  await expect(widget.locator('a.map-area-link[tabindex="0"]').count()).resolves.toBe(1);
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
  await widget.locator('.map-chart').focus();
  await page.keyboard.press('Tab');
  await expect(focused()).resolves.toBe(await links.nth(0).getAttribute('aria-label'));
  await page.keyboard.press('ArrowRight');
  const second = (await links.nth(1).getAttribute('aria-label'))!;
  await expect(focused()).resolves.toBe(second);
  expect((await widget.getByRole('tooltip').innerText()).split('\n')[0]!.startsWith(second)).toBe(true);
  await expect(widget.locator('a.map-area-link[tabindex="0"]').getAttribute('aria-label')).resolves.toBe(second);
  await page.keyboard.press('Tab');
  await expect(page.evaluate(() => document.activeElement?.closest('a.map-area-link') ?? null)).resolves.toBeNull();

  // Enter on a region reached with the keyboard opens its page (the code address redirects to the slugs).
  const berlin = widget.getByRole('link', { name: 'Berlin' });
  await berlin.focus();
  await expect(widget.getByRole('tooltip').innerText()).resolves.toMatch(/^Berlin \(DE30\)\n/);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/statistics\/germany\/berlin/);
  await page.goBack();
  await widget.locator('path.map-area[data-name="Oberbayern"]').click();
  await page.waitForURL(`${baseUrl}/statistics/germany/bayern/oberbayern`);
  await page.getByRole('heading', { level: 1, name: 'Oberbayern' }).waitFor();
  expect(problems).toEqual([]);
  await viewShots(`${baseUrl}/datasets/nama_10r_3gdp?chart_type=map&dimension[]=dim1:EUR_HAB&${regions}`, 'nuts-map');
});
