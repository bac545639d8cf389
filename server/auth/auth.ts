// Better Auth on our database: e-mail and password with confirmation, reset, Google, Microsoft, two-factor.
import { inspect } from 'node:util';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { passwordProblems, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../core/password-rules';
import { addressedAs } from '../../core/schemas/account';
import type { Db } from '../../db/client';
import { deleteAccountLeftovers } from '../../db/queries/account';
import { accounts, sessions, twoFactors, users, verifications } from '../../db/schema';
import { clip } from '../http/errors';
import { beforeAccountDeletion } from '../billing/account-deletion';
import { billingSettings, type Config } from '../config';
import {
  confirmationMail,
  emailChangeMail,
  emailChangeNoticeMail,
  existingAccountMail,
  productName,
  resetPasswordMail,
} from '../email/templates';
import type { Mailer } from '../email/transport';
import { clientIpHeader } from './client-ip';
import { confirmLink, resetLink, signInLink } from './links';
import { trustedOriginsOf } from './origin-check';
import { providerSetup } from './providers';
import { mayMail } from './rate-limit';

const day = 24 * 60 * 60;
/** The specification's cookie lifetime, which is also the longest browsers keep a cookie. */
export const sessionLifetimeSeconds = 400 * day;

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  secret: string;
}

export function createAuth({ db, config, mailer, secret }: AuthDeps) {
  const providers = providerSetup(config);
  const trusted = trustedOriginsOf(config.publicUrl, config.TRUSTED_ORIGINS);
  const auth = betterAuth({
    appName: productName,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    // PUBLIC_URL and TRUSTED_ORIGINS only, never the request's Host: a forged Host must not become an accepted
    // callback (issue 17). Our own CSRF check (origin-check.ts) runs before Better Auth on every write.
    trustedOrigins: trusted,
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Each account mail is bounded per address (decision 185): over the bound the request is answered as always,
      // and no mail goes out; the links already sent still work.
      sendResetPassword: async ({ user, token }) => {
        if (!(await mayMail(db, 'reset', user.email))) return;
        await mailer.send(resetPasswordMail(user.email, greeted(user), resetLink(config.publicUrl, token)));
      },
      onExistingUserSignUp: async ({ user }) => {
        if (!(await mayMail(db, 'existing-account', user.email))) return;
        await mailer.send(existingAccountMail(user.email, greeted(user), signInLink(config.publicUrl)));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // An unconfirmed user who tries to sign in gets a fresh link (the sign-in rate limit bounds how often).
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: day,
      sendVerificationEmail: async ({ user, url, token }) => {
        const next = new URL(url).searchParams.get('callbackURL');
        const link = confirmLink(config.publicUrl, token, next);
        // An e-mail change (settings) sends its link to the new address: say so rather than "thank you for signing up",
        // and tell the current address first.
        const change = emailChangeOf(token);
        if (change && (await mayMail(db, 'email-change-notice', change.from))) {
          await mailer.send(
            emailChangeNoticeMail(change.from, greeted(user), user.email, `${config.publicUrl}/app/settings`),
          );
        }
        if (!(await mayMail(db, 'confirmation', user.email))) return;
        await mailer.send((change ? emailChangeMail : confirmationMail)(user.email, greeted(user), link));
      },
    },
    session: { expiresIn: sessionLifetimeSeconds, updateAge: day },
    // Same verified e-mail at a provider and here: one user with two ways in. Unverified either side: no link.
    account: { accountLinking: { enabled: true } },
    user: {
      additionalFields: {
        invitationToken: { type: 'string', required: false, input: true, returned: false },
        // Whether the person gave `name` (issue 41): the sign-in modal's is a random 'User_XXXXXX' (the
        // specification's full_name), never used to greet them. Set below, never by a request.
        nameGiven: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
      // Settings (issue 12): the new address is confirmed by a link sent to it before the account uses it.
      changeEmail: { enabled: true },
      // Settings (issue 12): POST /api/account/delete asks for the typed confirmation and calls this.
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          // Billing (decision 078): refuses while the user owns an organization with members; cancels at Stripe.
          await beforeAccountDeletion(db, billingSettings(config), user.id);
          await deleteAccountLeftovers(db, user.id);
        },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // A provider's profile name is the person's own; an e-mail sign-up's is the modal's random full_name.
          before: async (user, ctx) => ({ data: { ...user, nameGiven: ctx?.path !== '/sign-up/email' } }),
        },
      },
    },
    socialProviders: providers.socialProviders,
    plugins: [
      twoFactor({ issuer: productName, allowPasswordless: true }),
      ...(providers.generic.length > 0 ? [genericOAuth({ config: providers.generic })] : []),
    ],
    // Our limiter (rate-limit.ts) runs in front of every auth route, per IP and per e-mail, in the database.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'statpub',
      useSecureCookies: config.publicUrl.startsWith('https:'),
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
    },
    hooks: { before: passwordRules },
    telemetry: { enabled: false },
    onAPIError: {
      // OAuth failures without an errorCallbackURL land on the sign-in page, which explains `?error=`.
      errorURL: '/auth',
      // 4xx answers (wrong password, used link) are the user's business, not the log's; 5xx are ours.
      onError: (error) => {
        if (!isAPIError(error) || error.statusCode >= 500)
          console.error(
            '[auth] request failed:',
            clip(error instanceof Error ? (error.stack ?? error.message) : error, 4000),
          );
      },
    },
    logger: {
      level: 'error',
      log: (level, message, ...args) => {
        // Messages quote what a client sent (an address, a callback): cut, so no request makes a line unbounded.
        const line = `[auth] ${clip(message, 1000)}`;
        const rest = args.map((a) => clip(typeof a === 'string' ? a : inspect(a, { depth: 3 }), 1000));
        if (level === 'error' && !userCausedErrors.some((start) => message.startsWith(start)))
          console.error(line, ...rest);
        else console.warn(line, ...rest);
      },
    },
  });
  return Object.assign(auth, { availableProviders: providers.available });
}

export type Auth = ReturnType<typeof createAuth>;

/** The name a mail greets: the one the person gave, else their address (`addressedAs`, issue 41). */
function greeted(user: { name: string; email: string } & Record<string, unknown>): string {
  return addressedAs({ name: user.name, email: user.email, nameGiven: user.nameGiven === true });
}

/** The sign-up rules of the specification, enforced on every path that sets a password. */
const passwordRules = createAuthMiddleware(async (ctx) => {
  const field = ctx.path === '/sign-up/email' ? 'password' : passwordChangePaths.has(ctx.path) ? 'newPassword' : null;
  if (!field) return;
  const value: unknown = (ctx.body as Record<string, unknown> | undefined)?.[field];
  if (typeof value !== 'string') return;
  const problems = passwordProblems(value);
  if (problems.length > 0) {
    throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: problems[0]!, reasons: problems });
  }
});
/** Better Auth logs these as errors, but they are a user's situation (explained on the page), not a fault. */
const userCausedErrors = [
  'account_not_linked',
  'Unable to link account - untrusted provider',
  // A request for Google or Microsoft when the server has no credentials for it (the buttons say so).
  'Provider not found',
];

/**
 * The current address of an e-mail change, when a confirmation token (a JWT Better Auth signed) confirms one rather
 * than a sign-up: its payload carries `email` (the address now) and `updateTo` (the new one).
 */
function emailChangeOf(token: string): { from: string } | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const { requestType, email } = (payload ?? {}) as { requestType?: unknown; email?: unknown };
    return requestType === 'change-email-verification' && typeof email === 'string' ? { from: email } : null;
  } catch {
    return null;
  }
}

const passwordChangePaths = new Set(['/reset-password', '/change-password', '/set-password']);
