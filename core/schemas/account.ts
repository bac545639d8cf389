// Shapes of the account API and of the auth state the pages start from, shared by server and browser.
import { z } from 'zod';
import { plans } from '../plans';

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
});

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

/** Topics offered at onboarding. */
export const onboardingInterests = [
  { code: 'inflation', label: 'Inflation and prices' },
  { code: 'labour', label: 'Labour market' },
  { code: 'growth', label: 'GDP and growth' },
  { code: 'regions', label: 'Regional statistics' },
  { code: 'trade', label: 'Trade' },
  { code: 'public-finance', label: 'Government finance' },
] as const;

export const onboardingSchema = z.object({
  name: z.string().trim().min(1, 'Please enter a display name').max(80, 'A display name has at most 80 characters'),
  interests: z.array(z.enum(onboardingInterests.map((i) => i.code))).max(onboardingInterests.length),
});
