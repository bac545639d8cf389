// Issue 35, items 1 and 9: one value cap for every path that returns data (the data API in JSON, CSV and JSON-stat,
// SDMX, chart downloads and images, sharing cards, pages and embeds, the workbench, the assistant and the researcher),
// refused before any value is read; and SDMX-CSV neutralises formula cells exactly as every other CSV does.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { lowerValueCap, maxValuesPerRequest } from '../../db/queries/view';
import { cardFor } from '../../server/charts/og-content';
import { createApp } from '../../server/app';
import { builtinAnswer } from '../../server/assistant/builtin';
import { loadConfig } from '../../server/config';
import { planQuestion, runPlan } from '../../server/researcher/run';
import { databaseWithGeos } from '../setup/database';
import { nextIp } from './auth-harness';
import { renderDocument } from './page-document';
import { parseCsv } from '../setup/csv';

const origin = 'http://localhost:3000';
const cap = maxValuesPerRequest.toLocaleString('en');

/** The units of nama_10r_3gdp that together hold about 200,000 values: twice the cap. */
const units = ['EUR_HAB', 'MIO_EUR', 'MIO_NAC', 'MIO_PPS_EU27_2020', 'PPS_EU27_2020_HAB'];
const pageUnits = units.map((u) => `dimension[]=dim1:${u}`).join('&');

function appOf(database: Database) {
  return createApp({ db: database.db, config: loadConfig({ PUBLIC_URL: origin, TRUST_PROXY: '1' }) });
}

function sender(app: ReturnType<typeof createApp>) {
  return (path: string) => app.request(`${origin}${path}`, { headers: { 'x-forwarded-for': nextIp() } });
}

/** The text of every statement sent through `database` while it runs (whichever driver). */
function statementsOf(database: Database): { texts: string[]; restore: () => void } {
  const texts: string[] = [];
  const postgres = database.kind === 'postgres';
  const target = (postgres ? (database.db as unknown as { $client: object }).$client : database.db) as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  const name = postgres ? 'unsafe' : 'execute';
  const original = target[name]!.bind(target);
  const dialect = (database.db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect;
  const spy = vi.spyOn(target, name).mockImplementation((...args: unknown[]) => {
    const q = args[0];
    texts.push(typeof q === 'string' ? q : dialect.sqlToQuery(q).sql);
    return original(...args);
  });
  return { texts, restore: () => spy.mockRestore() };
}

describe('the cap at 100,000 values, on a whole regional file', () => {
  let database: Database;
  let send: ReturnType<typeof sender>;

  beforeAll(async () => {
    database = await databaseWithGeos(
      'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv',
      'eurostat/nama_10r_3gdp/nama_10r_3gdp.tsv.gz',
    );
    send = sender(appOf(database));
  });
  afterAll(() => database.close());

  it('refuses the whole file over SDMX with 400 too_many_values, counted before any value is read', async () => {
    const statements = statementsOf(database);
    let res: Response;
    try {
      res = await send('/api/sdmx/2.1/data/nama_10r_3gdp/all?format=csv');
    } finally {
      statements.restore();
    }
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('too_many_values');
    expect(body.error.message).toMatch(
      /^This selection has more than 100,000 values; one request returns at most 100,000\./,
    );
    // Narrowing in SDMX's own terms.
    expect(body.error.message).toContain('startPeriod');
    expect(body.error.message).toContain('M.RCH_A.CP00.DE+FR');
    // A count ran; no statement read values.
    expect(statements.texts.some((t) => /count\(\*\)/i.test(t))).toBe(true);
    expect(statements.texts.filter((t) => /json_build_array/i.test(t))).toEqual([]);
  });

  it('refuses four whole-file SDMX requests at once, and answers a small one beside them', async () => {
    const small = (geo: string) =>
      `/api/sdmx/2.1/data/prc_hicp_manr/M.RCH_A.CP00.${geo}?startPeriod=2024-01&endPeriod=2024-12&format=csv`;
    // How many statements read values while `work` runs.
    const valueReads = async <T>(work: () => T | Promise<T>): Promise<[Awaited<T>, number]> => {
      const statements = statementsOf(database);
      try {
        const result = await work();
        return [result, statements.texts.filter((t) => /json_build_array/i.test(t)).length];
      } finally {
        statements.restore();
      }
    };
    // What a small query reads alone (another country's, so no cache answers the one beside the four): the baseline.
    const [single, alone] = await valueReads(() => send(small('FR')));
    expect(single.status).toBe(200);
    const [answers, beside] = await valueReads(() =>
      Promise.all([
        ...[1, 2, 3, 4].map(() => send('/api/sdmx/2.1/data/ESTAT,NAMA_10R_3GDP,1.0/all?format=csv')),
        send(small('DE')),
      ]),
    );
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400, 200]);
    for (const r of answers.slice(0, 4)) expect((await r.json()).error.code).toBe('too_many_values');
    expect((await answers[4]!.text()).trimEnd().split('\r\n')).toHaveLength(13);
    // The four refused were counted, not read: no more statements read values than the small query alone needed (its
    // first reading also fills caches the second uses; four reads of the whole file would be four more).
    expect(alone).toBeGreaterThan(0);
    expect(beside).toBeGreaterThan(0);
    expect(beside).toBeLessThanOrEqual(alone);
  });

  it('answers the same SDMX query paged to a period range, within the cap', async () => {
    const res = await send('/api/sdmx/2.1/data/nama_10r_3gdp/all?startPeriod=2020&endPeriod=2021&format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/vnd.sdmx.data+csv');
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines.length).toBeGreaterThan(1000);
    expect(lines.length - 1).toBeLessThanOrEqual(maxValuesPerRequest);
  });

  it('gives every API path that returns data the same refusal', async () => {
    const view = `datasetId=nama_10r_3gdp&${pageUnits}`;
    for (const path of [
      '/api/datasets/nama_10r_3gdp?dim1=*',
      '/api/datasets/nama_10r_3gdp/data?dim1=*',
      '/api/datasets/nama_10r_3gdp/data?dim1=*&format=csv',
      '/api/datasets/nama_10r_3gdp/data?dim1=*&format=jsonstat',
      `/api/charts/download?${view}`,
      `/api/charts/download?${view}&format=json`,
      `/api/charts/download-png?${view}&width=400&height=300`,
      '/api/sdmx/2.1/data/nama_10r_3gdp/all?format=csv',
      '/api/sdmx/2.1/data/nama_10r_3gdp/A..?lastNObservations=1&format=csv',
    ]) {
      const res = await send(path);
      expect(res.status, path).toBe(400);
      const { error } = await res.json();
      expect(error.code, path).toBe('too_many_values');
      expect(error.message, path).toMatch(
        new RegExp(`^This selection has more than ${cap} values; one request returns at most ${cap}\\.`),
      );
    }
  });

  it('shows a page or an embed over the cap with a note where the chart would be, reading no values', async () => {
    for (const path of [`/datasets/nama_10r_3gdp?${pageUnits}`, `/datasets/nama_10r_3gdp?embed=true&${pageUnits}`]) {
      const statements = statementsOf(database);
      let page: Awaited<ReturnType<typeof renderDocument>>;
      try {
        page = await renderDocument(database.db, path);
      } finally {
        statements.restore();
      }
      expect(page.status, path).toBe(200);
      expect(page.html, path).toMatch(new RegExp(`This view has more than ${cap} values, more than a chart shows\\.`));
      expect(
        statements.texts.filter((t) => /json_build_array/i.test(t)),
        path,
      ).toEqual([]);
    }
    // The page's default view (one series of every region) is within the cap and drawn.
    const whole = await renderDocument(database.db, '/datasets/nama_10r_3gdp');
    expect(whole.status).toBe(200);
    expect(whole.html).not.toContain('a chart shows at most');
  });

  it('draws a sharing card of a view over the cap without its chart, saying why', async () => {
    const card = await cardFor(database.db, `/datasets/nama_10r_3gdp?${pageUnits}`);
    expect(card.chart).toBeUndefined();
    expect(card.description).toMatch(new RegExp(`^This view has more than ${cap} values, more than a chart shows\\.`));
    const png = await send(`/api/og-image?path=${encodeURIComponent(`/datasets/nama_10r_3gdp?${pageUnits}`)}`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
  });
});

describe('one cap for the paths that pick their own selection (lowered to 300 values on a small file)', () => {
  let database: Database;
  let send: ReturnType<typeof sender>;

  beforeAll(async () => {
    database = await databaseWithGeos('eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv');
    // 341 months of one series and place: one place's whole series is over the cap.
    lowerValueCap(database.db, 300);
    send = sender(appOf(database));
  });
  afterAll(() => database.close());

  it('is the cap of the data API and SDMX too', async () => {
    for (const path of [
      '/api/datasets/prc_hicp_manr/data?country=DE',
      '/api/sdmx/2.1/data/prc_hicp_manr/M.RCH_A.CP00.DE?format=csv',
    ]) {
      const res = await send(path);
      expect(res.status, path).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe('too_many_values');
      expect(error.message).toContain('This selection has more than 300 values; one request returns at most 300.');
    }
    expect((await send('/api/datasets/prc_hicp_manr/data?country=DE&period_from=1/2020')).status).toBe(200);
  });

  it('bounds the workbench: its indicators share the cap, over it a 400 too_many_values', async () => {
    const over = await send('/api/workbench?i=prc_hicp_manr&geo=DE');
    expect(over.status).toBe(400);
    const { error } = await over.json();
    expect(error.code).toBe('too_many_values');
    expect(error.message).toContain('one request returns at most 300');
    expect(error.message).toContain('from, to');
    // Two indicators of 200 values each: each fits alone, not together.
    const two = 'i=prc_hicp_manr&i=prc_hicp_manr,dim2:CP01&geo=DE,FR&from=2017&to=2025';
    expect((await send(`/api/workbench?${two}`)).status).toBe(400);
    const one = await send('/api/workbench?i=prc_hicp_manr&geo=DE,FR&from=2017&to=2025');
    expect(one.status).toBe(200);
  });

  it('has the assistant say in words that a question reads too much, never an unbounded read', async () => {
    const over = await builtinAnswer('When did Dutch inflation peak?', { db: database.db, origin });
    expect(over.declined).toBe(true);
    expect(over.answer).toBe(
      'That question covers more than the 300 values one answer reads. Ask about fewer places or a shorter period.',
    );
    const within = await builtinAnswer('German inflation in October 2022', { db: database.db, origin });
    expect(within.declined).toBe(false);
    expect(within.citations.length).toBeGreaterThan(0);
  });

  it('shares the cap between the steps of a research run: a step past it states no number and says why', async () => {
    const plan = await planQuestion(
      database.db,
      'How did food inflation evolve in the Baltic states since 2020 compared with the EU? And overall inflation?',
      new Date('2025-07-01T00:00:00Z'),
    );
    expect(plan.steps.length).toBeGreaterThan(1);
    const report = await runPlan(database.db, origin, plan);
    const text = JSON.stringify(report);
    expect(text).toMatch(
      /This step covers more than the [\d,]+ values this report could still read \(at most 300 in all\), so this step states no number\./,
    );
    // What the run cited stays within the cap.
    const cited = (text.match(/"dataset_code":"prc_hicp_manr","geo"/g) ?? []).length;
    expect(cited).toBeGreaterThan(0);
    expect(cited).toBeLessThanOrEqual(300);
  });
});

describe('SDMX-CSV text cells', () => {
  let database: Database;
  let send: ReturnType<typeof sender>;
  /** Flags as an imported file could carry them, each starting with a character a spreadsheet evaluates. */
  const hostileFlags = { 2015: '=x', 2016: '@y', 2017: '+1+1', 2018: '-2+3', 2019: '\tx' } as const;

  beforeAll(async () => {
    database = await databaseWithGeos('eurostat/tec00115/estat_tec00115_filtered_en.csv');
    for (const [year, flag] of Object.entries(hostileFlags)) {
      await database.db.execute(
        sql`UPDATE observations SET flags = ${flag} WHERE geo = 'DE' AND period = ${Number(year)}`,
      );
    }
    // A code as a hostile file could name it.
    await database.db.execute(sql`UPDATE series SET dims[1] = '=cmd|/C calc!A0'`);
    await database.db.execute(
      sql`UPDATE observations SET value = -1.5, decimals = 1 WHERE geo = 'FR' AND period = 2020`,
    );
    send = sender(appOf(database));
  });
  afterAll(() => database.close());

  it('are neutralised exactly as the data CSV neutralises them; numbers stay exact', async () => {
    const sdmx = await send('/api/sdmx/2.1/data/tec00115/all?startPeriod=2013&endPeriod=2024&format=csv');
    expect(sdmx.status).toBe(200);
    const [header, ...rows] = parseCsv(await sdmx.text());
    const col = (name: string) => header!.indexOf(name);
    const de = rows.filter((r) => r[col('geo')] === 'DE');
    const csv = await send('/api/datasets/tec00115/data?format=csv&dim1=*&dim2=*&country=DE');
    expect(csv.status).toBe(200);
    const [csvHeader, ...csvRows] = parseCsv(await csv.text());
    const csvFlag = (year: number) =>
      csvRows.find((r) => r[csvHeader!.indexOf('period')] === String(year))?.[csvHeader!.indexOf('flags')];
    for (const [year, flag] of Object.entries(hostileFlags)) {
      const sdmxFlag = de.find((r) => r[col('TIME_PERIOD')] === year)?.[col('OBS_FLAG')];
      expect(sdmxFlag, year).toBe(`'${flag}`);
      expect(sdmxFlag, year).toBe(csvFlag(Number(year)));
    }
    // The hostile code, in its dimension's column, as the data CSV writes it.
    const dimColumn = header![2]!;
    for (const r of rows) expect(r[col(dimColumn)]).toBe(`'=cmd|/C calc!A0`);
    expect(csvRows[0]![csvHeader!.indexOf(dimColumn)]).toBe(`'=cmd|/C calc!A0`);
    // No text cell starts with a formula character; the value column keeps negative numbers.
    for (const r of rows)
      r.forEach((cell, i) => {
        if (i !== col('OBS_VALUE')) expect(cell, header![i]).not.toMatch(/^[=+\-@\t\r]/);
      });
    expect(rows.find((r) => r[col('geo')] === 'FR' && r[col('TIME_PERIOD')] === '2020')?.[col('OBS_VALUE')]).toBe(
      '-1.5',
    );
  });
});
