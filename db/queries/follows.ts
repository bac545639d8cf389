// Followed charts of an account (docs/decisions/100). Every function takes the owner's id: another user's follow
// is never found, changed or removed (the API answers 404 for it).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, ReadDb } from '../client';
import type { DatasetMeta } from '../../core/schemas/dataset';
import { parsePeriod } from '../../core/periods';
import { follows, type FollowSettings } from '../schema/follows';
import { listRevisions } from './revisions';

export type FollowRow = typeof follows.$inferSelect;
export type { FollowSettings };

/** How many charts an account may follow (`409 too_many_follows` beyond). */
export const MAX_FOLLOWS = 200;

/** How many charts the account follows. */
export async function countFollows(db: ReadDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::integer` })
    .from(follows)
    .where(eq(follows.userId, userId));
  return Number(row?.n ?? 0);
}

/** The account's follows in its own order (hand-ordered first), then newest first. */
export async function listFollows(db: ReadDb, userId: string): Promise<FollowRow[]> {
  return db
    .select()
    .from(follows)
    .where(eq(follows.userId, userId))
    .orderBy(sql`${follows.position} ASC NULLS LAST`, desc(follows.createdAt), asc(follows.id));
}

/** One of the account's follows by its id; undefined when the account has no such follow. */
export async function getFollow(db: ReadDb, userId: string, id: number): Promise<FollowRow | undefined> {
  const rows = await db
    .select()
    .from(follows)
    .where(and(eq(follows.id, id), eq(follows.userId, userId)))
    .limit(1);
  return rows[0];
}

/** The account's follow of a dataset, if it follows it. */
export async function getFollowByDataset(
  db: ReadDb,
  userId: string,
  datasetId: number,
): Promise<FollowRow | undefined> {
  const rows = await db
    .select()
    .from(follows)
    .where(and(eq(follows.userId, userId), eq(follows.datasetId, datasetId)))
    .limit(1);
  return rows[0];
}

/**
 * Follows a dataset. Following a dataset twice keeps the first follow and its settings: `created` says which
 * happened.
 */
export async function createFollow(
  db: Db,
  follow: { userId: string; datasetId: number; settings?: FollowSettings },
): Promise<{ follow: FollowRow; created: boolean }> {
  const inserted = await db
    .insert(follows)
    .values({ userId: follow.userId, datasetId: follow.datasetId, settings: follow.settings ?? {} })
    .onConflictDoNothing({ target: [follows.userId, follows.datasetId] })
    .returning();
  if (inserted[0]) return { follow: inserted[0], created: true };
  const existing = await getFollowByDataset(db, follow.userId, follow.datasetId);
  return { follow: existing!, created: false };
}

export interface FollowChange {
  /** Merged into the saved settings key by key; a key given as null is removed (back to the default). */
  settings?: FollowSettings;
  position?: number | null;
  lastSeenAt?: Date;
}

/** Changes one of the account's follows; undefined when the account has no such follow. */
export async function updateFollow(
  db: Db,
  userId: string,
  id: number,
  change: FollowChange,
): Promise<FollowRow | undefined> {
  const set: PgUpdateSetSource<typeof follows> = {};
  if (change.settings) {
    // One statement merges, so two devices saving different keys at once both keep theirs.
    set.settings = sql`jsonb_strip_nulls(${follows.settings} || ${JSON.stringify(change.settings)}::jsonb)`;
    set.updatedAt = new Date();
  }
  if (change.position !== undefined) set.position = change.position;
  if (change.lastSeenAt) set.lastSeenAt = change.lastSeenAt;
  if (Object.keys(set).length === 0) return getFollow(db, userId, id);
  const rows = await db
    .update(follows)
    .set(set)
    .where(and(eq(follows.id, id), eq(follows.userId, userId)))
    .returning();
  return rows[0];
}

/** Stops following; false when the account has no such follow. */
export async function deleteFollow(db: Db, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(follows)
    .where(and(eq(follows.id, id), eq(follows.userId, userId)))
    .returning({ id: follows.id });
  return rows.length > 0;
}

/**
 * Puts the account's follows in the given order (ids first to last); follows not listed keep no position and come
 * after. Ids of other accounts are ignored.
 */
export async function reorderFollows(db: Db, userId: string, ids: readonly number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(follows).set({ position: null }).where(eq(follows.userId, userId));
    for (const [position, id] of ids.entries()) {
      await tx
        .update(follows)
        .set({ position })
        .where(and(eq(follows.id, id), eq(follows.userId, userId)));
    }
  });
}

/** Marks follows as seen now (the dashboard's and chart page's visit), for "what changed since the last visit". */
export async function markFollowsSeen(db: Db, userId: string, at: Date, datasetId?: number): Promise<void> {
  await db
    .update(follows)
    .set({ lastSeenAt: at })
    .where(
      datasetId === undefined
        ? eq(follows.userId, userId)
        : and(eq(follows.userId, userId), eq(follows.datasetId, datasetId)),
    );
}

/** Datasets by how many accounts follow them, most followed first (the dashboard's suggestions). */
export async function mostFollowedDatasets(
  db: ReadDb,
  limit: number,
): Promise<{ datasetId: number; followers: number }[]> {
  return db
    .select({ datasetId: follows.datasetId, followers: sql<number>`count(*)::int` })
    .from(follows)
    .groupBy(follows.datasetId)
    .orderBy(sql`count(*) DESC`, asc(follows.datasetId))
    .limit(limit);
}

/** What changed in a followed series since the follower's last visit (issue 13's revisions, decision 104). */
export interface FollowChanges {
  /** Periods that got a value, oldest first (at most 500). */
  newPeriods: string[];
  /** Values that were revised, newest revision first. */
  revisions: { period: string; oldValue: number | null; newValue: number | null }[];
  /** How many revised values there are in all (the list above is bounded). */
  revisionCount: number;
}

/** How many periods and revisions a card names; the rest is counted. */
const CHANGES_LISTED = 20;

/**
 * New periods and revised values of one series (its key as the API gives it, one geo) recorded by imports that
 * finished after `since`: read from the one revisions query (db/queries/revisions.ts). Null when nothing changed.
 */
export async function followChangesSince(
  db: ReadDb,
  meta: DatasetMeta,
  series: { key: Record<string, string>; geo: string },
  since: Date,
): Promise<FollowChanges | null> {
  const dims = Object.fromEntries(
    meta.dimensions.map((d) => [d.key, [series.key[`${d.key}_value`] ?? d.default]] as [string, string[]]),
  );
  const base = { since, dims, countries: [series.geo], offset: 0, limit: CHANGES_LISTED };
  const added = await listRevisions(db, meta, { ...base, kinds: ['added'], limit: 500 });
  const changed = await listRevisions(db, meta, { ...base, kinds: ['changed'] });
  if (added.total === 0 && changed.total === 0) return null;
  // Periods as displayed (3/2025, Q1/2025, 2025-W01 …), in time order: the one period reader's ordinals.
  const ordinal = (p: string) => parsePeriod(p, { spelling: 'display' })?.ordinal ?? 0;
  return {
    newPeriods: [...new Set(added.items.map((i) => i.period))].sort((x, y) => ordinal(x) - ordinal(y)),
    revisions: changed.items.map((i) => ({ period: i.period, oldValue: i.old_value, newValue: i.new_value })),
    revisionCount: changed.total,
  };
}
