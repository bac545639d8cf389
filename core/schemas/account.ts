// Shapes of the account API and of the auth state the pages start from, shared by server and browser.
import { z } from 'zod';
import { plans } from '../plans';
import { themePreferences } from '../theme';

/** The signed-in user as the browser sees it: no tokens, no secrets. */
export const accountUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  /** False until the first sign-in has gone through onboarding. */
  onboarded: z.boolean(),
  interests: z.array(z.string()),
  createdAt: z.string(),
  /** The colour mode stored on the account (wins over a device's theme cookie); null until the user picks one. */
  theme: z.enum(themePreferences).nullable().optional(),
  /**
   * The person gave `name` (onboarding, settings, a provider's profile); false or absent: `name` is the sign-in
   * modal's random full_name ('User_XXXXXX'), never shown to greet them (issue 41).
   */
  nameGiven: z.boolean().optional(),
});

/**
 * How the product greets and addresses a person (the dashboard's "Welcome", the account menu, every mail): the name
 * they gave, else their e-mail address; never the random full_name the sign-in modal sets at sign-up (issue 41).
 */
export function addressedAs(user: { name: string; nameGiven?: boolean; email: string }): string {
  const name = user.name.trim();
  return user.nameGiven && name ? name : user.email;
}

/** A server-side session; its id is not the cookie value, which never leaves the HttpOnly cookie. */
export const accountSessionSchema = z.object({
  user: accountUserSchema,
  session: z.object({ id: z.string(), expiresAt: z.string() }),
});

export const sessionResponseSchema = z.object({ session: accountSessionSchema.nullable() });

/** Which OpenID providers the server has credentials for. */
export const authProvidersSchema = z.object({ google: z.boolean(), microsoft: z.boolean() });

export const planSchema = z.object({ plan: z.enum(plans) });

export type AccountUser = z.infer<typeof accountUserSchema>;
export type AccountSession = z.infer<typeof accountSessionSchema>;
export type AuthProviders = z.infer<typeof authProvidersSchema>;
export type AuthProviderId = keyof AuthProviders;

/** What the server tells every page about the visitor (React Router load context). */
export interface PageAuth {
  session: AccountSession | null;
  /** The session could not be read (database error): the route guard treats it as signed out. */
  sessionError: boolean;
  providers: AuthProviders;
}

/** A display name: what onboarding and settings accept. */
export const displayNameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a display name')
  .max(80, 'A display name has at most 80 characters');

/** What the settings page may change directly (e-mail and password go through their confirmations). */
export const profileChangeSchema = z
  .object({ name: displayNameSchema.optional(), theme: z.enum(themePreferences).optional() })
  .refine((v) => v.name !== undefined || v.theme !== undefined, 'Send a name or a theme to change');

export const signInMethodSchema = z.object({
  /** What /api/auth/unlink-account takes as `accountId`. */
  id: z.string(),
  /** `credential` (e-mail and password), `google` or `microsoft`. */
  provider: z.string(),
  linkedAt: z.string(),
});

export const profileSchema = z.object({
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** The stored colour mode; `system` when the user never chose one. */
  theme: z.enum(themePreferences),
  hasPassword: z.boolean(),
  signInMethods: z.array(signInMethodSchema),
});

/** What the user types to confirm deleting the account. */
export const DELETE_CONFIRMATION = 'DELETE';

export const deleteAccountSchema = z.object({
  confirmation: z.string().max(100),
  /** Required when the account has a password; accounts without one need a sign-in from the last day. */
  password: z.string().max(1000).optional(),
  /** A current code of the authenticator app: required when the account has two-factor sign-in (issue 41). */
  code: z.string().max(20).optional(),
});

export type Profile = z.infer<typeof profileSchema>;
export type SignInMethodView = z.infer<typeof signInMethodSchema>;

/**
 * Onboarding's answers: the display name, datasets to follow (codes) and countries (geo codes) the follows show. The
 * server keeps only codes that exist.
 */
export const onboardingSchema = z.object({
  name: displayNameSchema,
  datasets: z.array(z.string().max(100)).max(500),
  countries: z.array(z.string().max(20)).max(500),
});
