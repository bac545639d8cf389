// One path for a view (issue 11, decisions 033–035): the one parser and loader behind the API, exports, images, pages,
// embeds and sharing cards, and the transformations (index, change, diff) every one of them serves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetDataSchema, type DatasetData } from '../../core/schemas/dataset';
import type { Database } from '../../db/client';
import { countObservations, mostValues } from '../../db/queries/observations';
import { loadView, openDataset, openView } from '../../db/queries/view';
import { parsePeriod } from '../../core/periods';
import { parseSelection } from '../../core/selection';
import { cardFor } from '../../server/charts/og-content';
import { createApp } from '../../server/app';
import { databaseWithGeos } from '../setup/database';
import { splitCsvExport } from '../setup/csv';
import { renderDocument } from './page-document';

let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await databaseWithGeos(
    'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv',
    'eurostat/une_rt_m/une_rt_m.tsv',
  );
  app = createApp({ db: database.db });
});
afterAll(() => database.close());

async function data(path: string): Promise<DatasetData> {
  const res = await app.request(path);
  expect(res.status, await res.clone().text()).toBe(200);
  return datasetDataSchema.parse(await res.json());
}

/** Germany's values (and flags) by period of the first series. */
function germany(d: DatasetData): Map<string, { value: number; flags?: string }> {
  const out = new Map<string, { value: number; flags?: string }>();
  for (const r of d.data[0]!.rows) {
    const value = r.values.Germany;
    if (value !== undefined) out.set(r.period, { value, flags: r.flags?.Germany });
  }
  return out;
}

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

describe('transform on the data API', () => {
  it('index: 100 at the base period, each value relative to it, the unit named', async () => {
    const raw = germany(await data('/api/datasets/prc_hicp_manr?country=DE&period_from=1/2020&period_to=12/2021'));
    const indexed = await data(
      '/api/datasets/prc_hicp_manr?country=DE&period_from=6/2020&period_to=12/2021&transform=index&base=1/2020',
    );
    expect(indexed.transform).toEqual({ kind: 'index', base: '1/2020', label: 'Index, 1/2020 = 100' });
    const values = germany(indexed);
    // The base lies before the range: read for the index, not shown.
    expect([...values.keys()][0]).toBe('6/2020');
    expect(values.size).toBe(19);
    const base = raw.get('1/2020')!.value;
    for (const [period, { value }] of values) expect(value).toBe(round((raw.get(period)!.value / base) * 100, 1));
  });

  it('change: percent change over lag periods, reading the periods before the range', async () => {
    const raw = germany(await data('/api/datasets/une_rt_m?country=DE&period_from=1/2022&period_to=12/2023'));
    const yoy = await data(
      '/api/datasets/une_rt_m?country=DE&period_from=1/2023&period_to=12/2023&transform=change&lag=12',
    );
    expect(yoy.transform?.label).toBe('% change on same month a year earlier');
    const values = germany(yoy);
    expect(values.size).toBe(12);
    for (const [period, { value }] of values) {
      const before = raw.get(period.replace('2023', '2022'))!.value;
      expect(value).toBe(round(((raw.get(period)!.value - before) / Math.abs(before)) * 100, 1));
    }
  });

  it('diff: the difference in the unit, and flags travel to what is derived from a flagged value', async () => {
    const rawData = await data('/api/datasets/prc_hicp_manr?country=DE,FR,IT,EA20');
    const diffData = await data('/api/datasets/prc_hicp_manr?country=DE,FR,IT,EA20&transform=diff&lag=1');
    expect(diffData.transform).toEqual({ kind: 'diff', lag: 1, label: 'Difference on previous month' });
    const rows = rawData.data[0]!.rows;
    const diffRows = new Map(diffData.data[0]!.rows.map((r) => [r.period, r]));
    let flagged = 0;
    for (let i = 1; i < rows.length; i++) {
      const [before, row] = [rows[i - 1]!, rows[i]!];
      for (const [geo, value] of Object.entries(row.values)) {
        const prev = before.values[geo];
        if (prev === undefined) continue;
        const derived = diffRows.get(row.period)!;
        expect(derived.values[geo]).toBeCloseTo(value - prev, 6);
        const flags = new Set([...(row.flags?.[geo] ?? ''), ...(before.flags?.[geo] ?? '')]);
        expect(new Set(derived.flags?.[geo] ?? '')).toEqual(flags);
        if (flags.size > 0) flagged++;
      }
    }
    // The sample has flagged values (provisional, estimated): the check above saw some.
    expect(flagged).toBeGreaterThan(0);
  });

  it('refuses bad transformation parameters with 400 in the one error shape', async () => {
    const cases: [string, string][] = [
      ['transform=log', 'invalid transform: "log" (one of index, change, diff)'],
      ['transform=index', 'invalid base: transform=index needs base=PERIOD (e.g. base=1/2020)'],
      ['transform=index&base=2020', 'invalid base: "2020" (this dataset\'s periods look like 10/2022)'],
      ['transform=change&lag=0', 'invalid lag: "0" (a whole number of periods, 1 to 1200)'],
      ['transform=diff&lag=x', 'invalid lag: "x" (a whole number of periods, 1 to 1200)'],
      ['base=1/2020', 'invalid base: "1/2020" (base goes with transform=index)'],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/api/datasets/prc_hicp_manr', '/api/datasets/prc_hicp_manr/data']) {
        const res = await app.request(`${path}?country=DE&${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(await res.json()).toEqual({ error: { code: 'bad_parameter', message } });
      }
    }
    const png = await app.request('/api/charts/download-png?datasetId=prc_hicp_manr&transform=change&lag=-1');
    expect(png.status).toBe(400);
  });

  it('CSV and JSON-stat carry the transformed values and say so', async () => {
    const q = 'country=DE&period_from=1/2021&period_to=3/2021&transform=index&base=1/2021';
    const csv = await (await app.request(`/api/datasets/prc_hicp_manr/data?format=csv&${q}`)).text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]!.endsWith(',value,flags,transform')).toBe(true);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/,DE,Germany,1\/2021,2021-01,100\.0,[a-z]*,"Index, 1\/2021 = 100"$/);
    const stat = (await (await app.request(`/api/datasets/prc_hicp_manr/data?format=jsonstat&${q}`)).json()) as any;
    expect(stat.extension.transform.label).toBe('Index, 1/2021 = 100');
    expect(stat.value[0]).toBe(100);
  });
});

describe('exports, images and embeds read the same view', () => {
  const view = 'chart_type=line&country[]=DE&time_start=1/2021&time_end=6/2021&transform=change&lag=12';

  it('chart downloads serve the transformed values, as the data API does', async () => {
    const api = await (
      await app.request(
        '/api/datasets/prc_hicp_manr/data?format=csv&country=DE&period_from=1/2021&period_to=6/2021&transform=change&lag=12',
      )
    ).text();
    const download = await app.request(`/api/charts/download?datasetId=prc_hicp_manr&format=csv&${view}`);
    expect(download.status).toBe(200);
    expect(splitCsvExport(await download.text()).csv).toBe(api);
    const json = (await (
      await app.request(`/api/charts/download?datasetId=prc_hicp_manr&format=json&${view}`)
    ).json()) as any;
    expect(JSON.stringify(json)).toContain('% change on same month a year earlier');
    const png = await app.request(`/api/charts/download-png?datasetId=prc_hicp_manr&${view}`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
  });

  it('the embed shows the transformation and its unit', async () => {
    const page = await renderDocument(database.db, `/datasets/prc_hicp_manr?embed=true&${view}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('% change on same month a year earlier');
  });

  it('the sharing card of a transformed view names its unit', async () => {
    const card = await cardFor(
      database.db,
      `/datasets/prc_hicp_manr?chart_type=line&country[]=DE&transform=index&base=1/2020`,
    );
    expect(card.description).toContain('Index, 1/2020 = 100');
    expect(card.chart).toMatch(/^data:image\/png;base64,/);
  });
});

describe('pages and the one parser (decision 035)', () => {
  it('a URL with a country the dataset lacks shows the rest of the view and says what it left out', async () => {
    const page = await renderDocument(database.db, '/datasets/prc_hicp_manr?chart_type=line&country[]=DE&country[]=ZZ');
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-view-note');
    expect(page.html).toContain('Not shown: country: &quot;ZZ&quot; has no data in prc_hicp_manr');
    expect(page.html).toContain('Germany');
    // The widget is given the view without it, so its own requests (a new selection, a transformation) do not fail.
    const { row, meta } = (await openDataset(database.db, 'prc_hicp_manr'))!;
    const query = new URLSearchParams('country[]=DE&country[]=ZZ&time_start=2020&transform=change');
    const asked = await openView(database.db, row, meta, query);
    expect(asked.view.countries).toEqual(['DE']);
    expect(asked.view.timeStart).toBeUndefined();
    expect(asked.view.transform).toEqual({ kind: 'change', lag: 1 });
    expect(asked.note).toBe(
      'Not shown: country: "ZZ" has no data in prc_hicp_manr; ' +
        'time_start: "2020" (this dataset\'s periods look like 10/2022)',
    );
  });

  it('a URL naming only what the dataset lacks says there is no data rather than showing another view', async () => {
    const countries = await renderDocument(database.db, '/datasets/prc_hicp_manr?country[]=ZZ');
    expect(countries.status).toBe(200);
    expect(countries.html).toContain('Not shown: country: &quot;ZZ&quot; has no data in prc_hicp_manr');
    expect(countries.html).toContain('data-state="error"');
    const series = await renderDocument(database.db, '/datasets/prc_hicp_manr?dimension[]=dim2:NOPE');
    expect(series.status).toBe(200);
    expect(series.html).toContain('data-state="error"');
    expect(series.html).toContain('Not shown: dim2: &quot;NOPE&quot; is not a value of coicop');
  });

  it('the API refuses what the page leaves out, with the same words', async () => {
    const res = await app.request('/api/datasets/prc_hicp_manr?country=DE,ZZ');
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.message).toBe('invalid country: "ZZ" has no data in prc_hicp_manr');
  });
});

describe('the limit on values read at once', () => {
  const parsed = async (query: string) => {
    const opened = (await openDataset(database.db, 'prc_hicp_manr'))!;
    const { selection, problems } = parseSelection(opened.meta, new URLSearchParams(query));
    expect(problems).toEqual([]);
    return { meta: opened.meta, selection };
  };

  it('bounds a selection by what it names: series × places × periods, or nothing without places', async () => {
    const { meta, selection } = await parsed('dim2=CP00,CP01&country=DE,FR,IT&period_from=1/2020&period_to=12/2020');
    expect(mostValues(meta, selection)).toBe(2 * 3 * 12);
    const all = await parsed('dim2=*&country=DE');
    const periods = parsePeriod(meta.latest_period!)!.ordinal - parsePeriod(meta.oldest_period!)!.ordinal + 1;
    expect(mostValues(all.meta, all.selection)).toBe(meta.dimensions[1]!.values.length * periods);
    expect(mostValues(meta, (await parsed('dim2=CP00')).selection)).toBeNull();
  });

  it('refuses a view past the limit, whether the bound let it skip the count or not', async () => {
    const { meta, selection } = await parsed('dim2=CP00&country=DE');
    const values = (await loadView(database.db, meta, selection)).rows.length;
    expect(values).toBeGreaterThan(300);
    // Bound 341 > 10: counted first.
    await expect(loadView(database.db, meta, selection, { maxValues: 10 })).rejects.toMatchObject({
      name: 'ViewTooLarge',
      max: 10,
      message: 'This selection has more than 10 values; one request returns at most 10.',
    });
    // The count stops one row past what it is asked to tell (a refusal reads no more than that, issue 35).
    expect(await countObservations(database.db, meta, selection, undefined, 11)).toBe(11);
    expect(await countObservations(database.db, meta, selection)).toBe(values);
    // A period range that claims one period (as flag-only values outside it could): the read stops past the limit
    // and is counted.
    const narrow = { ...meta, latest_period: meta.oldest_period };
    expect(mostValues(narrow, selection)).toBe(1);
    await expect(loadView(database.db, narrow, selection, { maxValues: 10 })).rejects.toMatchObject({
      name: 'ViewTooLarge',
      max: 10,
    });
    // Within the limit: every value, without a count.
    expect((await loadView(database.db, narrow, selection, { maxValues: values })).rows).toHaveLength(values);
  });
});

describe('the dataset page of a dataset published in several units', () => {
  it('names every unit, since the chart may show any of them', async () => {
    const page = await renderDocument(database.db, '/datasets/une_rt_m?dimension[]=dim3:THS_PER');
    expect(page.status).toBe(200);
    const text = page.html
      .replace(/<!--.*?-->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Units Percentage of population in the labour force · Thousand persons');
  });
});
