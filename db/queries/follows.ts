// Followed charts of an account (docs/decisions/100): one row per followed view, several views of a dataset each
// their own (decision 198). Every function takes the owner's id: another user's follow is never found, changed or
// removed (the API answers 404 for it).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, ReadDb } from '../client';
import type { DatasetMeta } from '../../core/schemas/dataset';
import { parsePeriod } from '../../core/periods';
import { defaultView, viewIdentity, type ChartViewSpec } from '../../core/view';
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

/** The view a follow's settings describe, on the base view where they name nothing (default: the dataset's). */
export function viewOfSettings(settings: FollowSettings, fallback: ChartViewSpec): ChartViewSpec {
  return {
    chartType: settings.chart_type ?? fallback.chartType,
    dimensions: settings.dimensions ?? fallback.dimensions,
    countries: settings.countries ?? fallback.countries,
    timeStart: settings.time_start ?? fallback.timeStart,
    timeEnd: settings.time_end ?? fallback.timeEnd,
  };
}

/** The identity of the view a follow keeps (decision 198): what makes it the same followed view as a page's. */
export function followViewKey(meta: DatasetMeta, settings: FollowSettings): string {
  return viewIdentity(meta, viewOfSettings(settings, defaultView(meta)));
}

/** The account's follows of one dataset (each a view of it), oldest first. */
export async function listFollowsOfDataset(db: ReadDb, userId: string, datasetId: number): Promise<FollowRow[]> {
  return db
    .select()
    .from(follows)
    .where(and(eq(follows.userId, userId), eq(follows.datasetId, datasetId)))
    .orderBy(asc(follows.id));
}

/** What following a view did: a new follow, the follow the account already had of that view, or none (too many). */
export type FollowResult =
  | { status: 'created'; follow: FollowRow }
  | { status: 'existing'; follow: FollowRow }
  | { status: 'full'; follow: null };

/**
 * Follows a view of a dataset. A view the account already follows (the same identity, `followViewKey`) keeps its
 * follow and settings; an account at MAX_FOLLOWS follows nothing more. One account's follows are written one at a
 * time (a transaction-scoped lock on the account), so a double click or two tabs make one follow.
 */
export async function createFollow(
  db: Db,
  meta: DatasetMeta,
  follow: { userId: string; settings?: FollowSettings },
): Promise<FollowResult> {
  const settings = follow.settings ?? {};
  const key = followViewKey(meta, settings);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`follows:${follow.userId}`}))`);
    const same = (await listFollowsOfDataset(tx, follow.userId, meta.id)).find(
      (f) => followViewKey(meta, f.settings) === key,
    );
    if (same) return { status: 'existing', follow: same };
    if ((await countFollows(tx, follow.userId)) >= MAX_FOLLOWS) return { status: 'full', follow: null };
    const [inserted] = await tx
      .insert(follows)
      .values({ userId: follow.userId, datasetId: meta.id, settings })
      .returning();
    return { status: 'created', follow: inserted! };
  });
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

/** Datasets by how many accounts follow a view of them, most followed first (the dashboard's suggestions). */
export async function mostFollowedDatasets(
  db: ReadDb,
  limit: number,
): Promise<{ datasetId: number; followers: number }[]> {
  const followers = sql<number>`count(DISTINCT ${follows.userId})::int`;
  return db
    .select({ datasetId: follows.datasetId, followers })
    .from(follows)
    .groupBy(follows.datasetId)
    .orderBy(sql`${followers} DESC`, asc(follows.datasetId))
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
