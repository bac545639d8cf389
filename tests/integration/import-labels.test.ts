// Issue 36, "Everything in words" (decision 187): a Eurostat dataset that is not a sample is imported with its title,
// dimension names, unit and code labels in words, from the mirror's dictionaries offline and from Eurostat's SDMX
// code lists online (the local peer, tests/setup/eurostat-peer.ts), cached in the database; a label-variant
// SDMX-CSV whose label no built-in list knows is mapped back to its code; a code without a label shows the code.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { codelistFetches } from '../../db/schema';
import { createApp } from '../../server/app';
import { importFile } from '../../server/import/runner';
import { freshDatabase, mirror } from '../setup/database';
import { startEurostatPeer, type EurostatPeer } from '../setup/eurostat-peer';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/import');
const fixture = (file: string) => readFile(path.join(fixtures, file));

async function meta(app: ReturnType<typeof createApp>, code: string) {
  const res = await app.request(`/api/datasets/${code}/meta`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as any;
  const dims = Object.fromEntries(body.dimensions.map((d: any) => [d.code, d]));
  const labels = (dim: string) => Object.fromEntries(dims[dim].values.map((v: any) => [v.code, v.label]));
  return { body, dims, labels };
}

/**
 * Eurostat's data-browser export of sts_inpr_m with labels (labels of the dictionaries' November 2023 vintage): a
 * unit none of the built-in lists knows, an indicator without a built-in list.
 */
const labelCsv = Buffer.from(
  'DATAFLOW,LAST UPDATE,freq,indic_bt,unit,geo,TIME_PERIOD,OBS_VALUE,OBS_FLAG\r\n' +
    'ESTAT:STS_INPR_M(1.0),03/06/25 11:00:00,Monthly,Volume index of production,"Index, 2021=100",Germany,2025-01,95.2,p\r\n' +
    'ESTAT:STS_INPR_M(1.0),03/06/25 11:00:00,Monthly,Volume index of production,"Index, 2021=100",Germany,2025-02,96.1,\r\n',
);

describe('offline: the dictionaries of the data mirror', () => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await freshDatabase();
    app = createApp({ db: database.db });
  });
  afterAll(() => database.close());

  it('imports gov_10dd_edpt1 (TSV) with its title, dimension names, unit and code labels in words', async () => {
    const bytes = await fixture('gov_10dd_edpt1.tsv');
    await importFile(database.db, { fileName: 'gov_10dd_edpt1.tsv', bytes, dataMirror: mirror });
    const { body, dims, labels } = await meta(app, 'gov_10dd_edpt1');
    expect(body.dataset_name ?? body.name).toBe('Government deficit/surplus, debt and associated data');
    expect(body.unit).toBe('Million euro');
    expect(dims.sector.label).toBe('Sector');
    expect(dims.na_item.label).toBe('National accounts indicator (ESA 2010)');
    expect(dims.unit.label).toBe('Unit of measure');
    expect(labels('sector')).toEqual({ S13: 'General government' });
    expect(labels('na_item')).toEqual({ B9: 'Net lending (+) /net borrowing (-)' });
    expect(labels('unit')).toEqual({ MIO_EUR: 'Million euro', PC_GDP: 'Percentage of gross domestic product (GDP)' });
  });

  it('imports migr_asyappctza (TSV): Person, Country of citizenship, First time applicant', async () => {
    const bytes = await fixture('migr_asyappctza.tsv');
    await importFile(database.db, { fileName: 'migr_asyappctza.tsv', bytes, dataMirror: mirror });
    const { body, dims, labels } = await meta(app, 'migr_asyappctza');
    expect(body.dataset_name ?? body.name).toBe(
      'Asylum applicants by type of applicant, citizenship, age and sex - annual aggregated data',
    );
    expect(body.unit).toBe('Person');
    expect(dims.citizen.label).toBe('Country of citizenship');
    expect(dims.applicant.label).toBe('Applicant type');
    expect(labels('citizen')).toEqual({ AF: 'Afghanistan', SY: 'Syria', EXT_EU27_2020: 'Extra-EU27 (from 2020)' });
    expect(labels('applicant')).toEqual({ FRST: 'First time applicant', SSEQ: 'Subsequent applicant' });
    expect(labels('age')).toEqual({ TOTAL: 'Total', 'Y14-17': 'From 14 to 17 years' });
    expect(labels('sex')).toEqual({ T: 'Total' });
    // The title reaches the catalogue's search.
    const search = (await (await app.request('/api/datasets?q=asylum')).json()) as any;
    expect(JSON.stringify(search)).toContain('migr_asyappctza');
  });

  it('maps the label "Index, 2021=100" of a label-variant SDMX-CSV back to I21 instead of failing', async () => {
    await importFile(database.db, {
      fileName: 'estat_sts_inpr_m_filtered_en.csv',
      bytes: labelCsv,
      dataMirror: mirror,
    });
    const { body, labels } = await meta(app, 'sts_inpr_m');
    expect(labels('unit')).toEqual({ I21: 'Index, 2021=100' });
    expect(labels('indic_bt')).toEqual({ PROD: 'Volume index of production' });
    expect(body.unit).toBe('Index, 2021=100');
    expect(body.dataset_name ?? body.name).toBe('Production in industry - monthly data');
  });

  it('shows the code, never an empty label, where no list has a label', async () => {
    const bytes = Buffer.from('freq,unit,zz_item,geo\\TIME_PERIOD\t2021 \t2022 \nA,ZZ_UNIT,ZZ_CODE,DE\t1.0 \t2.0 \n');
    await importFile(database.db, { fileName: 'zz_nowhere.tsv', bytes, dataMirror: mirror });
    const { body, dims, labels } = await meta(app, 'zz_nowhere');
    expect(body.dataset_name ?? body.name).toBe('zz_nowhere');
    expect(body.unit).toBe('ZZ_UNIT');
    expect(dims.zz_item.label).toBe('zz_item');
    expect(labels('zz_item')).toEqual({ ZZ_CODE: 'ZZ_CODE' });
    expect(labels('unit')).toEqual({ ZZ_UNIT: 'ZZ_UNIT' });
  });

  it("keeps the catalogue's editorial name and unit for a sample dataset", async () => {
    const bytes = await readFile(path.join(mirror, 'eurostat/tec00118/estat_tec00118.tsv'));
    await importFile(database.db, { fileName: 'estat_tec00118.tsv', bytes, dataMirror: mirror });
    const { body, labels } = await meta(app, 'tec00118');
    expect(body.dataset_name ?? body.name).toBe('HICP - inflation rate (annual average rate of change)');
    expect(body.unit).toBe('Annual average rate of change (%)');
    expect(labels('coicop').CP00).toBe('All-items HICP');
  });
});

describe("online: Eurostat's SDMX code lists, cached in the database", () => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let peer: EurostatPeer;
  beforeAll(async () => {
    [database, peer] = await Promise.all([freshDatabase(), startEurostatPeer()]);
    app = createApp({ db: database.db });
  });
  afterAll(async () => {
    await peer.close();
    await database.close();
  });
  const codelistRequests = () => peer.requests.map((r) => r.path).filter((p) => p.includes('/codelist/'));

  it('maps "Index, 2021=100" through the UNIT code list, fetched once and then read from the database', async () => {
    const options = { fileName: 'estat_sts_inpr_m_filtered_en.csv', bytes: labelCsv, codelists: { baseUrl: peer.url } };
    await importFile(database.db, options);
    expect(codelistRequests()).toContain('/sdmx/2.1/codelist/ESTAT/UNIT');
    expect((await meta(app, 'sts_inpr_m')).labels('unit')).toEqual({ I21: 'Index, 2021=100' });
    const cached = await database.db.select().from(codelistFetches);
    expect(cached.map((c) => c.codelist)).toContain('unit');

    peer.clearRequests();
    await importFile(database.db, options);
    expect(codelistRequests()).toEqual([]);
  });

  it('labels the codes of a TSV import from the code lists, without the mirror', async () => {
    peer.clearRequests();
    const bytes = await fixture('migr_asyappctza.tsv');
    await importFile(database.db, { fileName: 'migr_asyappctza.tsv', bytes, codelists: { baseUrl: peer.url } });
    expect(codelistRequests().sort()).toEqual(
      ['AGE', 'APPLICANT', 'CITIZEN'].map((id) => `/sdmx/2.1/codelist/ESTAT/${id}`),
    );
    const { body, labels } = await meta(app, 'migr_asyappctza');
    expect(body.unit).toBe('Person');
    expect(labels('citizen').SY).toBe('Syria');
    expect(labels('applicant').FRST).toBe('First time applicant');
  });
});
