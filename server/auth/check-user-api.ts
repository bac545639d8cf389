// POST /api/check-user-exists: whether the sign-in modal should ask to sign in or to sign up. It says whether an
// address has an account, so it answers only our own pages, and one client only ten times in ten minutes (185).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { userExistsByEmail } from '../../db/queries/users';
import { forbiddenOriginBody, fromOurPages } from './origin-check';
import type { ApiEnv } from '../http/env';
import { bodyValidationHook } from '../http/errors';
import { errorResponse } from '../http/openapi';
import { uncounted } from '#server/http/route-policy';

/** The sign-in form asks whether an address has an account (decision 201). */
export const checkUserPolicies = [
  uncounted('/api/check-user-exists', 'any', ['/api/check-user-exists'], 'a sign-in call'),
];

const checkRoute = createRoute({
  method: 'post',
  path: '/check-user-exists',
  summary: 'Whether an account exists for an e-mail address',
  description:
    "For the sign-in window of this site only: a request without this site's Origin (or Sec-Fetch-Site: same-origin) is refused, and each client address may ask 10 times in 10 minutes.",
  request: {
    // required: without it an empty body skips validation and reaches the handler (a 500 the attack suite found).
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ email: z.string().trim().min(3).max(320) }) } },
    },
  },
  responses: {
    200: { description: 'The answer', content: { 'application/json': { schema: z.object({ exists: z.boolean() }) } } },
    400: errorResponse('No e-mail'),
    403: errorResponse('Not from a page of this site'),
    429: errorResponse('Too many requests'),
  },
});

export function checkUserApi(site: { trustedOrigins: string[]; publicUrl: string }): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>({ defaultHook: bodyValidationHook });
  api.openapi(checkRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    // Other writes let clients that are not browsers through (origin-check.ts); this one is for our pages alone.
    if (fromOurPages(c.req.raw, site.trustedOrigins, site.publicUrl) !== true)
      return c.json(forbiddenOriginBody(), 403);
    const { email } = c.req.valid('json');
    return c.json({ exists: await userExistsByEmail(c.var.db, email) }, 200);
  });
  return api;
}
