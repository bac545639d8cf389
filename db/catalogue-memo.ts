// The one per-process memo for what only an import changes (dataset metadata, country lists, statistics figures,
// featured charts, sitemaps, sharing cards): each value is kept under the catalogue version it was computed at, and
// recomputed once that version moves. Every import bumps the version (it sets its dataset's updated_at). The release
// event drops what an import made stale at once (dropStaleMemos; server/caches.ts, decision 195).
import type { ReadDb } from './client';
import { datasets } from './schema';

type DatasetRow = typeof datasets.$inferSelect;

export interface CatalogueState {
  /** The database the rows were read from: memoised values belong to it. */
  db: ReadDb;
  /** Changes whenever a dataset is added, removed or re-imported (its updated_at moves). */
  version: string;
  datasets: DatasetRow[];
  byCode: Map<string, DatasetRow>;
}

/** Every dataset row (a handful), read once per request: the version of everything memoised below. */
export async function catalogueState(db: ReadDb): Promise<CatalogueState> {
  const rows = await db.select().from(datasets).orderBy(datasets.id);
  return {
    db,
    version: wholeCatalogueVersion(rows),
    datasets: rows,
    byCode: new Map(rows.map((r) => [r.code, r])),
  };
}

/** The version string of a set of dataset rows (also the version of one dataset's own derived data). */
export function catalogueVersion(rows: readonly Pick<DatasetRow, 'id' | 'updatedAt'>[]): string {
  return rows.map((r) => `${r.id}:${r.updatedAt.getTime()}`).join(',');
}

/**
 * The version of what derives from every dataset: marked apart from a dataset's own (catalogueVersion), which it would
 * equal in a catalogue of one, so that a release can tell which of the two a kept value was computed at.
 */
function wholeCatalogueVersion(rows: readonly Pick<DatasetRow, 'id' | 'updatedAt'>[]): string {
  return `catalogue ${catalogueVersion(rows)}`;
}

interface Entry {
  version: string;
  value: Promise<unknown>;
}

/** Most values kept per group (the part of a key before its first ':'), the least recently used going first. */
export const MEMO_GROUP_LIMIT = 1000;

/** Per database handle, so that two databases in one process (tests, benchmarks) never share a value. */
const memos = new WeakMap<object, Map<string, Map<string, Entry>>>();

export interface MemoOptions {
  /** Most values of this key's group kept at once (keys that come from requests must be bounded). */
  limit?: number;
}

/**
 * The value computed for `key` at `version`; computed at most once per version, also under concurrent callers.
 * A failed computation is forgotten, so the next caller tries again.
 */
export function memoAt<T>(
  db: ReadDb,
  version: string,
  key: string,
  compute: () => Promise<T>,
  options: MemoOptions = {},
): Promise<T> {
  let groups = memos.get(db);
  if (!groups) memos.set(db, (groups = new Map()));
  const groupName = key.split(':', 1)[0]!;
  let entries = groups.get(groupName);
  if (!entries) groups.set(groupName, (entries = new Map()));
  const hit = entries.get(key);
  if (hit && hit.version === version) {
    entries.delete(key);
    entries.set(key, hit);
    return hit.value as Promise<T>;
  }
  const value = compute();
  entries.delete(key);
  entries.set(key, { version, value });
  const limit = options.limit ?? MEMO_GROUP_LIMIT;
  for (const oldest of entries.keys()) {
    if (entries.size <= limit) break;
    entries.delete(oldest);
  }
  const group = entries;
  value.catch(() => {
    if (group.get(key)?.value === value) group.delete(key);
  });
  return value;
}

/** How many values are kept for `db`: in one group, or in all. */
export function memoSize(db: ReadDb, group?: string): number {
  const groups = memos.get(db);
  if (!groups) return 0;
  if (group !== undefined) return groups.get(group)?.size ?? 0;
  let size = 0;
  for (const entries of groups.values()) size += entries.size;
  return size;
}

/**
 * Every version a memoised value can be current at: the whole catalogue's and each dataset's own (catalogueVersion).
 * One statement of two columns per dataset; read on a release event, never per request.
 */
export async function currentDatasetVersions(db: ReadDb): Promise<ReadonlySet<string>> {
  const rows = await db.select({ id: datasets.id, updatedAt: datasets.updatedAt }).from(datasets).orderBy(datasets.id);
  return new Set([wholeCatalogueVersion(rows), ...rows.map((row) => catalogueVersion([row]))]);
}

/**
 * Drops the values of `db` (of one group, or all) computed at a version that is not `current`: those of a dataset an
 * import moved or removed, those of the catalogue before it, and those that also follow the posts (sharing cards, the
 * blog's sitemap), which are computed again when next asked. Answers how many were dropped. Only memory: a value
 * kept at an old version was never served, as every read compares its version.
 */
export function dropStaleMemos(db: ReadDb, current: ReadonlySet<string>, group?: string): number {
  const groups = memos.get(db);
  if (!groups) return 0;
  let dropped = 0;
  for (const [name, entries] of groups) {
    if (group !== undefined && name !== group) continue;
    for (const [key, entry] of entries) {
      if (current.has(entry.version)) continue;
      entries.delete(key);
      dropped++;
    }
  }
  return dropped;
}

/** The version a memoised object was computed at, when its computation marked it (markComputedAt). */
const computedAt = new WeakMap<object, string>();

/**
 * Marks a value a memoAt computation returns with its version, so that what derives from the value is memoised under
 * the same version (the values index of a dataset's metadata, db/queries/observations.ts). Returns the value.
 */
export function markComputedAt<T extends object>(value: T, version: string): T {
  computedAt.set(value, version);
  return value;
}

/** The version `value` was computed at (markComputedAt); undefined for a copy or a value made another way. */
export function computedVersionOf(value: object): string | undefined {
  return computedAt.get(value);
}

/** `memoAt` at the whole catalogue's version: for values derived from several datasets. */
export function memo<T>(
  state: CatalogueState,
  key: string,
  compute: () => Promise<T>,
  options?: MemoOptions,
): Promise<T> {
  return memoAt(state.db, state.version, key, compute, options);
}
