// API keys (hashed) and the usage counters the settings page shows (docs/decisions/070).
import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Plan } from '../../core/plans';
import type { Db, ReadDb } from '../client';
import { apiKeys, apiUsage, organizationMembers } from '../schema';
import { queryRows } from '../sql';
import { organizationPlan, userPlan } from './billing';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The account a key belongs to, with its plan, as the limiter needs it. */
export interface KeyOwner {
  keyId: string;
  userId: string;
  /** Set for an organization's key. */
  organizationId: string | null;
  /** The plan that limits the request: a Pro organization's for its keys, else the person's (decision 184). */
  plan: Plan;
  /**
   * Whose daily limit the request counts against: a Pro organization's keys count against the organization; a
   * personal key and a Free organization's key against the person who created it, so that Free organizations do not
   * multiply a person's Free quota (decision 184).
   */
  limitedAs: 'organization' | 'user';
}

/**
 * An organization's key works only while its creator manages the organization (owner or admin): removal, leaving or
 * a demotion revokes their keys (revokeCreatorsKeys), and this keeps any key left over from before refused too.
 */
const creatorManagesSql = sql`EXISTS (SELECT 1 FROM organization_members m
  WHERE m.organization_id = k.organization_id AND m.user_id = k.user_id AND m.role IN ('owner', 'admin'))`;

/** Organizations the user is an owner or admin of (a subquery). */
function managedBy(db: ReadDb, userId: string) {
  return db
    .select({ id: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, userId), inArray(organizationMembers.role, ['owner', 'admin'])));
}

/** The keys a user may list, rotate and revoke: their personal keys, and every key of an organization they manage. */
function keysOf(db: ReadDb, userId: string) {
  return or(
    and(eq(apiKeys.userId, userId), isNull(apiKeys.organizationId)),
    inArray(apiKeys.organizationId, managedBy(db, userId)),
  );
}

export async function insertApiKey(
  db: Db,
  key: { id: string; userId: string; organizationId?: string | null; name: string; prefix: string; keyHash: string },
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(key).returning();
  return row!;
}

/**
 * The account's keys that still work, oldest first: its personal keys and the keys it created for organizations it
 * still manages (a key of an organization it was removed from, or demoted in, is not its any more).
 */
export async function listActiveApiKeys(db: ReadDb, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.userId, userId),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.organizationId), inArray(apiKeys.organizationId, managedBy(db, userId))),
      ),
    )
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

/** Every key of the account, revoked ones too (their past usage stays on the chart). */
export async function listAllApiKeys(db: ReadDb, userId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

/**
 * Revokes a working key the account may revoke: its own, or an organization's key when the account is that
 * organization's owner or an admin (a key outlives its creator's role); false when there is no such key.
 */
export async function revokeApiKey(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt), keysOf(db, userId)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/**
 * Revokes the working keys a user created for an organization, when they are removed from it, leave it or are made a
 * member (decision 184): the secret they hold must stop working. The keys' names and usage stay on the
 * organization's chart, marked revoked. Answers the revoked keys.
 */
export async function revokeCreatorsKeys(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<{ id: string; name: string; prefix: string }[]> {
  return db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
}

/**
 * Replaces a working key's secret in place (same id, name and usage history); undefined when there is none the user
 * may rotate: their personal key, or a key of an organization they manage now (owner or admin), whoever created it.
 */
export async function rotateApiKey(
  db: Db,
  userId: string,
  id: string,
  secret: { prefix: string; keyHash: string },
): Promise<ApiKeyRow | undefined> {
  const rows = await db
    .update(apiKeys)
    .set({ ...secret, rotatedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt), keysOf(db, userId)))
    .returning();
  return rows[0];
}

/**
 * The owner of a working key, marking it used, in one statement on the shared database: no process keeps keys in
 * memory, so a key revoked anywhere is refused everywhere from the next request on.
 */
export async function useApiKey(db: Db, keyHash: string, at: Date): Promise<KeyOwner | undefined> {
  const rows = await queryRows<{ keyId: string; userId: string; organizationId: string | null }>(
    db,
    sql`UPDATE api_keys k SET last_used_at = ${at.toISOString()}::timestamptz
        WHERE k.key_hash = ${keyHash} AND k.revoked_at IS NULL
          AND (k.organization_id IS NULL OR ${creatorManagesSql})
        RETURNING k.id AS "keyId", k.user_id AS "userId", k.organization_id AS "organizationId"`,
  );
  const row = rows[0];
  if (!row) return undefined;
  const owner = { keyId: row.keyId, userId: row.userId, organizationId: row.organizationId };
  // A Pro organization's key counts against the organization and its plan (decision 077); a personal key, and a Free
  // organization's key, against the person who created it, with their plan, which an organization's Pro covers too
  // (decisions 076, 184).
  if (row.organizationId && (await organizationPlan(db, row.organizationId, at)) === 'pro')
    return { ...owner, plan: 'pro', limitedAs: 'organization' };
  return { ...owner, plan: await userPlan(db, row.userId, at), limitedAs: 'user' };
}

/**
 * Requests per subject and day since `fromDay` (YYYY-MM-DD), for the usage chart: those counted against the limit and
 * those refused past it (decision 243).
 */
export async function usageSince(
  db: ReadDb,
  subjects: string[],
  fromDay: string,
): Promise<{ subject: string; day: string; count: number }[]> {
  if (subjects.length === 0) return [];
  const rows = await db
    .select({
      subject: apiUsage.subject,
      day: apiUsage.day,
      count: sql<number>`${apiUsage.count} + ${apiUsage.refused}`,
    })
    .from(apiUsage)
    .where(and(inArray(apiUsage.subject, subjects), gte(apiUsage.day, fromDay)))
    .orderBy(asc(apiUsage.day));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** The UTC day of an instant, as YYYY-MM-DD. */
function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The last `days` UTC days, oldest first, ending with the day of `today`. */
export function lastDays(today: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) => dayOf(new Date(today.getTime() - (days - 1 - i) * 86_400_000)));
}

export interface AccountUsage {
  /** One entry per day, oldest first: the account's counted requests (key or session) and those of each key. */
  days: { day: string; total: number; by_key: Record<string, number> }[];
  /** Every key the account ever had, revoked ones too, so past bars keep their names. */
  keys: { id: string; name: string; prefix: string; revoked: boolean }[];
}

/**
 * The account's data API requests per day over `days` days up to `today`, in all and by its own key. An
 * organization's keys count against the organization (organizationUsage), so they are not among these.
 */
export async function accountUsage(db: ReadDb, userId: string, today: Date, days: number): Promise<AccountUsage> {
  const keys = (await listAllApiKeys(db, userId)).filter((k) => k.organizationId === null);
  return usageOf(db, `user:${userId}`, keys, today, days);
}

/** An organization's data API requests per day, in all and by each of its keys (revoked ones too). */
export async function organizationUsage(
  db: ReadDb,
  organizationId: string,
  today: Date,
  days: number,
): Promise<AccountUsage> {
  const keys = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.organizationId, organizationId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return usageOf(db, `org:${organizationId}`, keys, today, days);
}

/** Per day: the subject's counted requests (`total`) and those of each key. */
async function usageOf(
  db: ReadDb,
  subject: string,
  keys: ApiKeyRow[],
  today: Date,
  days: number,
): Promise<AccountUsage> {
  const span = lastDays(today, days);
  const rows = await usageSince(db, [subject, ...keys.map((k) => `key:${k.id}`)], span[0]!);
  const byDay = new Map(span.map((day) => [day, { day, total: 0, by_key: {} as Record<string, number> }]));
  for (const r of rows) {
    const entry = byDay.get(r.day);
    if (!entry) continue;
    if (r.subject === subject) entry.total = r.count;
    else entry.by_key[r.subject.slice('key:'.length)] = r.count;
  }
  return {
    days: [...byDay.values()],
    keys: keys.map((k) => ({ id: k.id, name: k.name, prefix: k.prefix, revoked: k.revokedAt !== null })),
  };
}

/** A working key as lists show it: never its secret. */
export interface ListedApiKey {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  requests_today: number;
  /** Set for an organization's key (decision 077). */
  organization_id: string | null;
}

/** The account's working keys with today's (UTC) request count of each. */
export async function listedApiKeys(db: ReadDb, userId: string, today: Date): Promise<ListedApiKey[]> {
  const keys = await listActiveApiKeys(db, userId);
  const counts = await usageSince(
    db,
    keys.map((k) => `key:${k.id}`),
    dayOf(today),
  );
  const todayOf = new Map(counts.filter((u) => u.day === dayOf(today)).map((u) => [u.subject, u.count]));
  return keys.map((k) => ({
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    created_at: k.createdAt.toISOString(),
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
    requests_today: todayOf.get(`key:${k.id}`) ?? 0,
    organization_id: k.organizationId,
  }));
}
