// /api/auth: Better Auth's endpoints in our error shape, plus confirm-email, resend-verification and providers.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { safeNextPath } from '../../core/route-guard';
import { authProvidersSchema } from '../../core/schemas/account';
import type { Auth } from '../auth/auth';
import { clientIp, clientIpHeader } from '../auth/client-ip';
import { toApiResponse } from '../auth/responses';
import type { ApiEnv } from './env';
import { errorSchema } from './errors';
import { bodyValidationHook } from './auth-validation';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
});

const confirmRoute = createRoute({
  method: 'post',
  path: '/auth/confirm-email',
  summary: 'Confirm an e-mail address with the token of the confirmation link, and sign in',
  request: {
    body: { content: { 'application/json': { schema: z.object({ token: z.string().min(1).max(4096) }) } } },
  },
  responses: {
    200: {
      description: 'Confirmed; signedIn says whether this request started a session (false when the link was reused)',
      content: { 'application/json': { schema: z.object({ confirmed: z.literal(true), signedIn: z.boolean() }) } },
    },
    400: errorResponse('Missing token'),
    401: errorResponse('Invalid, used or expired link'),
  },
});

const resendRoute = createRoute({
  method: 'post',
  path: '/auth/resend-verification',
  summary: 'Send the confirmation e-mail again',
  description: 'Answers the same whether or not an unconfirmed account exists, so it tells nobody who has an account.',
  request: {
    body: {
      content: {
        'application/json': {
          schema: z.object({ email: z.email().max(320), next: z.string().max(2000).optional() }),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'Sent if needed',
      content: { 'application/json': { schema: z.object({ sent: z.literal(true) }) } },
    },
    400: errorResponse('Invalid e-mail'),
    429: errorResponse('Too many requests'),
  },
});

const providersRoute = createRoute({
  method: 'get',
  path: '/auth/providers',
  summary: 'Which OpenID providers (Google, Microsoft) are configured on this server',
  responses: { 200: { description: 'Availability', content: { 'application/json': { schema: authProvidersSchema } } } },
});

/** The request's headers plus the client address we determined (never the client's own claim). */
export function authHeaders(c: Context, trustProxy: boolean): Headers {
  const headers = new Headers(c.req.raw.headers);
  headers.set(clientIpHeader, clientIp(c, trustProxy));
  return headers;
}

export function authApi(auth: Auth, trustProxy: boolean): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>({ defaultHook: bodyValidationHook });

  api.openapi(confirmRoute, async (c) => {
    const { token } = c.req.valid('json');
    const res = await auth.api.verifyEmail({ query: { token }, headers: authHeaders(c, trustProxy), asResponse: true });
    if (!res.ok) return (await toApiResponse(res)) as never;
    const cookies = res.headers.getSetCookie();
    for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
    const signedIn = cookies.some((cookie) => /session_token=[^;]/.test(cookie));
    return c.json({ confirmed: true as const, signedIn }, 200);
  });

  api.openapi(resendRoute, async (c) => {
    const { email, next } = c.req.valid('json');
    const callbackURL = safeNextPath(next) ?? undefined;
    const res = await auth.api.sendVerificationEmail({
      body: { email, callbackURL },
      headers: authHeaders(c, trustProxy),
      asResponse: true,
    });
    if (!res.ok) return (await toApiResponse(res)) as never;
    return c.json({ sent: true as const }, 200);
  });

  api.openapi(providersRoute, (c) => c.json(auth.availableProviders, 200));

  api.on(['GET', 'POST'], '/auth/*', async (c) => {
    const request = new Request(c.req.raw, { headers: authHeaders(c, trustProxy) });
    return toApiResponse(await auth.handler(request));
  });
  return api;
}
