// Read queries for observations: one dataset's values for a selection of series, geos and periods.
import { sql, type SQL } from 'drizzle-orm';
import { formatPeriod, frequencySchema, parsePeriod, type Frequency } from '../../core/periods';
import type { Coverage } from '../../core/default-view';
import type { DatasetMeta, Series } from '../../core/schemas/dataset';
import type { Selection } from '../../core/selection';
import type { ReadDb } from '../client';
import { computedVersionOf, memoAt } from '../catalogue-memo';
import { batchOfTurn, pgArray, queryRows } from '../sql';
import { observationsAsOf } from './revisions';

/** What the observation query reads: the one parser's selection (core/selection.ts) without its transformation. */
export type DataSelection = Omit<Selection, 'transform'>;

export interface ObservationRow {
  seriesId: number;
  dims: string[];
  geo: string;
  geoName: string;
  period: number;
  value: number | null;
  decimals: number | null;
  flags: string | null;
}

/** The conditions of a selection on `series s JOIN observations o`. */
export function selectionWhere(meta: DatasetMeta, sel: DataSelection): SQL {
  const where: SQL[] = [sql`s.dataset_id = ${meta.id}`, sql`s.freq = ${meta.frequency}`];
  for (const [i, dim] of meta.dimensions.entries()) {
    const chosen = sel.dims[dim.key] ?? [dim.default];
    if (chosen !== '*') where.push(sql`s.dims[${i + 1}] = ANY(${pgArray(chosen)}::text[])`);
  }
  if (sel.countries) where.push(sql`o.geo = ANY(${pgArray(sel.countries)}::text[])`);
  if (sel.from !== undefined) where.push(sql`o.period >= ${sel.from}`);
  if (sel.to !== undefined) where.push(sql`o.period <= ${sel.to}`);
  return sql.join(where, sql` AND `);
}

/** The values read: those standing now, or as they stood at the selection's `asOf` (decision 125). */
function valuesOf(meta: DatasetMeta, sel: DataSelection): SQL {
  return sel.asOf ? observationsAsOf(meta.id, sel.asOf) : sql`observations`;
}

/**
 * Rows ordered by series, period and geo name (code-point order), at most `limit`: which rows when there are more is
 * unspecified (the limit only tells a read past it, which loadView refuses), so they are sorted once, by series and
 * period in the aggregate (not also before the limit) and by place name within those here. Read views through loadView (db/queries/view.ts). The rows travel as one JSON array (one
 * text value, parsed natively) rather than one protocol row each: on PGlite, which parses result rows in JavaScript,
 * that halves the read of a thousand values. A row carries its series id and place code only: the series' dimension
 * values and the places' names come from what is kept per dataset version (versionIndex), which took
 * PostgreSQL's time for a thousand values from 4.4–4.9 ms to about 1.7 (issue 18, decision 176). The reads of one turn of the event
 * loop travel together (readTogether). Today's values of a few named places are read from blocks kept per dataset
 * version instead (fromBlocks, decision 179). The rows are shared and frozen: a caller copies before it changes one.
 */
export async function selectObservations(
  db: ReadDb,
  meta: DatasetMeta,
  sel: DataSelection,
  signal?: AbortSignal,
  limit?: number,
): Promise<ObservationRow[]> {
  const version = computedVersionOf(meta);
  const kept = valueBlocksKept(db);
  if (version !== undefined && kept > 0 && keepsBlocks(meta, sel))
    return fromBlocks(db, meta, version, sel, kept, signal, limit);
  const [text, index] = await Promise.all([
    readTogether(db, valuesQuery(meta, sel, limit), signal),
    versionIndex(db, meta),
  ]);
  return rowsOfCells(db, index, text);
}

/** The statement that reads a selection's values as one JSON array of [series id, geo, period, value, decimals, flags]. */
function valuesQuery(meta: DatasetMeta, sel: DataSelection, limit?: number): SQL {
  return sql`SELECT json_agg(json_build_array(r.series_id, r.geo, r.period, r.value, r.decimals, r.flags)
            ORDER BY r.series_id, r.period)::text AS rows
        FROM (SELECT s.id AS series_id, o.geo, o.period, o.value, o.decimals, o.flags
          FROM series s JOIN ${valuesOf(meta, sel)} o ON o.series_id = s.id
          WHERE ${selectionWhere(meta, sel)}${limit === undefined ? sql`` : sql` LIMIT ${limit}`}) r`;
}

/**
 * The rows of a read's JSON text (valuesQuery), named from the version's index, ordered by series, period and place
 * name.
 */
async function rowsOfCells(db: ReadDb, index: VersionIndex, text: string | null): Promise<ObservationRow[]> {
  if (!text) return [];
  const cells = JSON.parse(text) as [number, string, number, number | null, number | null, string | null][];
  let { names, dims } = index;
  // A place or series this version does not list (a value as it stood before, a series added since): read at once.
  let otherPlaces: Set<string> | undefined;
  let otherSeries: Set<number> | undefined;
  for (const [seriesId, geo] of cells) {
    if (!names.has(geo)) (otherPlaces ??= new Set()).add(geo);
    if (!dims.has(seriesId)) (otherSeries ??= new Set()).add(seriesId);
  }
  if (otherPlaces) names = new Map([...names, ...(await readPlaceNames(db, [...otherPlaces]))]);
  if (otherSeries)
    dims = new Map([...dims, ...(await readSeriesDims(db, sql`id = ANY(${pgArray([...otherSeries])}::integer[])`))]);
  const rows: ObservationRow[] = [];
  for (const [seriesId, geo, period, value, decimals, flags] of cells) {
    const geoName = names.get(geo);
    // A place the places table does not know is not shown (as a join on it would not).
    if (geoName !== undefined)
      rows.push({ seriesId, dims: dims.get(seriesId)!, geo, geoName, period, value, decimals, flags });
  }
  // The database ordered them by series and period; within each, by place name.
  for (let from = 0; from < rows.length;) {
    let to = from + 1;
    while (to < rows.length && rows[to]!.seriesId === rows[from]!.seriesId && rows[to]!.period === rows[from]!.period)
      to++;
    if (to - from > 1) sortRun(rows, from, to);
    from = to;
  }
  return rows;
}

/**
 * Most values a kept block holds (its series times the dataset's periods, for one place): a monthly series since 1942,
 * or a few annual ones. Larger selections are read from the database each time.
 */
export const BLOCK_MOST_VALUES = 1_000;

/**
 * Most blocks kept per process and database (the one memo's group limit), the least recently used going first, unless
 * the server's VALUE_BLOCKS says otherwise (keepValueBlocks): at 114 bytes a row, about 57 MB at the most.
 */
export const BLOCKS_KEPT = 500;

const blocksKept = new WeakMap<ReadDb, number>();

/** How many value blocks reads through `db` keep (the VALUE_BLOCKS setting); 0 reads every value from the database. */
export function keepValueBlocks(db: ReadDb, blocks: number): void {
  blocksKept.set(db, blocks);
}

/** How many value blocks reads through `db` keep (keepValueBlocks, else BLOCKS_KEPT): the bound the registry states. */
export function valueBlocksKept(db: ReadDb): number {
  return blocksKept.get(db) ?? BLOCKS_KEPT;
}

/** The one memo's group the blocks are kept in (server/caches.ts counts and invalidates it by this name). */
export const VALUE_BLOCKS_GROUP = 'value-blocks';

/**
 * The most values a selection can have, from what it names alone: series (the product of each dimension's chosen
 * codes) × places × periods. Null when it names no places, reads an earlier vintage (whose periods may lie outside
 * today's range) or the dataset has no period range.
 */
export function mostValues(meta: DatasetMeta, sel: DataSelection): number | null {
  if (!sel.countries || sel.asOf) return null;
  const oldest = meta.oldest_period ? parsePeriod(meta.oldest_period) : null;
  const latest = meta.latest_period ? parsePeriod(meta.latest_period) : null;
  if (!oldest || !latest || oldest.freq !== meta.frequency || latest.freq !== meta.frequency) return null;
  const from = Math.max(sel.from ?? oldest.ordinal, oldest.ordinal);
  const to = Math.min(sel.to ?? latest.ordinal, latest.ordinal);
  let series = 1;
  for (const dim of meta.dimensions) {
    const chosen = sel.dims[dim.key] ?? [dim.default];
    series *= chosen === '*' ? dim.values.length : chosen.length;
  }
  return series * sel.countries.length * Math.max(0, to - from + 1);
}

/**
 * Most places a selection read from blocks names: a block is read per place (8 to a statement), so a map of a
 * country's regions is read in one statement instead, and does not push every other block out of the memo.
 */
export const BLOCK_MOST_PLACES = 24;

/**
 * Whether a selection is read from kept blocks: today's values of a few named places, each place's block small
 * enough.
 */
function keepsBlocks(meta: DatasetMeta, sel: DataSelection): boolean {
  if (!sel.countries?.length || sel.countries.length > BLOCK_MOST_PLACES || sel.asOf) return false;
  const perPlace = mostValues(meta, { dims: sel.dims, countries: [sel.countries[0]!] });
  return perPlace !== null && perPlace <= BLOCK_MOST_VALUES;
}

/**
 * A selection's values from the blocks of its places (decision 179): each block holds one place's values of the
 * selection's series over every period, read once per dataset version (the one memo) and shared by every request
 * that names the place, whatever other places it names and whatever its period range. A unique country set then costs
 * no statement once its places were read, and the version (bumped by every import) keeps them exact.
 */
async function fromBlocks(
  db: ReadDb,
  meta: DatasetMeta,
  version: string,
  sel: DataSelection,
  kept: number,
  signal: AbortSignal | undefined,
  limit: number | undefined,
): Promise<ObservationRow[]> {
  signal?.throwIfAborted();
  const series = seriesKey(meta, sel);
  const blocks = [...new Set(sel.countries)].map((geo) =>
    memoAt(db, version, `${VALUE_BLOCKS_GROUP}:${meta.id}:${series}:${geo}`, () => readBlock(db, meta, sel.dims, geo), {
      limit: kept,
    }),
  );
  const { from = -Infinity, to = Infinity } = sel;
  const rows: ObservationRow[] = [];
  for (const block of await untilAborted(Promise.all(blocks), signal)) {
    for (const row of block) if (row.period >= from && row.period <= to) rows.push(row);
  }
  // Each block is ordered by series and period; together, by place name within those (as the database read is).
  rows.sort((a, b) => a.seriesId - b.seriesId || a.period - b.period || placeOrder(a, b));
  return limit !== undefined && rows.length > limit ? rows.slice(0, limit) : rows;
}

/** One place's values of the selection's series, every period: frozen, as every request that names it shares them. */
async function readBlock(
  db: ReadDb,
  meta: DatasetMeta,
  dims: DataSelection['dims'],
  geo: string,
): Promise<readonly ObservationRow[]> {
  const one: DataSelection = { dims, countries: [geo] };
  // No request's signal: the read is shared by whoever asks for the place meanwhile, and a block is small.
  const [text, index] = await Promise.all([readTogether(db, valuesQuery(meta, one)), versionIndex(db, meta)]);
  return (await rowsOfCells(db, index, text)).map((row) => Object.freeze(row));
}

/** The series a selection names, one text per set (each dimension's chosen codes, sorted; '*' for all). */
function seriesKey(meta: DatasetMeta, sel: DataSelection): string {
  return meta.dimensions
    .map((dim) => {
      const chosen = sel.dims[dim.key] ?? [dim.default];
      return chosen === '*' ? '*' : JSON.stringify([...new Set(chosen)].sort());
    })
    .join(',');
}

/** `promise`, or the signal's reason as soon as it aborts (the work behind the promise goes on for others). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const leave = () => reject(signal.reason);
    signal.addEventListener('abort', leave, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', leave));
  });
}

/** The order of two rows of one series and period: by place name, then code (code-point order, as COLLATE "C"). */
function placeOrder(a: ObservationRow, b: ObservationRow): number {
  if (a.geoName !== b.geoName) return a.geoName < b.geoName ? -1 : 1;
  return a.geo < b.geo ? -1 : a.geo > b.geo ? 1 : 0;
}

/** Sorts rows[from, to) by place name, then code (a run of one series and period: a few rows, insertion sort). */
function sortRun(rows: ObservationRow[], from: number, to: number): void {
  const before = (a: ObservationRow, b: ObservationRow) => placeOrder(a, b) < 0;
  for (let i = from + 1; i < to; i++) {
    const row = rows[i]!;
    let j = i - 1;
    while (j >= from && before(row, rows[j]!)) {
      rows[j + 1] = rows[j]!;
      j--;
    }
    rows[j + 1] = row;
  }
}

/** What a dataset version's values are read with: its series' dimension values and its places' names. */
interface VersionIndex {
  dims: Map<number, string[]>;
  names: Map<string, string>;
}

/**
 * The index of the metadata's dataset version: read once per version through the one memo (memoAt) when the metadata
 * is the memoised one (getDatasetMeta), else read for this call.
 */
function versionIndex(db: ReadDb, meta: DatasetMeta): Promise<VersionIndex> {
  const read = async (): Promise<VersionIndex> => ({
    dims: await readSeriesDims(db, sql`dataset_id = ${meta.id}`),
    names: new Map(meta.available_countries.map((c) => [c.code, c.name])),
  });
  const version = computedVersionOf(meta);
  return version === undefined ? read() : memoAt(db, version, `values-index:${meta.id}`, read);
}

async function readSeriesDims(db: ReadDb, where: SQL): Promise<Map<number, string[]>> {
  const [row] = await queryRows<{ rows: string | null }>(
    db,
    sql`SELECT json_agg(json_build_array(id, dims))::text AS rows FROM series WHERE ${where}`,
  );
  return new Map(JSON.parse(row?.rows ?? '[]') as [number, string[]][]);
}

async function readPlaceNames(db: ReadDb, codes: string[]): Promise<[string, string][]> {
  const rows = await queryRows<{ code: string; label: string }>(
    db,
    sql`SELECT code, label FROM geos WHERE code = ANY(${pgArray(codes)}::text[])`,
  );
  return rows.map((g) => [g.code, g.label]);
}

/** A read waiting for its turn's statement. */
interface TurnRead {
  query: SQL;
  signal: AbortSignal | undefined;
  resolve: (text: string | null) => void;
  reject: (error: unknown) => void;
}

/** The reads asked for in the current turn of the event loop, per database handle (a transaction has its own). */
const turnReads = new WeakMap<ReadDb, TurnRead[]>();

/**
 * Most reads one statement carries: PostgreSQL runs a statement in one backend, so a large burst is split into several
 * statements that other backends (cores) run beside it, and no answer waits for many others' values.
 */
export const READS_PER_STATEMENT = 8;

/**
 * Runs `query` (one row, one text column) with the other reads asked for in this turn of the event loop: a burst of
 * unique data requests costs a few statements instead of one each (issue 18). On this kind of machine a statement's
 * cost is mostly its round trip (the socket writes that wake PostgreSQL), not the read. A request that leaves stops
 * waiting at once; its statement is cancelled (PostgreSQL) only when every request it reads for has left.
 */
function readTogether(db: ReadDb, query: SQL, signal?: AbortSignal): Promise<string | null> {
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    batchOfTurn(
      turnReads,
      db,
      () => [],
      (reads) => readInStatements(db, reads),
    ).push({ query, signal, resolve, reject });
  });
}

/** The turn's reads of requests still waiting, at most READS_PER_STATEMENT to a statement. */
function readInStatements(db: ReadDb, reads: TurnRead[]): void {
  const live: TurnRead[] = [];
  for (const r of reads) {
    if (r.signal?.aborted) r.reject(r.signal.reason);
    else live.push(r);
  }
  for (let i = 0; i < live.length; i += READS_PER_STATEMENT)
    void readInOneStatement(db, live.slice(i, i + READS_PER_STATEMENT));
}

async function readInOneStatement(db: ReadDb, reads: TurnRead[]): Promise<void> {
  if (reads.length === 1) return readAlone(db, reads[0]!);
  const all = new AbortController();
  let left = 0;
  const leaving = reads.map((r) => {
    const leave = () => {
      r.reject(r.signal!.reason);
      if (++left === reads.length) all.abort();
    };
    r.signal?.addEventListener('abort', leave, { once: true });
    return leave;
  });
  try {
    const columns = reads.map((r, i) => sql`(${r.query}) AS ${sql.raw(`r${i}`)}`);
    // Without a signal among them, nothing can cancel it (and it runs as any unsignalled read does).
    const signal = reads.some((r) => r.signal) ? all.signal : undefined;
    const [row] = await queryRows<Record<string, string | null>>(db, sql`SELECT ${sql.join(columns, sql`, `)}`, signal);
    reads.forEach((r, i) => r.resolve(row?.[`r${i}`] ?? null));
  } catch (error) {
    if (all.signal.aborted) {
      for (const r of reads) r.reject(error);
      return;
    }
    // One read's failure is not the others': each is read again alone, and fails or answers on its own.
    for (const r of reads) void readAlone(db, r);
  } finally {
    reads.forEach((r, i) => r.signal?.removeEventListener('abort', leaving[i]!));
  }
}

async function readAlone(db: ReadDb, r: TurnRead): Promise<void> {
  try {
    const [row] = await queryRows<{ rows: string | null }>(db, r.query, r.signal);
    r.resolve(row?.rows ?? null);
  } catch (error) {
    r.reject(error);
  }
}

/** How many observations selectObservations would return (the same conditions). */
export async function countObservations(
  db: ReadDb,
  meta: DatasetMeta,
  sel: DataSelection,
  signal?: AbortSignal,
  /** Stop counting here: a count that reaches it says "at least this many" for the cost of this many rows. */
  atMost?: number,
): Promise<number> {
  const matching = sql`SELECT 1 FROM series s JOIN ${valuesOf(meta, sel)} o ON o.series_id = s.id
      WHERE ${selectionWhere(meta, sel)}`;
  const [row] = await queryRows<{ n: number }>(
    db,
    atMost === undefined
      ? sql`SELECT count(*)::integer AS n FROM (${matching}) m`
      : sql`SELECT count(*)::integer AS n FROM (${matching} LIMIT ${atMost}) m`,
    signal,
  );
  return row?.n ?? 0;
}

/** The specification's data response: one entry per series, rows per period keyed by country name. */
export function toSeriesList(meta: DatasetMeta, rows: readonly ObservationRow[]): Series[] {
  const freq = frequencySchema.parse(meta.frequency);
  const out: Series[] = [];
  let current: Series | undefined;
  let lastPeriod: number | undefined;
  for (const r of rows) {
    if (!current || current.id !== r.seriesId) {
      current = {
        id: r.seriesId,
        series_key: Object.fromEntries(meta.dimensions.map((d, i) => [`${d.key}_value`, r.dims[i] ?? ''])),
        rows: [],
      };
      out.push(current);
      lastPeriod = undefined;
    }
    if (r.value === null) continue;
    if (lastPeriod !== r.period) {
      current.rows.push({ period: formatPeriod(freq, r.period), values: {} });
      lastPeriod = r.period;
    }
    const row = current.rows[current.rows.length - 1]!;
    row.values[r.geoName] = r.value;
    if (r.flags) (row.flags ??= {})[r.geoName] = r.flags;
  }
  return out;
}

/**
 * Each place's latest period with a value in the dataset's main series (every dimension at its default): one query,
 * memoised per release of the dataset by `getDatasetCoverage`.
 */
export async function latestPeriodByGeo(
  db: ReadDb,
  meta: DatasetMeta,
): Promise<{ geo: string; name: string; latest: number }[]> {
  const where: SQL[] = [sql`s.dataset_id = ${meta.id}`, sql`s.freq = ${meta.frequency}`, sql`o.value IS NOT NULL`];
  for (const [i, dim] of meta.dimensions.entries()) where.push(sql`s.dims[${i + 1}] = ${dim.default}`);
  const rows = await queryRows<{ geo: string; name: string; latest: number | string }>(
    db,
    sql`SELECT o.geo, g.label AS name, MAX(o.period) AS latest
      FROM series s JOIN observations o ON o.series_id = s.id JOIN geos g ON g.code = o.geo
      WHERE ${sql.join(where, sql` AND `)}
      GROUP BY o.geo, g.label`,
  );
  return rows.map((r) => ({ geo: r.geo, name: r.name, latest: Number(r.latest) }));
}

export interface PlaceLatest {
  /** Geo name ('Germany'). */
  name: string;
  /** Ordinal of the place's latest period with a value. */
  latest: number;
}

/**
 * The coverage of a dataset's main series from each place's latest period: the default view ends at the latest
 * period that more than half of the places have reached (une_rt_m: not 7/2026, where only Germany has a figure).
 */
export function coverageOf(freq: Frequency, places: readonly PlaceLatest[]): Coverage {
  if (places.length === 0) return { period: null, partial: [], places: 0 };
  const sorted = [...places].sort((a, b) => b.latest - a.latest || a.name.localeCompare(b.name, 'en'));
  const covered = sorted[Math.floor(sorted.length / 2)]!.latest;
  const newer = new Map<number, string[]>();
  for (const p of sorted) {
    if (p.latest <= covered) continue;
    for (let o = covered + 1; o <= p.latest; o++) newer.set(o, [...(newer.get(o) ?? []), p.name]);
  }
  return {
    period: formatPeriod(freq, covered),
    places: places.length,
    partial: [...newer.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([o, names]) => ({ period: formatPeriod(freq, o), places: names })),
  };
}

/** What holds values under a selection: the series' codes, the places and the period range (SDMX's availability). */
export interface HeldUnder {
  /** Per dimension, in order, the codes of series with a value under the selection. */
  dims: string[][];
  geos: string[];
  from: number;
  to: number;
}

export async function heldUnder(db: ReadDb, meta: DatasetMeta, sel: DataSelection): Promise<HeldUnder | null> {
  const rows = await queryRows<{ dims: string[]; geo: string; lo: number; hi: number }>(
    db,
    sql`SELECT s.dims AS dims, o.geo AS geo, min(o.period)::int AS lo, max(o.period)::int AS hi
        FROM series s JOIN observations o ON o.series_id = s.id
        WHERE ${selectionWhere(meta, sel)} AND o.value IS NOT NULL GROUP BY s.dims, o.geo`,
  );
  if (rows.length === 0) return null;
  const dims = meta.dimensions.map(() => new Set<string>());
  const geos = new Set<string>();
  let from = Infinity;
  let to = -Infinity;
  for (const r of rows) {
    r.dims.forEach((code, i) => dims[i]?.add(code));
    geos.add(r.geo);
    from = Math.min(from, r.lo);
    to = Math.max(to, r.hi);
  }
  return { dims: dims.map((d) => [...d]), geos: [...geos], from, to };
}
