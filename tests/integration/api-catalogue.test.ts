// The remaining API paths on a real database: categories, public catalogue, schema.org DataCatalog, the agents'
// catalogue and /llms.txt, the SDMX REST data path (values as published), and GET on the two auth links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_DAILY_API_REQUESTS } from '../../core/plans';
import { eq as sqlEq } from 'drizzle-orm';
import { categories } from '../../db/schema';
import { startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    samples: [
      'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv',
      'eurostat/tec00118/estat_tec00118.tsv',
      'eurostat/tps00203/estat_tps00203.tsv',
    ],
  });
});
afterAll(() => h.close());

const get = (path: string, headers: Record<string, string> = {}) => new TestClient(h).request(path, { headers });
/** The SDMX data path as a CSV client asks for it (its default is SDMX-ML, as Eurostat's: sdmx-rest.test.ts). */
const sdmx = (rest: string) => get(`/api/sdmx/2.1/data/${rest}`, { accept: 'application/vnd.sdmx.data+csv' });
/** CSV (RFC 4180) as rows of fields. */
function rowsOf(csv: string): string[][] {
  const rows: string[][] = [];
  for (const line of csv.trimEnd().split('\r\n')) {
    const fields: string[] = [];
    const re = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
    for (let m = re.exec(line); m && m.index < line.length + 1; m = re.exec(line)) {
      fields.push(m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replace(/""/g, '"') : m[1]!);
      if (m[2] === '') break;
    }
    rows.push(fields);
  }
  return rows;
}

describe('/api/categories', () => {
  it('answers the category tree with the number of datasets in each, subcategories included', async () => {
    const [prices] = await h.database.db.select().from(categories).where(eqSlug('prices'));
    await h.database.db
      .insert(categories)
      .values({ slug: 'consumer-prices', name: 'Consumer prices', parentId: prices!.id });
    const { res, body } = await get('/api/categories');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    const bySlug = Object.fromEntries(body.categories.map((c: any) => [c.slug, c]));
    expect(bySlug.prices).toMatchObject({ name: 'Prices', dataset_count: 2 });
    expect(bySlug.prices.children).toEqual([
      { id: expect.any(Number), slug: 'consumer-prices', name: 'Consumer prices', dataset_count: 0, children: [] },
    ]);
    expect(bySlug['labour-market']).toMatchObject({ dataset_count: 1, children: [] });
    expect(body.categories.map((c: any) => c.slug)).not.toContain('consumer-prices');
  });
});

describe('/api/public-datasets', () => {
  it('lists every dataset with JSON, CSV, JSON-stat and SDMX-CSV URLs that answer', async () => {
    const { res, body } = await get('/api/public-datasets');
    expect(res.status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.license).toBe('https://creativecommons.org/licenses/by/4.0/');
    const hicp = body.datasets.find((d: any) => d.dataset_code === 'prc_hicp_manr');
    expect(hicp).toMatchObject({
      dataset_name: 'HICP - monthly data (annual rate of change)',
      frequency: 'M',
      url: 'http://localhost:3000/datasets/prc_hicp_manr',
      categories: [{ slug: 'prices', name: 'Prices' }],
    });
    expect(hicp.distributions.map((d: any) => d.format)).toEqual(['JSON', 'CSV', 'JSON-stat', 'SDMX-CSV']);
    for (const d of hicp.distributions) {
      const url = new URL(d.url);
      expect(url.origin).toBe(h.publicUrl);
      const answer = await get(`${url.pathname}${url.search}`);
      expect([d.format, answer.res.status]).toEqual([d.format, 200]);
      expect(answer.res.headers.get('content-type')).toContain(d.media_type.split(';')[0]);
    }
  });
});

describe('/api/datasets/structured-data-catalog', () => {
  it('is a schema.org DataCatalog of Datasets with distribution, coverage, licence and creator', async () => {
    const { res, body } = await get('/api/datasets/structured-data-catalog');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/ld+json; charset=utf-8');
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    expect(body).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'DataCatalog',
      name: 'Statistics publisher',
    });
    expect(body.dataset).toHaveLength(3);
    const hicp = body.dataset.find((d: any) => d.identifier === 'prc_hicp_manr');
    expect(hicp).toMatchObject({
      '@type': 'Dataset',
      url: 'http://localhost:3000/datasets/prc_hicp_manr',
      license: 'https://creativecommons.org/licenses/by/4.0/',
      creator: { '@type': 'Organization', name: 'Eurostat' },
      temporalCoverage: '1997-01/2025-05',
    });
    expect(hicp.spatialCoverage).toContainEqual({ '@type': 'Place', name: 'Germany' });
    expect(hicp.distribution).toContainEqual({
      '@type': 'DataDownload',
      name: 'CSV',
      encodingFormat: 'text/csv',
      contentUrl: 'http://localhost:3000/api/datasets/prc_hicp_manr/data?format=csv',
    });
    expect(body.dataset.find((d: any) => d.identifier === 'tec00118').temporalCoverage).toBe('2013/2024');
  });
});

describe('/api/datasets/ai-discovery and /llms.txt', () => {
  it('give agents datasets, dimensions with codes and labels, periods, limits and example queries that work', async () => {
    const { res, body } = await get('/api/datasets/ai-discovery');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    expect(body.openapi).toBe('http://localhost:3000/api/openapi.json');
    expect(body.limits).toMatchObject({
      free_daily_requests: FREE_DAILY_API_REQUESTS,
      pro_daily_requests: 'unlimited',
    });
    const hicp = body.datasets.find((d: any) => d.code === 'prc_hicp_manr');
    expect(hicp.periods).toEqual({ first: '1/1997', last: '5/2025' });
    expect(hicp.dimensions.map((d: any) => d.code)).toEqual(['unit', 'coicop']);
    expect(hicp.dimensions[1].codes.CP00).toBe('All-items HICP');
    expect(hicp.geo.DE).toBe('Germany');
    expect(hicp.examples).toHaveLength(3);
    for (const example of hicp.examples) {
      const url = new URL(example);
      expect([example, (await get(`${url.pathname}${url.search}`)).res.status]).toEqual([example, 200]);
    }
  });

  it('/llms.txt points to the agents’ catalogue, the OpenAPI document and the limits', async () => {
    const { res, body } = await get('/llms.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(body).toMatch(/^# Statistics publisher\n/);
    expect(body).toContain('(http://localhost:3000/api/datasets/ai-discovery)');
    expect(body).toContain('(http://localhost:3000/api/openapi.json)');
    expect(body).toContain('1,000 data API requests a day');
  });
});

describe('SDMX REST data path', () => {
  it('answers Eurostat’s key M.RCH_A.CP00.DE+FR in SDMX-CSV 1.0 with the published values (DE 10/2022 = 11.6)', async () => {
    const { res, body } = await sdmx(
      'prc_hicp_manr/M.RCH_A.CP00.DE+FR?startPeriod=2022-09&endPeriod=2022-11&format=csv',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.sdmx.data+csv; version=1.0.0; charset=utf-8');
    expect(res.headers.get('x-ratelimit-limit')).toBe(String(FREE_DAILY_API_REQUESTS));
    expect(rowsOf(body)).toEqual([
      ['DATAFLOW', 'freq', 'unit', 'coicop', 'geo', 'TIME_PERIOD', 'OBS_VALUE', 'OBS_FLAG'],
      ['ESTAT:PRC_HICP_MANR(1.0)', 'M', 'RCH_A', 'CP00', 'DE', '2022-09', '10.9', ''],
      ['ESTAT:PRC_HICP_MANR(1.0)', 'M', 'RCH_A', 'CP00', 'DE', '2022-10', '11.6', ''],
      ['ESTAT:PRC_HICP_MANR(1.0)', 'M', 'RCH_A', 'CP00', 'DE', '2022-11', '11.3', ''],
      ['ESTAT:PRC_HICP_MANR(1.0)', 'M', 'RCH_A', 'CP00', 'FR', '2022-09', '6.2', ''],
      ['ESTAT:PRC_HICP_MANR(1.0)', 'M', 'RCH_A', 'CP00', 'FR', '2022-10', '7.1', ''],
      ['ESTAT:PRC_HICP_MANR(1.0)', 'M', 'RCH_A', 'CP00', 'FR', '2022-11', '7.1', ''],
    ]);
  });

  it('serves the same values and flags as the data API’s CSV for a whole range', async () => {
    const api = await get(
      '/api/datasets/prc_hicp_manr/data?format=csv&country=DE,EA20,EE&period_from=1/2020&period_to=12/2023',
    );
    const fromApi = rowsOf(api.body)
      .slice(1)
      .map((r) =>
        // dataset,unit,coicop,geo,geo_name,period (10/2022),period_iso (2022-10),value,flags
        [r[3], r[6], r[7], r[8]].join('|'),
      )
      .sort();
    const { body } = await sdmx('prc_hicp_manr/M.RCH_A.CP00.DE+EA20+EE?startPeriod=2020-01&endPeriod=2023-12');
    const fromSdmx = rowsOf(body)
      .slice(1)
      .map((r) => [r[4], r[5], r[6], r[7]].join('|'))
      .sort();
    expect(fromSdmx.length).toBe(3 * 48);
    expect(fromSdmx).toEqual(fromApi);
  });

  it('takes wildcards, the last N observations, a year as a period bound, the flow as agency,id,version', async () => {
    const wild = rowsOf((await sdmx('prc_hicp_manr/M..CP00+CP01.DE?startPeriod=2022-10&endPeriod=2022-10')).body);
    expect(wild.slice(1).map((r) => `${r[2]} ${r[3]} ${r[6]}`)).toEqual(['RCH_A CP00 11.6', 'RCH_A CP01 18.9']);

    // A client that percent-encodes the + gets the same answer.
    const encoded = await sdmx('prc_hicp_manr/M.RCH_A.CP00.DE%2BFR?startPeriod=2022-10&endPeriod=2022-10');
    expect(rowsOf(encoded.body).map((r) => `${r[4]} ${r[6]}`)).toEqual(['geo OBS_VALUE', 'DE 11.6', 'FR 7.1']);

    const lastN = rowsOf((await sdmx('prc_hicp_manr/M.RCH_A.CP00.DE+FR?lastNObservations=2')).body);
    expect(lastN.slice(1).map((r) => `${r[4]} ${r[5]}`)).toEqual([
      'DE 2025-04',
      'DE 2025-05',
      'FR 2025-04',
      'FR 2025-05',
    ]);

    const year = rowsOf((await sdmx('prc_hicp_manr/M.RCH_A.CP00.DE?startPeriod=2022&endPeriod=2022')).body);
    expect(year.slice(1).map((r) => r[5])).toEqual(
      Array.from({ length: 12 }, (_, i) => `2022-${String(i + 1).padStart(2, '0')}`),
    );

    const annual = rowsOf(
      (await sdmx('ESTAT,TEC00118,1.0/A.RCH_A_AVG.CP00.DE+EA20?startPeriod=2022&endPeriod=2022')).body,
    );
    expect(annual.slice(1)).toEqual([
      ['ESTAT:TEC00118(1.0)', 'A', 'RCH_A_AVG', 'CP00', 'DE', '2022', '8.7', ''],
      ['ESTAT:TEC00118(1.0)', 'A', 'RCH_A_AVG', 'CP00', 'EA20', '2022', '8.4', ''],
    ]);

    const all = await sdmx('tec00118/all?startPeriod=2022&endPeriod=2022');
    expect(all.res.status).toBe(200);
    expect(rowsOf(all.body).length).toBeGreaterThan(30);
  });

  it('answers a wrong key, an unknown code or dataset, an empty result and other formats in the one error shape', async () => {
    const cases: [string, number, string][] = [
      [
        'prc_hicp_manr/M.RCH_A.DE',
        400,
        'invalid key: "M.RCH_A.DE" has 3 positions; prc_hicp_manr has 4 (freq.unit.coicop.geo)',
      ],
      ['prc_hicp_manr/M.RCH_A.CP99.DE', 400, 'invalid key: "CP99" is not a value of coicop'],
      ['prc_hicp_manr/H.RCH_A.CP00.DE', 400, 'invalid key: "H" is not a frequency'],
      ['prc_hicp_manr/W.RCH_A.CP00.DE', 404, 'No observation matches the query.'],
      ['nope/M.RCH_A.CP00.DE', 404, 'no dataset with id or code "nope"'],
      ['prc_hicp_manr/A.RCH_A.CP00.DE', 404, 'No observation matches the query.'],
      ['prc_hicp_manr/M.RCH_A.CP00.DE?startPeriod=1900-01&endPeriod=1900-12', 404, 'No observation matches the query.'],
      [
        'prc_hicp_manr/M.RCH_A.CP00.DE?startPeriod=10/2022',
        400,
        'invalid startPeriod: "10/2022" (YYYY, YYYY-Sn, YYYY-Qn, YYYY-MM, YYYY-Www or YYYY-MM-DD, the dash optional ' +
          '(2005Q1, 2005M01, 2019W01, 20200101), or YYYY - n)',
      ],
    ];
    for (const [rest, status, message] of cases) {
      const { res, body } = await sdmx(rest);
      expect([rest, res.status, body.error?.message]).toEqual([rest, status, message]);
    }
    for (const rest of ['prc_hicp_manr/all?format=pdf', 'prc_hicp_manr/all?lastNObservations=0']) {
      const { res, body } = await sdmx(rest);
      expect([rest, res.status, body.error?.code]).toEqual([rest, 400, 'bad_parameter']);
    }
  });
});

describe('GET on the auth links', () => {
  it('leads a confirmation link opened in the browser to the confirmation page, and explains resend', async () => {
    const link = await get('/api/auth/confirm-email?token=abc.def&next=/app/settings');
    expect(link.res.status).toBe(302);
    expect(link.res.headers.get('location')).toBe('/confirm?token=abc.def&next=%2Fapp%2Fsettings');
    const missing = await get('/api/auth/confirm-email');
    expect(missing.res.status).toBe(400);
    expect(missing.body).toEqual({ error: { code: 'bad_request', message: 'The confirmation link has no token.' } });

    const typed = await get('/api/auth/resend-verification', { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' });
    expect(typed.res.status).toBe(302);
    expect(typed.res.headers.get('location')).toBe('/check-email');
    const script = await get('/api/auth/resend-verification');
    expect(script.res.status).toBe(405);
    expect(script.res.headers.get('allow')).toBe('POST');
    expect(script.body.error.code).toBe('method_not_allowed');
  });
});

describe('the OpenAPI document', () => {
  it('declares every path of this issue', async () => {
    const doc = (await (await h.app.request('/api/openapi.json')).json()) as any;
    for (const [path, method] of [
      ['/api/categories', 'get'],
      ['/api/public-datasets', 'get'],
      ['/api/datasets/structured-data-catalog', 'get'],
      ['/api/datasets/ai-discovery', 'get'],
      ['/api/sdmx/2.1/data/{dataset}/{key}', 'get'],
      ['/api/auth/confirm-email', 'get'],
      ['/api/auth/confirm-email', 'post'],
      ['/api/auth/resend-verification', 'get'],
      ['/api/auth/resend-verification', 'post'],
    ] as const) {
      expect([path, method, typeof doc.paths[path]?.[method]?.summary]).toEqual([path, method, 'string']);
    }
    const sdmxOp = doc.paths['/api/sdmx/2.1/data/{dataset}/{key}'].get;
    expect(sdmxOp.parameters.map((p: any) => p.name).sort()).toEqual(
      [
        'as_of',
        'dataset',
        'detail',
        'dimensionAtObservation',
        'endPeriod',
        'firstNObservations',
        'format',
        'includeHistory',
        'key',
        'labels',
        'lastNObservations',
        'startPeriod',
        'updatedAfter',
      ].sort(),
    );
    expect(sdmxOp.responses['429']).toBeDefined();
  });
});

function eqSlug(slug: string) {
  return sqlEq(categories.slug, slug);
}
