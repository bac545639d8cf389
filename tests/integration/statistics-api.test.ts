// Issue 38 (decision 202): Eurostat's Statistics API path answering JSON-stat 2.0 as Eurostat's does, `role`,
// `updated` and status labels in every JSON-stat we serve, read by the JSON-stat reference client (jsonstat-toolkit)
// to the values of our CSV for three datasets of different shapes, and strict parameters on the remaining data paths.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import JSONstat, { type JsonStatDataset } from 'jsonstat-toolkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createApp } from '../../server/app';
import { catalogueEntry, mirrorFiles } from '../../server/import/catalogue';
import { importFile } from '../../server/import/runner';
import { parseCsv } from '../setup/csv';
import { databaseWithGeos, mirror } from '../setup/database';

let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await databaseWithGeos();
  // Dated as `npm run import` dates the samples: by the release time the catalogue documents for each TSV (a JSON-stat
  // `updated` is the source's release; a file Eurostat gave no date has none, decision 208).
  for (const code of ['prc_hicp_manr', 'nama_10r_3gdp']) {
    const [{ file, released }] = mirrorFiles(catalogueEntry(code)!) as [{ file: string; released?: Date }];
    const bytes = await readFile(path.join(mirror, file));
    await importFile(database.db, { fileName: path.basename(file), bytes, code, released, dataMirror: mirror });
  }
  // A quarterly file without a geo dimension (INE's labour force survey for Cantabria, JSON-stat from ICANE).
  const fixture = path.resolve(import.meta.dirname, '../fixtures/import/icane_epa_cantabria.json');
  const bytes = await readFile(fixture);
  await importFile(database.db, { fileName: 'icane_epa_cantabria.json', bytes, code: 'icane_epa', dataMirror: mirror });
  app = createApp({ db: database.db });
});
afterAll(() => database.close());

async function getJson(url: string) {
  const res = await app.request(url);
  return { res, body: (await res.json()) as any };
}

const statistics = (code: string, query: string) => `/api/statistics/1.0/data/${code}?${query}`;

describe('GET /api/statistics/1.0/data/{code}: Eurostat’s Statistics API path', () => {
  it('answers JSON-stat 2.0 as Eurostat does: sparse value and status, indexes, roles, updated, extension', async () => {
    const { res, body } = await getJson(
      statistics(
        'prc_hicp_manr',
        'geo=DE&geo=FR&coicop=CP00&sinceTimePeriod=2024-01&untilTimePeriod=2024-03&format=JSON&lang=EN',
      ),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toMatchObject({ version: '2.0', class: 'dataset', id: ['freq', 'unit', 'coicop', 'geo', 'time'] });
    expect(body.size).toEqual([1, 1, 1, 2, 3]);
    expect(body.dimension.freq.category).toEqual({ index: { M: 0 }, label: { M: 'Monthly' } });
    expect(body.dimension.geo.category.index).toEqual({ DE: 0, FR: 1 });
    expect(body.dimension.time.category.index).toEqual({ '2024-01': 0, '2024-02': 1, '2024-03': 2 });
    expect(body.dimension.time.category.label['2024-02']).toBe('2024-02');
    // value and status are objects keyed by the flat index, as Eurostat's (and R's eurostat package reads them so).
    expect(Array.isArray(body.value)).toBe(false);
    expect(Object.keys(body.value)).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(typeof body.status).toBe('object');
    expect(body.role).toEqual({ time: ['time'], geo: ['geo'], metric: ['unit'] });
    expect(body.updated).toBe('2025-06-03T11:00:00.000Z');
    expect(body.extension).toMatchObject({ datasetId: 'prc_hicp_manr', id: 'PRC_HICP_MANR', lang: 'EN' });
    expect(body.extension.status.label).toEqual(expect.any(Object));
    const annotations = body.extension.annotation.map((a: { type: string }) => a.type);
    expect(annotations).toEqual(expect.arrayContaining(['UPDATE_DATA', 'OBS_PERIOD_OVERALL_LATEST']));
    // The same numbers as the data API's.
    const ours = await getJson('/api/datasets/prc_hicp_manr?country=DE&dim2=CP00&period_from=1/2024&period_to=3/2024');
    const germany = ours.body.data[0].rows.map((r: any) => r.values.Germany);
    expect([body.value['0'], body.value['1'], body.value['2']]).toEqual(germany);
  });

  it('reads a dimension left out as every value, repeated time values, and lastTimePeriod', async () => {
    const every = await getJson(statistics('prc_hicp_manr', 'geo=DE&time=2024-01'));
    expect(every.res.status).toBe(200);
    expect(Object.keys(every.body.dimension.coicop.category.index)).toHaveLength(5);
    const two = await getJson(statistics('prc_hicp_manr', 'geo=DE&coicop=CP00&time=2024-01&time=2024-03'));
    expect(two.res.status).toBe(200);
    expect(two.body.dimension.time.category.index).toEqual({ '2024-01': 0, '2024-03': 1 });
    const last = await getJson(statistics('prc_hicp_manr', 'geo=DE&coicop=CP00&lastTimePeriod=3'));
    expect(last.res.status).toBe(200);
    expect(Object.keys(last.body.dimension.time.category.index)).toEqual(['2025-03', '2025-04', '2025-05']);
    const freq = await getJson(statistics('prc_hicp_manr', 'geo=DE&coicop=CP00&freq=M&time=2024-01'));
    expect(freq.res.status).toBe(200);
  });

  it('refuses a name it does not read, another language, another frequency and bad periods, naming them', async () => {
    const misspelt = await getJson(statistics('prc_hicp_manr', 'countyr=DE'));
    expect(misspelt.res.status).toBe(400);
    expect(misspelt.body.error.code).toBe('bad_parameter');
    expect(misspelt.body.error.message).toMatch(/^unknown parameter "countyr" \(read here: /);
    for (const name of ['geo', 'time', 'sinceTimePeriod', 'untilTimePeriod', 'lastTimePeriod', 'lang', 'coicop'])
      expect(misspelt.body.error.message).toContain(name);
    const french = await getJson(statistics('prc_hicp_manr', 'geo=DE&lang=FR'));
    expect(french.res.status).toBe(400);
    expect(french.body.error.message).toContain('only English labels are served');
    const annual = await getJson(statistics('prc_hicp_manr', 'geo=DE&freq=A'));
    expect(annual.res.status).toBe(400);
    expect(annual.body.error.message).toContain('freq');
    const since = await getJson(statistics('prc_hicp_manr', 'geo=DE&sinceTimePeriod=2024'));
    expect(since.res.status).toBe(400);
    expect(since.body.error.message).toMatch(/^invalid sinceTimePeriod: "2024"/);
    const both = await getJson(statistics('prc_hicp_manr', 'geo=DE&time=2024-01&sinceTimePeriod=2023-01'));
    expect(both.res.status).toBe(400);
    const value = await getJson(statistics('prc_hicp_manr', 'coicop=XX'));
    expect(value.res.status).toBe(400);
    expect(value.body.error.message).toContain('"XX" is not a value of coicop');
  });

  it('answers 404 for a dataset it does not know', async () => {
    const { res, body } = await getJson(statistics('no_such_dataset', 'geo=DE'));
    expect(res.status).toBe(404);
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toBe('no dataset with id or code "no_such_dataset"');
  });

  it('refuses an answer over the value cap with 400, saying how to narrow it in its own parameters', async () => {
    const { res, body } = await getJson(statistics('nama_10r_3gdp', ''));
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('too_many_values');
    expect(body.error.message).toContain('geo=DE&geo=FR');
    expect(body.error.message).toContain('sinceTimePeriod');
  });

  it('is counted against the daily limit and kept by the response cache', () => {
    const policy = app.policies.policyOf('GET', '/api/statistics/1.0/data/prc_hicp_manr');
    expect(policy).toMatchObject({ counted: true, cache: 'api' });
  });
});

describe('every JSON-stat we serve has role, updated and status labels', () => {
  it('the data API’s format=jsonstat', async () => {
    const { body } = await getJson('/api/datasets/prc_hicp_manr/data?format=jsonstat&country=DE,US&period_from=1/2024');
    expect(body.role).toEqual({ time: ['time'], geo: ['geo'], metric: ['unit'] });
    expect(body.updated).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const flags = new Set(Object.values(body.status as Record<string, string>));
    expect(flags.size).toBeGreaterThan(0);
    expect(Object.keys(body.extension.status.label).sort()).toEqual([...flags].sort());
    // The United States' consumer prices differ in definition from the HICP: Eurostat flags them d.
    expect(body.extension.status.label.d).toBe('definition differs');
  });
});

/** The CSV rows of the data API as cells by column name. */
async function csvRows(url: string): Promise<Record<string, string>[]> {
  const res = await app.request(url);
  expect(res.status, url).toBe(200);
  const [header, ...rows] = parseCsv(await res.text());
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

/** Every CSV value (and flag) is the reference client's value at the same categories, and it has no others. */
function sameValues(ds: JsonStatDataset, rows: Record<string, string>[], dimensionCodes: string[]) {
  expect(ds.class).toBe('dataset');
  expect(ds.Dimension('time')!.role).toBe('time');
  expect(ds.Dimension('geo')!.role).toBe('geo');
  expect(ds.updated).toBeTruthy();
  let values = 0;
  for (const row of rows) {
    if (row.value === '') continue;
    values++;
    const where: Record<string, string> = { geo: row.geo!, time: row.period_iso! };
    for (const code of dimensionCodes) where[code] = row[code]!;
    if (ds.id[0] === 'freq') where.freq = ds.Dimension('freq')!.id[0]!;
    const cell = ds.Data(where);
    expect([where, cell?.value]).toEqual([where, Number(row.value)]);
    expect([where, cell?.status ?? '']).toEqual([where, row.flags]);
  }
  expect(values).toBeGreaterThan(0);
  let cells = 0;
  const sizes = ds.id.map((id) => ds.Dimension(id)!.id);
  const walk = (i: number, where: Record<string, string>) => {
    if (i === sizes.length) {
      if (ds.Data(where)?.value != null) cells++;
      return;
    }
    for (const id of sizes[i]!) walk(i + 1, { ...where, [ds.id[i]!]: id });
  };
  walk(0, {});
  expect(cells).toBe(values);
}

describe('the JSON-stat reference client (jsonstat-toolkit) reads our JSON-stat to the values of our CSV', () => {
  // Three shapes: monthly with two dimensions and countries; annual NUTS regions; quarterly without a geo dimension.
  const cases: { code: string; ours: (meta: any) => string; eurostat: (meta: any) => string }[] = [
    {
      code: 'prc_hicp_manr',
      ours: (meta) => `${allDims(meta)}&country=DE,FR,EA20&period_from=1/2023&period_to=6/2024`,
      eurostat: () => 'geo=DE&geo=FR&geo=EA20&sinceTimePeriod=2023-01&untilTimePeriod=2024-06',
    },
    {
      code: 'nama_10r_3gdp',
      ours: (meta) => `${allDims(meta)}&country=DE1,DE11,DE111,FR10&period_from=2015`,
      eurostat: () => 'geo=DE1&geo=DE11&geo=DE111&geo=FR10&sinceTimePeriod=2015',
    },
    { code: 'icane_epa', ours: (meta) => allDims(meta), eurostat: () => '' },
  ];
  const allDims = (meta: any) => meta.dimensions.map((d: any) => `${d.key}=*`).join('&');

  for (const c of cases) {
    it(`${c.code}: both paths`, async () => {
      const { body: meta } = await getJson(`/api/datasets/${c.code}/meta`);
      const codes: string[] = meta.dimensions.map((d: any) => d.code);
      const rows = await csvRows(`/api/datasets/${c.code}/data?format=csv&${c.ours(meta)}`);
      const data = await getJson(`/api/datasets/${c.code}/data?format=jsonstat&${c.ours(meta)}`);
      expect(data.res.status).toBe(200);
      sameValues(JSONstat(data.body), rows, codes);
      const api = await getJson(statistics(c.code, c.eurostat(meta)));
      expect(api.res.status).toBe(200);
      const ds = JSONstat(api.body);
      expect(ds.id).toEqual(['freq', ...codes, 'geo', 'time']);
      expect(ds.Dimension('freq')!.id).toEqual([meta.frequency]);
      sameValues(ds, rows, codes);
    });
  }
});

describe('strict parameters on the remaining data paths', () => {
  it('chart data downloads refuse a name they do not read, naming it and the names they read', async () => {
    const { res, body } = await getJson('/api/charts/download?datasetId=prc_hicp_manr&format=csv&countyr=DE');
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('bad_parameter');
    expect(body.error.message).toMatch(/^unknown parameter "countyr" \(read here: /);
    expect(body.error.message).toContain('country[]');
    expect(body.error.message).toContain('chart_type');
    const ok = await app.request(
      '/api/charts/download?datasetId=prc_hicp_manr&format=csv&chart_type=map&country[]=DE&time=1/2024',
    );
    expect(ok.status).toBe(200);
  });

  it('revisions refuse a name they do not read, and the view parameters they do not apply', async () => {
    const misspelt = await getJson('/api/datasets/prc_hicp_manr/revisions?countyr=DE');
    expect(misspelt.res.status).toBe(400);
    expect(misspelt.body.error.message).toMatch(/^unknown parameter "countyr" \(read here: /);
    expect(misspelt.body.error.message).toContain('since');
    expect(misspelt.body.error.message).not.toContain('transform');
    const transform = await getJson('/api/datasets/prc_hicp_manr/revisions?transform=change');
    expect(transform.res.status).toBe(400);
    expect(transform.body.error.message).toMatch(/^unknown parameter "transform"/);
    const ok = await getJson('/api/datasets/prc_hicp_manr/revisions?geo=DE&kind=changed,added&limit=5');
    expect(ok.res.status).toBe(200);
  });

  it('the data API refuses several time values, which it cannot read as one period', async () => {
    const { res, body } = await getJson('/api/datasets/prc_hicp_manr/data?geo=DE&time=2024-01&time=2024-02');
    expect(res.status).toBe(400);
    expect(body.error.message).toContain('time');
  });
});
