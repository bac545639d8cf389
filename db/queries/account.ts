// The settings page's reads and writes outside Better Auth's own: profile fields, sign-in methods, the data download
// and what deleting an account leaves behind. Every function takes the owner's id and touches only that account.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ThemePreference } from '../../core/theme';
import type { Db, ReadDb } from '../client';
import { accounts, apiKeys, apiUsage, datasets, follows, users } from '../schema';
import { findUserById } from './users';

/**
 * Changes the display name (the person's own from then on: `name_given`) and/or the colour mode; fields left out stay
 * as they are. False for an unknown id.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  change: { name?: string; theme?: ThemePreference },
): Promise<boolean> {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (change.name !== undefined) {
    set.name = change.name;
    set.nameGiven = true;
  }
  if (change.theme !== undefined) set.theme = change.theme;
  const rows = await db.update(users).set(set).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

export interface SignInMethod {
  /** The sign-in method's row id (Better Auth's account id, which unlinking names). */
  id: string;
  /** `credential` (e-mail and password), `google` or `microsoft`. */
  provider: string;
  linkedAt: Date;
}

/** How the account can sign in: its password and its linked provider identities, oldest first. */
export async function listSignInMethods(db: ReadDb, userId: string): Promise<SignInMethod[]> {
  const rows = await db
    .select({ id: accounts.id, provider: accounts.providerId, linkedAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  return rows;
}

/** Everything the account holds, for "Download my data": never secrets (password hashes, key hashes, tokens). */
export async function accountExport(db: ReadDb, userId: string, now: Date) {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const [methods, followed, keys] = await Promise.all([
    listSignInMethods(db, userId),
    db
      .select({
        dataset: datasets.code,
        datasetName: datasets.name,
        settings: follows.settings,
        position: follows.position,
        createdAt: follows.createdAt,
        updatedAt: follows.updatedAt,
      })
      .from(follows)
      .innerJoin(datasets, eq(datasets.id, follows.datasetId))
      .where(eq(follows.userId, userId))
      .orderBy(asc(follows.createdAt), asc(follows.id)),
    db
      .select({
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        createdAt: apiKeys.createdAt,
        lastUsedAt: apiKeys.lastUsedAt,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.organizationId)))
      .orderBy(asc(apiKeys.createdAt)),
  ]);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    exported_at: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      email_verified: user.emailVerified,
      display_name: user.name,
      plan: user.plan,
      created_at: user.createdAt.toISOString(),
    },
    settings: {
      theme: user.theme ?? 'system',
      interests: user.interests,
      onboarded_at: iso(user.onboardedAt),
      two_factor_enabled: user.twoFactorEnabled,
      sign_in_methods: methods.map((m) => ({ provider: m.provider, linked_at: m.linkedAt.toISOString() })),
      api_keys: keys.map((k) => ({
        name: k.name,
        prefix: k.prefix,
        created_at: k.createdAt.toISOString(),
        last_used_at: iso(k.lastUsedAt),
        revoked_at: iso(k.revokedAt),
      })),
    },
    follows: followed.map((f) => ({
      dataset: f.dataset,
      dataset_name: f.datasetName,
      settings: f.settings,
      position: f.position,
      created_at: f.createdAt.toISOString(),
      updated_at: f.updatedAt.toISOString(),
    })),
  };
}

export type AccountExport = NonNullable<Awaited<ReturnType<typeof accountExport>>>;

/**
 * Removes what the account's rows do not take with them by foreign key: its daily API usage counters (`user:<id>`,
 * `key:<id>`). Runs before the user row goes, while its keys can still be listed.
 */
export async function deleteAccountLeftovers(db: Db, userId: string): Promise<void> {
  const keys = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, userId));
  const subjects = [`user:${userId}`, ...keys.map((k) => `key:${k.id}`)];
  await db.delete(apiUsage).where(inArray(apiUsage.subject, subjects));
}
