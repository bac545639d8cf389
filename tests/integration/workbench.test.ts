// The comparison workbench (/app/statistics, issue 12 part 3) in-process on a real database: the analyst's three
// indicators for DE, FR, IT, ES since 2015 on one axis, the combined CSV and JSON checked value by value against the
// data API, the page's forms (add an indicator, places by name, search) and bad input answered with the error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWorkbenchQuery } from '../../core/workbench';
import type { Database } from '../../db/client';
import { workbenchPage } from '../../app/routes/app/statistics.server';
import { createApp } from '../../server/app';
import { databaseWithGeos } from '../setup/database';
import { parseCsv } from '../setup/csv';

let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await databaseWithGeos(
    'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv',
    'eurostat/une_rt_m/une_rt_m.tsv',
    'eurostat/tec00115/estat_tec00115_filtered_en.csv',
  );
  app = createApp({ db: database.db });
});
afterAll(() => database?.close());

const analyst = 'i=prc_hicp_manr&i=une_rt_m&i=tec00115&geo=DE,FR,IT,ES&from=2015';

async function get(path: string) {
  const res = await app.request(path, { headers: { Accept: 'application/json' } });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // CSV
  }
  return { res, body, text };
}

/** Every value the data API gives for a dataset's main series, places and range: `period|geo name` → value. */
async function apiValues(code: string, from: string): Promise<Map<string, number>> {
  const { res, body } = await get(`/api/datasets/${code}?country=DE,FR,IT,ES&period_from=${from}`);
  expect(res.status).toBe(200);
  expect(body.data).toHaveLength(1);
  const out = new Map<string, number>();
  for (const row of body.data[0].rows)
    for (const [name, v] of Object.entries(row.values)) out.set(`${row.period}|${name}`, v as number);
  return out;
}

describe('GET /api/workbench', () => {
  it('puts HICP, unemployment and annual GDP growth on one monthly axis; every value is the data API’s', async () => {
    const { res, body } = await get(`/api/workbench?${analyst}`);
    expect(res.status).toBe(200);
    expect(body.axis).toBe('M');
    expect(body.from).toBe('1/2015');
    expect(body.indicators.map((i: any) => [i.token, i.frequency])).toEqual([
      ['prc_hicp_manr', 'M'],
      ['une_rt_m', 'M'],
      ['tec00115', 'A'],
    ]);
    expect(body.places.map((p: any) => p.code)).toEqual(['DE', 'FR', 'IT', 'ES']);
    // Rows by period, then in the places' chosen order.
    expect(body.rows.slice(0, 4).map((r: any) => `${r.period} ${r.geo}`)).toEqual([
      '1/2015 DE',
      '1/2015 FR',
      '1/2015 IT',
      '1/2015 ES',
    ]);
    const de = (period: string) => body.rows.find((r: any) => r.period === period && r.geo === 'DE');
    expect(de('10/2022').cells[0]).toMatchObject({ value: 11.6, text: '11.6', period: '10/2022' });
    // The annual value sits on its year's last month, once: not on the other months.
    const gdp2020 = de('12/2020').cells[2];
    expect(gdp2020.period).toBe('2020');
    expect(de('6/2020').cells[2]).toBeNull();

    const hicp = await apiValues('prc_hicp_manr', '1/2015');
    const une = await apiValues('une_rt_m', '1/2015');
    const gdp = await apiValues('tec00115', '2015');
    expect(gdp2020.value).toBe(gdp.get('2020|Germany'));
    const seen = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
    for (const r of body.rows) {
      r.cells.forEach((c: any, i: number) => {
        if (c) seen[i]!.set(`${c.period}|${r.geo_name}`, c.value);
      });
    }
    expect(seen[0]).toEqual(hicp);
    expect(seen[1]).toEqual(une);
    expect(seen[2]).toEqual(gdp);
  });

  it('exports the combined table as CSV whose every value is the data API’s', async () => {
    const { res, text } = await get(`/api/workbench?${analyst}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('workbench.csv');
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['period', 'geo', 'geo_name', 'prc_hicp_manr', 'une_rt_m', 'tec00115', 'tec00115 period']);
    const expected = [
      await apiValues('prc_hicp_manr', '1/2015'),
      await apiValues('une_rt_m', '1/2015'),
      await apiValues('tec00115', '2015'),
    ];
    const found = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
    for (const r of rows) {
      const [period, , name, hicp, une, gdp, gdpPeriod] = r as [string, string, string, string, string, string, string];
      if (hicp) found[0]!.set(`${period}|${name}`, Number(hicp));
      if (une) found[1]!.set(`${period}|${name}`, Number(une));
      if (gdp) found[2]!.set(`${gdpPeriod}|${name}`, Number(gdp));
      if (gdp) expect(period).toBe(`12/${gdpPeriod}`);
    }
    expect(found).toEqual(expected);
    expect(rows.find((r) => r[0] === '10/2022' && r[1] === 'DE')?.[3]).toBe('11.6');
  });

  it('keeps chosen dimension values and the period range', async () => {
    const { body: meta } = await get('/api/datasets/une_rt_m/meta');
    const sAdj = meta.dimensions.find((d: any) => d.code === 's_adj').key;
    const { res, body } = await get(`/api/workbench?i=une_rt_m,${sAdj}:NSA&geo=DE&from=2019&to=6/2019`);
    expect(res.status).toBe(200);
    expect(body.indicators[0].label).toContain('Unadjusted data');
    expect(body.rows.map((r: any) => r.period)).toEqual(['1/2019', '2/2019', '3/2019', '4/2019', '5/2019', '6/2019']);
    const api = await get(`/api/datasets/une_rt_m?${sAdj}=NSA&country=DE&period_from=1/2019&period_to=6/2019`);
    expect(body.rows.map((r: any) => r.cells[0].value)).toEqual(
      api.body.data[0].rows.map((r: any) => r.values.Germany),
    );
  });

  it('answers bad input with the one error shape, never 500', async () => {
    const cases: [string, number, string][] = [
      ['geo=DE', 400, 'bad_parameter'],
      ['i=prc_hicp_manr', 400, 'bad_parameter'],
      ['i=prc_hicp_manr,coicop=CP00&geo=DE', 400, 'bad_parameter'],
      ['i=prc_hicp_manr&geo=DE&from=soon', 400, 'bad_parameter'],
      ['i=prc_hicp_manr&geo=DE&format=xlsx', 400, 'bad_parameter'],
      [`${Array.from({ length: 7 }, (_, n) => `i=prc_hicp_manr,dim1:X${n}`).join('&')}&geo=DE`, 400, 'bad_parameter'],
      ['i=nope&geo=DE', 404, 'not_found'],
      ['i=prc_hicp_manr,dim2:NOPE&geo=DE', 404, 'not_found'],
      ['i=prc_hicp_manr&geo=ZZ', 404, 'not_found'],
    ];
    for (const [query, status, code] of cases) {
      const { res, body } = await get(`/api/workbench?${query}`);
      expect({ query, status: res.status, code: body.error?.code }).toEqual({ query, status, code });
      expect(typeof body.error.message).toBe('string');
    }
  });

  it('is in the OpenAPI document', async () => {
    const { body } = await get('/api/openapi.json');
    expect(body.paths['/api/workbench']?.get).toBeDefined();
  });
});

describe('the /app/statistics loader', () => {
  const page = (query: string) => workbenchPage(database.db, new URL(`http://localhost/app/statistics?${query}`));
  const redirected = async (query: string) => {
    try {
      await page(query);
    } catch (e) {
      if (e instanceof Response) return e.headers.get('Location');
      throw e;
    }
    throw new Error('no redirect');
  };

  it('draws every panel over the same axis range', async () => {
    const d = await page(analyst);
    expect(d.panels.map((p) => [p.token, p.frequency, p.coarser])).toEqual([
      ['prc_hicp_manr', 'monthly', false],
      ['une_rt_m', 'monthly', false],
      ['tec00115', 'annual', true],
    ]);
    // The panels' series cross to the browser packed (decision 169): their periods once, in the rows' order, each
    // indicator at its own periods (the annual one at 2015, not 12/2015); every panel is drawn over the one axis
    // range, in which the annual values sit mid-year (decision 199).
    const starts = d.panels.map((p) => p.data.data[0]!.periods[0]);
    expect(starts).toEqual(['1/2015', '1/2015', '2015']);
    expect(d.axis.from).toBe('1/2015');
    expect(d.axis.to).toMatch(/^\d+\/20\d\d$/);
    // Add to dashboard follows each indicator's line chart for the places and its own period range.
    expect(d.panels[2]!.follow).toMatchObject({
      dataset_code: 'tec00115',
      settings: { chart_type: 'line', countries: ['DE', 'FR', 'IT', 'ES'], time_start: '2015' },
    });
  });

  it('turns its forms into the canonical URL: an indicator with its dimension values, places by name', async () => {
    const { body: meta } = await get('/api/datasets/une_rt_m/meta');
    const sAdj = meta.dimensions.find((d: any) => d.code === 's_adj').key;
    expect(await redirected(`i=prc_hicp_manr&geo=DE&add=une_rt_m&${sAdj}=NSA`)).toBe(
      `/app/statistics?i=prc_hicp_manr&i=une_rt_m,${sAdj}:NSA&geo=DE`,
    );
    // The main series' values stay out of the URL.
    expect(await redirected(`add=une_rt_m&${sAdj}=SA`)).toBe('/app/statistics?i=une_rt_m');
    expect(await redirected('i=prc_hicp_manr&place=Germany, France, Italy and Spain&view=table')).toBe(
      '/app/statistics?i=prc_hicp_manr&geo=DE,FR,IT,ES&view=table',
    );
    expect(await redirected('i=prc_hicp_manr&place=euro area')).toMatch(/geo=EA(20|19)?$/);
    expect((await page('i=prc_hicp_manr&place=Atlantis')).message).toBe('No place named “Atlantis”.');
    // A submitted period form (empty to, commas as %2C) lands on the canonical address; a URL with problems stays.
    expect(await redirected('i=prc_hicp_manr&geo=DE%2CFR&from=2015&to=')).toBe(
      '/app/statistics?i=prc_hicp_manr&geo=DE,FR&from=2015',
    );
    expect((await page('i=prc_hicp_manr&geo=DE&from=soon')).problems).toEqual([
      'invalid from: "soon" (YYYY, S{n}/YYYY, Q{n}/YYYY, M/YYYY, W{n}/YYYY or YYYY-MM-DD)',
    ]);
    const back = parseWorkbenchQuery(new URL(`http://x/?i=une_rt_m,${sAdj}:NSA&geo=DE,FR&from=2015`).searchParams);
    expect(back.problems).toEqual([]);
  });

  it('finds indicators by search over the catalogue, with their dimension values to choose', async () => {
    const d = await page('q=jobless rate');
    expect(d.results?.[0]?.code).toBe('une_rt_m');
    const sex = d.results?.[0]?.dimensions.find((dim) => dim.values.some((v) => v.code === 'F'));
    expect(sex?.default).toBe('T');
    // Words of the query that name a dimension value choose it: the search is over datasets and their values.
    const food = await page('q=HICP food');
    const hicp = food.results?.find((r) => r.code === 'prc_hicp_manr');
    expect(hicp?.dimensions.find((dim) => dim.default === 'CP00')?.chosen).toBe('CP011');
    const unadjusted = (await page('q=unemployment unadjusted')).results?.find((r) => r.code === 'une_rt_m');
    expect(unadjusted?.dimensions.find((dim) => dim.default === 'SA')?.chosen).toBe('NSA');
    expect(unadjusted?.dimensions.find((dim) => dim.default === 'T')?.chosen).toBe('T');
  });
});
