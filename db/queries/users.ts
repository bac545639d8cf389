// User queries outside Better Auth's own: existence check, the browser's view of a user, onboarding.
import { eq } from 'drizzle-orm';
import type { Plan } from '../../core/plans';
import type { AccountUser } from '../../core/schemas/account';
import type { Db, ReadDb } from '../client';
import { users } from '../schema';
import { userPlan } from './billing';

export type UserRow = typeof users.$inferSelect;

/** Whether an account exists for the e-mail (compared lowercased, as Better Auth stores it). */
export async function userExistsByEmail(db: ReadDb, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

export async function findUserById(db: ReadDb, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/**
 * The user's plan: Pro from `users.plan` (set by an operator), the user's own subscription, or an organization's
 * (docs/decisions/076); `free` for an unknown id, which then gets the Free plan's limit.
 */
export async function findUserPlan(db: ReadDb, id: string): Promise<Plan> {
  return userPlan(db, id);
}

export function toAccountUser(row: UserRow): AccountUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    nameGiven: row.nameGiven,
    emailVerified: row.emailVerified,
    image: row.image,
    twoFactorEnabled: row.twoFactorEnabled,
    onboarded: row.onboardedAt !== null,
    interests: row.interests,
    createdAt: row.createdAt.toISOString(),
    theme: row.theme,
  };
}

/** Saves the onboarding answers and marks onboarding as done. */
export async function completeOnboarding(
  db: Db,
  userId: string,
  /** `nameGiven`: the person typed the name (answered, not skipped). */
  profile: { name: string; interests: string[]; nameGiven?: boolean },
): Promise<void> {
  const now = new Date();
  await db
    .update(users)
    .set({
      name: profile.name,
      ...(profile.nameGiven ? { nameGiven: true } : {}),
      interests: profile.interests,
      onboardedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
