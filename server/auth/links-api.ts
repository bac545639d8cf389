// GET on /api/auth/confirm-email and /api/auth/resend-verification: the specification lets a browser open both
// addresses; the work stays on POST (auth-handler.ts), these only lead a visitor to the page that does it.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { confirmLink } from './links';
import type { ApiEnv } from '../http/env';
import { errorBody } from '../http/errors';
import { errorResponse } from '../http/openapi';

const confirmLinkRoute = createRoute({
  method: 'get',
  path: '/auth/confirm-email',
  summary: 'Opened from a link: leads to the confirmation page, which confirms the token (POST) and signs in',
  request: {
    query: z.object({ token: z.string().max(4096).optional(), next: z.string().max(2000).optional() }),
  },
  responses: {
    302: { description: 'To /confirm?token=…' },
    400: errorResponse('No token'),
  },
});

const resendInfoRoute = createRoute({
  method: 'get',
  path: '/auth/resend-verification',
  summary: 'Opened in a browser: leads to /check-email, where the confirmation e-mail can be sent again (POST)',
  responses: {
    302: { description: 'A browser navigation, to /check-email' },
    405: errorResponse('Use POST with {"email"}'),
  },
});

export function authLinksApi(publicUrl: string): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>();

  api.openapi(confirmLinkRoute, (c) => {
    const { token, next } = c.req.valid('query');
    c.header('Cache-Control', 'no-store');
    if (!token) return c.json(errorBody('bad_request', 'The confirmation link has no token.'), 400);
    const target = new URL(confirmLink(publicUrl, token, next ?? null));
    return c.redirect(`${target.pathname}${target.search}`, 302);
  });

  api.openapi(resendInfoRoute, (c) => {
    c.header('Cache-Control', 'no-store');
    if (c.req.header('sec-fetch-mode') === 'navigate' || /^\s*text\/html/i.test(c.req.header('accept') ?? ''))
      return c.redirect('/check-email', 302);
    c.header('Allow', 'POST');
    return c.json(
      errorBody('method_not_allowed', 'Send POST /api/auth/resend-verification with {"email"} to get a new link.'),
      405,
    );
  });

  return api;
}
