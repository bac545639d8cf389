// POST /api/check-user-exists: whether the sign-in modal should ask to sign in or to sign up.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { userExistsByEmail } from '../../db/queries/users';
import type { ApiEnv } from './env';
import { errorSchema, bodyValidationHook } from '../http/errors';

const checkRoute = createRoute({
  method: 'post',
  path: '/check-user-exists',
  summary: 'Whether an account exists for an e-mail address',
  description: 'Rate limited per IP and per e-mail address.',
  request: {
    // required: without it an empty body skips validation and reaches the handler (a 500 the attack suite found).
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ email: z.string().trim().min(3).max(320) }) } },
    },
  },
  responses: {
    200: { description: 'The answer', content: { 'application/json': { schema: z.object({ exists: z.boolean() }) } } },
    400: { description: 'No e-mail', content: { 'application/json': { schema: errorSchema } } },
    429: { description: 'Too many requests', content: { 'application/json': { schema: errorSchema } } },
  },
});

export function checkUserApi(): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>({ defaultHook: bodyValidationHook });
  api.openapi(checkRoute, async (c) => {
    const { email } = c.req.valid('json');
    c.header('Cache-Control', 'no-store');
    return c.json({ exists: await userExistsByEmail(c.var.db, email) }, 200);
  });
  return api;
}
