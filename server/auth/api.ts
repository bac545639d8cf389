// /api/auth: Better Auth's endpoints in our error shape, plus confirm-email, resend-verification and providers.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { safeNextPath } from '../../core/route-guard';
import { authProvidersSchema } from '../../core/schemas/account';
import type { Auth } from './auth';
import { callbackParams, checkCallbacks } from './callbacks';
import { clientIp, clientIpHeader } from './client-ip';
import { toApiResponse } from './responses';
import type { ApiEnv } from '../http/env';
import { errorBody, bodyValidationHook } from '../http/errors';
import { errorResponse } from '../http/openapi';
import { uncounted } from '#server/http/route-policy';

/** Sign-in calls (decision 201). */
export const authPolicies = [uncounted('/api/auth/…', 'any', ['/api/auth/*'], 'sign-in calls')];

const confirmRoute = createRoute({
  method: 'post',
  path: '/auth/confirm-email',
  summary: 'Confirm an e-mail address with the token of the confirmation link, and sign in',
  request: {
    // required: without it an empty body skips validation and reaches the handler.
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ token: z.string().min(1).max(4096) }) } },
    },
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
      required: true,
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

/**
 * Better Auth's request with every return address (callbackURL, redirectTo…) checked after normalising and replaced
 * by its normalised form; an address that could lead off the site answers 400 before Better Auth sees it.
 */
async function withSafeCallbacks(c: Context, headers: Headers, trustedOrigins: string[]): Promise<Request | Response> {
  const url = new URL(c.req.url);
  const isJson = c.req.method === 'POST' && (c.req.header('content-type') ?? '').includes('json');
  const text = isJson ? await c.req.text() : '';
  // The edge check (request-guard.ts) has already refused bodies that are not JSON.
  const body: unknown = text ? JSON.parse(text) : undefined;
  const checked = checkCallbacks(url.searchParams, body, trustedOrigins);
  if (!checked.ok) {
    return c.json(
      errorBody('invalid_redirect', `invalid ${checked.param}: it must be a path on this site, such as /app/dashboard`),
      400,
    );
  }
  const queryHasCallback = callbackParams.some((name) => url.searchParams.has(name));
  if (queryHasCallback) url.search = checked.query.toString();
  if (!isJson) {
    if (queryHasCallback && (c.req.method === 'GET' || c.req.method === 'HEAD'))
      return new Request(url, { method: c.req.method, headers });
    return new Request(c.req.raw, { headers });
  }
  headers.delete('content-length');
  return new Request(url, {
    method: c.req.method,
    headers,
    body: text ? JSON.stringify(checked.body) : undefined,
  });
}

export function authApi(auth: Auth, trustProxy: boolean, trustedOrigins: string[]): OpenAPIHono<ApiEnv> {
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
    // Deletion goes through POST /api/account/delete, which asks for the typed confirmation and, for an account with
    // two-factor sign-in, a current code (issue 41); Better Auth's own path would skip both.
    if (/\/auth\/delete-user(\/|$)/.test(c.req.path))
      return c.json(errorBody('not_found', 'Delete an account with POST /api/account/delete.'), 404);
    const request = await withSafeCallbacks(c, authHeaders(c, trustProxy), trustedOrigins);
    if (request instanceof Response) return request;
    return toApiResponse(await auth.handler(request));
  });
  return api;
}
