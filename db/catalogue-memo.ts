// The one per-process memo for what only an import changes (dataset metadata, country lists, statistics figures,
// featured charts, sitemaps, sharing cards): each value is kept under the catalogue version it was computed at, and
// recomputed once that version moves. Every import bumps the version (it sets its dataset's updated_at).
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
    version: catalogueVersion(rows),
    datasets: rows,
    byCode: new Map(rows.map((r) => [r.code, r])),
  };
}

/** The version string of a set of dataset rows (also the version of one dataset's own derived data). */
export function catalogueVersion(rows: readonly Pick<DatasetRow, 'id' | 'updatedAt'>[]): string {
  return rows.map((r) => `${r.id}:${r.updatedAt.getTime()}`).join(',');
}

interface Entry {
  version: string;
  value: Promise<unknown>;
}

/** Most values kept per group (the part of a key before its first ':'), the least recently used going first. */
const DEFAULT_GROUP_LIMIT = 1000;

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
  const limit = options.limit ?? DEFAULT_GROUP_LIMIT;
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
