// The dataset API in-process on a real database (PGlite, or PostgreSQL when DATABASE_URL says so).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { datasetDataSchema, datasetMetaSchema } from '../../core/schemas/dataset';
import { findDataset } from '../../db/queries/datasets';
import { datasets } from '../../db/schema';
import { createApp } from '../../server/app';
import { databaseWithGeos } from '../setup/database';

let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await databaseWithGeos(
    'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv',
    'eurostat/tec00115/estat_tec00115_filtered_en.csv',
    'eurostat/une_rt_m/une_rt_m.tsv',
  );
  app = createApp({ db: database.db });
});
afterAll(async () => {
  // A cache release still in flight would otherwise run on a closed database.
  await app.caches.idle();
  await database.close();
});

async function getJson(path: string, init?: RequestInit) {
  const res = await app.request(path, init);
  return { res, body: (await res.json()) as any };
}

describe('GET /api/datasets', () => {
  it('lists and searches', async () => {
    const all = await getJson('/api/datasets');
    expect(all.res.status).toBe(200);
    expect(all.body.total).toBe(3);
    const found = await getJson('/api/datasets?q=unemployment');
    expect(found.body.items.map((d: any) => d.dataset_code)).toEqual(['une_rt_m']);
    const monthly = await getJson('/api/datasets?frequency=M');
    expect(monthly.body.items.map((d: any) => d.dataset_code).sort()).toEqual(['prc_hicp_manr', 'une_rt_m']);
    const prices = await getJson('/api/datasets?category=prices');
    expect(prices.body.items.map((d: any) => d.dataset_code)).toEqual(['prc_hicp_manr']);
    const ukraine = await getJson('/api/datasets?geo=UA');
    expect(ukraine.body.items.map((d: any) => d.dataset_code)).toEqual(['tec00115']);
    const paged = await getJson('/api/datasets?limit=1&offset=1');
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.total).toBe(3);
  });

  it('rejects bad parameters with a message naming them', async () => {
    const { res, body } = await getJson('/api/datasets?frequency=X');
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('bad_parameter');
    expect(body.error.message).toContain('frequency');
    expect(body.error.message).toContain('"X"');
  });
});

describe('GET /api/datasets/{id}/meta', () => {
  it('answers the specification fields, dimensions and countries, by id or code', async () => {
    const { res, body } = await getJson('/api/datasets/prc_hicp_manr/meta');
    expect(res.status).toBe(200);
    const meta = datasetMetaSchema.parse(body);
    expect(meta).toMatchObject({
      dataset_code: 'prc_hicp_manr',
      source_name: 'Eurostat',
      oldest_period: '1/1997',
      latest_period: '5/2025',
      frequency: 'M',
    });
    expect(meta.dimensions.map((d) => [d.key, d.code, d.default])).toEqual([
      ['dim1', 'unit', 'RCH_A'],
      ['dim2', 'coicop', 'CP00'],
    ]);
    expect(meta.dimensions[1]!.values.find((v) => v.code === 'CP00')?.label).toBe('All-items HICP');
    expect(meta.available_countries).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(meta.available_countries).toContainEqual({ code: 'XK', name: 'Kosovo*' });
    const byId = await getJson(`/api/datasets/${meta.id}/meta`);
    expect(byId.body.dataset_code).toBe('prc_hicp_manr');
  });

  it('answers 404 for an unknown dataset', async () => {
    const { res, body } = await getJson('/api/datasets/nope/meta');
    expect(res.status).toBe(404);
    expect(body.error.message).toContain('"nope"');
  });
});

describe('GET /api/datasets/{id}', () => {
  it('returns the main series with the published values by country name', async () => {
    const { res, body } = await getJson(
      '/api/datasets/prc_hicp_manr?country=DE,EA,EE,EU27_2020&period_from=10/2022&period_to=10/2022',
    );
    expect(res.status).toBe(200);
    const parsed = datasetDataSchema.parse(body);
    expect(parsed.data).toHaveLength(1);
    expect(parsed.data[0]!.series_key).toEqual({ dim1_value: 'RCH_A', dim2_value: 'CP00' });
    expect(parsed.data[0]!.rows).toEqual([
      {
        period: '10/2022',
        values: { Germany: 11.6, 'Euro area': 10.6, Estonia: 22.5, 'European Union (27 countries, from 2020)': 11.5 },
      },
    ]);
  });

  it("gives each row the flags of its values, so a chart's table keeps them after any new selection", async () => {
    const { body } = await getJson('/api/datasets/prc_hicp_manr?country=DE,FR&period_from=4/2025&period_to=5/2025');
    const parsed = datasetDataSchema.parse(body);
    expect(parsed.data[0]!.rows).toEqual([
      { period: '4/2025', values: { France: 0.9, Germany: 2.2 } },
      { period: '5/2025', values: { France: 0.6, Germany: 2.1 }, flags: { France: 'e', Germany: 'e' } },
    ]);
    const annual = await getJson('/api/datasets/tec00115?country=DE,FR&period_from=2022&period_to=2022');
    expect(annual.body.data[0].rows[0].flags).toEqual({ Germany: 'p' });
  });

  it('selects several series and every value of a dimension', async () => {
    const two = await getJson('/api/datasets/prc_hicp_manr?dim2=CP00,CP01&country=DE&period_from=2024');
    expect(two.res.status).toBe(400); // a year is not a monthly period
    expect(two.body.error.message).toContain('period_from');
    const ok = await getJson(
      '/api/datasets/prc_hicp_manr?dim2=CP00,CP01&country=DE&period_from=1/2024&period_to=3/2024',
    );
    expect(ok.body.data.map((s: any) => s.series_key.dim2_value).sort()).toEqual(['CP00', 'CP01']);
    expect(ok.body.data[0].rows.map((r: any) => r.period)).toEqual(['1/2024', '2/2024', '3/2024']);
    const every = await getJson('/api/datasets/prc_hicp_manr?dim2=*&country=FR&period_from=1/2025&period_to=1/2025');
    expect(every.body.data).toHaveLength(5);
  });

  it('keeps unemployment figures as published', async () => {
    const { body } = await getJson(
      '/api/datasets/une_rt_m?country=DE,FR,ES,EA20&period_from=10/2022&period_to=10/2022',
    );
    expect(body.data[0].series_key).toEqual({
      dim1_value: 'SA',
      dim2_value: 'TOTAL',
      dim3_value: 'PC_ACT',
      dim4_value: 'T',
    });
    expect(body.data[0].rows[0].values).toEqual({
      Germany: 3.1,
      France: 7.2,
      Spain: 13,
      'Euro area (20 countries, from 2023)': 6.7,
    });
  });

  it('rejects unknown dimension values, countries and dimensions by name', async () => {
    const dim = await getJson('/api/datasets/prc_hicp_manr?dim2=XX');
    expect(dim.res.status).toBe(400);
    expect(dim.body.error.message).toBe('invalid dim2: "XX" is not a value of coicop');
    const geo = await getJson('/api/datasets/prc_hicp_manr?country=ZZ');
    expect(geo.body.error.message).toBe('invalid country: "ZZ" has no data in prc_hicp_manr');
    const extra = await getJson('/api/datasets/prc_hicp_manr?dim7=A');
    expect(extra.res.status).toBe(400);
    expect(extra.body.error.message).toContain('dim7');
  });

  it('refuses a name it does not read, naming it and the names it reads, instead of answering everything', async () => {
    for (const path of ['/api/datasets/prc_hicp_manr?countyr=DE', '/api/datasets/prc_hicp_manr/data?countyr=DE']) {
      const { res, body } = await getJson(path);
      expect(res.status, path).toBe(400);
      expect(body.error.code).toBe('bad_parameter');
      expect(body.error.message).toMatch(/^unknown parameter "countyr" \(read here: dimN, dimension\[\], country, /);
    }
    // format is a name of the data path only.
    expect((await app.request('/api/datasets/prc_hicp_manr?format=csv')).status).toBe(400);
  });

  it("reads Eurostat's geo and time as country and one period", async () => {
    const eurostat = await getJson('/api/datasets/prc_hicp_manr/data?geo=DE,FR&time=2024-01');
    const ours = await getJson('/api/datasets/prc_hicp_manr/data?country=DE,FR&period_from=1/2024&period_to=1/2024');
    expect(eurostat.res.status).toBe(200);
    expect(eurostat.body).toEqual(ours.body);
    expect(eurostat.body.data[0].rows.map((r: any) => r.period)).toEqual(['1/2024']);
    const both = await getJson('/api/datasets/prc_hicp_manr/data?time=2024-01&period_from=1/2023');
    expect(both.res.status).toBe(400);
  });

  it('answers 304 to a matching If-None-Match and sends caching headers', async () => {
    const first = await app.request('/api/datasets/prc_hicp_manr?country=DE');
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('Cache-Control')).toContain('max-age');
    const again = await app.request('/api/datasets/prc_hicp_manr?country=DE', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    const other = await app.request('/api/datasets/prc_hicp_manr?country=FR', { headers: { 'If-None-Match': etag! } });
    expect(other.status).toBe(200);
  });
});

describe('GET /api/datasets/{id}/data', () => {
  it('exports CSV per RFC 4180 with values and flags as published', async () => {
    const res = await app.request(
      '/api/datasets/une_rt_m/data?format=csv&country=ES,DE&period_from=10/2022&period_to=10/2022',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/csv');
    const text = await res.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('dataset,s_adj,age,unit,sex,geo,geo_name,period,period_iso,value,flags');
    expect(lines).toContain('une_rt_m,SA,TOTAL,PC_ACT,T,ES,Spain,10/2022,2022-10,13.0,');
    expect(lines).toContain('une_rt_m,SA,TOTAL,PC_ACT,T,DE,Germany,10/2022,2022-10,3.1,');
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('quotes CSV fields that contain commas', async () => {
    const res = await app.request(
      '/api/datasets/tec00115/data?format=csv&country=EA20&period_from=2020&period_to=2020',
    );
    const text = await res.text();
    expect(text).toContain('"Euro area (20 countries, from 2023)",2020,2020,-6.0,');
  });

  it('exports JSON-stat 2.0 that reconstructs every cell', async () => {
    const { body } = await getJson('/api/datasets/tec00115/data?format=jsonstat&country=DE,EA20');
    expect(body.version).toBe('2.0');
    expect(body.class).toBe('dataset');
    expect(body.id).toEqual(['unit', 'na_item', 'geo', 'time']);
    const times: string[] = body.dimension.time.category.index;
    const geos: string[] = body.dimension.geo.category.index;
    const at = (geo: string, time: string) => geos.indexOf(geo) * times.length + times.indexOf(time);
    expect(body.value[at('DE', '2020')]).toBe(-4.1);
    expect(body.value[at('DE', '2022')]).toBe(1.4);
    expect(body.status[String(at('DE', '2022'))]).toBe('p');
    expect(body.value[at('EA20', '2020')]).toBe(-6);
  });

  it('answers JSON by default in the same shape as the dataset endpoint', async () => {
    const { body } = await getJson('/api/datasets/tec00115/data?country=DE&period_from=2024');
    expect(body.data[0].rows).toEqual([{ period: '2024', values: { Germany: -0.2 }, flags: { Germany: 'p' } }]);
  });
});

describe('GET /api/datasets/data-point/{dataId}', () => {
  it('resolves a series id to its dataset id', async () => {
    const { body: data } = await getJson('/api/datasets/tec00115?country=DE');
    const { body: meta } = await getJson('/api/datasets/tec00115/meta');
    const { res, body } = await getJson(`/api/datasets/data-point/${data.data[0].id}`);
    expect(res.status).toBe(200);
    expect(body).toEqual({ main_id: meta.id });
    expect((await app.request('/api/datasets/data-point/999999')).status).toBe(404);
  });
});

describe('API plumbing', () => {
  it('serves an OpenAPI 3.1 document describing every endpoint', async () => {
    const { body } = await getJson('/api/openapi.json');
    expect(body.openapi).toBe('3.1.0');
    const paths = Object.keys(body.paths);
    for (const path of [
      '/api/datasets',
      '/api/datasets/data-point/{dataId}',
      '/api/datasets/{id}',
      '/api/datasets/{id}/data',
      '/api/datasets/{id}/meta',
    ]) {
      expect(paths).toContain(path);
    }
    expect(body.paths['/api/datasets/{id}/data'].get.parameters.map((p: any) => p.name)).toEqual(
      expect.arrayContaining(['id', 'country', 'period_from', 'period_to', 'dim1', 'format']),
    );
  });

  it('answers unknown API paths with the one error shape', async () => {
    const { res, body } = await getJson('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(body).toEqual({ error: { code: 'not_found', message: 'no API endpoint GET /api/nothing-here' } });
  });
});

describe('findDataset', () => {
  it('answers the lookups of one turn with one statement, each as asked, and sees a change committed before it', async () => {
    const db = database.db;
    const select = vi.spyOn(db, 'select');
    try {
      const hicp = (await findDataset(db, 'prc_hicp_manr'))!;
      expect(select).toHaveBeenCalledTimes(1);
      const asked = ['PRC_HICP_MANR', String(hicp.id), 'une_rt_m', 'no_such', '999999', 'tec00115', 'une_rt_m'];
      const rows = await Promise.all(asked.map((code) => findDataset(db, code)));
      expect(select).toHaveBeenCalledTimes(2);
      expect(rows.map((r) => r?.code)).toEqual([
        'prc_hicp_manr',
        'prc_hicp_manr',
        'une_rt_m',
        undefined,
        undefined,
        'tec00115',
        'une_rt_m',
      ]);
      // Only codes, only ids: each its own shape of statement.
      expect((await findDataset(db, String(hicp.id)))?.code).toBe('prc_hicp_manr');
      expect(await findDataset(db, '0')).toBeUndefined();
      expect(select).toHaveBeenCalledTimes(3);

      await db.update(datasets).set({ name: 'Renamed' }).where(eq(datasets.id, hicp.id));
      expect((await findDataset(db, 'prc_hicp_manr'))?.name).toBe('Renamed');
      await db.update(datasets).set({ name: hicp.name }).where(eq(datasets.id, hicp.id));
    } finally {
      select.mockRestore();
    }
  });
});
