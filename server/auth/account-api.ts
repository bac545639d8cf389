// /api/account: the signed-in user's session (for the browser's auth state) and plan; the settings page's profile,
// data download and account deletion (issue 12). E-mail and password changes are Better Auth's own /api/auth paths.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  DELETE_CONFIRMATION,
  deleteAccountSchema,
  planSchema,
  profileChangeSchema,
  profileSchema,
  sessionResponseSchema,
  type AccountSession,
  type Profile,
} from '../../core/schemas/account';
import { accountExport, listSignInMethods, updateProfile } from '../../db/queries/account';
import type { ReadDb } from '../../db/client';
import { findUserById, findUserPlan } from '../../db/queries/users';
import type { Auth } from './auth';
import { toApiResponse } from './responses';
import { readSession, requireSignedIn } from './session';
import { authHeaders } from './api';
import type { ApiEnv } from '../http/env';
import { ApiError, errorBody, bodyValidationHook } from '../http/errors';
import { errorResponse } from '../http/openapi';
import { uncounted } from '#server/http/route-policy';

/** Account calls (decision 201). */
export const accountPolicies = [uncounted('/api/account/…', 'any', ['/api/account/*'], 'account calls')];

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
    401: errorResponse('Not signed in'),
    503: errorResponse('The session could not be read'),
  },
});

const signedOut = errorResponse('Not signed in');

const profileRoute = createRoute({
  method: 'get',
  path: '/account/profile',
  summary: "The signed-in user's profile for the settings page: name, e-mail, colour mode, ways to sign in",
  responses: {
    200: { description: 'The profile', content: { 'application/json': { schema: profileSchema } } },
    401: signedOut,
  },
});

const profileChangeRoute = createRoute({
  method: 'patch',
  path: '/account/profile',
  summary: 'Change the display name and/or the colour mode (light, dark, system), which then applies on every device',
  request: {
    body: { required: true, content: { 'application/json': { schema: profileChangeSchema } } },
  },
  responses: {
    200: { description: 'The changed profile', content: { 'application/json': { schema: profileSchema } } },
    400: errorResponse('Empty or too long name, unknown theme, or nothing to change'),
    401: signedOut,
  },
});

const exportSchema = z
  .object({
    exported_at: z.string(),
    profile: z.object({
      id: z.string(),
      email: z.string(),
      email_verified: z.boolean(),
      display_name: z.string(),
      plan: z.string(),
      created_at: z.string(),
    }),
    settings: z.object({
      theme: z.string(),
      interests: z.array(z.string()),
      onboarded_at: z.string().nullable(),
      two_factor_enabled: z.boolean(),
      sign_in_methods: z.array(z.object({ provider: z.string(), linked_at: z.string() })),
      api_keys: z.array(
        z.object({
          name: z.string(),
          prefix: z.string(),
          created_at: z.string(),
          last_used_at: z.string().nullable(),
          revoked_at: z.string().nullable(),
        }),
      ),
    }),
    follows: z.array(
      z.object({
        dataset: z.string(),
        dataset_name: z.string(),
        settings: z.record(z.string(), z.unknown()),
        position: z.number().int().nullable(),
        created_at: z.string(),
        updated_at: z.string(),
      }),
    ),
  })
  .openapi('AccountExport');

const exportRoute = createRoute({
  method: 'get',
  path: '/account/export',
  summary: 'Download my data: the profile, settings and follows of the signed-in account as a JSON file',
  description: 'Never holds secrets: no password hash, API key secrets, session tokens or two-factor keys.',
  responses: {
    200: {
      description: 'The account as JSON (an attachment)',
      content: { 'application/json': { schema: exportSchema } },
    },
    401: signedOut,
  },
});

const deleteRoute = createRoute({
  method: 'post',
  path: '/account/delete',
  summary: `Delete the account: \`confirmation\` must be "${DELETE_CONFIRMATION}"; its data goes and every session ends`,
  description:
    'An account with a password must send it; one without (Google or Microsoft only) needs a sign-in from the last day. ' +
    'An account with two-factor sign-in must also send `code`, a current code of its authenticator app.',
  request: {
    body: { required: true, content: { 'application/json': { schema: deleteAccountSchema } } },
  },
  responses: {
    200: {
      description: 'Deleted; the session cookie is cleared',
      content: { 'application/json': { schema: z.object({ deleted: z.literal(true) }) } },
    },
    400: errorResponse(
      'Confirmation not typed, password missing or wrong, two-factor code missing or wrong, or the sign-in is too old',
    ),
    401: signedOut,
    409: errorResponse(
      'The account owns an organization with other members: make another member the owner, or delete the organization, first',
    ),
    503: errorResponse('The session could not be checked (the database is unavailable); try again'),
  },
});

async function profileOf(db: ReadDb, session: AccountSession): Promise<Profile> {
  const user = session.user.id;
  const [row, methods] = await Promise.all([findUserById(db, user), listSignInMethods(db, user)]);
  if (!row) throw new ApiError(401, 'unauthorized', 'Please sign in to continue.');
  return {
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    theme: row.theme ?? 'system',
    hasPassword: methods.some((m) => m.provider === 'credential'),
    signInMethods: methods.map((m) => ({ id: m.id, provider: m.provider, linkedAt: m.linkedAt.toISOString() })),
  };
}

export function accountApi(auth: Auth, trustProxy: boolean): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>({ defaultHook: bodyValidationHook });

  async function sessionOf(c: Context<ApiEnv>): Promise<AccountSession> {
    c.header('Cache-Control', 'no-store');
    const read = await readSession(auth, c.var.db, authHeaders(c, trustProxy), false);
    return requireSignedIn(read);
  }

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

  api.openapi(profileRoute, async (c) => {
    const session = await sessionOf(c);
    return c.json(await profileOf(c.var.db, session), 200);
  });

  api.openapi(profileChangeRoute, async (c) => {
    const session = await sessionOf(c);
    const change = c.req.valid('json');
    await updateProfile(c.var.db, session.user.id, change);
    return c.json(await profileOf(c.var.db, session), 200);
  });

  api.openapi(exportRoute, async (c) => {
    const session = await sessionOf(c);
    const now = new Date();
    const data = await accountExport(c.var.db, session.user.id, now);
    if (!data) throw new ApiError(401, 'unauthorized', 'Please sign in to continue.');
    c.header('Content-Disposition', `attachment; filename="my-data-${now.toISOString().slice(0, 10)}.json"`);
    return c.json(data, 200);
  });

  api.openapi(deleteRoute, async (c) => {
    const session = await sessionOf(c);
    const { confirmation, password, code } = c.req.valid('json');
    if (confirmation.trim() !== DELETE_CONFIRMATION)
      throw new ApiError(400, 'confirmation_required', `Type ${DELETE_CONFIRMATION} to confirm.`);
    const methods = await listSignInMethods(c.var.db, session.user.id);
    if (methods.some((m) => m.provider === 'credential') && !password)
      throw new ApiError(400, 'password_required', 'Enter your password to delete your account.');
    // Two-factor sign-in guards deletion too (issue 41): a current code of the authenticator app, checked by Better
    // Auth's own TOTP check against the account's secret, before anything is deleted; and only after the password
    // (Better Auth's own check), so nobody without it can try codes here.
    const user = await findUserById(c.var.db, session.user.id);
    if (user?.twoFactorEnabled) {
      const typed = code?.replace(/\s+/g, '') ?? '';
      if (!typed)
        throw new ApiError(
          400,
          'two_factor_required',
          'Enter a code from your authenticator app to delete your account.',
        );
      if (password) {
        const known = await auth.api.verifyPassword({
          body: { password },
          headers: authHeaders(c, trustProxy),
          asResponse: true,
        });
        if (!known.ok) return (await toApiResponse(known)) as never;
      }
      const checked = await auth.api.verifyTOTP({
        body: { code: typed },
        headers: authHeaders(c, trustProxy),
        asResponse: true,
      });
      if (!checked.ok)
        throw new ApiError(400, 'invalid_two_factor_code', 'The code from your authenticator app is not valid.');
    }
    // Better Auth's own deletion: the user row (follows, keys, sessions, sign-in methods go with it by foreign key),
    // every session, the cookie; our beforeDelete hook removes the usage counters (server/auth/auth.ts).
    const res = await auth.api.deleteUser({
      body: password ? { password } : {},
      headers: authHeaders(c, trustProxy),
      asResponse: true,
    });
    if (!res.ok) return (await toApiResponse(res)) as never;
    for (const cookie of res.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    return c.json({ deleted: true as const }, 200);
  });
  return api;
}
