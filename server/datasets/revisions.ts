// GET /api/datasets/{id}/revisions: what each import changed in a dataset (decision 125), newest first: the value
// and flags before and after, when, and the import run. Values as they stood at a time: `as_of` on the data paths.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { findDataset, getDatasetMeta } from '../../db/queries/datasets';
import { listRevisions, type RevisionKind } from '../../db/queries/revisions';
import { ApiError } from '../http/errors';
import { errorResponse } from '../http/openapi';
import { dailyLimitResponse, invalidKeyResponse } from '../keys/daily-limit';
import { selectionOr400, strictDataQuery } from './api';
import type { ApiEnv } from '../http/env';
import { PERIOD_SPELLINGS } from '../../core/periods';

const kinds = ['added', 'changed', 'removed'] as const;

/** The most revisions one request lists. */
export const maxRevisionsPerRequest = 1000;

const revisionSchema = z
  .object({
    series_id: z.number().int(),
    series_key: z.record(z.string(), z.string()).openapi({ example: { dim1_value: 'SA', dim2_value: 'TOTAL' } }),
    geo: z.string().openapi({ example: 'DE' }),
    geo_name: z.string().openapi({ example: 'Germany' }),
    period: z.string().openapi({ example: '2/2024' }),
    kind: z.enum(kinds).openapi({
      description:
        'changed: value or flags differ; removed: the release no longer has the value; added: a value new to a ' +
        'dataset imported before (a first import lists none)',
    }),
    old_value: z.number().nullable().openapi({ example: 3.3 }),
    old_flags: z.string().nullable(),
    new_value: z.number().nullable().openapi({ example: 3.2 }),
    new_flags: z.string().nullable(),
    revised_at: z
      .string()
      .openapi({ example: '2026-09-22T10:15:00.000Z', description: 'When the import that made it finished' }),
    release_date: z.string().nullable().openapi({
      example: '2026-09-22T09:00:00.000Z',
      description: "The source's release date of that import (Eurostat's update time), when it gave one",
    }),
    import_run_id: z.number().int(),
  })
  .openapi('Revision');

const revisionsRoute = createRoute({
  method: 'get',
  path: '/datasets/{id}/revisions',
  summary: "A dataset's revisions: every value an import changed or removed, with old and new value and flags",
  description:
    'Newest first. Eurostat keeps no versions; every value published here stays queryable: the data paths take ' +
    '`as_of` for the values as they stood at a time.',
  request: {
    params: z.object({
      id: z.string().openapi({
        param: { name: 'id', in: 'path' },
        example: 'une_rt_m',
        description: 'Numeric id or dataset code',
      }),
    }),
    query: z.object({
      since: z.iso
        .datetime({ offset: true })
        .or(z.iso.date())
        .optional()
        .openapi({ example: '2026-06-01', description: 'Only revisions made at or after this ISO date or date-time' }),
      country: z.string().optional().openapi({ example: 'DE,FR', description: 'Comma list of geo codes' }),
      dim1: z.string().optional().openapi({
        example: 'SA',
        description: 'Comma list of codes of dimension 1 (dim2 … likewise); every value when left out',
      }),
      period_from: z.string().optional().openapi({ example: '1/2024', description: PERIOD_SPELLINGS }),
      period_to: z.string().optional().openapi({ example: '12/2024' }),
      kind: z.string().optional().openapi({
        example: 'changed,removed,added',
        description: 'Comma list of added, changed, removed; changed,removed when left out',
      }),
      limit: z.coerce.number().int().min(1).max(maxRevisionsPerRequest).default(100),
      offset: z.coerce.number().int().min(0).default(0),
    }),
  },
  responses: {
    200: {
      description: 'Revisions, newest first',
      content: {
        'application/json': {
          schema: z.object({ items: z.array(revisionSchema), total: z.number().int() }).openapi('Revisions'),
        },
      },
    },
    400: errorResponse('A parameter is invalid'),
    401: invalidKeyResponse,
    404: errorResponse('No such dataset'),
    429: dailyLimitResponse,
  },
});

export function revisionsApi(): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  api.openapi(revisionsRoute, async (c) => {
    const { id } = c.req.valid('param');
    const q = c.req.valid('query');
    // Its query in the one vocabulary, strictly (issue 38): a name it does not read is a 400 naming it, and so are
    // the view's transformation and vintage, which a list of revisions does not apply.
    const query = strictDataQuery(c, ['since', 'kind', 'limit', 'offset'], ['transform', 'base', 'lag', 'as_of']);
    const row = await findDataset(c.var.db, id);
    if (!row) throw new ApiError(404, 'not_found', `no dataset with id or code "${id}"`);
    const meta = await getDatasetMeta(c.var.db, row);
    // Series, places and periods through the one selection parser (a dimension left out: every value here).
    const selection = selectionOr400(meta, query);
    const result = await listRevisions(c.var.db, meta, {
      since: q.since === undefined ? undefined : new Date(q.since),
      dims: selection.dims,
      countries: selection.countries,
      from: selection.from,
      to: selection.to,
      kinds: kindsOf(q.kind),
      limit: q.limit,
      offset: q.offset,
    });
    c.header('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400');
    return c.json(result, 200);
  });
  return api;
}

function kindsOf(raw: string | undefined): RevisionKind[] {
  if (raw === undefined) return ['changed', 'removed'];
  const list = splitList(raw);
  const wrong = list.find((k) => !(kinds as readonly string[]).includes(k));
  if (wrong !== undefined || list.length === 0) {
    throw new ApiError(
      400,
      'bad_parameter',
      `invalid kind: "${wrong ?? raw}" (one or more of added, changed, removed)`,
    );
  }
  return list as RevisionKind[];
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
  const url = new URL(c.req.url);
  const message = result.error.issues
    .map((i) => {
      const name = i.path.join('.');
      const value = url.searchParams.get(name);
      return value === null ? `${name}: ${i.message}` : `invalid ${name}: "${value}" (${i.message})`;
    })
    .join('; ');
  return c.json({ error: { code: 'bad_parameter', message } }, 400);
}
