// A visitor exports a chart: PNG, SVG, CSV and JSON downloads with checked content, the API URL and the embed code.
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';
import { splitCsvExport } from '../setup/csv';

let browser: Browser;
const baseUrl = inject('baseUrl');
const view = 'chart_type=line&country[]=DE&country[]=FR&country[]=EA20&time_start=1/2024';

beforeAll(async () => {
  browser = await sharedBrowser();
});
afterAll(() => closeContexts(browser));

async function open(path: string): Promise<{ page: Page; problems: string[]; widget: Locator }> {
  const { page, problems } = await newPage(browser, {
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await page.goto(`${baseUrl}${path}`);
  const widget = page.locator('[data-chart-widget][data-measured]');
  await widget.waitFor();
  return { page, problems, widget };
}

async function exportAs(page: Page, widget: Locator, item: string) {
  await widget.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function download(page: Page, widget: Locator, item: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), exportAs(page, widget, item)]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

/** Width and height from the PNG header (IHDR at bytes 16-23). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

it('downloads the chart as a PNG at twice its size, in the browser and from the server', async () => {
  const { page, problems, widget } = await open(`/datasets/prc_hicp_manr?${view}`);
  const svg = widget.locator('svg[role="img"]');
  const width = Number(await svg.getAttribute('width'));
  const height = Number(await svg.getAttribute('height'));
  const png = await download(page, widget, 'PNG image');
  expect(png.name).toBe('prc_hicp_manr-line.png');
  // Publishable as it is (issue 11, item 7): the chart at twice its size under its title and subtitle, over the
  // source line and the view's address, so the image is taller than the chart alone.
  const size = pngSize(png.bytes);
  expect(size.width).toBe(width * 2);
  expect(size.height).toBeGreaterThan(height * 2 + 120);
  expect(size.height).toBeLessThan(height * 2 + 400);

  // The table is HTML: its PNG comes from /api/charts/download-png with the same view.
  await widget.getByRole('button', { name: /^Chart type/ }).click();
  await page.getByRole('menuitemradio', { name: 'Table' }).click();
  await widget.getByRole('table').waitFor();
  const table = await download(page, widget, 'PNG image');
  expect(table.name).toBe('prc_hicp_manr-table.png');
  expect(pngSize(table.bytes).width).toBe(width * 2);
  expect(problems).toEqual([]);
});

it('downloads the published chart as an SVG that opens by itself with its text as text', async () => {
  const { page, problems, widget } = await open(`/datasets/prc_hicp_manr?${view}`);
  const svg = await download(page, widget, 'SVG image');
  expect(svg.name).toBe('prc_hicp_manr-line.svg');
  const text = svg.bytes.toString('utf8');
  expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(text).toContain('>Source: Eurostat (prc_hicp_manr)</text>');
  expect(text).toContain('class="published-title"');
  // Opened as a file, the browser draws it: the chart's lines and the title, as wide as the chart on the page.
  const width = Number(await widget.locator('svg[role="img"]').getAttribute('width'));
  const file = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await file.page.setContent(text);
  const drawn = await file.page.locator('body > svg').boundingBox();
  expect(drawn?.width).toBe(width);
  await expect.poll(() => file.page.locator('text.published-title').count()).toBe(1);
  expect(await file.page.locator('path').count()).toBeGreaterThanOrEqual(3);

  // The table's SVG comes from /api/charts/download-svg with the same view.
  await widget.getByRole('button', { name: /^Chart type/ }).click();
  await page.getByRole('menuitemradio', { name: 'Table' }).click();
  await widget.getByRole('table').waitFor();
  const table = await download(page, widget, 'SVG image');
  expect(table.name).toBe('prc_hicp_manr-table.svg');
  expect(table.bytes.toString('utf8')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg /);
  expect(problems).toEqual([]);
});

it('downloads CSV rows equal to the data API and the JSON export of the specification', async () => {
  const { page, problems, widget } = await open(`/datasets/prc_hicp_manr?${view}`);
  const csv = await download(page, widget, 'CSV data');
  expect(csv.name).toBe('prc_hicp_manr-line.csv');
  const api = await page.request.get(
    `${baseUrl}/api/datasets/prc_hicp_manr/data?format=csv&country=DE,FR,EA20&period_from=1/2024`,
  );
  const apiRows = (await api.text()).trimEnd().split('\r\n');
  // A byte-order mark and what the file is (`# key,value` lines, decision 200), then the data API's CSV.
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const { about, csv: data } = splitCsvExport(csv.bytes.toString('utf8'));
  expect(about).toMatchObject({
    title: 'HICP - monthly data (annual rate of change)',
    source: expect.stringMatching(/^Eurostat \(prc_hicp_manr\)/),
  });
  expect(about.view).toMatch(/\/datasets\/prc_hicp_manr\?chart_type=line&/);
  const rows = data.trimEnd().split('\r\n');
  expect(rows).toEqual(apiRows);
  expect(rows).toContain('prc_hicp_manr,RCH_A,CP00,DE,Germany,5/2025,2025-05,2.1,e');
  expect(rows.length).toBeGreaterThan(40);

  const json = await download(page, widget, 'JSON data');
  expect(json.name).toBe('prc_hicp_manr-line.json');
  const body = JSON.parse(json.bytes.toString('utf8'));
  expect(Object.keys(body)).toEqual(['dataset', 'filters', 'data', 'metadata']);
  expect(body.dataset).toMatchObject({ dataset_code: 'prc_hicp_manr', source_name: 'Eurostat' });
  expect(Object.keys(body.dataset)).toEqual(expect.arrayContaining(['dimensions', 'available_countries']));
  expect(body.filters).toEqual({
    selected_dimensions: { dim1: ['RCH_A'], dim2: ['CP00'] },
    chart_type: 'line',
    selected_countries: ['DE', 'FR', 'EA20'],
  });
  expect(body.data[0].period).toBe('1/2024');
  expect(body.data.at(-1)).toEqual({
    period: '5/2025',
    values: { Germany: 2.1, France: 0.6 },
    flags: { Germany: 'e', France: 'e' },
  });
  expect(body.metadata).toMatchObject({ total_periods: 17, total_series: 1, export_format: 'json' });
  // The JSON of the server endpoint is the same export.
  const server = await page.request.get(`${baseUrl}/api/charts/download?datasetId=prc_hicp_manr&${view}&format=json`);
  const served = await server.json();
  expect({ ...served, metadata: { ...served.metadata, export_timestamp: 'x' } }).toEqual({
    ...body,
    metadata: { ...body.metadata, export_timestamp: 'x' },
  });
  expect(problems).toEqual([]);
});

/** Playwright's clock in the page, paused: its time moves only as far as runFor moves it. */
async function stillClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

it('copies the API URL of the view with a 3 s check mark', async () => {
  const { page, problems, widget } = await open(`/datasets/prc_hicp_manr?${view}`);
  await exportAs(page, widget, 'API');
  const dialog = page.getByRole('dialog', { name: 'API URL' });
  const url = await dialog.getByRole('textbox').inputValue();
  expect(url).toMatch(/\/api\/datasets\/\d+\/data\?country=DE,FR,EA20&period_from=1\/2024$/);
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  expect((await res.json()).data[0].rows[0].period).toBe('1/2024');

  // The page's clock is Playwright's from here, and stands still: the check mark's 3 s are run through, not waited
  // for, and the real time a busy machine spends between the steps cannot add to them (a CI run saw it gone at 2.9 s).
  await stillClock(page);
  await dialog.getByRole('button', { name: 'Copy API URL' }).click();
  await dialog.getByRole('button', { name: 'Copied' }).waitFor();
  await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(url);
  await page.clock.runFor(2900);
  expect(await dialog.getByRole('button', { name: 'Copied' }).count()).toBe(1);
  await page.clock.runFor(200);
  await dialog.getByRole('button', { name: 'Copy API URL' }).waitFor();
  expect(problems).toEqual([]);
});

it('copies an iframe embed snippet with a 2 s check mark, and the embed shows the view', async () => {
  const { page, problems, widget } = await open(`/datasets/prc_hicp_manr?${view}`);
  await exportAs(page, widget, 'Embed');
  const dialog = page.getByRole('dialog', { name: 'Embed code' });
  const snippet = await dialog.getByRole('textbox').inputValue();
  expect(snippet).toMatch(
    /^<iframe src="http:\/\/[^"]+\/datasets\/\d+\?embed=true&amp;chart_type=line&amp;country\[\]=DE&amp;country\[\]=FR&amp;country\[\]=EA20&amp;time_start=1\/2024" width="100%" height="(\d+)" /,
  );
  // The no-script height fits the view (decision 200): 545px at least.
  expect(Number(/height="(\d+)"/.exec(snippet)![1])).toBeGreaterThanOrEqual(545);
  expect(snippet).toContain('<script>window.addEventListener("message"');
  await stillClock(page);
  await dialog.getByRole('button', { name: 'Copy Embed code' }).click();
  await dialog.getByRole('button', { name: 'Copied' }).waitFor();
  await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(snippet);
  await page.clock.runFor(1900);
  expect(await dialog.getByRole('button', { name: 'Copied' }).count()).toBe(1);
  await page.clock.runFor(200);
  await dialog.getByRole('button', { name: 'Copy Embed code' }).waitFor();

  const src = /src="([^"]+)"/.exec(snippet)![1]!.replace(/&amp;/g, '&');
  const embed = await page.request.get(src);
  expect(embed.status()).toBe(200);
  const words = /<desc id="[^"]*">([^<]*)<\/desc>/.exec(await embed.text())?.[1] ?? '';
  expect(words).toMatch(/January 2024.* May 2025/);
  // The snippet's frame title is the chart's name and its words (issue 40).
  expect(snippet).toContain(`: ${words}"`);
  expect(problems).toEqual([]);
});
