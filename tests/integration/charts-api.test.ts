// The chart exports in-process on a real database: PNG (resvg, 2x), CSV equal to the data API's, the JSON export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { databaseWithGeos } from '../setup/database';
import { splitCsvExport } from '../setup/csv';

let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await databaseWithGeos(
    'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv',
    'eurostat/tec00115/estat_tec00115_filtered_en.csv',
  );
  app = createApp({ db: database.db });
});
afterAll(() => database.close());

/** Width and height from a PNG's IHDR chunk (bytes 16-23). */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const view = 'datasetId=prc_hicp_manr&dimension[]=dim2:CP00&country[]=DE&country[]=FR&country[]=EA20';

describe('GET /api/charts/download-png', () => {
  it.each([
    ['line', '&time_start=1/2020', 800, 428],
    ['bar', '&time_start=1/2025', 640, 368],
    // Germany and France (EA20 has no 5/2025 value): a horizontal bar chart is only as tall as its bars need.
    ['horizontal-bar', '&time_start=5/2025&time_end=5/2025', 500, 180],
    ['table', '', 700, 400],
    ['map', '&time_start=5/2025&time_end=5/2025', 800, 452],
  ])('draws the %s view at twice its size', async (type, range, width, height) => {
    const res = await app.request(
      `/api/charts/download-png?${view}&chart_type=${type}${range}&width=${width}&height=${height}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="prc_hicp_manr-${type}.png"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    // The chart at twice its size, framed for publishing: title and subtitle above, source line below (issue 11).
    const size = pngSize(bytes);
    expect(size.width).toBe(width * 2);
    if (type === 'table') {
      // The table image is as tall as its three rows, not a page of blank stripes (issue 11, item 7).
      expect(size.height).toBeLessThan(height * 2);
    } else {
      expect(size.height - height * 2).toBeGreaterThan(2 * 80);
      expect(size.height - height * 2).toBeLessThan(2 * 200);
    }
    // A blank image compresses to almost nothing: a drawn chart has lines, labels and bars.
    expect(bytes.length).toBeGreaterThan(8000);
  });

  it('draws a horizontal bar chart of two bars only as tall as they need', async () => {
    const res = await app.request(
      `/api/charts/download-png?${view}&chart_type=horizontal-bar&time_start=5/2025&time_end=5/2025&width=600&height=400`,
    );
    const size = pngSize(new Uint8Array(await res.arrayBuffer()));
    expect(size.width).toBe(1200);
    // 180 px of bars, not 400, under the publishing frame.
    expect(size.height).toBeLessThan(2 * (180 + 200));
  });

  it('draws the dark theme and defaults the size to 800 × 428', async () => {
    const res = await app.request(`/api/charts/download-png?${view}&chart_type=line&theme=dark`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(pngSize(bytes).width).toBe(1600);
    expect(pngSize(bytes).height).toBeGreaterThan(856);
  });

  it('rejects what it cannot read with the API error shape', async () => {
    const type = await app.request('/api/charts/download-png?datasetId=prc_hicp_manr&chart_type=pie');
    expect(type.status).toBe(400);
    expect(((await type.json()) as any).error.code).toBe('bad_parameter');
    const dim = await app.request('/api/charts/download-png?datasetId=prc_hicp_manr&dimension[]=dim2:XX');
    expect(dim.status).toBe(400);
    expect(((await dim.json()) as any).error.message).toBe('invalid dim2: "XX" is not a value of coicop');
    const missing = await app.request('/api/charts/download-png?datasetId=nope');
    expect(missing.status).toBe(404);
    const width = await app.request('/api/charts/download-png?datasetId=prc_hicp_manr&width=99999');
    expect(width.status).toBe(400);
  });

  it('answers 404 with the specification message when the period has no map data', async () => {
    const res = await app.request(
      '/api/charts/download-png?datasetId=prc_hicp_manr&chart_type=map&country[]=DE&time_start=1/1990&time_end=1/1990',
    );
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error.message).toBe('No data found for this dataset');
  });
});

describe('GET /api/charts/download-svg', () => {
  it("draws a map or horizontal bar of a range at the range's end, as the widget does (issue 11, item 2)", async () => {
    const annual = 'datasetId=tec00115&country[]=DE&country[]=FR&country[]=IT&time_start=2020&time_end=2023';
    const map = await (await app.request(`/api/charts/download-svg?${annual}&chart_type=map`)).text();
    expect(map).toMatch(/<text[^>]*class="map-caption"[^>]*>2023<\/text>/);
    expect(map).toMatch(/<desc[^>]*>[^<]* in 2023 across Europe: the highest is /);
    // The export says it too, as its own <title> and <desc> (issue 40, decision 213).
    const words = [...map.matchAll(/<desc id="([^"]*)">([^<]*)<\/desc>/g)].map((m) => [m[1], m[2]]);
    expect(words[0]?.[0]).toBe('published-desc');
    expect(words[0]?.[1]).toBe(words[1]?.[1]);
    expect(map).toMatch(
      /^(<\?xml[^>]*>\s*)?<svg [^>]*role="img" aria-labelledby="published-title" aria-describedby="published-desc">/,
    );
    const monthly = `${view}&time_start=1/2020&time_end=1/2023`;
    const hbar = await (await app.request(`/api/charts/download-svg?${monthly}&chart_type=horizontal-bar`)).text();
    expect(hbar).toContain(', 1/2023</text>');
    expect(hbar).not.toContain(', 1/2020</text>');
    // `time` (the dataset page's address for a map) names the period, as on the page.
    const at = await (await app.request(`/api/charts/download-svg?${annual}&chart_type=map&time=2021`)).text();
    expect(at).toMatch(/<text[^>]*class="map-caption"[^>]*>2021<\/text>/);
  });

  it('answers the published image as SVG: the chart, title, subtitle and source line as text', async () => {
    const res = await app.request(`/api/charts/download-svg?${view}&chart_type=line&time_start=1/2020&title=Prices`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="prc_hicp_manr-line.svg"');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const svg = await res.text();
    expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')).toBe(
      true,
    );
    expect(svg).toContain('>Prices</text>');
    expect(svg).toContain('>Source: Eurostat (prc_hicp_manr)</text>');
    expect(svg).toMatch(/class="published-subtitle"[^>]*>[^<]*All-items HICP/);
    // The lines of the three series, drawn as paths (no raster inside).
    expect(svg).not.toContain('<image');
    expect(svg.match(/<path/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
  });

  it('escapes a hostile title and rejects what the PNG rejects', async () => {
    const res = await app.request(
      `/api/charts/download-svg?${view}&chart_type=bar&time_start=1/2025&title=${encodeURIComponent('<script>alert(1)</script>')}`,
    );
    expect(res.status).toBe(200);
    const svg = await res.text();
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    const bad = await app.request('/api/charts/download-svg?datasetId=prc_hicp_manr&chart_type=pie');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.code).toBe('bad_parameter');
    expect((await app.request('/api/charts/download-svg?datasetId=nope')).status).toBe(404);
  });
});

describe('GET /api/charts/download', () => {
  it('answers the CSV the data API writes for the same selection, after what the file is', async () => {
    const res = await app.request(`/api/charts/download?${view}&chart_type=line&time_start=1/2024&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    // A byte-order mark, so that Excel reads the file as UTF-8 (text() drops it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { about, csv } = splitCsvExport(await res.text());
    // Title, selection, source and licence first, as the PNG prints them (decision 200); this app has no PUBLIC_URL,
    // so, as on its images, no address of the view.
    expect(about).toEqual({
      title: 'HICP - monthly data (annual rate of change)',
      subtitle: 'All-items HICP · Annual rate of change (%)',
      source: expect.stringMatching(/^Eurostat \(prc_hicp_manr\) https:\/\/ec\.europa\.eu\//),
      licence: 'CC BY 4.0 https://creativecommons.org/licenses/by/4.0/',
    });
    const api = await app.request(
      '/api/datasets/prc_hicp_manr/data?dim2=CP00&country=DE,FR,EA20&period_from=1/2024&format=csv',
    );
    expect(csv).toBe(await api.text());
    const lines = csv.trimEnd().split('\r\n');
    // Each period as the API writes it and in ISO 8601 beside it, which a spreadsheet does not read as a day.
    expect(lines[0]).toBe('dataset,unit,coicop,geo,geo_name,period,period_iso,value,flags');
    expect(lines).toContain('prc_hicp_manr,RCH_A,CP00,DE,Germany,5/2025,2025-05,2.1,e');
  });

  it("names the view's page on the site at PUBLIC_URL", async () => {
    const published = createApp({
      db: database.db,
      config: loadConfig({ ...process.env, PUBLIC_URL: 'https://stats.example.org' }),
    });
    const res = await published.request(`/api/charts/download?${view}&chart_type=line&time_start=1/2024&format=csv`);
    const { about } = splitCsvExport(await res.text());
    expect(about.view).toBe(
      `https://stats.example.org/datasets/prc_hicp_manr?chart_type=line&${view.replace(/^datasetId=[^&]*&/, '')}&time_start=1/2024`,
    );
  });

  it('answers the JSON export of the specification', async () => {
    const res = await app.request(
      `/api/charts/download?${view}&chart_type=horizontal-bar&time_start=5/2025&time_end=5/2025&format=json`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('prc_hicp_manr-horizontal-bar.json');
    const body = (await res.json()) as any;
    expect(Object.keys(body)).toEqual(['dataset', 'filters', 'data', 'metadata']);
    expect(body.dataset).toMatchObject({ dataset_code: 'prc_hicp_manr', source_name: 'Eurostat' });
    expect(body.dataset.dimensions.map((d: any) => d.key)).toEqual(['dim1', 'dim2']);
    expect(body.dataset.available_countries).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(body.filters).toEqual({
      selected_dimensions: { dim1: ['RCH_A'], dim2: ['CP00'] },
      chart_type: 'horizontal-bar',
      selected_countries: ['DE', 'FR', 'EA20'],
    });
    expect(body.data).toHaveLength(1);
    expect(body.data[0].period).toBe('5/2025');
    expect(body.data[0].values.Germany).toBe(2.1);
    expect(body.metadata).toMatchObject({ total_periods: 1, total_series: 1, export_format: 'json' });
    expect(Date.parse(body.metadata.export_timestamp)).not.toBeNaN();
  });

  it('exports annual data and rejects an unknown format', async () => {
    const res = await app.request('/api/charts/download?datasetId=tec00115&chart_type=bar&format=json');
    const body = (await res.json()) as any;
    expect(body.dataset.frequency).toBe('A');
    expect(body.data.length).toBeGreaterThan(5);
    const bad = await app.request('/api/charts/download?datasetId=tec00115&format=xlsx');
    expect(bad.status).toBe(400);
  });
});
