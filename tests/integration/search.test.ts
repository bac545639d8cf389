// Catalogue search through the API on a real database (PGlite, or PostgreSQL when DATABASE_URL says so): the
// issue's queries that found nothing with literal matching (issue 15, decision 055).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { catalogueData, readCatalogueQuery } from '../../app/routes/public/datasets/datasets.server';
import { listDatasets } from '../../db/queries/datasets';
import { createApp } from '../../server/app';
import { databaseWithGeos, importSample } from '../setup/database';

let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await databaseWithGeos(
    'eurostat/tec00118/estat_tec00118.tsv',
    'eurostat/tps00203/estat_tps00203.tsv',
    // une_rt_m with Germany only: "unemployment france" must not find it.
    'eurostat/jsonstat/une_rt_m_DE_SA_2024-01_2026-08.json',
    'eurostat/tec00115/estat_tec00115_filtered_en.csv',
    'eurostat/nama_10r_3gdp/nama_10r_3gdp.tsv.gz',
  );
  app = createApp({ db: database.db });
});
afterAll(async () => {
  // A cache release still in flight would otherwise run on a closed database.
  await app.caches.idle();
  await database.close();
});

async function search(q: string, extra = '') {
  const res = await app.request(`/api/datasets?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    items: { dataset_code: string; view_query?: string }[];
    total: number;
    places?: { text: string; name: string; codes: string[] }[];
  };
}
const codes = (r: { items: { dataset_code: string }[] }) => r.items.map((d) => d.dataset_code);

describe('GET /api/datasets?q=', () => {
  it('"unemployment germany": the unemployment datasets with data for Germany, opening on Germany', async () => {
    const r = await search('unemployment germany');
    expect(codes(r).sort()).toEqual(['tps00203', 'une_rt_m']);
    expect(r.items.every((d) => d.view_query === 'country[]=DE')).toBe(true);
    expect(r.places).toEqual([{ text: 'germany', name: 'Germany', codes: ['DE'] }]);
  });

  it('a place narrows to datasets with data for it', async () => {
    expect(codes(await search('unemployment france'))).toEqual(['tps00203']);
    expect(codes(await search('Arbeitslosigkeit unemployment Deutschland')).sort()).toEqual(['tps00203', 'une_rt_m']);
  });

  it('"cpi" finds the HICP by its synonyms, first', async () => {
    expect(codes(await search('cpi'))[0]).toBe('tec00118');
    expect(codes(await search('consumer prices'))[0]).toBe('tec00118');
  });

  it('"GDP per capita" ranks the dataset with euro per inhabitant first', async () => {
    const r = await search('GDP per capita');
    expect(codes(r)[0]).toBe('nama_10r_3gdp');
    expect(codes(r)).toContain('tec00115');
  });

  it('"Bayern" finds the regional dataset, opening on the region', async () => {
    const r = await search('Bayern');
    expect(r.items).toEqual([expect.objectContaining({ dataset_code: 'nama_10r_3gdp', view_query: 'country[]=DE2' })]);
    expect(r.places?.[0]).toMatchObject({ name: 'Bayern', codes: ['DE2'] });
  });

  it('"inflaton" is corrected to inflation', async () => {
    expect(codes(await search('inflaton'))[0]).toBe('tec00118');
  });

  it('jobless means unemployment, accents and case do not matter', async () => {
    expect(codes(await search('JOBLESS')).sort()).toEqual(['tps00203', 'une_rt_m']);
    expect(codes(await search('chômage unemployment')).sort()).toEqual(['tps00203', 'une_rt_m']);
  });

  it('a dataset code comes first', async () => {
    expect(codes(await search('une_rt_m'))[0]).toBe('une_rt_m');
  });

  it('finds nothing for words no dataset has, and filters still apply', async () => {
    const none = await search('zzzz qqqq');
    expect(none).toMatchObject({ items: [], total: 0 });
    expect(codes(await search('unemployment', '&frequency=A'))).toEqual(['tps00203']);
    expect(codes(await search('gdp', '&category=regional-statistics'))).toEqual(['nama_10r_3gdp']);
  });

  it('pages keep the total', async () => {
    const first = await search('gdp', '&limit=1');
    const second = await search('gdp', '&limit=1&offset=1');
    expect(first.total).toBe(2);
    expect(second.total).toBe(2);
    expect(codes(second)).not.toEqual(codes(first));
  });

  it('sorts by name when asked', async () => {
    const r = await search('unemployment', '&sort=name');
    expect(codes(r)).toEqual(['tps00203', 'une_rt_m']);
  });

  it('query syntax is only text', async () => {
    const r = await search("gdp' OR 1=1 -- & | ! :*");
    expect(codes(r)).toContain('tec00115');
  });
});

describe('search document', () => {
  it('follows a re-import', async () => {
    const before = await listDatasets(database.db, { q: 'unemployment france', limit: 10, offset: 0 });
    expect(before.items.map((d) => d.dataset_code)).toEqual(['tps00203']);
    await importSample(database, 'eurostat/une_rt_m/estat_une_rt_m_filtered_en.csv');
    const after = await listDatasets(database.db, { q: 'unemployment france', limit: 10, offset: 0 });
    expect(after.items.map((d) => d.dataset_code).sort()).toEqual(['tps00203', 'une_rt_m']);
  });
});

describe('/datasets page data', () => {
  it('orders a search by relevance unless asked otherwise, and carries the places', async () => {
    const f = readCatalogueQuery(new URL('http://x/datasets?q=unemployment+germany'));
    expect(f.sort).toBe('relevance');
    const data = await catalogueData(database.db, f);
    expect(data.items.map((d) => d.view_query)).toEqual(['country[]=DE', 'country[]=DE']);
    expect(data.places?.map((p) => p.name)).toEqual(['Germany']);
    expect(readCatalogueQuery(new URL('http://x/datasets?q=gdp&sort=name')).sort).toBe('name');
    expect(readCatalogueQuery(new URL('http://x/datasets')).sort).toBe('updated');
    expect(readCatalogueQuery(new URL('http://x/datasets?sort=relevance')).sort).toBe('updated');
  });
});
