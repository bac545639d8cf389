// Accounts: users, their sessions and sign-in methods, verification tokens, two-factor secrets and rate-limit counters.
// Property names are Better Auth's field names (its Drizzle adapter looks them up); columns are our snake_case.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { plans, type Plan } from '../../core/plans';
import { themePreferences, type ThemePreference } from '../../core/theme';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /**
     * The specification's full_name: the sign-in modal sets a random 'User_XXXXXX' at sign-up; a provider gives the
     * person's name; onboarding and settings change it to the name the person gives.
     */
    name: text('name').notNull(),
    /**
     * The person gave `name` themselves (onboarding, settings, a provider's profile): only then is it used to greet
     * or address them; otherwise their e-mail address is (decision 198, issue 41).
     */
    nameGiven: boolean('name_given').notNull().default(false),
    /** Always stored lowercased (Better Auth lowercases on sign-up and lookup). */
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** The invitation a user signed up with, kept for the organisations feature to complete. */
    invitationToken: text('invitation_token'),
    /** Topics picked at onboarding (codes of `onboardingInterests`). */
    interests: jsonb('interests')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** When the user finished (or skipped) onboarding; null until the first sign-in is complete. */
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    /** `free` (the daily API limit applies) or `pro`; set in the database until billing exists (docs/operations.md). */
    plan: text('plan').$type<Plan>().notNull().default('free'),
    /** The colour mode chosen in settings; it wins over the device's theme cookie. Null until the user picks one. */
    theme: text('theme').$type<ThemePreference>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_plan_check', sql`${t.plan} IN (${sql.raw(plans.map((p) => `'${p}'`).join(', '))})`),
    check('users_theme_check', sql`${t.theme} IN (${sql.raw(themePreferences.map((p) => `'${p}'`).join(', '))})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    /** The opaque value of the HttpOnly session cookie. */
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** One row per way a user signs in: `credential` (a password hash) or an OpenID provider identity. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    /** The provider's subject, or the user id for `credential`. */
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** Scrypt hash (Better Auth's default), only for `credential`. */
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('accounts_user_id_idx').on(t.userId),
    uniqueIndex('accounts_provider_account_idx').on(t.providerId, t.accountId),
  ],
);

/** Single-use tokens: password resets, pending two-factor sign-ins, trusted devices, OAuth state. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The TOTP secret, encrypted with the auth secret. */
    secret: text('secret').notNull(),
    /** Recovery codes, encrypted; each is removed when used. */
    backupCodes: text('backup_codes').notNull(),
    /** False until the user proves the authenticator app works with a first code. */
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factors_user_id_idx').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
);

/** Fixed-window request counters of the auth rate limits, keyed by rule and IP or e-mail. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  /** Start of the current window, in milliseconds since the epoch. */
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
});
