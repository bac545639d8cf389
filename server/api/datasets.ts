// The dataset API: list and search, metadata, data in the specification's shape, exports, series lookup.
import { createHash } from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { parsePeriod, frequencySchema } from '../../core/periods';
import { datasetDataSchema, datasetMetaSchema, datasetSchema, type DatasetMeta } from '../../core/schemas/dataset';
import type { ReadDb } from '../../db/client';
import { datasetIdOfSeries, findDataset, getDatasetMeta, listDatasets } from '../../db/queries/datasets';
import {
  selectObservations,
  toSeriesList,
  type DataSelection,
  type ObservationRow,
} from '../../db/queries/observations';
import { pgArray, queryRows } from '../../db/sql';
import { dailyLimitResponse, invalidKeyResponse } from './daily-limit';
import { ApiError, errorSchema } from '../http/errors';
import { toCsv, toJsonStat } from './data-formats';
import type { ApiEnv } from './env';
import { stopIfGone } from './work-limits';

const idParam = z.object({
  id: z.string().openapi({
    param: { name: 'id', in: 'path' },
    example: 'prc_hicp_manr',
    description: 'Numeric id or dataset code',
  }),
});

const selectionQuery = z
  .object({
    country: z.string().optional().openapi({ example: 'DE,FR,EA20', description: 'Comma list of geo codes' }),
    period_from: z.string().optional().openapi({ example: '1/2020', description: 'YYYY, Q{n}/YYYY or M/YYYY' }),
    period_to: z.string().optional().openapi({ example: '12/2022' }),
    dim1: z.string().optional().openapi({ description: 'Comma list of codes of dimension 1, or * for all' }),
    dim2: z.string().optional(),
    dim3: z.string().optional(),
    dim4: z.string().optional(),
    dim5: z.string().optional(),
  })
  .catchall(z.string());

const errors = {
  304: { description: 'Not modified since the ETag sent in If-None-Match' },
  400: { description: 'A parameter is invalid', content: { 'application/json': { schema: errorSchema } } },
  401: invalidKeyResponse,
  404: { description: 'No such dataset', content: { 'application/json': { schema: errorSchema } } },
  429: dailyLimitResponse,
};

const listRoute = createRoute({
  method: 'get',
  path: '/datasets',
  summary: 'List and search datasets',
  request: {
    query: z.object({
      q: z
        .string()
        .max(200)
        .optional()
        .openapi({
          example: 'unemployment germany',
          description:
            'Search: ranks by relevance over names, descriptions, labels and categories, with synonyms (cpi, jobless, ' +
            'per capita) and typos corrected; a place named (germany, Bayern) keeps datasets with data for it',
        }),
      category: z.string().optional().openapi({ example: 'prices' }),
      geo: z.string().optional().openapi({ example: 'DE', description: 'Only datasets with data for this geo' }),
      frequency: frequencySchema.optional(),
      sort: z
        .enum(['relevance', 'name', 'updated'])
        .optional()
        .openapi({ description: 'relevance (the default with q), name (the default without), or updated' }),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      offset: z.coerce.number().int().min(0).default(0),
    }),
  },
  responses: {
    200: {
      description: 'Datasets',
      content: {
        'application/json': {
          schema: z.object({
            items: z.array(
              datasetSchema.extend({
                view_query: z
                  .string()
                  .optional()
                  .openapi({ example: 'country[]=DE', description: 'The view a search opens the dataset on' }),
              }),
            ),
            total: z.number().int(),
            places: z
              .array(z.object({ text: z.string(), name: z.string(), codes: z.array(z.string()) }))
              .optional()
              .openapi({ description: 'Places the query named; each result has data for every one' }),
          }),
        },
      },
    },
    400: errors[400],
    401: errors[401],
    429: errors[429],
  },
});

const metaRoute = createRoute({
  method: 'get',
  path: '/datasets/{id}/meta',
  summary: 'Dataset information with dimensions and available countries',
  request: { params: idParam },
  responses: {
    200: { description: 'Dataset information', content: { 'application/json': { schema: datasetMetaSchema } } },
    ...errors,
  },
});

const dataPointRoute = createRoute({
  method: 'get',
  path: '/datasets/data-point/{dataId}',
  summary: 'The dataset id of a series id',
  request: {
    params: z.object({
      dataId: z.coerce
        .number()
        .int()
        .positive()
        .openapi({ param: { name: 'dataId', in: 'path' } }),
    }),
  },
  responses: {
    200: {
      description: 'The dataset id',
      content: { 'application/json': { schema: z.object({ main_id: z.number().int() }) } },
    },
    ...errors,
  },
});

const datasetRoute = createRoute({
  method: 'get',
  path: '/datasets/{id}',
  summary: 'Dataset with its data series (the chart data)',
  request: { params: idParam, query: selectionQuery },
  responses: {
    200: { description: 'Dataset and series', content: { 'application/json': { schema: datasetDataSchema } } },
    ...errors,
  },
});

const dataRoute = createRoute({
  method: 'get',
  path: '/datasets/{id}/data',
  summary: 'Data of a view as JSON, CSV (RFC 4180) or JSON-stat 2.0',
  request: {
    params: idParam,
    query: selectionQuery.extend({ format: z.enum(['json', 'csv', 'jsonstat']).default('json') }),
  },
  responses: {
    200: {
      description: 'The data',
      content: {
        'application/json': { schema: datasetDataSchema },
        'text/csv': { schema: z.string() },
        'application/json; format=jsonstat': {
          schema: z.object({ version: z.literal('2.0'), class: z.literal('dataset') }),
        },
      },
    },
    ...errors,
  },
});

export function datasetsApi(): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });

  api.openapi(listRoute, async (c) => {
    const q = c.req.valid('query');
    const result = await listDatasets(c.var.db, q);
    cacheFor(c, 60);
    return c.json(result, 200);
  });

  api.openapi(dataPointRoute, async (c) => {
    const { dataId } = c.req.valid('param');
    const id = await datasetIdOfSeries(c.var.db, dataId);
    if (id === undefined) throw new ApiError(404, 'not_found', `no data series with id ${dataId}`);
    cacheFor(c, 3600);
    return c.json({ main_id: id }, 200);
  });

  api.openapi(metaRoute, async (c) => {
    const row = await datasetOr404(c.var.db, c.req.valid('param').id);
    if (notModified(c, row.id, row.updatedAt)) return c.body(null, 304);
    return c.json(await getDatasetMeta(c.var.db, row), 200);
  });

  api.openapi(datasetRoute, async (c) => {
    const row = await datasetOr404(c.var.db, c.req.valid('param').id);
    if (notModified(c, row.id, row.updatedAt)) return c.body(null, 304);
    const meta = await getDatasetMeta(c.var.db, row);
    const rows = await boundedObservations(c, meta, parseSelection(meta, c.req.valid('query')));
    return c.json({ dataset: meta, data: toSeriesList(meta, rows) }, 200);
  });

  api.openapi(dataRoute, async (c) => {
    const row = await datasetOr404(c.var.db, c.req.valid('param').id);
    if (notModified(c, row.id, row.updatedAt)) return c.body(null, 304);
    const meta = await getDatasetMeta(c.var.db, row);
    const query = c.req.valid('query');
    const rows = await boundedObservations(c, meta, parseSelection(meta, query));
    if (query.format === 'csv') {
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${meta.dataset_code}.csv"`);
      return c.body(toCsv(meta, rows), 200);
    }
    if (query.format === 'jsonstat') return c.json(toJsonStat(meta, rows), 200);
    return c.json({ dataset: meta, data: toSeriesList(meta, rows) }, 200);
  });

  return api;
}

/** The most values one data request returns (a country's regions over decades fit; a whole regional file does not). */
export const maxValuesPerRequest = 100_000;

/**
 * The selection's observations, when there are at most maxValuesPerRequest; more answer 400 saying how to narrow or
 * page. Counted first (an index scan), so a refused request reads no values; stops when the client has gone.
 */
export async function boundedObservations(
  c: Context,
  meta: DatasetMeta,
  sel: DataSelection,
): Promise<ObservationRow[]> {
  const db = (c.var as { db: ReadDb }).db;
  const count = await countObservations(db, meta, sel);
  if (count > maxValuesPerRequest) {
    throw new ApiError(
      400,
      'too_many_values',
      `This selection has ${count.toLocaleString('en')} values; one request returns at most ` +
        `${maxValuesPerRequest.toLocaleString('en')}. Narrow it: name the codes you need instead of * ` +
        '(dim1=CODE1,CODE2), fewer countries (country=DE,FR) or a period range (period_from, period_to); ' +
        'to get everything, page through the periods with consecutive period_from/period_to ranges.',
    );
  }
  stopIfGone(c);
  const rows = await selectObservations(db, meta, sel);
  // Serialising is the costly part left: skip it for a client that has gone.
  stopIfGone(c);
  return rows;
}

/** How many observations selectObservations would return (the same conditions, without the geo names). */
async function countObservations(db: ReadDb, meta: DatasetMeta, sel: DataSelection): Promise<number> {
  const where: SQL[] = [sql`s.dataset_id = ${meta.id}`, sql`s.freq = ${meta.frequency}`];
  for (const [i, dim] of meta.dimensions.entries()) {
    const chosen = sel.dims[dim.key] ?? [dim.default];
    if (chosen !== '*') where.push(sql`s.dims[${i + 1}] = ANY(${pgArray(chosen)}::text[])`);
  }
  if (sel.countries) where.push(sql`o.geo = ANY(${pgArray(sel.countries)}::text[])`);
  if (sel.from !== undefined) where.push(sql`o.period >= ${sel.from}`);
  if (sel.to !== undefined) where.push(sql`o.period <= ${sel.to}`);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::integer AS n FROM series s JOIN observations o ON o.series_id = s.id
      WHERE ${sql.join(where, sql` AND `)}`,
  );
  return row?.n ?? 0;
}

async function datasetOr404(db: ReadDb, id: string) {
  const row = await findDataset(db, id);
  if (!row) throw new ApiError(404, 'not_found', `no dataset with id or code "${id}"`);
  return row;
}

function cacheFor(c: Context, seconds: number): void {
  c.header('Cache-Control', `public, max-age=${seconds}, stale-while-revalidate=86400`);
}

/** A weak ETag from the dataset's last change and the query, checked before any data is read. */
function notModified(c: Context, id: number, updatedAt: Date): boolean {
  const hash = createHash('sha1')
    .update(`${id}:${updatedAt.toISOString()}:${new URL(c.req.url).search}`)
    .digest('base64url');
  const etag = `W/"${hash.slice(0, 20)}"`;
  c.header('ETag', etag);
  cacheFor(c, 300);
  const sent = c.req.header('If-None-Match');
  return sent !== undefined && sent.split(',').some((t) => t.trim() === etag);
}

/** Validates dim1..dimN, country and the period range against the dataset. */
export function parseSelection(meta: DatasetMeta, query: Record<string, string | undefined>): DataSelection {
  const sel: DataSelection = { dims: {} };
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined || !/^dim\d+$/.test(key)) continue;
    const dim = meta.dimensions.find((d) => d.key === key);
    if (!dim)
      throw new ApiError(400, 'bad_parameter', `invalid ${key}: the dataset has ${meta.dimensions.length} dimensions`);
    if (raw.trim() === '*') {
      sel.dims[key] = '*';
      continue;
    }
    const codes = splitList(raw);
    for (const code of codes) {
      if (!dim.values.some((v) => v.code === code)) {
        throw new ApiError(400, 'bad_parameter', `invalid ${key}: "${code}" is not a value of ${dim.code}`);
      }
    }
    sel.dims[key] = codes;
  }
  if (query.country !== undefined) {
    const codes = splitList(query.country).map((c) => c.toUpperCase());
    for (const code of codes) {
      if (!meta.available_countries.some((g) => g.code === code)) {
        throw new ApiError(400, 'bad_parameter', `invalid country: "${code}" has no data in ${meta.dataset_code}`);
      }
    }
    sel.countries = codes;
  }
  sel.from = periodParam(meta, 'period_from', query.period_from);
  sel.to = periodParam(meta, 'period_to', query.period_to);
  return sel;
}

function periodParam(meta: DatasetMeta, name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const p = parsePeriod(raw);
  if (!p || p.freq !== meta.frequency) {
    const example = { A: '2022', S: 'S1/2022', Q: 'Q3/2022', M: '10/2022' }[meta.frequency];
    throw new ApiError(400, 'bad_parameter', `invalid ${name}: "${raw}" (this dataset's periods look like ${example})`);
  }
  return p.ordinal;
}

function splitList(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function validationHook(
  result: { success: true } | { success: false; error: z.ZodError; data?: unknown },
  c: Context,
): Response | undefined {
  if (result.success) return undefined;
  const message = result.error.issues
    .map((i) => {
      const name = i.path.join('.');
      const url = new URL(c.req.url);
      const value = url.searchParams.get(name);
      return value === null ? `${name}: ${i.message}` : `invalid ${name}: "${value}" (${i.message})`;
    })
    .join('; ');
  return c.json({ error: { code: 'bad_parameter', message } }, 400);
}
