// /api/account/follows: the signed-in account's followed charts with their saved views (issue 12, decision 100); one
// account may follow several views of a dataset, each once (decision 198).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { formatPeriod, parsePeriod, PERIOD_SPELLINGS } from '../../core/periods';
import type { ReadDb } from '../../db/client';
import { findDataset, getDatasetMeta } from '../../db/queries/datasets';
import {
  createFollow,
  MAX_FOLLOWS,
  deleteFollow,
  getFollow,
  listFollows,
  reorderFollows,
  updateFollow,
  type FollowRow,
} from '../../db/queries/follows';
import { datasets } from '../../db/schema';
import { FOLLOW_CHART_TYPES, type FollowSettings } from '../../db/schema/follows';
import type { Auth } from '../auth/auth';
import { readSession, requireSignedIn } from '../auth/session';
import { ApiError, bodyValidationHook } from '../http/errors';
import { errorResponse, idParam } from '../http/openapi';
import { authHeaders } from '../auth/api';
import type { ApiEnv } from '../http/env';
import { uncounted } from '#server/http/route-policy';

/** An account's followed charts (decision 201). */
export const followsPolicies = [
  uncounted('/api/account/follows…', 'any', ['/api/account/follows/*'], "an account's followed charts"),
];

/** Charts an account may follow (kept with the queries: the chart page's follow after sign-in checks it too). */
export { MAX_FOLLOWS };

const signedOut = errorResponse('Not signed in');
const badRequest = errorResponse('A field is missing, unknown or out of range');
const notFound = errorResponse('No such follow of this account (another account’s follow is not found either)');

const COLOR = /^#[0-9a-fA-F]{6}$/;
const period = z
  .string()
  .refine((text) => {
    const p = parsePeriod(text, { spelling: 'display' });
    return p !== null && formatPeriod(p.freq, p.ordinal) === text;
  }, `a period is written ${PERIOD_SPELLINGS}`)
  .nullable();
const color = z.string().regex(COLOR, 'a colour is written #rrggbb');
const finite = z.number().finite().min(-1e6).max(1e6);
const size = z.number().finite().positive().max(20_000);

/** Everything a follow keeps of its chart; every field optional, unknown fields refused. */
export const followSettingsSchema = z
  .object({
    chart_type: z.enum(FOLLOW_CHART_TYPES),
    dimensions: z
      .record(
        z.string().regex(/^dim[1-9][0-9]?$/, 'dimensions are named dim1…dimN'),
        z.array(z.string().min(1).max(100)).max(200),
      )
      .refine((d) => Object.keys(d).length <= 20, 'at most 20 dimensions'),
    countries: z.array(z.string().min(1).max(100)).max(500),
    time_start: period,
    time_end: period,
    period_index: z.number().int().min(-1).max(100_000),
    map_transform: z
      .object({
        x: finite,
        y: finite,
        scale: z.number().finite().min(0.5).max(3),
        reference_width: size.optional(),
        reference_height: size.optional(),
      })
      .strict()
      .nullable(),
    show_values: z.boolean(),
    series_color: color.nullable(),
    custom_series_colors: z.array(color).max(20),
    title: z.string().max(200),
    subtitle: z.string().max(300),
    note: z.string().max(2000),
  })
  .partial()
  .strict()
  .openapi('FollowSettings', {
    example: {
      chart_type: 'map',
      dimensions: { dim1: ['CP00'] },
      countries: [],
      period_index: -1,
      map_transform: { x: -120, y: -40, scale: 1.44, reference_width: 800, reference_height: 452 },
      show_values: true,
      series_color: '#2563eb',
      title: 'Inflation in Europe',
      note: 'For the Monday meeting',
    },
  });

const followSchema = z
  .object({
    id: z.number().int(),
    dataset_id: z.number().int(),
    dataset_code: z.string(),
    dataset_name: z.string(),
    settings: followSettingsSchema,
    position: z.number().int().nullable().openapi({ description: 'The user’s own order; null: not ordered by hand' }),
    created_at: z.string(),
    updated_at: z.string(),
    last_seen_at: z.string().nullable(),
  })
  .openapi('Follow');

const createBody = z
  .object({
    dataset_id: z.number().int().min(1).max(2_147_483_647).optional(),
    dataset_code: z.string().min(1).max(200).optional(),
    settings: followSettingsSchema.optional(),
  })
  .strict()
  .refine((b) => (b.dataset_id === undefined) !== (b.dataset_code === undefined), {
    message: 'give dataset_id or dataset_code (one of them)',
  });

const patchBody = z
  .object({
    settings: followSettingsSchema
      .optional()
      .openapi({ description: 'Merged into the saved settings field by field; a field given as null is cleared' }),
    position: z.number().int().min(0).max(100_000).nullable().optional(),
    seen: z.literal(true).optional().openapi({ description: 'Marks the chart as seen now (last_seen_at)' }),
  })
  .strict();

const orderBody = z
  .object({ ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(MAX_FOLLOWS) })
  .strict()
  .refine((b) => new Set(b.ids).size === b.ids.length, { message: 'an id is listed twice' });

const json = <T extends z.ZodTypeAny>(schema: T) => ({ content: { 'application/json': { schema } } });

const listDef = createRoute({
  method: 'get',
  path: '/account/follows',
  summary: 'The signed-in account’s followed charts, in its own order, then newest first',
  responses: {
    200: { description: 'Follows', ...json(z.object({ follows: z.array(followSchema) })) },
    401: signedOut,
  },
});

const createDef = createRoute({
  method: 'post',
  path: '/account/follows',
  summary: 'Follow a chart: a dataset with the view to keep; following a view already followed answers its follow',
  description:
    'A view is its chart type, series and places (decision 198): several views of one dataset are several follows; ' +
    'the same view again (whatever its periods, colours or titles) answers the existing follow, unchanged.',
  request: { body: { required: true, ...json(createBody) } },
  responses: {
    200: { description: 'This view is followed already: the follow as it was', ...json(followSchema) },
    201: { description: 'Followed', ...json(followSchema) },
    400: badRequest,
    401: signedOut,
    404: errorResponse('No such dataset'),
    409: errorResponse(`The account already follows ${MAX_FOLLOWS} charts`),
  },
});

const getDef = createRoute({
  method: 'get',
  path: '/account/follows/{id}',
  summary: 'One followed chart with its saved view',
  request: { params: idParam },
  responses: { 200: { description: 'The follow', ...json(followSchema) }, 401: signedOut, 404: notFound },
});

const patchDef = createRoute({
  method: 'patch',
  path: '/account/follows/{id}',
  summary: 'Save changes of a followed chart’s view (merged), its place in the user’s order, or a visit',
  request: { params: idParam, body: { required: true, ...json(patchBody) } },
  responses: {
    200: { description: 'The follow as saved', ...json(followSchema) },
    400: badRequest,
    401: signedOut,
    404: notFound,
  },
});

const deleteDef = createRoute({
  method: 'delete',
  path: '/account/follows/{id}',
  summary: 'Unfollow',
  request: { params: idParam },
  responses: { 204: { description: 'Unfollowed' }, 401: signedOut, 404: notFound },
});

const orderDef = createRoute({
  method: 'put',
  path: '/account/follows/order',
  summary: 'Put the followed charts in the user’s own order (ids first to last; others’ ids are ignored)',
  request: { body: { required: true, ...json(orderBody) } },
  responses: {
    200: { description: 'Follows in the new order', ...json(z.object({ follows: z.array(followSchema) })) },
    400: badRequest,
    401: signedOut,
  },
});

/** A follow as the API and the pages show it. */
export type FollowView = z.infer<typeof followSchema>;

/** Follow rows with their datasets' codes and names. */
export async function followViews(db: ReadDb, rows: FollowRow[]): Promise<FollowView[]> {
  if (rows.length === 0) return [];
  const sets = await db
    .select({ id: datasets.id, code: datasets.code, name: datasets.name })
    .from(datasets)
    .where(
      inArray(
        datasets.id,
        rows.map((r) => r.datasetId),
      ),
    );
  const byId = new Map(sets.map((d) => [d.id, d]));
  return rows.map((r) => ({
    id: r.id,
    dataset_id: r.datasetId,
    dataset_code: byId.get(r.datasetId)?.code ?? '',
    dataset_name: byId.get(r.datasetId)?.name ?? '',
    settings: r.settings,
    position: r.position,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    last_seen_at: r.lastSeenAt?.toISOString() ?? null,
  }));
}

async function oneView(db: ReadDb, row: FollowRow): Promise<FollowView> {
  return (await followViews(db, [row]))[0]!;
}

/** Settings as stored: fields sent as null are cleared (left out), so a follow never holds nulls. */
function withoutNulls(settings: FollowSettings): FollowSettings {
  return Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== null)) as FollowSettings;
}

export function followsApi(auth: Auth, trustProxy: boolean, now: () => Date = () => new Date()): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>({ defaultHook: bodyValidationHook });

  async function userIdOf(c: Context<ApiEnv>): Promise<string> {
    c.header('Cache-Control', 'no-store');
    const read = await readSession(auth, c.var.db, authHeaders(c, trustProxy), false);
    return requireSignedIn(read).user.id;
  }
  const missing = () => new ApiError(404, 'not_found', 'No such followed chart.');

  api.openapi(listDef, async (c) => {
    const userId = await userIdOf(c);
    return c.json({ follows: await followViews(c.var.db, await listFollows(c.var.db, userId)) }, 200);
  });

  api.openapi(createDef, async (c) => {
    const userId = await userIdOf(c);
    const body = c.req.valid('json');
    const dataset = await findDataset(c.var.db, String(body.dataset_id ?? body.dataset_code));
    if (!dataset) throw new ApiError(404, 'not_found', 'No such dataset.');
    const followed = await createFollow(c.var.db, await getDatasetMeta(c.var.db, dataset), {
      userId,
      settings: withoutNulls(body.settings ?? {}),
    });
    if (followed.status === 'full')
      throw new ApiError(409, 'too_many_follows', `An account can follow ${MAX_FOLLOWS} charts. Unfollow one first.`);
    return followed.status === 'created'
      ? c.json(await oneView(c.var.db, followed.follow), 201)
      : c.json(await oneView(c.var.db, followed.follow), 200);
  });

  // Before /{id}: "order" is no id.
  api.openapi(orderDef, async (c) => {
    const userId = await userIdOf(c);
    await reorderFollows(c.var.db, userId, c.req.valid('json').ids);
    return c.json({ follows: await followViews(c.var.db, await listFollows(c.var.db, userId)) }, 200);
  });

  api.openapi(getDef, async (c) => {
    const userId = await userIdOf(c);
    const row = await getFollow(c.var.db, userId, c.req.valid('param').id);
    if (!row) throw missing();
    return c.json(await oneView(c.var.db, row), 200);
  });

  api.openapi(patchDef, async (c) => {
    const userId = await userIdOf(c);
    const body = c.req.valid('json');
    const row = await updateFollow(c.var.db, userId, c.req.valid('param').id, {
      settings: body.settings,
      position: body.position,
      lastSeenAt: body.seen ? now() : undefined,
    });
    if (!row) throw missing();
    return c.json(await oneView(c.var.db, row), 200);
  });

  api.openapi(deleteDef, async (c) => {
    const userId = await userIdOf(c);
    if (!(await deleteFollow(c.var.db, userId, c.req.valid('param').id))) throw missing();
    return c.body(null, 204);
  });

  return api;
}
