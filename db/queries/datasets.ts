// Read queries for datasets: list and search, one dataset with its dimensions, the series id lookup.
import { catalogueVersion, markComputedAt, memoAt } from '../catalogue-memo';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isRowId } from '../../core/ids';
import type { DatasetMeta, Dimension } from '../../core/schemas/dataset';
import type { ReadDb } from '../client';
import { datasetDimensions, datasets, dimensionValues, series } from '../schema';
import {
  catalogueItems,
  categoriesOf,
  categorySubtree,
  importDatedIds,
  listCatalogue,
  toDataset,
} from './catalogue-items';
import { batchOfTurn, queryRows } from '../sql';
import type { Coverage } from '../../core/default-view';
import { coverageOf, latestPeriodByGeo } from './observations';
import { searchDatasets } from './search';
import type { DatasetListFilters, DatasetSearchResult } from './dataset-list';
import type { DatasetRow } from '../schema/datasets';

export type { DatasetRow } from '../schema/datasets';

export type { DatasetListFilters, DatasetListItem, DatasetSearchResult } from './dataset-list';

/** The catalogue, filtered; with a query, the search's results (db/queries/search.ts, decision 055). */
export async function listDatasets(db: ReadDb, f: DatasetListFilters): Promise<DatasetSearchResult> {
  if (f.q?.trim()) return searchDatasets(db, { ...f, q: f.q });
  // Places are known of imported datasets only: a place in the filter keeps to them.
  if (f.catalogue && !f.geo && f.imported !== true) return listCatalogue(db, f);
  const where: SQL[] = [];
  if (f.frequency) where.push(eq(datasets.frequency, f.frequency));
  if (f.category) {
    const sub = categorySubtree(f.category);
    where.push(sql`(${datasets.id} IN (SELECT dc.dataset_id FROM dataset_categories dc WHERE dc.category_id IN ${sub})
      OR ${datasets.code} IN (SELECT ec.code FROM catalogue_entry_categories ec WHERE ec.category_id IN ${sub}))`);
  }
  if (f.geo) {
    where.push(sql`EXISTS (SELECT 1 FROM series s JOIN series_geos sg ON sg.series_id = s.id
      WHERE s.dataset_id = ${datasets.id} AND sg.geo = ${f.geo})`);
  }
  const condition = where.length ? and(...where) : undefined;
  const order = f.sort === 'updated' ? [desc(datasets.lastUpdate), asc(datasets.name)] : [asc(datasets.name)];
  const rows = await db
    .select({ code: datasets.code })
    .from(datasets)
    .where(condition)
    .orderBy(...order)
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(datasets).where(condition);
  const items = await catalogueItems(
    db,
    rows.map((r) => r.code),
  );
  return { items: rows.map((r) => items.get(r.code)!), total: total?.n ?? 0 };
}

/** Finds a dataset by numeric id or by code (prc_hicp_manr); the lookups of one turn of the event loop share a statement. */
export function findDataset(db: ReadDb, idOrCode: string): Promise<DatasetRow | undefined> {
  const byId = /^\d+$/.test(idOrCode);
  if (byId && !isRowId(Number(idOrCode))) return Promise.resolve(undefined);
  const key = byId ? Number(idOrCode) : idOrCode.toLowerCase();
  // One statement for every dataset asked for in this turn of the event loop (a burst of API requests), read after
  // each of them asked, so a commit before the call is always seen.
  const batch = batchOfTurn(
    lookups,
    db,
    () => new Map(),
    (due) => void readBatch(db, due),
  );
  let waiting = batch.get(key);
  if (!waiting) batch.set(key, (waiting = deferred()));
  return waiting.promise;
}

type Waiting = ReturnType<typeof deferred>;

/** The lookups of the current turn, per database handle (a transaction has its own). */
const lookups = new WeakMap<ReadDb, Map<string | number, Waiting>>();

async function readBatch(db: ReadDb, batch: Map<string | number, Waiting>): Promise<void> {
  const keys = [...batch.keys()];
  const ids = keys.filter((k): k is number => typeof k === 'number');
  const codes = keys.filter((k): k is string => typeof k === 'string');
  try {
    const rows = await db
      .select()
      .from(datasets)
      .where(
        ids.length && codes.length
          ? sql`${inArray(datasets.id, ids)} OR ${inArray(datasets.code, codes)}`
          : ids.length
            ? inArray(datasets.id, ids)
            : inArray(datasets.code, codes),
      );
    const found = new Map<string | number, DatasetRow>();
    for (const row of rows) found.set(row.id, row).set(row.code, row);
    for (const [key, waiting] of batch) waiting.resolve(found.get(key));
  } catch (error) {
    for (const waiting of batch.values()) waiting.reject(error);
  }
}

function deferred() {
  let resolve!: (row: DatasetRow | undefined) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<DatasetRow | undefined>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/**
 * A dataset's metadata, computed once per release of the dataset (its country list scans every observation) and
 * shared by the API, pages, exports and sharing cards. Frozen: callers copy before changing it.
 */
export function getDatasetMeta(db: ReadDb, row: DatasetRow): Promise<DatasetMeta> {
  const version = catalogueVersion([row]);
  return memoAt(db, version, `meta:${row.id}`, async () =>
    markComputedAt(deepFreeze(await readDatasetMeta(db, row)), version),
  );
}

/**
 * Where a dataset's default views end: the latest period most of its places have reached, and the newer partial
 * periods (une_rt_m: 7/2026 has Germany only). One query per release of the dataset, memoised like its metadata.
 */
export function getDatasetCoverage(db: ReadDb, row: DatasetRow, meta: DatasetMeta): Promise<Coverage> {
  return memoAt(db, catalogueVersion([row]), `coverage:${row.id}`, async () =>
    deepFreeze(coverageOf(meta.frequency, await latestPeriodByGeo(db, meta))),
  );
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

async function readDatasetMeta(db: ReadDb, row: DatasetRow): Promise<DatasetMeta> {
  const cats = await categoriesOf(db, [row.id]);
  const importDated = (await importDatedIds(db, [row.id])).has(row.id);
  const dims = await db
    .select()
    .from(datasetDimensions)
    .where(eq(datasetDimensions.datasetId, row.id))
    .orderBy(datasetDimensions.position);
  const values = await db
    .select()
    .from(dimensionValues)
    .where(eq(dimensionValues.datasetId, row.id))
    .orderBy(dimensionValues.position, dimensionValues.sortOrder);
  const dimensions: Dimension[] = dims.map((d) => {
    const vals = values.filter((v) => v.position === d.position).map((v) => ({ code: v.code, label: v.label }));
    const wanted = row.defaults[d.code];
    return {
      key: `dim${d.position}`,
      code: d.code,
      label: d.label,
      values: vals,
      default: vals.some((v) => v.code === wanted) ? wanted! : (vals[0]?.code ?? ''),
    };
  });
  const countries = await queryRows<{ code: string; name: string }>(
    db,
    sql`SELECT g.code, g.label AS name FROM geos g
      WHERE g.code IN (SELECT sg.geo FROM series_geos sg JOIN series s ON s.id = sg.series_id
                       WHERE s.dataset_id = ${row.id})
      ORDER BY g.kind = 'aggregate' DESC, g.level, g.label`,
  );
  return { ...toDataset(row, cats.get(row.id) ?? [], importDated), dimensions, available_countries: countries };
}

/** The dataset id of a series (the specification's data-point lookup). */
export async function datasetIdOfSeries(db: ReadDb, seriesId: number): Promise<number | undefined> {
  if (!isRowId(seriesId)) return undefined;
  const rows = await db.select({ id: series.datasetId }).from(series).where(eq(series.id, seriesId));
  return rows[0]?.id;
}
