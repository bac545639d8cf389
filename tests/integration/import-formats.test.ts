// Files from publishers other than Eurostat, imported through importFile into a database without seeded geos,
// and read back through the API: JSON-stat 2.0 (OECD), a JSON-stat 1.x bundle (CSO Ireland), SDMX-CSV 2.0 (BIS,
// the field guide's example), collections, and what the file says about itself winning over the catalogue.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { codelistFetches, datasets, geos } from '../../db/schema';
import { queryRows } from '../../db/sql';
import { createApp } from '../../server/app';
import { importFile } from '../../server/import/runner';
import { freshDatabase, mirror } from '../setup/database';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/import');
let database: Database;
let app: ReturnType<typeof createApp>;

async function importFixture(file: string, extra: { code?: string; bytes?: Buffer } = {}) {
  const bytes = extra.bytes ?? (await readFile(path.join(fixtures, file)));
  return importFile(database.db, { fileName: file, bytes, code: extra.code, dataMirror: mirror });
}

async function dimensionValues(code: string) {
  const meta = await getJson(`/api/datasets/${code}/meta`);
  return Object.fromEntries(meta.body.dimensions.map((d: any) => [d.code, d.values]));
}

async function getJson(url: string) {
  const res = await app.request(url);
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  database = await freshDatabase();
  app = createApp({ db: database.db });
});
afterAll(() => database.close());

describe('JSON-stat 2.0 from the OECD', () => {
  it('imports by role and reads back the values, flags, unit, notes and source the file states', async () => {
    const summary = await importFixture('oecd.json');
    expect(summary).toMatchObject({ code: 'oecd', format: 'json-stat', series: 1, values: 432, flagged: 72 });
    const meta = await getJson('/api/datasets/oecd/meta');
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({
      dataset_code: 'oecd',
      dataset_name: 'Unemployment rate in the OECD countries 2003-2014',
      source_name: 'Economic Outlook No 92 - December 2012 - OECD Annual Projections',
      unit: '%',
      frequency: 'A',
      oldest_period: '2003',
      latest_period: '2014',
    });
    expect(meta.body.description).toMatch(/^Most of the data in this dataset are taken from/);
    expect(meta.body.dimensions.map((d: any) => [d.key, d.code, d.default])).toEqual([['dim1', 'concept', 'UNR']]);
    // The file's own `extension` is kept as published and served with the dataset's information.
    const published = JSON.parse(await readFile(path.join(fixtures, 'oecd.json'), 'utf8')).extension;
    expect(published.contact).toBe('EcoOutlook@oecd.org');
    expect(meta.body.extension).toEqual(published);
    // Geos the database did not know were added with their seeded names, not the file's codes.
    expect(meta.body.available_countries).toContainEqual({ code: 'DE', name: 'Germany' });
    const data = await getJson('/api/datasets/oecd?country=DE,AU&period_from=2012&period_to=2013');
    expect(data.status).toBe(200);
    expect(data.body.data[0].rows).toEqual([
      { period: '2012', values: { Australia: 5.224336088, Germany: 5.28775372 } },
      {
        period: '2013',
        values: { Australia: 5.50415003, Germany: 5.524081118 },
        flags: { Australia: 'e', Germany: 'e' },
      },
    ]);
  });

  it('imports a collection whose datasets are embedded, each as its own dataset, all or nothing', async () => {
    const oecd = JSON.parse(await readFile(path.join(fixtures, 'oecd.json'), 'utf8'));
    const canada = JSON.parse(await readFile(path.join(fixtures, 'canada.json'), 'utf8'));
    const broken = { ...canada, href: 'http://example.org/broken.json', value: [1] };
    const bad = {
      version: '2.0',
      class: 'collection',
      link: { item: [{ ...oecd, href: 'http://example.org/first.json' }, broken] },
    };
    await expect(importFixture('bad-collection.json', { bytes: Buffer.from(JSON.stringify(bad)) })).rejects.toThrow(
      'bad-collection.json: dataset 2 of the collection: value has 1 cells, expected 120',
    );
    const [stored] = await database.db.select({ n: count() }).from(datasets).where(eq(datasets.code, 'first'));
    expect(stored!.n).toBe(0);

    const both = {
      version: '2.0',
      class: 'collection',
      link: { item: [{ ...oecd, href: 'http://example.org/oecd2.json' }, canada] },
    };
    const summary = await importFixture('both.json', { bytes: Buffer.from(JSON.stringify(both)) });
    expect(summary.datasets?.map((d) => [d.code, d.values])).toEqual([
      ['oecd2', 432],
      ['canada', 120],
    ]);
    const meta = await getJson('/api/datasets/canada/meta');
    expect(meta.body).toMatchObject({
      unit: 'thousands of persons',
      source_name: 'Statistics Canada, CANSIM, table 051-0001',
    });
    const data = await getJson('/api/datasets/canada?country=CA&dim1=T&dim2=POP&dim3=T,F');
    expect(data.body.data.map((s: any) => [s.series_key.dim3_value, s.rows])).toEqual([
      ['T', [{ period: '2012', values: { Canada: 34880.5 }, flags: { Canada: 'a' } }]],
      ['F', [{ period: '2012', values: { Canada: 17571.3 }, flags: { Canada: 'a' } }]],
    ]);
  });
});

describe('a JSON-stat 1.x bundle from CSO Ireland, without a geo dimension', () => {
  it('stores the data for the whole area covered, which the API lists and serves like any place', async () => {
    const summary = await importFixture('cso_cia01.json');
    expect(summary).toMatchObject({ code: 'cso_cia01', values: 90, series: 30 });
    const meta = await getJson('/api/datasets/cso_cia01/meta');
    expect(meta.body).toMatchObject({
      dataset_name: 'Estimates of Household Income by County and Region, Year and Statistic',
      source_name: 'Central Statistics Office, Ireland',
      unit: 'Euro Million',
      oldest_period: '2000',
      latest_period: '2002',
    });
    expect(meta.body.available_countries).toEqual([{ code: '_T', name: 'Whole area covered by the source' }]);
    expect(meta.body.dimensions.map((d: any) => [d.code, d.default])).toEqual([
      ['County and Region', '-'],
      ['Statistic', 'CIA01C01'],
    ]);
    const data = await getJson('/api/datasets/cso_cia01?country=_T&dim1=-,5001&dim2=CIA01C07');
    expect(data.status).toBe(200);
    expect(data.body.data.map((s: any) => [s.series_key.dim1_value, s.rows.map((r: any) => r.values)])).toEqual([
      [
        '-',
        [
          { 'Whole area covered by the source': 65908 },
          { 'Whole area covered by the source': 75129 },
          { 'Whole area covered by the source': 81370 },
        ],
      ],
      [
        '5001',
        [
          { 'Whole area covered by the source': 7188 },
          { 'Whole area covered by the source': 8177 },
          { 'Whole area covered by the source': 9110 },
        ],
      ],
    ]);
  });
});

describe('SDMX-CSV 2.0', () => {
  it('imports BIS property prices ("CODE: Label" cells) and the field guide example (no geo)', async () => {
    expect(await importFixture('bis_ws_spp.csv')).toMatchObject({ code: 'ws_spp', format: 'sdmx-csv', values: 2 });
    const meta = await getJson('/api/datasets/ws_spp/meta');
    expect(meta.body).toMatchObject({
      dataset_name: 'Selected residential property prices',
      source_name: 'BIS',
      unit: 'Index, 2010 = 100',
    });
    const us = await getJson('/api/datasets/ws_spp?country=US&dim1=N&dim2=628');
    expect(us.body.data[0].rows).toEqual([{ period: 'Q1/2020', values: { 'United States': 208.2134 } }]);

    expect(await importFixture('sdmx-csv-2.0-ordinary.csv')).toMatchObject({ code: 'na_main', values: 2 });
    const main = await getJson('/api/datasets/na_main?country=_T');
    expect(main.body.data[0].rows).toEqual([
      { period: '1/2014', values: { 'Whole area covered by the source': 12.4 } },
      { period: '2/2014', values: { 'Whole area covered by the source': 10.8 } },
    ]);
    const release = await queryRows<{ t: string }>(
      database.db,
      sql`SELECT to_char(last_update AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS t FROM datasets WHERE code = 'na_main'`,
    );
    expect(release[0]!.t).toBe('2021-01-22T13:15:41');
  });
});

describe('what the file says about itself wins over the catalogue', () => {
  it('a euro-per-inhabitant nama_10_gdp file keeps its unit, and the description does not describe a sample', async () => {
    const file = JSON.parse(
      await readFile(path.join(mirror, 'eurostat/jsonstat/nama_10_gdp_B1GQ_CP_MEUR_2010-2011_legacy-api.json'), 'utf8'),
    );
    file.dimension.unit.category = {
      index: { CP_EUR_HAB: 0 },
      label: { CP_EUR_HAB: 'Current prices, euro per capita' },
    };
    const summary = await importFixture('nama_10_gdp_per_capita.json', { bytes: Buffer.from(JSON.stringify(file)) });
    expect(summary.code).toBe('nama_10_gdp');
    const meta = await getJson('/api/datasets/nama_10_gdp/meta');
    expect(meta.body.unit).toBe('Current prices, euro per capita');
    expect(meta.body.dimensions.find((d: any) => d.code === 'unit').default).toBe('CP_EUR_HAB');
    expect(meta.body.description).not.toMatch(/sample|2010 and 2011/);
    expect(meta.body.description).toMatch(/national accounts/);
    const [geo] = await database.db.select().from(geos).where(eq(geos.code, '_T'));
    expect(geo).toMatchObject({ name: 'Whole area covered by the source', label: 'Whole area covered by the source' });
  });

  it("keeps a JSON-stat file's extension through a later release in a format that has none", async () => {
    const file = 'eurostat/jsonstat/une_rt_m_DE_SA_2024-01_2026-08.json';
    await importFile(database.db, { fileName: 'une_rt_m.json', bytes: await readFile(path.join(mirror, file)) });
    const stated = (await getJson('/api/datasets/une_rt_m/meta')).body.extension;
    expect(stated).toMatchObject({ agencyId: 'ESTAT', datastructure: { id: 'UNE_RT_M' } });
    expect(stated.annotation).toContainEqual({ type: 'CREATED', date: '2016-06-13T14:18:07+0200' });
    // A TSV of the same dataset says nothing about itself: the extension stays.
    const tsv = 'freq,s_adj,age,unit,sex,geo\\TIME_PERIOD\t2024-01 \nM,SA,TOTAL,PC_ACT,T,DE\t3.2 \n';
    await importFile(database.db, { fileName: 'une_rt_m.tsv', bytes: Buffer.from(tsv), code: 'une_rt_m' });
    expect((await getJson('/api/datasets/une_rt_m/meta')).body.extension).toEqual(stated);
    // A dataset whose files never had one answers null.
    await importFile(database.db, {
      fileName: 'estat_tec00118.tsv',
      bytes: await readFile(path.join(mirror, 'eurostat/tec00118/estat_tec00118.tsv')),
    });
    expect((await getJson('/api/datasets/tec00118/meta')).body.extension).toBeNull();
  });
});

describe("label-only SDMX-CSV through Eurostat's code lists, fetched once and cached", () => {
  let server: Server;
  let baseUrl: string;
  const requests: string[] = [];
  const served: Record<string, string> = {
    '/api/sdmx/2.1/codelist/ESTAT/INDIC_BT': 'estat_codelist_INDIC_BT.xml',
    '/api/sdmx/2.1/codelist/ESTAT/S_ADJ': 'estat_codelist_S_ADJ.xml',
  };

  beforeAll(async () => {
    // A real HTTP peer standing in for Eurostat's SDMX API, serving local copies of code list responses.
    server = createServer((request, response) => {
      requests.push(request.url ?? '');
      const file = served[request.url ?? ''];
      if (!file) return void response.writeHead(404).end('Not found');
      void readFile(path.join(fixtures, file)).then((xml) =>
        response.writeHead(200, { 'content-type': 'application/xml' }).end(xml),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const csv = (...rows: string[]) =>
    Buffer.from(
      ['DATAFLOW,LAST UPDATE,freq,indic_bt,s_adj,geo,TIME_PERIOD,OBS_VALUE,OBS_FLAG', ...rows].join('\r\n') + '\r\n',
    );
  const rows = [
    'ESTAT:STS_INPR_M(1.0),03/06/25 11:00:00,Monthly,Production (volume),"Calendar adjusted data, not seasonally adjusted data",Germany,2025-01,95.2,p',
    'ESTAT:STS_INPR_M(1.0),03/06/25 11:00:00,Monthly,Production (volume),"Calendar adjusted data, not seasonally adjusted data",Germany,2025-02,96.1,',
  ];

  it('maps labels to Eurostat codes, asking only for the lists the built-in ones lack, once', async () => {
    const bytes = csv(...rows);
    const missing: string[] = [];
    const options = {
      fileName: 'sts_inpr_m_labels.csv',
      bytes,
      codelists: { baseUrl },
      onCodelistMissing: (d: string) => missing.push(d),
    };
    expect(await importFile(database.db, options)).toMatchObject({ code: 'sts_inpr_m', values: 2, flagged: 1 });
    expect(requests.sort()).toEqual(['/api/sdmx/2.1/codelist/ESTAT/INDIC_BT', '/api/sdmx/2.1/codelist/ESTAT/S_ADJ']);
    expect(missing).toEqual([]);
    const values = await dimensionValues('sts_inpr_m');
    expect(values.indic_bt).toEqual([{ code: 'PRD', label: 'Production (volume)' }]);
    expect(values.s_adj).toEqual([{ code: 'CA', label: 'Calendar adjusted data, not seasonally adjusted data' }]);
    const data = await getJson('/api/datasets/sts_inpr_m?country=DE&dim1=PRD&dim2=CA');
    expect(data.body.data[0].rows).toEqual([
      { period: '1/2025', values: { Germany: 95.2 }, flags: { Germany: 'p' } },
      { period: '2/2025', values: { Germany: 96.1 } },
    ]);

    // Cached: a second import of another release asks Eurostat nothing.
    const again = await importFile(database.db, { ...options, bytes: csv(rows[0]!) });
    expect(again).toMatchObject({ added: 0, changed: 0 });
    expect(requests).toHaveLength(2);
    const fetched = await database.db.select().from(codelistFetches);
    expect(fetched.map((f) => [f.codelist, f.codes]).sort()).toEqual([
      ['indic_bt', 2],
      ['s_adj', 4],
    ]);
  });

  it('says which list it could not get, and falls back to codes derived from the labels', async () => {
    const missing: string[] = [];
    const bytes = Buffer.from(
      'DATAFLOW,LAST UPDATE,freq,nace_r2,geo,TIME_PERIOD,OBS_VALUE,OBS_FLAG\r\n' +
        'ESTAT:STS_TRTU_M(1.0),03/06/25 11:00:00,Monthly,"Mining and quarrying, manufacturing",Germany,2025-01,101.5,\r\n',
    );
    await importFile(database.db, {
      fileName: 'sts_trtu_m.csv',
      bytes,
      codelists: { baseUrl },
      onCodelistMissing: (dimension, reason) => missing.push(`${dimension}: ${reason}`),
    });
    expect(missing).toEqual([`nace_r2: ${baseUrl}/sdmx/2.1/codelist/ESTAT/NACE_R2 answered 404`]);
    expect((await dimensionValues('sts_trtu_m')).nace_r2).toEqual([
      { code: 'MINING_AND_QUARRYING_MANUFACTURING', label: 'Mining and quarrying, manufacturing' },
    ]);
  });
});
