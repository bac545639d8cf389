// /api/account/api-keys and /api/account/api-usage: an account's API keys (create, list, rotate, revoke) and usage.
import { randomUUID } from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  accountUsage,
  insertApiKey,
  listActiveApiKeys,
  listedApiKeys,
  revokeApiKey,
  rotateApiKey,
  type ApiKeyRow,
} from '../../db/queries/api-keys';
import { canManageMembers } from '../../core/organizations';
import { memberRole } from '../../db/queries/organizations';
import type { Auth } from '../auth/auth';
import { readSession, requireSignedIn } from '../auth/session';
import { generateApiKey } from './api-key-secret';
import { authHeaders } from '../auth/api';
import { USAGE_DAYS } from '../../core/plans';
import type { ApiEnv } from '../http/env';
import { ApiError, bodyValidationHook } from '../http/errors';
import { errorResponse } from '../http/openapi';
import { uncounted } from '#server/http/route-policy';

/** An account's keys and usage (decision 201). */
export const apiKeysPolicies = [
  uncounted(
    '/api/account/api-keys…, /api/account/api-usage',
    'any',
    ['/api/account/api-keys/*', '/api/account/api-usage'],
    "an account's keys and its usage",
  ),
];

/** Working keys an account may hold at once. */
export const MAX_API_KEYS = 20;

const signedOut = errorResponse('Not signed in');

const createdKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    key: z.string().openapi({ description: 'The secret: shown in this answer only, never again' }),
    prefix: z.string().openapi({ example: 'spk_AbCdEfGh' }),
    created_at: z.string(),
  })
  .openapi('CreatedApiKey');

const keySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    requests_today: z.number().int(),
    organization_id: z.string().nullable().openapi({ description: "Set for an organization's key" }),
  })
  .openapi('ApiKey');

const usageSchema = z
  .object({
    days: z.array(
      z.object({
        day: z.string().openapi({ example: '2026-11-24' }),
        /** The account's counted requests that day, whether sent with a key or a session. */
        total: z.number().int(),
        /** Key id → requests sent with that key. */
        by_key: z.record(z.string(), z.number().int()),
      }),
    ),
    keys: z.array(z.object({ id: z.string(), name: z.string(), prefix: z.string(), revoked: z.boolean() })),
  })
  .openapi('ApiUsage');

const keyIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

const createRouteDef = createRoute({
  method: 'post',
  path: '/account/api-keys',
  summary: 'Create an API key; the answer holds the secret, shown this once',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            name: z.string().trim().min(1).max(100),
            organization_id: z.string().trim().min(1).max(100).optional().openapi({
              description:
                "An organization's key (owners and admins): its requests count against the organization and its plan",
            }),
          }),
        },
      },
    },
  },
  responses: {
    201: { description: 'The new key', content: { 'application/json': { schema: createdKeySchema } } },
    400: errorResponse('Missing or too long name'),
    401: signedOut,
    403: errorResponse('Not an owner or admin of the organization'),
    409: errorResponse(`The account already has ${MAX_API_KEYS} keys`),
  },
});

const listRouteDef = createRoute({
  method: 'get',
  path: '/account/api-keys',
  summary: "The signed-in account's working API keys (never their secrets)",
  responses: {
    200: {
      description: 'Keys',
      content: { 'application/json': { schema: z.object({ keys: z.array(keySchema) }) } },
    },
    401: signedOut,
  },
});

const revokeRouteDef = createRoute({
  method: 'delete',
  path: '/account/api-keys/{id}',
  summary:
    "Revoke an API key (the account's own, or its organization's as owner or admin): every process refuses it from the next request on",
  request: { params: keyIdParam },
  responses: { 204: { description: 'Revoked' }, 401: signedOut, 404: errorResponse('No such working key') },
});

const rotateRouteDef = createRoute({
  method: 'post',
  path: '/account/api-keys/{id}/rotate',
  summary: 'Replace a key’s secret (same id, name and usage); the old secret stops working at once',
  request: { params: keyIdParam },
  responses: {
    200: { description: 'The key with its new secret', content: { 'application/json': { schema: createdKeySchema } } },
    401: signedOut,
    404: errorResponse('No such working key'),
  },
});

const usageRouteDef = createRoute({
  method: 'get',
  path: '/account/api-usage',
  summary: `The account's data API requests per UTC day for the last ${USAGE_DAYS} days, in all and by key`,
  responses: {
    200: { description: 'Usage', content: { 'application/json': { schema: usageSchema } } },
    401: signedOut,
  },
});

function created(row: ApiKeyRow, key: string) {
  return { id: row.id, name: row.name, key, prefix: row.prefix, created_at: row.createdAt.toISOString() };
}

export function apiKeysApi(auth: Auth, trustProxy: boolean, now: () => Date = () => new Date()): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>({ defaultHook: bodyValidationHook });

  async function userIdOf(c: Context<ApiEnv>): Promise<string> {
    c.header('Cache-Control', 'no-store');
    const read = await readSession(auth, c.var.db, authHeaders(c, trustProxy), false);
    return requireSignedIn(read).user.id;
  }

  api.openapi(createRouteDef, async (c) => {
    const userId = await userIdOf(c);
    const { name, organization_id: organizationId } = c.req.valid('json');
    if (organizationId !== undefined) {
      const role = await memberRole(c.var.db, organizationId, userId);
      if (!role || !canManageMembers(role))
        throw new ApiError(403, 'forbidden_role', 'Only the owner or an admin can create an organization’s keys.');
    }
    if ((await listActiveApiKeys(c.var.db, userId)).length >= MAX_API_KEYS)
      throw new ApiError(409, 'too_many_keys', `An account can have ${MAX_API_KEYS} API keys. Revoke one first.`);
    const secret = generateApiKey();
    const row = await insertApiKey(c.var.db, {
      id: randomUUID(),
      userId,
      organizationId: organizationId ?? null,
      name,
      prefix: secret.prefix,
      keyHash: secret.keyHash,
    });
    return c.json(created(row, secret.key), 201);
  });

  api.openapi(listRouteDef, async (c) => {
    const userId = await userIdOf(c);
    return c.json({ keys: await listedApiKeys(c.var.db, userId, now()) }, 200);
  });

  api.openapi(revokeRouteDef, async (c) => {
    const userId = await userIdOf(c);
    if (!(await revokeApiKey(c.var.db, userId, c.req.valid('param').id)))
      throw new ApiError(404, 'not_found', 'No such API key.');
    return c.body(null, 204);
  });

  api.openapi(rotateRouteDef, async (c) => {
    const userId = await userIdOf(c);
    const secret = generateApiKey();
    const row = await rotateApiKey(c.var.db, userId, c.req.valid('param').id, {
      prefix: secret.prefix,
      keyHash: secret.keyHash,
    });
    if (!row) throw new ApiError(404, 'not_found', 'No such API key.');
    return c.json(created(row, secret.key), 200);
  });

  api.openapi(usageRouteDef, async (c) => {
    const userId = await userIdOf(c);
    return c.json(await accountUsage(c.var.db, userId, now(), USAGE_DAYS), 200);
  });

  return api;
}
