// /api/notifications and /api/trend-rules: an account's notifications (the bell), its e-mail delivery, and its
// trend-tracking rules. Every path needs the session; writes are CSRF-safe through the app's origin check.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import type { Db } from '../../db/client';
import { findDataset } from '../../db/queries/datasets';
import {
  claimUnmailed,
  datasetBasics,
  findByUnsubscribeToken,
  findSeries,
  geoName,
  getDelivery,
  lastTwoValues,
  listNotifications,
  markNotificationsRead,
  setDelivery,
  unreadCount,
  type NotificationRow,
} from '../../db/queries/notifications';
import {
  countTrendRules,
  createTrendRule,
  dimensionValueLabels,
  deleteTrendRule,
  getTrendRule,
  listTrendRules,
  MAX_TREND_RULES,
  setTrendRulePaused,
  type ListedTrendRule,
} from '../../db/queries/trend-rules';
import { NOTIFICATION_DELIVERIES, TREND_RULE_KINDS } from '../../db/schema/notifications';
import { formatPeriod, type Frequency } from '../../core/periods';
import type { Auth } from '../auth/auth';
import { readSession, requireSignedIn } from '../auth/session';
import { ApiError, errorBody, bodyValidationHook } from '../http/errors';
import { errorResponse, idParam } from '../http/openapi';
import { describeRule, initialState } from './rules';
import { uncounted } from '#server/http/route-policy';

/** An account's alerts (decision 201). */
export const alertsPolicies = [
  uncounted(
    '/api/notifications…, /api/trend-rules…, /unsubscribe',
    'any',
    ['/api/notifications/*', '/api/trend-rules/*', '/unsubscribe'],
    "an account's alerts",
  ),
];

type AlertsEnv = { Variables: { db: Db } };

const signedOut = errorResponse('Not signed in');
const badRequest = errorResponse('Invalid request');

const notificationSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['dataset_update', 'trend_rule']),
    title: z.string(),
    body: z.string(),
    url: z.string().openapi({ description: 'Site-relative address of the chart' }),
    dataset_id: z.number().int().nullable(),
    rule_id: z.number().int().nullable(),
    created_at: z.string(),
    read: z.boolean(),
    data: z.record(z.string(), z.unknown()),
  })
  .openapi('Notification');

const listSchema = z
  .object({ items: z.array(notificationSchema), unread: z.number().int(), next_before: z.number().int().nullable() })
  .openapi('NotificationList');

const ruleSchema = z
  .object({
    id: z.number().int(),
    dataset_id: z.number().int(),
    dataset_code: z.string(),
    dataset_name: z.string(),
    geo: z.string(),
    kind: z.enum(TREND_RULE_KINDS),
    threshold: z.number(),
    label: z.string(),
    description: z.string().openapi({ example: 'Germany · Total goes above 3.5' }),
    paused: z.boolean(),
    last_value: z.number().nullable(),
    last_period: z.string().nullable(),
    firings: z.number().int(),
    last_firing: z.object({ value: z.number(), period: z.string(), fired_at: z.string() }).nullable(),
    created_at: z.string(),
  })
  .openapi('TrendRule');

const routes = {
  list: createRoute({
    method: 'get',
    path: '/notifications',
    summary: "The account's notifications, newest first, with the unread count",
    request: {
      query: z.object({
        before: z.coerce.number().int().min(1).max(2_147_483_647).optional().openapi({ type: 'integer' }),
        limit: z.coerce.number().int().min(1).max(100).optional().openapi({ type: 'integer' }),
      }),
    },
    responses: {
      200: { description: 'Notifications', content: { 'application/json': { schema: listSchema } } },
      400: badRequest,
      401: signedOut,
    },
  }),
  read: createRoute({
    method: 'post',
    path: '/notifications/read',
    summary: 'Mark notifications read: these ids, or all when ids is left out',
    request: {
      body: {
        content: {
          'application/json': {
            schema: z.object({ ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(200).optional() }),
          },
        },
      },
    },
    responses: {
      200: {
        description: 'The unread count after',
        content: { 'application/json': { schema: z.object({ unread: z.number().int() }) } },
      },
      400: badRequest,
      401: signedOut,
    },
  }),
  getPrefs: createRoute({
    method: 'get',
    path: '/notifications/preferences',
    summary: 'How alert e-mails reach the account: immediate, daily digest, or off',
    responses: {
      200: {
        description: 'The delivery',
        content: { 'application/json': { schema: z.object({ delivery: z.enum(NOTIFICATION_DELIVERIES) }) } },
      },
      401: signedOut,
    },
  }),
  putPrefs: createRoute({
    method: 'put',
    path: '/notifications/preferences',
    summary: 'Choose immediate e-mails, a daily digest, or none (notifications stay in the app)',
    request: {
      body: {
        content: { 'application/json': { schema: z.object({ delivery: z.enum(NOTIFICATION_DELIVERIES) }) } },
      },
    },
    responses: {
      200: {
        description: 'Saved',
        content: { 'application/json': { schema: z.object({ delivery: z.enum(NOTIFICATION_DELIVERIES) }) } },
      },
      400: badRequest,
      401: signedOut,
    },
  }),
  listRules: createRoute({
    method: 'get',
    path: '/trend-rules',
    summary: "The account's trend-tracking rules with their latest firing",
    responses: {
      200: {
        description: 'Rules',
        content: { 'application/json': { schema: z.object({ items: z.array(ruleSchema) }) } },
      },
      401: signedOut,
    },
  }),
  createRule: createRoute({
    method: 'post',
    path: '/trend-rules',
    summary: 'Tell me when a series goes above or below a value, or moves more than x points between releases',
    request: {
      body: {
        content: {
          'application/json': {
            schema: z.object({
              dataset: z.union([z.string().min(1).max(100), z.number().int().min(1)]).openapi({
                description: 'Dataset id or code',
                example: 'une_rt_m',
              }),
              dimensions: z
                .record(z.string().regex(/^dim\d{1,2}$/), z.string().min(1).max(100))
                .optional()
                .openapi({ description: 'dimN → code; left out: the main series', example: { dim1: 'SA' } }),
              geo: z.string().min(1).max(40).openapi({ example: 'DE' }),
              kind: z.enum(TREND_RULE_KINDS),
              threshold: z.number().finite().min(-1e12).max(1e12),
            }),
          },
        },
      },
    },
    responses: {
      201: { description: 'Created', content: { 'application/json': { schema: ruleSchema } } },
      400: badRequest,
      401: signedOut,
      404: errorResponse('No such dataset, series or place'),
      409: errorResponse('Too many rules'),
    },
  }),
  patchRule: createRoute({
    method: 'patch',
    path: '/trend-rules/{id}',
    summary: 'Pause or resume a rule',
    request: {
      params: idParam,
      body: { content: { 'application/json': { schema: z.object({ paused: z.boolean() }) } } },
    },
    responses: {
      200: { description: 'The rule', content: { 'application/json': { schema: ruleSchema } } },
      400: badRequest,
      401: signedOut,
      404: errorResponse('No such rule'),
    },
  }),
  deleteRule: createRoute({
    method: 'delete',
    path: '/trend-rules/{id}',
    summary: 'Delete a rule and its firings',
    request: { params: idParam },
    responses: { 204: { description: 'Deleted' }, 400: badRequest, 401: signedOut, 404: errorResponse('No such rule') },
  }),
};

export function toNotificationJson(n: NotificationRow) {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    url: n.url,
    dataset_id: n.datasetId,
    rule_id: n.ruleId,
    created_at: n.createdAt.toISOString(),
    read: n.readAt !== null,
    data: n.data as Record<string, unknown>,
  };
}

export function toRuleJson(r: ListedTrendRule) {
  const freq = r.frequency as Frequency;
  return {
    id: r.id,
    dataset_id: r.datasetId,
    dataset_code: r.datasetCode,
    dataset_name: r.datasetName,
    geo: r.geo,
    kind: r.kind,
    threshold: r.threshold,
    label: r.label,
    description: `${r.label} ${describeRule(r.kind, r.threshold)}`,
    paused: r.pausedAt !== null,
    last_value: r.lastValue,
    last_period: r.lastPeriod === null ? null : formatPeriod(freq, r.lastPeriod),
    firings: r.firings,
    last_firing: r.lastFiring
      ? {
          value: r.lastFiring.value,
          period: formatPeriod(freq, r.lastFiring.period),
          fired_at: r.lastFiring.firedAt.toISOString(),
        }
      : null,
    created_at: r.createdAt.toISOString(),
  };
}

export function alertsApi(opts: { auth: Auth; headersOf: (c: Context) => Headers }): OpenAPIHono<AlertsEnv> {
  const api = new OpenAPIHono<AlertsEnv>({ defaultHook: bodyValidationHook });

  async function userIdOf(c: Context<AlertsEnv>): Promise<string> {
    const read = await readSession(opts.auth, c.var.db, opts.headersOf(c), false);
    return requireSignedIn(read).user.id;
  }

  async function ruleJson(db: Db, userId: string, id: number) {
    const rule = (await listTrendRules(db, userId)).find((r) => r.id === id);
    if (!rule) throw new ApiError(404, 'not_found', 'No such trend rule.');
    return toRuleJson(rule);
  }

  api.openapi(routes.list, async (c) => {
    const userId = await userIdOf(c);
    const q = c.req.valid('query');
    const limit = q.limit ?? 30;
    const rows = await listNotifications(c.var.db, userId, { limit, before: q.before });
    return c.json(
      {
        items: rows.map(toNotificationJson),
        unread: await unreadCount(c.var.db, userId),
        next_before: rows.length === limit ? rows[rows.length - 1]!.id : null,
      },
      200,
    );
  });

  api.openapi(routes.read, async (c) => {
    const userId = await userIdOf(c);
    const { ids } = c.req.valid('json');
    await markNotificationsRead(c.var.db, userId, ids);
    return c.json({ unread: await unreadCount(c.var.db, userId) }, 200);
  });

  api.openapi(routes.getPrefs, async (c) => {
    const userId = await userIdOf(c);
    return c.json({ delivery: await getDelivery(c.var.db, userId) }, 200);
  });

  api.openapi(routes.putPrefs, async (c) => {
    const userId = await userIdOf(c);
    const { delivery } = c.req.valid('json');
    // Turning e-mail back on starts from now: what arrived while it was off stays in the app, not in a late digest.
    if (delivery !== 'off' && (await getDelivery(c.var.db, userId)) === 'off') await claimUnmailed(c.var.db, userId);
    await setDelivery(c.var.db, userId, delivery);
    return c.json({ delivery }, 200);
  });

  api.openapi(routes.listRules, async (c) => {
    const userId = await userIdOf(c);
    return c.json({ items: (await listTrendRules(c.var.db, userId)).map(toRuleJson) }, 200);
  });

  api.openapi(routes.createRule, async (c) => {
    const userId = await userIdOf(c);
    const body = c.req.valid('json');
    const db = c.var.db;
    const row = await findDataset(db, String(body.dataset));
    if (!row) throw new ApiError(404, 'not_found', `no dataset with id or code "${String(body.dataset)}"`);
    const dataset = (await datasetBasics(db, row.id))!;
    const bad = Object.keys(body.dimensions ?? {}).find((k) => Number(k.slice(3)) > dataset.dimensions.length);
    if (bad) throw new ApiError(400, 'bad_request', `invalid dimensions: ${dataset.code} has no ${bad}`);
    const dims = dataset.dimensions.map((code, i) => body.dimensions?.[`dim${i + 1}`] ?? dataset.defaults[code] ?? '');
    const seriesId = await findSeries(db, dataset.id, dataset.frequency, dims);
    if (!seriesId) throw new ApiError(404, 'not_found', `${dataset.code} has no series ${dims.join(', ')}`);
    const latest = (await lastTwoValues(db, seriesId, body.geo))[0];
    if (!latest) throw new ApiError(404, 'not_found', `${dataset.code} has no values for ${body.geo} in that series`);
    if (body.kind === 'moves' && body.threshold <= 0) {
      throw new ApiError(400, 'bad_request', 'invalid threshold: a move must be more than 0 points');
    }
    if ((await countTrendRules(db, userId)) >= MAX_TREND_RULES) {
      throw new ApiError(409, 'too_many_rules', `You can have at most ${MAX_TREND_RULES} trend rules.`);
    }
    // The main series is named by its place alone; another series adds what differs ("Germany · Females").
    const differing = dims.map((code, i) => (code === dataset.defaults[dataset.dimensions[i]!] ? null : code));
    const labels = await dimensionValueLabels(db, dataset.id, differing);
    const label = [await geoName(db, body.geo), ...labels].join(' · ');
    const rule = await createTrendRule(db, {
      userId,
      datasetId: dataset.id,
      seriesId,
      geo: body.geo,
      kind: body.kind,
      threshold: body.threshold,
      label,
      ...initialState(body.kind, body.threshold, latest),
    });
    return c.json(await ruleJson(db, userId, rule.id), 201);
  });

  api.openapi(routes.patchRule, async (c) => {
    const userId = await userIdOf(c);
    const { id } = c.req.valid('param');
    const { paused } = c.req.valid('json');
    if (!(await setTrendRulePaused(c.var.db, userId, id, paused))) {
      throw new ApiError(404, 'not_found', 'No such trend rule.');
    }
    return c.json(await ruleJson(c.var.db, userId, id), 200);
  });

  api.openapi(routes.deleteRule, async (c) => {
    const userId = await userIdOf(c);
    const { id } = c.req.valid('param');
    if (!(await getTrendRule(c.var.db, userId, id)) || !(await deleteTrendRule(c.var.db, userId, id))) {
      throw new ApiError(404, 'not_found', 'No such trend rule.');
    }
    return c.body(null, 204);
  });

  return api;
}

/**
 * POST /unsubscribe?token=…: the one-click unsubscribe of alert e-mails (RFC 8058: mail clients POST
 * `List-Unsubscribe=One-Click` to the List-Unsubscribe address; the /unsubscribe page's button posts the same form).
 * Sets the account's delivery to off; a browser is sent back to the page, which then says it is done.
 */
export function unsubscribeApi(db: Db): Hono {
  const app = new Hono();
  app.post('/unsubscribe', async (c) => {
    const token = c.req.query('token') ?? '';
    const found = token && token.length <= 100 ? await findByUnsubscribeToken(db, token) : undefined;
    const browser = (c.req.header('accept') ?? '').includes('text/html');
    if (!found) {
      if (browser) return c.redirect(`/unsubscribe?token=${encodeURIComponent(token)}`, 303);
      return c.json(errorBody('not_found', 'This unsubscribe link is not valid.'), 404);
    }
    await setDelivery(db, found.userId, 'off');
    if (browser) return c.redirect(`/unsubscribe?token=${encodeURIComponent(token)}`, 303);
    return c.json({ unsubscribed: true, delivery: 'off' as const }, 200);
  });
  return app;
}
