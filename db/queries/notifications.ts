// Notifications (the bell and its list), delivery preferences, and the figures an update notification states
// (docs/decisions/130). Every function that reads or changes an account's rows takes its id.
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, ReadDb } from '../client';
import { users } from '../schema/auth';
import { datasetDimensions, datasets } from '../schema/datasets';
import { follows, type FollowSettings } from '../schema/follows';
import {
  notificationPreferences,
  notifications,
  type NotificationData,
  type NotificationDelivery,
} from '../schema/notifications';
import { geos } from '../schema/geos';
import { revisions } from '../schema/imports';
import { observations, series } from '../schema/observations';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
export type { NotificationData, NotificationDelivery };

export interface Follower {
  userId: string;
  email: string;
  name: string;
  settings: FollowSettings;
}

/** The accounts that follow a dataset, with their saved view of it. */
export async function followersOf(db: ReadDb, datasetId: number): Promise<Follower[]> {
  return db
    .select({ userId: follows.userId, email: users.email, name: users.name, settings: follows.settings })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.userId))
    .where(eq(follows.datasetId, datasetId))
    .orderBy(asc(follows.id));
}

export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}

/** The account's notifications, newest first; `before` (an id) pages back. */
export async function listNotifications(
  db: ReadDb,
  userId: string,
  opts: { limit?: number; before?: number } = {},
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), opts.before === undefined ? undefined : lt(notifications.id, opts.before)),
    )
    .orderBy(desc(notifications.id))
    .limit(opts.limit ?? 50);
}

export async function unreadCount(db: ReadDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the account's notifications read: these ids, or every unread one. Returns how many changed. */
export async function markNotificationsRead(db: Db, userId: string, ids?: readonly number[]): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, [...ids]) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** The account's delivery of alert e-mails: immediate unless it chose otherwise. */
export async function getDelivery(db: ReadDb, userId: string): Promise<NotificationDelivery> {
  const [row] = await db
    .select({ delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row?.delivery ?? 'immediate';
}

export async function setDelivery(db: Db, userId: string, delivery: NotificationDelivery): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, delivery })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { delivery, updatedAt: new Date() } });
}

export interface Recipient {
  userId: string;
  email: string;
  name: string;
  /** The person gave `name` (issue 41): else the digest greets their address. */
  nameGiven: boolean;
  delivery: NotificationDelivery;
  lastDigestAt: Date | null;
}

/** The accounts with notifications not yet mailed, with their delivery. */
export async function recipientsWithUnmailed(db: ReadDb, userIds?: readonly string[]): Promise<Recipient[]> {
  const rows = await db
    .selectDistinct({
      userId: users.id,
      email: users.email,
      name: users.name,
      nameGiven: users.nameGiven,
      delivery: notificationPreferences.delivery,
      lastDigestAt: notificationPreferences.lastDigestAt,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(isNull(notifications.emailedAt), userIds ? inArray(notifications.userId, [...userIds]) : undefined));
  return rows.map((r) => ({ ...r, delivery: r.delivery ?? 'immediate' }));
}

/**
 * Takes the account's notifications not yet mailed and marks them mailed in one statement, so two processes never
 * send the same ones. Returns them oldest first.
 */
export async function claimUnmailed(db: Db, userId: string, at = new Date()): Promise<NotificationRow[]> {
  const rows = await db
    .update(notifications)
    .set({ emailedAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.emailedAt)))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** Gives claimed notifications back (the mail could not be sent), so the next attempt sends them. */
export async function unclaim(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ emailedAt: null })
    .where(inArray(notifications.id, [...ids]));
}

export async function markDigestSent(db: Db, userId: string, at = new Date()): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, delivery: 'daily', lastDigestAt: at })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { lastDigestAt: at } });
}

export interface DatasetBasics {
  id: number;
  code: string;
  name: string;
  unit: string;
  frequency: string;
  defaults: Record<string, string>;
  /** Dimension codes in position order (dim1…dimN). */
  dimensions: string[];
}

export async function datasetBasics(db: ReadDb, datasetId: number): Promise<DatasetBasics | undefined> {
  const [row] = await db.select().from(datasets).where(eq(datasets.id, datasetId));
  if (!row) return undefined;
  const dims = await db
    .select({ code: datasetDimensions.code })
    .from(datasetDimensions)
    .where(eq(datasetDimensions.datasetId, datasetId))
    .orderBy(asc(datasetDimensions.position));
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    unit: row.unit,
    frequency: row.frequency,
    defaults: row.defaults,
    dimensions: dims.map((d) => d.code),
  };
}

/** The series of a dataset with these codes (dim1…dimN in order), at the dataset's frequency. */
export async function findSeries(
  db: ReadDb,
  datasetId: number,
  freq: string,
  dims: readonly string[],
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: series.id })
    .from(series)
    .where(
      and(
        eq(series.datasetId, datasetId),
        eq(series.freq, freq),
        sql`${series.dims} = ARRAY[${sql.join(
          dims.map((d) => sql`${d}`),
          sql`, `,
        )}]::text[]`,
      ),
    );
  return row?.id;
}

export interface Point {
  period: number;
  value: number;
  /** Decimals as published (13.0 has 1), when known. */
  decimals: number | null;
}

/** The series' last two values at this place (latest first). */
export async function lastTwoValues(db: ReadDb, seriesId: number, geo: string): Promise<Point[]> {
  const rows = await db
    .select({ period: observations.period, value: observations.value, decimals: observations.decimals })
    .from(observations)
    .where(and(eq(observations.seriesId, seriesId), eq(observations.geo, geo), sql`${observations.value} IS NOT NULL`))
    .orderBy(desc(observations.period))
    .limit(2);
  return rows.map((r) => ({ period: r.period, value: r.value!, decimals: r.decimals }));
}

/** Aggregates a headline prefers when a view names no place, in order. */
const PREFERRED_GEOS = ['EU27_2020', 'EU', 'EA20', 'EA'];

/** The place a headline figure is for: the view's first, else an EU aggregate, else the first place with data. */
export async function headlineGeo(db: ReadDb, seriesId: number, wanted?: string): Promise<string | undefined> {
  if (wanted) return wanted;
  const rows = await db
    .selectDistinct({ geo: observations.geo })
    .from(observations)
    .where(eq(observations.seriesId, seriesId))
    .orderBy(asc(observations.geo));
  const present = new Set(rows.map((r) => r.geo));
  return PREFERRED_GEOS.find((g) => present.has(g)) ?? rows[0]?.geo;
}

export async function geoName(db: ReadDb, code: string): Promise<string> {
  const [row] = await db.select({ name: geos.name }).from(geos).where(eq(geos.code, code));
  return row?.name ?? code;
}

/** The run's latest revision of a value of this series at this place (a changed value), if it made one. */
export async function revisionOf(
  db: ReadDb,
  runId: number,
  seriesId: number,
  geo: string,
): Promise<{ period: number; oldValue: number | null; newValue: number | null } | undefined> {
  const [row] = await db
    .select({ period: revisions.period, oldValue: revisions.oldValue, newValue: revisions.newValue })
    .from(revisions)
    .where(
      and(
        eq(revisions.importRunId, runId),
        eq(revisions.seriesId, seriesId),
        eq(revisions.geo, geo),
        eq(revisions.kind, 'changed'),
      ),
    )
    .orderBy(desc(revisions.period))
    .limit(1);
  return row;
}

/** The account's unsubscribe token, made on first use (a random secret: whoever holds the link may unsubscribe). */
export async function unsubscribeTokenOf(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ token: notificationPreferences.unsubscribeToken })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  if (row?.token) return row.token;
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const token = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  await db
    .insert(notificationPreferences)
    .values({ userId, unsubscribeToken: token })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { unsubscribeToken: sql`COALESCE(${notificationPreferences.unsubscribeToken}, ${token})` },
    });
  const [after] = await db
    .select({ token: notificationPreferences.unsubscribeToken })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return after!.token!;
}

/** Whose token this is, with their address and delivery; undefined for an unknown token. */
export async function findByUnsubscribeToken(
  db: ReadDb,
  token: string,
): Promise<{ userId: string; email: string; delivery: NotificationDelivery } | undefined> {
  const [row] = await db
    .select({ userId: users.id, email: users.email, delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .innerJoin(users, eq(users.id, notificationPreferences.userId))
    .where(eq(notificationPreferences.unsubscribeToken, token));
  return row;
}

/** A series' codes (dim1…dimN). */
export async function seriesCodes(db: ReadDb, seriesId: number): Promise<string[] | undefined> {
  const [row] = await db.select({ dims: series.dims }).from(series).where(eq(series.id, seriesId));
  return row?.dims;
}
