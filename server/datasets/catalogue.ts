// The catalogue documents: category tree, public catalogue with distributions, schema.org DataCatalog, the agents'
// compact catalogue, and /llms.txt. None of them counts against the daily limit (they describe, they hold no data).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { datasetJsonLdObject } from '../../core/dataset-json-ld';
import { SITE_NAME } from '../../core/site';
import { FREE_DAILY_API_REQUESTS } from '../../core/plans';
import { catalogueItemSchema, type DatasetMeta } from '../../core/schemas/dataset';
import { catalogueMetas, categoryTree } from '../../db/queries/catalogue';
import { listDatasets } from '../../db/queries/datasets';
import type { ApiEnv } from '../http/env';
import { uncounted } from '#server/http/route-policy';

/** The catalogue documents hold names, codes and links, no values (decision 201). */
export const cataloguePolicies = [
  uncounted(
    'GET /api/datasets/ai-discovery, /api/datasets/structured-data-catalog, /api/categories, /api/public-datasets',
    'read',
    ['/api/datasets/ai-discovery', '/api/datasets/structured-data-catalog', '/api/categories', '/api/public-datasets'],
    'catalogue documents: names, codes and links, no values',
    { cache: 'api' },
  ),
  uncounted(
    'GET /llms.txt',
    'read',
    ['/llms.txt'],
    'the catalogue for language models: names, codes and links, no values',
  ),
];

/** The licence of the data (Eurostat's reuse policy): catalogue documents and CSV exports name it. */
export const LICENSE = 'https://creativecommons.org/licenses/by/4.0/';

/** One category; `children` holds its subcategories in the same shape (declared loosely: the document is flat). */
const categoryNodeSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    dataset_count: z.number().int().openapi({ description: 'Datasets in it or in any subcategory, each once' }),
    children: z.array(z.any()).openapi({ description: 'Subcategories, the same shape' }),
  })
  .openapi('Category');

const distributionSchema = z.object({
  format: z.enum(['JSON', 'CSV', 'JSON-stat', 'SDMX-CSV']),
  media_type: z.string(),
  url: z.string(),
});

const publicDatasetSchema = catalogueItemSchema.extend({
  url: z.string().openapi({ description: 'The dataset page' }),
  license: z.string(),
  distributions: z.array(distributionSchema),
});

const categoriesRoute = createRoute({
  method: 'get',
  path: '/categories',
  summary: 'The category tree with the number of datasets in each category (subcategories included)',
  responses: {
    200: {
      description: 'Categories',
      content: { 'application/json': { schema: z.object({ categories: z.array(categoryNodeSchema) }) } },
    },
  },
});

const publicDatasetsRoute = createRoute({
  method: 'get',
  path: '/public-datasets',
  summary: 'The public catalogue: every dataset with its download URLs (JSON, CSV, JSON-stat, SDMX-CSV)',
  responses: {
    200: {
      description: 'Catalogue',
      content: {
        'application/json': {
          schema: z.object({ datasets: z.array(publicDatasetSchema), total: z.number().int(), license: z.string() }),
        },
      },
    },
  },
});

const structuredRoute = createRoute({
  method: 'get',
  path: '/datasets/structured-data-catalog',
  summary: 'The catalogue as a schema.org DataCatalog (JSON-LD) of Datasets with distributions and coverage',
  responses: {
    200: {
      description: 'JSON-LD',
      content: {
        'application/ld+json': {
          schema: z.object({
            '@context': z.literal('https://schema.org'),
            '@type': z.literal('DataCatalog'),
            dataset: z.array(z.record(z.string(), z.unknown())),
          }),
        },
      },
    },
  },
});

const aiRoute = createRoute({
  method: 'get',
  path: '/datasets/ai-discovery',
  summary:
    'A compact catalogue for AI agents: datasets, dimensions with codes and labels, periods, example queries, limits',
  responses: {
    200: {
      description: 'Catalogue for agents',
      content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
    },
  },
});

function cacheFor(c: Context, seconds: number): void {
  c.header('Cache-Control', `public, max-age=${seconds}, stale-while-revalidate=86400`);
}

function distributions(site: string, m: Pick<DatasetMeta, 'dataset_code'>) {
  const data = `${site}/api/datasets/${m.dataset_code}/data`;
  return [
    { format: 'JSON' as const, media_type: 'application/json', url: `${data}?format=json` },
    { format: 'CSV' as const, media_type: 'text/csv', url: `${data}?format=csv` },
    { format: 'JSON-stat' as const, media_type: 'application/json', url: `${data}?format=jsonstat` },
    {
      format: 'SDMX-CSV' as const,
      media_type: 'application/vnd.sdmx.data+csv;version=1.0.0',
      url: `${site}/api/sdmx/2.1/data/${m.dataset_code}/all?format=csv`,
    },
  ];
}

/** An SDMX key of a dataset's default series for a few countries: freq.dim1…dimN.geo. */
export function exampleSdmxKey(m: DatasetMeta, geos: string[]): string {
  return [m.frequency, ...m.dimensions.map((d) => d.default), geos.join('+')].join('.');
}

export function aiDiscovery(site: string, metas: DatasetMeta[]) {
  return {
    name: SITE_NAME,
    description:
      'Official European statistics (Eurostat) with every value and flag as published. Read-only HTTP API; JSON, CSV, JSON-stat 2.0 and SDMX-CSV.',
    openapi: `${site}/api/openapi.json`,
    documentation: `${site}/api-docs`,
    license: LICENSE,
    attribution: 'Source: Eurostat (dataset code …). © European Union, Eurostat.',
    authentication: {
      optional: true,
      how: 'Authorization: Bearer <key> or X-API-Key: <key>; keys are created at /app/settings',
    },
    limits: {
      free_daily_requests: FREE_DAILY_API_REQUESTS,
      pro_daily_requests: 'unlimited',
      reset: '00:00 UTC',
      counted: 'GET /api/datasets/… and /api/sdmx/…; not this document, the catalogue documents or /api/openapi.json',
      headers: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'],
      over_limit: '429 with Retry-After and {"error":{"code":"daily_limit_exceeded"}}',
    },
    periods:
      'Written YYYY (annual), S{n}/YYYY, Q{n}/YYYY, M/YYYY (e.g. 10/2022), W{n}/YYYY (ISO weeks) or YYYY-MM-DD (days) ' +
      'in the JSON API; ISO (2022-10, 2022-W05, 2022-10-03) in SDMX',
    datasets: metas.map((m) => {
      const geos = m.available_countries.slice(0, 2).map((g) => g.code);
      const dims = Object.fromEntries(m.dimensions.map((d) => [d.key, d.default]));
      const query = new URLSearchParams({ ...dims, country: geos.join(',') });
      if (m.latest_period) query.set('period_from', m.latest_period);
      return {
        code: m.dataset_code,
        name: m.dataset_name,
        description: m.description,
        unit: m.unit,
        frequency: m.frequency,
        periods: { first: m.oldest_period, last: m.latest_period },
        last_update: m.last_update,
        last_update_from: m.last_update_from,
        categories: m.categories.map((c) => c.slug),
        dimensions: m.dimensions.map((d) => ({
          key: d.key,
          code: d.code,
          label: d.label,
          default: d.default,
          codes: Object.fromEntries(d.values.map((v) => [v.code, v.label])),
        })),
        geo: Object.fromEntries(m.available_countries.map((g) => [g.code, g.name])),
        examples: [
          `${site}/api/datasets/${m.dataset_code}?${query.toString()}`,
          `${site}/api/datasets/${m.dataset_code}/data?${query.toString()}&format=csv`,
          `${site}/api/sdmx/2.1/data/${m.dataset_code}/${exampleSdmxKey(m, geos)}?lastNObservations=12&format=csv`,
        ],
      };
    }),
  };
}

export function catalogueApi(publicUrl: string): OpenAPIHono<ApiEnv> {
  const site = publicUrl.replace(/\/+$/, '');
  const api = new OpenAPIHono<ApiEnv>();

  api.openapi(categoriesRoute, async (c) => {
    cacheFor(c, 300);
    const tree = (await categoryTree(c.var.db)) as z.infer<typeof categoryNodeSchema>[];
    return c.json({ categories: tree }, 200);
  });

  api.openapi(publicDatasetsRoute, async (c) => {
    // Every dataset and table of Eurostat's catalogue, imported here or not (decision 188): the data URLs of one not
    // imported yet import it on demand.
    const { items, total } = await listDatasets(c.var.db, { catalogue: true, sort: 'name', limit: 100_000, offset: 0 });
    cacheFor(c, 300);
    return c.json(
      {
        datasets: items.map((d) => ({
          ...d,
          url: `${site}/datasets/${d.dataset_code}`,
          license: LICENSE,
          distributions: distributions(site, d),
        })),
        total,
        license: LICENSE,
      },
      200,
    );
  });

  api.openapi(structuredRoute, async (c) => {
    const metas = await catalogueMetas(c.var.db);
    cacheFor(c, 300);
    const body = {
      '@context': 'https://schema.org' as const,
      '@type': 'DataCatalog' as const,
      name: SITE_NAME,
      description: 'Official European statistics (Eurostat) with every value and flag as published.',
      url: `${site}/datasets`,
      license: LICENSE,
      publisher: { '@type': 'Organization', name: SITE_NAME, url: site },
      dataset: metas.map((m) => {
        const { '@context': _context, includedInDataCatalog: _catalog, ...ld } = datasetJsonLdObject(m, site);
        return { ...ld, distribution: distributions(site, m).map((d) => dataDownload(d)) };
      }),
    };
    const res = c.json(body, 200);
    res.headers.set('Content-Type', 'application/ld+json; charset=utf-8');
    return res;
  });

  api.openapi(aiRoute, async (c) => {
    cacheFor(c, 300);
    return c.json(aiDiscovery(site, await catalogueMetas(c.var.db)), 200);
  });

  return api;
}

function dataDownload(d: { format: string; media_type: string; url: string }) {
  return { '@type': 'DataDownload', name: d.format, encodingFormat: d.media_type, contentUrl: d.url };
}

/** /llms.txt (llmstxt.org): what the site is and where an agent finds the catalogue, the API and its limits. */
export function llmsTxt(publicUrl: string): string {
  const site = publicUrl.replace(/\/+$/, '');
  return [
    `# ${SITE_NAME}`,
    '',
    '> Official European statistics (Eurostat: inflation, unemployment, GDP, regional GDP) with every value and flag as published, as pages, charts and a read-only data API.',
    '',
    `Data: © European Union, Eurostat, reused under CC BY 4.0 (${LICENSE}). Cite "Source: Eurostat (dataset code …)".`,
    `Free: ${FREE_DAILY_API_REQUESTS.toLocaleString('en-GB')} data API requests a day per account or address (reset 00:00 UTC); Pro: unlimited. Send a key as \`Authorization: Bearer <key>\` or \`X-API-Key\`.`,
    '',
    '## API',
    '',
    `- [Compact catalogue for agents](${site}/api/datasets/ai-discovery): datasets, dimensions with codes and labels, periods, example queries, limits`,
    `- [OpenAPI 3.1 document](${site}/api/openapi.json): every endpoint`,
    `- [API reference](${site}/api-docs): the same, readable, with try-it forms`,
    `- [Public catalogue](${site}/api/public-datasets): datasets with JSON, CSV, JSON-stat and SDMX-CSV URLs`,
    `- [schema.org DataCatalog](${site}/api/datasets/structured-data-catalog): JSON-LD`,
    `- SDMX REST: ${site}/api/sdmx/2.1/data/{dataset}/{key}?startPeriod=&endPeriod=&lastNObservations=&format=csv, key as Eurostat's (M.RCH_A.CP00.DE+FR)`,
    '',
    '## Pages',
    '',
    `- [Datasets](${site}/datasets)`,
    `- [Statistics by country](${site}/statistics)`,
    '',
  ].join('\n');
}

export function llmsTxtApi(publicUrl: string): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>();
  app.get('/llms.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(llmsTxt(publicUrl), 200, { 'Content-Type': 'text/plain; charset=utf-8' });
  });
  return app;
}
