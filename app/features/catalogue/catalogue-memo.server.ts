// Per-process memo of what only an import changes (countries with data, series ids), keyed by the catalogue's version.
import type { ReadDb } from '../../../db/client';
import { datasets } from '../../../db/schema';
import type { DatasetRow } from '../../../db/queries/datasets';

export interface CatalogueState {
  /** Changes whenever a dataset is added, removed or re-imported (its updated_at moves). */
  version: string;
  datasets: DatasetRow[];
  byCode: Map<string, DatasetRow>;
}

/** Every dataset row (a handful), read once per request: the version of everything memoised below. */
export async function catalogueState(db: ReadDb): Promise<CatalogueState> {
  const rows = await db.select().from(datasets).orderBy(datasets.id);
  return {
    version: rows.map((r) => `${r.id}:${r.updatedAt.getTime()}`).join(','),
    datasets: rows,
    byCode: new Map(rows.map((r) => [r.code, r])),
  };
}

const memos = new Map<string, { version: string; value: Promise<unknown> }>();

/** The value computed for this key at this catalogue version; recomputed after an import. */
export function memo<T>(state: CatalogueState, key: string, compute: () => Promise<T>): Promise<T> {
  const hit = memos.get(key);
  if (hit && hit.version === state.version) return hit.value as Promise<T>;
  const value = compute();
  memos.set(key, { version: state.version, value });
  value.catch(() => memos.delete(key));
  return value;
}
