// Every period notation through import, storage, the API, exports and the dataset page (issue 36, decision 189):
// weekly Eurostat TSV (2020W53), daily SDMX-CSV (2020-01-02), semesters (2022-S1) and INE/ICANE's "2005 - 1".
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createApp } from '../../server/app';
import { importFile } from '../../server/import/runner';
import { freshDatabase, mirror } from '../setup/database';
import { renderDocument } from './page-document';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/import');
let database: Database;
let app: ReturnType<typeof createApp>;

async function importFixture(file: string, code?: string) {
  const bytes = await readFile(path.join(fixtures, file));
  return importFile(database.db, { fileName: file, bytes, code, dataMirror: mirror });
}

async function get(url: string) {
  const res = await app.request(url);
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}

async function getJson(url: string) {
  const res = await get(url);
  expect(res.status, res.text).toBe(200);
  return JSON.parse(res.text);
}

/** The slider's periods as the page renders them (data-periods of the range input), in order. */
function sliderPeriods(html: string): string[] {
  const m = /data-periods="([^"]*)"/.exec(html);
  expect(m, 'the page has a time slider').not.toBeNull();
  return JSON.parse(m![1]!.replace(/&quot;/g, '"'));
}

beforeAll(async () => {
  database = await freshDatabase();
  app = createApp({ db: database.db });
  await importFixture('demo_r_mwk_ts.tsv');
  await importFixture('ert_bil_eur_d.csv', 'ert_bil_eur_d');
  await importFixture('nrg_pc_204.tsv');
  await importFixture('icane_epa_cantabria.json', 'icane_epa');
});
afterAll(() => database.close());

describe('weekly: Eurostat TSV with ISO weeks (2020W51 … 2021W02, across the 53-week year 2020)', () => {
  it('stores the weeks and serves them in the display spelling W{n}/YYYY', async () => {
    const meta = await getJson('/api/datasets/demo_r_mwk_ts/meta');
    expect(meta).toMatchObject({ frequency: 'W', oldest_period: 'W51/2020', latest_period: 'W2/2021' });
    const data = await getJson(
      '/api/datasets/demo_r_mwk_ts?dim1=T&country=DE,FR,IT&period_from=2020W53&period_to=W1/2021',
    );
    expect(data.data[0].rows).toEqual([
      { period: 'W53/2020', values: { Germany: 26064, France: 13789 } },
      {
        period: 'W1/2021',
        values: { Germany: 25615, France: 13604, Italy: 15720 },
        flags: { France: 'p', Italy: 'p' },
      },
    ]);
  });

  it('takes period_from in any spelling of a week, and refuses a week the year does not have', async () => {
    for (const from of ['2020-W53', '2020W53', 'W53/2020']) {
      const data = await getJson(`/api/datasets/demo_r_mwk_ts?dim1=T&country=DE&period_from=${from}`);
      expect(data.data[0].rows.map((r: { period: string }) => r.period)).toEqual(['W53/2020', 'W1/2021', 'W2/2021']);
    }
    const wrong = await get('/api/datasets/demo_r_mwk_ts?dim1=T&country=DE&period_from=2021-W53');
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("this dataset's periods look like W5/2022");
  });

  it('changes on the previous week across the year end (consecutive ordinals)', async () => {
    const data = await getJson(
      '/api/datasets/demo_r_mwk_ts?dim1=T&country=DE&period_from=W1/2021&period_to=W1/2021&transform=diff&lag=1',
    );
    expect(data.data[0].rows).toEqual([{ period: 'W1/2021', values: { Germany: 25615 - 26064 } }]);
    expect(data.transform.label).toBe('Difference on previous week');
  });

  it('exports the display spelling in CSV, ISO weeks in JSON-stat and SDMX-CSV', async () => {
    const csv = await get('/api/datasets/demo_r_mwk_ts/data?dim1=T&country=DE&period_from=W53/2020&format=csv');
    expect(csv.text).toContain('demo_r_mwk_ts,T,NR,DE,Germany,W53/2020,2020-W53,26064,');
    const jsonStat = await getJson('/api/datasets/demo_r_mwk_ts/data?dim1=T&country=DE&format=jsonstat');
    expect(jsonStat.dimension.time.category.index).toEqual([
      '2020-W51',
      '2020-W52',
      '2020-W53',
      '2021-W01',
      '2021-W02',
    ]);
    const sdmx = await get(
      '/api/sdmx/2.1/data/demo_r_mwk_ts/W.T.NR.DE?startPeriod=2020-W53&endPeriod=2021-W01&format=csv',
    );
    expect(sdmx.status, sdmx.text).toBe(200);
    expect(sdmx.text.trim().split('\r\n').slice(1)).toEqual([
      'ESTAT:DEMO_R_MWK_TS(1.0),W,T,NR,DE,2020-W53,26064,',
      'ESTAT:DEMO_R_MWK_TS(1.0),W,T,NR,DE,2021-W01,25615,',
    ]);
  });

  it('renders the dataset page with a week for every step of the time slider', async () => {
    const page = await renderDocument(database.db, '/datasets/demo_r_mwk_ts?chart_type=line&dimension[]=dim1:T');
    expect(page.status).toBe(200);
    expect(sliderPeriods(page.html)).toEqual(['W51/2020', 'W52/2020', 'W53/2020', 'W1/2021', 'W2/2021']);
    // Axes and tooltips write weeks for people.
    expect(page.html).toMatch(/Week (51|52|53) 2020/);
    for (const view of [
      '',
      '?chart_type=bar',
      '?chart_type=map',
      '?chart_type=table',
      '?chart_type=horizontal-bar&time=W53/2020',
    ]) {
      const other = await renderDocument(database.db, `/datasets/demo_r_mwk_ts${view}`);
      expect([view, other.status, other.html.includes('data-state="error"')]).toEqual([view, 200, false]);
    }
  });
});

describe('daily: SDMX-CSV exchange rates (2020-01-02 …), published on working days', () => {
  it('stores the days and serves them as YYYY-MM-DD, period_from in either spelling', async () => {
    const meta = await getJson('/api/datasets/ert_bil_eur_d/meta');
    expect(meta).toMatchObject({ frequency: 'D', oldest_period: '2020-01-02', latest_period: '2020-01-10' });
    const data = await getJson(
      '/api/datasets/ert_bil_eur_d?dim3=USD&country=_T&period_from=2020-01-03&period_to=20200107',
    );
    const area = 'Whole area covered by the source';
    expect(data.data[0].rows).toEqual([
      { period: '2020-01-03', values: { [area]: 1.1147 } },
      { period: '2020-01-06', values: { [area]: 1.1194 } },
      { period: '2020-01-07', values: { [area]: 1.1172 } },
    ]);
    const csv = await get('/api/datasets/ert_bil_eur_d/data?dim3=GBP&period_from=2020-01-10&format=csv');
    expect(csv.text).toContain(',2020-01-10,0.84993,');
  });

  it('renders the dataset page with a slider over the days that have rates, weekends left out', async () => {
    const page = await renderDocument(database.db, '/datasets/ert_bil_eur_d?chart_type=line&dimension[]=dim3:USD');
    expect(page.status).toBe(200);
    expect(sliderPeriods(page.html)).toEqual([
      '2020-01-02',
      '2020-01-03',
      '2020-01-06',
      '2020-01-07',
      '2020-01-08',
      '2020-01-09',
      '2020-01-10',
    ]);
    expect(page.html).toMatch(/\d{1,2} Jan 2020/);
    for (const view of ['', '?chart_type=bar', '?chart_type=table']) {
      const other = await renderDocument(database.db, `/datasets/ert_bil_eur_d${view}`);
      expect([view, other.status, other.html.includes('data-state="error"')]).toEqual([view, 200, false]);
    }
  });
});

describe('semesters: Eurostat TSV (2022-S1)', () => {
  it('stores half-years and serves them as S{n}/YYYY', async () => {
    const meta = await getJson('/api/datasets/nrg_pc_204/meta');
    expect(meta).toMatchObject({ frequency: 'S', oldest_period: 'S1/2022', latest_period: 'S2/2023' });
    const data = await getJson('/api/datasets/nrg_pc_204?dim4=I_TAX&country=DE,IT&period_from=2023-S1');
    expect(data.data[0].rows).toEqual([
      { period: 'S1/2023', values: { Germany: 0.4175, Italy: 0.3854 }, flags: { Italy: 'p' } },
      { period: 'S2/2023', values: { Germany: 0.4124 } },
    ]);
  });
});

describe('INE/ICANE JSON-stat: quarters written "2005 - 1"', () => {
  it('stores the quarters of a time dimension that also lists the years, and serves them as Q{n}/YYYY', async () => {
    const meta = await getJson('/api/datasets/icane_epa/meta');
    expect(meta).toMatchObject({ frequency: 'Q', oldest_period: 'Q1/2005', latest_period: 'Q4/2006' });
    const parados = meta.dimensions.find((d: { code: string }) => d.code === 'Variables');
    const key = parados.key;
    const data = await getJson(`/api/datasets/icane_epa?${key}=Parados&period_from=2005 - 3&period_to=Q2/2006`);
    expect(
      data.data[0].rows.map((r: { period: string; values: Record<string, number> }) => [r.period, r.values]),
    ).toEqual([
      ['Q3/2005', { 'Whole area covered by the source': 18.8 }],
      ['Q4/2005', { 'Whole area covered by the source': 21.4 }],
      ['Q1/2006', { 'Whole area covered by the source': 18.8 }],
      ['Q2/2006', { 'Whole area covered by the source': 17.4 }],
    ]);
  });
});
