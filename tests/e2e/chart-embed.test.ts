// The embed page: a chart without JavaScript, framable by any site, resizing from 320px, with a tiny script.
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';

let browser: Browser;
let host: Server;
let hostUrl = '';
const baseUrl = inject('baseUrl');
/** EMBED_SHOTS=<folder>: the framed table and the snippet's frames as pictures there, to look at (not on every run). */
const shots = process.env.EMBED_SHOTS;
const line =
  '/datasets/prc_hicp_manr?embed=true&chart_type=line&country[]=DE&country[]=FR&country[]=EA20&time_start=1/2020';

beforeAll(async () => {
  browser = await sharedBrowser();
  // Another site (another origin) that frames the chart with the snippet of the Embed export.
  host = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const src = query.get('src') ?? '';
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    // A page with columns of these widths, each holding the Embed export's snippet as it was copied.
    const snippet = query.get('snippet');
    if (snippet) {
      const columns = (query.get('columns') ?? '700').split(',');
      res.end(
        `<!doctype html><body style="margin:0;font:14px sans-serif;background:${query.get('bg') ?? '#f1f5f9'}">` +
          columns.map((w) => `<div style="width:${w}px;margin:8px 0">${snippet}</div>`).join('') +
          '</body>',
      );
      return;
    }
    res.end(
      `<!doctype html><body style="margin:0"><iframe src="${baseUrl}${src.replace(/&/g, '&amp;')}" width="100%" height="545" style="border:0"></iframe></body>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, 'localhost', resolve));
  const address = host.address();
  hostUrl = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await closeContexts(browser);
  await new Promise((resolve) => host?.close(resolve));
});

it('shows the chart with JavaScript disabled, without the site chrome, framable by any site', async () => {
  const { page, problems } = await newPage(browser, {
    javaScriptEnabled: false,
    viewport: { width: 800, height: 600 },
  });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  const res = await page.goto(`${baseUrl}${line}`);
  expect(res?.status()).toBe(200);
  const headers = res!.headers();
  // Any site may frame it: the page's CSP (nonces, decision 060) names no frame-ancestors but '*', and no X-Frame-Options.
  expect(headers['content-security-policy']).not.toMatch(/frame-ancestors (?!\*)/);
  expect(headers['x-frame-options']).toBeUndefined();
  const chart = page.locator('[data-chart-widget] svg[role="img"]').first();
  await chart.waitFor();
  expect((await chart.boundingBox())!.height).toBeGreaterThan(250);
  await expect(page.locator('[data-chart-widget] svg desc').first().textContent()).resolves.toMatch(
    /^HICP - monthly data \(annual rate of change\) in Germany .* in January 2020 .*\. In France it .*\. In Euro area \(20 countries, from 2023\) it /,
  );
  expect(await page.getByRole('banner').count()).toBe(0);
  expect(await page.getByRole('contentinfo').count()).toBe(0);
  await page.getByRole('link', { name: 'Eurostat (prc_hicp_manr)' }).waitFor();
  expect(scripts).toEqual([]);
  expect(problems).toEqual([]);
});

it('ships a few kilobytes of inline script and no React', async () => {
  const res = await fetch(`${baseUrl}${line}`);
  const html = await res.text();
  expect(html).not.toMatch(/<script[^>]+src=/);
  expect(html).not.toContain('modulepreload');
  const inline = [...html.matchAll(/<script(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => m[1] ?? '',
  );
  const gzipped = gzipSync(inline.join('\n')).length;
  expect(gzipped).toBeLessThan(60 * 1024);
  // A tripwire far inside the budget: the slider, resize, table sort, keyboard walks and pointer tooltips take about
  // 4.4 KB (decision 214); more is a change to look at.
  expect(gzipped).toBeLessThan(5 * 1024);
});

async function framed(
  src: string,
  width: number,
): Promise<{ frame: Frame; problems: string[]; setWidth: (w: number) => Promise<void> }> {
  const { page, problems } = await newPage(browser, { viewport: { width, height: 700 } });
  await page.goto(`${hostUrl}/?src=${encodeURIComponent(src)}`);
  const frame = await (await page.locator('iframe').elementHandle())!.contentFrame();
  await frame!.locator('[data-chart-widget] svg[role="img"], [data-chart-widget] table').first().waitFor();
  return { frame: frame!, problems, setWidth: (w) => page.setViewportSize({ width: w, height: 700 }) };
}

const drawnWidth = (frame: Frame) => frame.locator('.widget-figure').getAttribute('data-width');

it('redraws at the width of its frame, from 320px to full width', async () => {
  const { frame, problems, setWidth } = await framed(line, 1000);
  // The script asks the server for the frame's exact width (1000 less the page's padding).
  await frame.waitForFunction(() => document.querySelector('.widget-figure')?.getAttribute('data-width') === '976');
  await expect(frame.locator('svg[role="img"]').getAttribute('width')).resolves.toBe('976');
  await expect(frame.locator('[data-chart-widget]').getAttribute('data-layout')).resolves.toBe('full');

  await setWidth(320);
  await frame.waitForFunction(() => document.querySelector('.widget-figure')?.getAttribute('data-width') === '296');
  await expect(frame.locator('[data-chart-widget]').getAttribute('data-layout')).resolves.toBe('half');
  const box = (await frame.locator('svg[role="img"]').boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(296);
  // Nothing overflows the frame sideways.
  await expect(frame.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(320);
  expect(await drawnWidth(frame)).toBe('296');
  expect(problems).toEqual([]);
});

it('moves the slider, switches the type through links and shows the map tooltip', async () => {
  const { frame, problems } = await framed(line, 900);
  await frame.waitForFunction(() => document.querySelector('.widget-figure')?.getAttribute('data-width') === '876');
  const slider = frame.getByRole('slider', { name: 'First period shown' });
  await slider.focus();
  await slider.press('End');
  await frame.waitForFunction(() =>
    document
      .querySelector('.widget-figure svg desc')
      ?.textContent?.includes('in Germany was 2.1 % (estimated) in May 2025.'),
  );
  await expect(frame.locator('[data-slider-value]').textContent()).resolves.toBe('5/2025');

  await frame.locator('summary[aria-label="Line"]').click();
  await frame.getByRole('link', { name: 'Map', exact: true }).click();
  await frame.locator('path.map-area[data-name="Germany"]').waitFor();
  expect(frame.url()).toContain('chart_type=map');
  await frame.locator('path.map-area[data-name="Germany"]').hover();
  await expect(frame.getByRole('tooltip').innerText()).resolves.toBe('Germany\n2.1 Annual rate of change (%)');
  await frame.locator('path.map-area[data-name="Belarus"]').hover();
  await expect(frame.getByRole('tooltip').innerText()).resolves.toBe('Belarus\nNo data');
  expect(problems).toEqual([]);
});

it('serves the table view as an HTML table that the small script sorts by mouse and keyboard', async () => {
  const table = line.replace('chart_type=line', 'chart_type=table');
  // Without script: a real table to read, copy or hand to a screen reader.
  const html = await (await fetch(`${baseUrl}${table}`)).text();
  expect(html).toMatch(/<table[\s>]/);
  expect(html).toMatch(/<th scope="row"[^>]*>Germany<\/th>/);

  const { frame, problems, setWidth } = await framed(table, 900);
  const labels = () => frame.getByRole('rowheader').allTextContents();
  await expect(labels()).resolves.toEqual(['Germany', 'France', 'Euro area (20 countries, from 2023)']);
  const latest = frame.getByRole('columnheader', { name: /^5\/2025/ });
  await latest.getByRole('button').click();
  await expect(latest.getAttribute('aria-sort')).resolves.toBe('descending');
  // Highest first; Euro area has no value in 5/2025 and stays last.
  await expect(labels()).resolves.toEqual(['Germany', 'France', 'Euro area (20 countries, from 2023)']);
  await latest.getByRole('button').click();
  await expect(latest.getAttribute('aria-sort')).resolves.toBe('ascending');
  await expect(labels()).resolves.toEqual(['France', 'Germany', 'Euro area (20 countries, from 2023)']);
  // The keyboard: the label column's button with Enter sorts A to Z, and the other headers say so.
  const label = frame.getByRole('columnheader').first();
  await label.getByRole('button').focus();
  await label.getByRole('button').press('Enter');
  await expect(label.getAttribute('aria-sort')).resolves.toBe('ascending');
  await expect(latest.getAttribute('aria-sort')).resolves.toBe('none');
  await expect(labels()).resolves.toEqual(['Euro area (20 countries, from 2023)', 'France', 'Germany']);
  // A resize swaps in a table rendered for the new width; the reader's sort stays.
  await latest.getByRole('button').click();
  await frame.evaluate(() => document.querySelector('[data-chart-widget]')!.removeAttribute('data-embed-state'));
  await setWidth(600);
  await frame.locator('[data-chart-widget][data-embed-state="updated"]').waitFor();
  await expect(latest.getAttribute('aria-sort')).resolves.toBe('descending');
  await expect(labels()).resolves.toEqual(['Germany', 'France', 'Euro area (20 countries, from 2023)']);
  expect(problems).toEqual([]);
  // The framed table at 375 and 1280 px, light and dark, to look at (EMBED_SHOTS).
  for (const theme of shots ? (['light', 'dark'] as const) : []) {
    for (const width of [375, 1280]) {
      const shot = await framed(`${table}&theme=${theme}`, width);
      await shot.frame.getByRole('columnheader').first().getByRole('button').click();
      await shot.frame.page().screenshot({ path: `${shots}/embed-table-${width}-${theme}.png` });
      await shot.frame.page().context().close();
    }
  }
});

/** The Embed export's snippet of a view, copied from the dataset page's dialog. */
async function copiedSnippet(path: string): Promise<string> {
  const { page, problems } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${baseUrl}${path}`);
  const widget = page.locator('[data-chart-widget]').first();
  await widget.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Embed' }).click();
  const snippet = await page.getByRole('dialog', { name: 'Embed code' }).getByRole('textbox').inputValue();
  expect(problems).toEqual([]);
  await page.context().close();
  return snippet;
}

/** Whether each frame's source line lies inside the frame's box, and the frames' heights. */
async function sourceLinesInside(page: Page): Promise<{ inside: boolean[]; heights: number[] }> {
  const inside: boolean[] = [];
  const heights: number[] = [];
  for (const element of await page.locator('iframe').all()) {
    const box = (await element.boundingBox())!;
    const frame = (await element.contentFrame())!;
    const source = (await frame.locator('.source-line').boundingBox())!;
    heights.push(Math.round(box.height));
    inside.push(source.y >= box.y && source.y + source.height <= box.y + box.height + 0.5);
  }
  return { inside, heights };
}

it("fits its content in a 700px and a 375px column: resized by the snippet's script, and without it (decision 200)", async () => {
  // The view of the issue: unemployment, whose title and subtitle wrap in a 700px column.
  const snippet = await copiedSnippet('/datasets/une_rt_m?chart_type=line&country[]=DE&country[]=FR');
  const given = Number(/height="(\d+)"/.exec(snippet)![1]);
  expect(given).toBeGreaterThanOrEqual(545);
  for (const theme of ['light', 'dark'] as const) {
    const themed = theme === 'dark' ? snippet.replace('embed=true', 'embed=true&amp;theme=dark') : snippet;
    const bg = theme === 'dark' ? '%230f172a' : '%23f1f5f9';
    for (const [viewport, columns] of [
      [1280, '700,375'],
      [375, '375'],
    ] as const) {
      const url = `${hostUrl}/?columns=${columns}&bg=${bg}&snippet=${encodeURIComponent(themed)}`;
      // With scripts: each frame takes its content's height from the page's message.
      const scripted = await newPage(browser, { viewport: { width: viewport, height: 1400 } });
      await scripted.page.goto(url);
      // Each frame has redrawn at its width (the runtime's swap) and its height is its content's, as last told.
      for (const element of await scripted.page.locator('iframe').all()) {
        const frame = (await (await element.elementHandle())!.contentFrame())!;
        await frame.waitForFunction(
          () => document.querySelector('[data-chart-widget]')?.getAttribute('data-embed-state') === 'updated',
        );
        await expect
          .poll(async () => {
            const content = await frame
              .locator('[data-embed-content]')
              .evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
            return Math.abs((await element.boundingBox())!.height - content);
          })
          .toBeLessThanOrEqual(1);
      }
      const resized = await sourceLinesInside(scripted.page);
      expect(resized.inside.every(Boolean), `${theme} ${viewport}: ${resized.heights}`).toBe(true);
      if (shots)
        await scripted.page.screenshot({ path: `${shots}/embed-snippet-${theme}-${viewport}.png`, fullPage: true });
      expect(scripted.problems).toEqual([]);
      await scripted.page.context().close();

      // Without scripts (neither the host's nor the frame's), the snippet's own height holds the whole view.
      const bare = await newPage(browser, { viewport: { width: viewport, height: 1400 }, javaScriptEnabled: false });
      await bare.page.goto(url);
      await bare.page.frameLocator('iframe').first().locator('.source-line').waitFor();
      const fixed = await sourceLinesInside(bare.page);
      expect(fixed.heights.every((h) => h === given)).toBe(true);
      expect(fixed.inside.every(Boolean), `${theme} ${viewport} without scripts`).toBe(true);
      if (shots) {
        await bare.page.screenshot({
          path: `${shots}/embed-snippet-noscript-${theme}-${viewport}.png`,
          fullPage: true,
        });
      }
      await bare.page.context().close();
    }
  }
});
