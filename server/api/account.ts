// /api/account: the signed-in user's session (for the browser's auth state) and plan.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { planSchema, sessionResponseSchema } from '../../core/schemas/account';
import { findUserPlan } from '../../db/queries/users';
import type { Auth } from '../auth/auth';
import { readSession } from '../auth/session';
import { authHeaders } from './auth-handler';
import type { ApiEnv } from './env';
import { errorBody, errorSchema } from '../http/errors';

const sessionRoute = createRoute({
  method: 'get',
  path: '/account/session',
  summary: 'The current session and user, or null; extends a session older than a day',
  responses: {
    200: { description: 'Session or null', content: { 'application/json': { schema: sessionResponseSchema } } },
  },
});

const planRoute = createRoute({
  method: 'get',
  path: '/account/current-plan',
  summary: "The signed-in user's plan (also the browser's signed-in check)",
  responses: {
    200: { description: 'The plan', content: { 'application/json': { schema: planSchema } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: errorSchema } } },
    503: { description: 'The session could not be read', content: { 'application/json': { schema: errorSchema } } },
  },
});

export function accountApi(auth: Auth, trustProxy: boolean): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>();

  api.openapi(sessionRoute, async (c) => {
    const read = await readSession(auth, c.var.db, authHeaders(c, trustProxy), true);
    for (const cookie of read.setCookies) c.header('Set-Cookie', cookie, { append: true });
    c.header('Cache-Control', 'no-store');
    return c.json({ session: read.session }, 200);
  });

  api.openapi(planRoute, async (c) => {
    const read = await readSession(auth, c.var.db, authHeaders(c, trustProxy), false);
    c.header('Cache-Control', 'no-store');
    if (read.error)
      return c.json(errorBody('session_error', 'Your session could not be checked. Please try again.'), 503);
    if (!read.session) return c.json(errorBody('unauthorized', 'Please sign in to continue.'), 401);
    return c.json({ plan: await findUserPlan(c.var.db, read.session.user.id) }, 200);
  });
  return api;
}
