// The dataset API: list and search, metadata, data in the specification's shape, exports, series lookup.
import { createHash } from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { frequencySchema, PERIOD_SPELLINGS } from '../../core/periods';
import {
  catalogueItemSchema,
  datasetDataSchema,
  datasetMetaResponseSchema,
  type DatasetMeta,
} from '../../core/schemas/dataset';
import { dataApiQuery, parseSelection, type Selection, type SelectionQuery } from '../../core/selection';
import type { ReadDb } from '../../db/client';
import { datasetIdOfSeries, findDataset, getDatasetMeta, listDatasets } from '../../db/queries/datasets';
import { NotYetImported } from '../../db/queries/revisions';
import { loadView, maxValuesPerRequest, ViewTooLarge, type View } from '../../db/queries/view';
import { dailyLimitResponse, invalidKeyResponse } from '../keys/daily-limit';
import { ApiError, errorSchema, Pending } from '../http/errors';
import { errorResponse } from '../http/openapi';
import {
  BUSY_MESSAGE,
  IMPORT_RETRY_AFTER_S,
  UNREACHABLE_MESSAGE,
  type ImportState,
} from '../../core/catalogue-imports';
import { toCsv, toJsonStat } from './data-formats';
import type { ApiEnv } from '../http/env';
import { stopIfGone } from '../http/middleware/work-limits';
import { counted, uncounted } from '#server/http/route-policy';

/** The data API's reads count against the daily limit; an import's progress holds no values (decision 201). */
export const datasetsPolicies = [
  counted('GET /api/datasets…', 'read', ['/api/datasets/*'], { cache: 'api' }),
  uncounted(
    'GET /api/datasets/{code}/import',
    'read',
    ['/api/datasets/:code/import'],
    "an import on demand's progress, no values",
    { cache: 'api' },
  ),
];

const datasetIdParam = z.object({
  id: z.string().openapi({
    param: { name: 'id', in: 'path' },
    example: 'prc_hicp_manr',
    description: 'Numeric id or dataset code',
  }),
});

/** `as_of` on every data path, the SDMX one too (decision 125). */
export const asOfParam = z
  .string()
  .optional()
  .openapi({
    example: '2026-06-02T10:00:00Z',
    description:
      'The values as they stood at this ISO 8601 date-time (with its zone) or date (its end, UTC): revised ' +
      'values with their old value and flags, removed ones back, later ones left out; before the first import ' +
      'here 404 not_yet_imported (decision 125)',
  });

/** A view read as of a time before the dataset's first import here: 404 not_yet_imported; other errors unchanged. */
export function notYetImportedAs404(error: unknown): never {
  if (error instanceof NotYetImported) throw new ApiError(404, 'not_yet_imported', error.message);
  throw error;
}

const selectionQuery = z
  .object({
    country: z.string().optional().openapi({ example: 'DE,FR,EA20', description: 'Comma list of geo codes' }),
    period_from: z
      .string()
      .optional()
      .openapi({
        example: '1/2020',
        description: `${PERIOD_SPELLINGS}, or a source spelling (2020-01, 2019W05), in the dataset's frequency`,
      }),
    period_to: z.string().optional().openapi({ example: '12/2022' }),
    geo: z.string().optional().openapi({ description: "Eurostat's name for country: read as country" }),
    time: z.string().optional().openapi({
      example: '2024-01',
      description: "Eurostat's name for one period: read as period_from and period_to",
    }),
    dim1: z.string().optional().openapi({ description: 'Comma list of codes of dimension 1, or * for all' }),
    dim2: z.string().optional(),
    dim3: z.string().optional(),
    dim4: z.string().optional(),
    dim5: z.string().optional(),
    transform: z
      .string()
      .optional()
      .openapi({
        example: 'change',
        description:
          'index (100 at base), change (percent change over lag periods) or diff (difference over lag periods, in ' +
          'the unit); flags of every value a derived value comes from travel with it',
      }),
    base: z.string().optional().openapi({ example: '1/2020', description: 'transform=index: the period that is 100' }),
    lag: z
      .string()
      .optional()
      .openapi({ example: '12', description: 'transform=change or diff: periods back (1 the previous, default)' }),
    as_of: asOfParam,
  })
  .catchall(z.string());

const errors = {
  202: {
    description:
      'Eurostat lists the dataset but its data is not here yet: its import has started (or is waiting); ask again ' +
      'after Retry-After seconds. Body: { status: "importing", dataset_code, message, import: { status, ahead, done, total } }',
  },
  304: { description: 'Not modified since the ETag sent in If-None-Match' },
  400: errorResponse('A parameter is invalid'),
  401: invalidKeyResponse,
  404: errorResponse('No such dataset, or as_of before its first import here (not_yet_imported)'),
  429: dailyLimitResponse,
  503: {
    description:
      'The data of a listed dataset could not be imported (eurostat_unreachable, import_failed) or too many imports ' +
      'wait (busy); ask again after Retry-After',
    content: { 'application/json': { schema: errorSchema } },
  },
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
      imported: z.enum(['true', 'false']).optional().openapi({
        description:
          'true: only datasets whose data is here; false: only those Eurostat lists that are imported when first asked for',
      }),
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
              catalogueItemSchema.extend({
                view_query: z.string().optional().openapi({
                  example: 'country[]=DE&dimension[]=dim4:F',
                  description:
                    "The view a search opens an imported dataset on: the places named, and the values whose labels have the query's words that its title does not",
                }),
                view_labels: z
                  .array(z.string())
                  .optional()
                  .openapi({ example: ['Females'], description: 'The labels of the values view_query opens on' }),
              }),
            ),
            total: z.number().int().openapi({
              description: "How many match: every dataset and table of Eurostat's catalogue, imported here or not",
            }),
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
  request: { params: datasetIdParam },
  responses: {
    200: {
      description: 'Dataset information, with the JSON-stat `extension` its source file carried (null if none)',
      content: { 'application/json': { schema: datasetMetaResponseSchema } },
    },
    ...errors,
  },
});

const importStateSchema = z
  .object({
    code: z.string(),
    status: z.enum(['listed', 'imported', 'waiting', 'running', 'done', 'failed']),
    ahead: z.number().int().openapi({ description: 'Imports waiting before this one' }),
    done: z.number().int().openapi({ description: 'Values stored so far (running)' }),
    total: z.number().int(),
    error: z.string().nullable(),
    unreachable: z.boolean().openapi({ description: 'The last attempt could not reach Eurostat' }),
    busy: z.boolean(),
  })
  .openapi('ImportState');

const importStateRoute = createRoute({
  method: 'get',
  path: '/datasets/{id}/import',
  summary: "A catalogue entry's import on demand: listed, waiting, running (with progress), imported or failed",
  request: { params: datasetIdParam },
  responses: {
    200: { description: 'The state', content: { 'application/json': { schema: importStateSchema } } },
    404: errors[404],
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
  request: { params: datasetIdParam, query: selectionQuery },
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
    params: datasetIdParam,
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
    const { imported, ...filters } = q;
    const result = await listDatasets(c.var.db, {
      ...filters,
      catalogue: true,
      ...(imported ? { imported: imported === 'true' } : {}),
    });
    cacheFor(c, 60);
    return c.json(result, 200);
  });

  api.openapi(importStateRoute, async (c) => {
    const state = await c.var.catalogueImports.state(c.req.valid('param').id);
    if (!state) throw new ApiError(404, 'not_found', `no dataset with code "${c.req.valid('param').id}"`);
    c.header('Cache-Control', 'no-store');
    return c.json(state, 200);
  });

  api.openapi(dataPointRoute, async (c) => {
    const { dataId } = c.req.valid('param');
    const id = await datasetIdOfSeries(c.var.db, dataId);
    if (id === undefined) throw new ApiError(404, 'not_found', `no data series with id ${dataId}`);
    cacheFor(c, 3600);
    return c.json({ main_id: id }, 200);
  });

  api.openapi(metaRoute, async (c) => {
    const row = await datasetOr404(c, c.req.valid('param').id);
    if (notModified(c, row.id, row.updatedAt)) return c.body(null, 304);
    return c.json({ ...(await getDatasetMeta(c.var.db, row)), extension: row.extension ?? null }, 200);
  });

  api.openapi(datasetRoute, async (c) => {
    const query = strictDataQuery(c);
    const row = await datasetOr404(c, c.req.valid('param').id);
    if (notModified(c, row.id, row.updatedAt)) return c.body(null, 304);
    const meta = await getDatasetMeta(c.var.db, row);
    const view = await boundedView(c, meta, selectionOr400(meta, query));
    return c.json(view.data, 200);
  });

  api.openapi(dataRoute, async (c) => {
    const selection = strictDataQuery(c, ['format']);
    const row = await datasetOr404(c, c.req.valid('param').id);
    if (notModified(c, row.id, row.updatedAt)) return c.body(null, 304);
    const meta = await getDatasetMeta(c.var.db, row);
    const query = c.req.valid('query');
    const view = await boundedView(c, meta, selectionOr400(meta, selection));
    if (query.format === 'csv') {
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${meta.dataset_code}.csv"`);
      return c.body(toCsv(meta, view.rows, view.data.transform), 200);
    }
    // view.data.dataset: as of a time (decision 125), `updated` is the release that stood then.
    if (query.format === 'jsonstat') {
      const options = { transform: view.data.transform };
      return c.json(toJsonStat(view.data.dataset, view.rows, options), 200);
    }
    return c.json(view.data, 200);
  });

  return api;
}

/** The one value cap (db/queries/view.ts), named here where the data API's clients meet it. */
export { maxValuesPerRequest };

/**
 * The data API's query in the one vocabulary (core/selection.ts `dataApiQuery`): 400 for a name it does not read, so
 * a misspelt parameter is never a silent answer of everything; Eurostat's `geo` and `time` read as ours.
 */
export function strictDataQuery(
  c: Context,
  extra: readonly string[] = [],
  without: readonly string[] = [],
): URLSearchParams {
  const { query, problems } = dataApiQuery(searchOf(c), extra, without);
  if (problems.length > 0) throw new ApiError(400, 'bad_parameter', problems.map((p) => p.message).join('; '));
  return query;
}

/** The request's query parameters, as the one parser reads them. */
export function searchOf(c: Context): URLSearchParams {
  return new URL(c.req.url).searchParams;
}

/** The one parser's selection of a query; any problem answers 400 naming every one. */
export function selectionOr400(meta: DatasetMeta, query: SelectionQuery): Selection {
  const { selection, problems } = parseSelection(meta, query);
  if (problems.length > 0) throw new ApiError(400, 'bad_parameter', problems.map((p) => p.message).join('; '));
  return selection;
}

/** How a data API client narrows or pages a selection over the cap, in the data API's parameters. */
export const narrowDataQuery =
  'Narrow it: name the codes you need instead of * (dim1=CODE1,CODE2), fewer countries (country=DE,FR) or a period ' +
  'range (period_from, period_to); to get everything, page through the periods with consecutive ' +
  'period_from/period_to ranges.';

/** The one refusal of a selection over the cap: 400 too_many_values, its count and the cap, then how to narrow. */
export function tooManyValues(error: ViewTooLarge, narrow = narrowDataQuery): ApiError {
  return new ApiError(400, 'too_many_values', `${error.message} ${narrow}`);
}

/**
 * The view of the one loader, when it reads at most the cap (maxValuesPerRequest); more answer 400 too_many_values
 * saying how to narrow (`narrow`, in the path's own parameters) or page. Counted first (an index scan), so a refused
 * request reads no values; stops when the client has gone, and on PostgreSQL cancels the count or read that is
 * running then.
 */
export async function boundedView(
  c: Context,
  meta: DatasetMeta,
  selection: Selection,
  narrow = narrowDataQuery,
): Promise<View> {
  const db = (c.var as { db: ReadDb }).db;
  try {
    // Serialising is the costly part after the read: skip it for a client that has gone.
    return await loadView(db, meta, selection, { checkpoint: () => stopIfGone(c), signal: c.req.raw.signal });
  } catch (error) {
    if (!(error instanceof ViewTooLarge)) notYetImportedAs404(error);
    throw tooManyValues(error, narrow);
  }
}

/**
 * The dataset of a path. One the catalogue lists but that is not imported yet is asked for and answered 202 with a
 * Retry-After while it imports (decision 188); one Eurostat's data could not be imported for is a 503.
 */
export async function datasetOr404(c: Context<ApiEnv>, id: string) {
  const row = await findDataset(c.var.db, id);
  if (row) return row;
  const state = /^\d+$/.test(id) ? null : await c.var.catalogueImports.request(id, 'visitor');
  if (!state || state.status === 'imported') throw new ApiError(404, 'not_found', `no dataset with id or code "${id}"`);
  throw importNotReady(state);
}

/** The answer for a catalogue entry whose data is not here yet. */
export function importNotReady(state: ImportState): Pending | ApiError {
  if (state.status === 'failed') {
    return state.unreachable
      ? new ApiError(503, 'eurostat_unreachable', UNREACHABLE_MESSAGE, { 'Retry-After': '300' })
      : new ApiError(503, 'import_failed', `The data of "${state.code}" could not be imported: ${state.error}`, {
          'Retry-After': '300',
        });
  }
  if (state.busy) return new ApiError(503, 'busy', BUSY_MESSAGE, { 'Retry-After': '120' });
  return new Pending(
    {
      status: 'importing',
      dataset_code: state.code,
      message: `The dataset "${state.code}" is being imported from Eurostat; ask again in ${IMPORT_RETRY_AFTER_S} seconds.`,
      import: { status: state.status, ahead: state.ahead, done: state.done, total: state.total },
    },
    IMPORT_RETRY_AFTER_S,
  );
}

function cacheFor(c: Context, seconds: number): void {
  c.header('Cache-Control', `public, max-age=${seconds}, stale-while-revalidate=86400`);
}

/** A weak ETag from the dataset's last change and the query, checked before any data is read. */
export function notModified(c: Context, id: number, updatedAt: Date): boolean {
  const hash = createHash('sha1')
    .update(`${id}:${updatedAt.toISOString()}:${new URL(c.req.url).search}`)
    .digest('base64url');
  const etag = `W/"${hash.slice(0, 20)}"`;
  c.header('ETag', etag);
  cacheFor(c, 300);
  const sent = c.req.header('If-None-Match');
  return sent !== undefined && sent.split(',').some((t) => t.trim() === etag);
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
