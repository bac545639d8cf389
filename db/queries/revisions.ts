// Vintages (decision 125): every value as it was published, from `observations` (what stands now) and `revisions`
// (each change an import made, with the value before it). The ALFRED model: a value stood from the run that
// published it until the run that changed or removed it; `as_of` asks for the values that stood at a time.
import { sql, type SQL } from 'drizzle-orm';
import { formatPeriod, frequencySchema } from '../../core/periods';
import type { DatasetMeta } from '../../core/schemas/dataset';
import { catalogueVersion, memoAt } from '../catalogue-memo';
import type { ReadDb } from '../client';
import type { DatasetRow } from '../schema/datasets';
import { isoText as iso, pgArray, queryRows } from '../sql';

/**
 * The dataset's values as they stood at `asOf`, shaped like `observations` (series_id, geo, period, value, decimals,
 * flags), for use in place of the table. A key's first revision after `asOf` holds the value that stood then (its old
 * value; none when it was 'added' after); a key with no revision after `asOf` stands as it is now. The time of a
 * revision is its import run's finish (when the database began to serve it), not the source's release date.
 */
export function observationsAsOf(datasetId: number, asOf: Date): SQL {
  const at = asOf.toISOString();
  return sql`(
    SELECT o.series_id, o.geo, o.period, o.value, o.decimals, o.flags FROM observations o
    WHERE NOT EXISTS (
      SELECT 1 FROM revisions r JOIN import_runs ir ON ir.id = r.import_run_id
      WHERE r.series_id = o.series_id AND r.geo = o.geo AND r.period = o.period
        AND ir.dataset_id = ${datasetId} AND ir.finished_at > ${at}::timestamptz)
    UNION ALL
    SELECT f.series_id, f.geo, f.period, f.old_value, f.old_decimals, f.old_flags FROM (
      SELECT DISTINCT ON (r.series_id, r.geo, r.period)
        r.series_id, r.geo, r.period, r.kind, r.old_value, r.old_decimals, r.old_flags
      FROM revisions r JOIN import_runs ir ON ir.id = r.import_run_id
      WHERE ir.dataset_id = ${datasetId} AND ir.finished_at > ${at}::timestamptz
      ORDER BY r.series_id, r.geo, r.period, ir.finished_at, r.id) f
    WHERE f.kind <> 'added')`;
}

/** `as_of` before a dataset's first import here: there were no values to show (decision 125: 404, not empty). */
export class NotYetImported extends Error {
  constructor(
    readonly datasetCode: string,
    readonly asOf: Date,
    readonly firstImport: Date | null,
  ) {
    super(
      `${datasetCode} had no values yet at ${asOf.toISOString()}: ` +
        (firstImport
          ? `its first import here finished at ${firstImport.toISOString()}.`
          : 'no finished import of it is on record here.'),
    );
    this.name = 'NotYetImported';
  }
}

export interface Vintage {
  /** When the dataset's first import finished: before it the dataset had no values here. */
  firstImport: Date | null;
  /** The source's release date of the last import finished by `asOf` (its finish when the source gave none). */
  release: Date | null;
  /** Whether `release` is the import's finish (the source gave no date), decision 208. */
  releaseFromImport: boolean;
}

/** What the database knew of a dataset at `asOf`: its first import and the release that stood then. */
export async function vintageAt(db: ReadDb, datasetId: number, asOf: Date): Promise<Vintage> {
  const [row] = await queryRows<{
    first: string | Date | null;
    release: string | Date | null;
    from_import: boolean | null;
  }>(
    db,
    sql`SELECT
      (SELECT ${iso(sql`min(finished_at)`)} FROM import_runs
        WHERE dataset_id = ${datasetId} AND status = 'succeeded') AS first,
      (SELECT ${iso(sql`COALESCE(release_date, finished_at)`)} FROM import_runs
        WHERE dataset_id = ${datasetId} AND status = 'succeeded' AND finished_at <= ${asOf.toISOString()}::timestamptz
        ORDER BY finished_at DESC, id DESC LIMIT 1) AS release,
      (SELECT release_date IS NULL FROM import_runs
        WHERE dataset_id = ${datasetId} AND status = 'succeeded' AND finished_at <= ${asOf.toISOString()}::timestamptz
        ORDER BY finished_at DESC, id DESC LIMIT 1) AS from_import`,
  );
  return {
    firstImport: toDate(row?.first ?? null),
    release: toDate(row?.release ?? null),
    releaseFromImport: row?.from_import === true,
  };
}

export type RevisionKind = 'added' | 'changed' | 'removed';

export interface RevisionQuery {
  /** Only revisions recorded at or after this time. */
  since?: Date;
  /** dim1..dimN → codes (the one parser's selection); a dimension left out or '*' means every value. */
  dims?: Record<string, string[] | '*'>;
  countries?: string[];
  /** Period ordinals in the dataset's frequency, inclusive. */
  from?: number;
  to?: number;
  kinds: RevisionKind[];
  limit: number;
  offset: number;
}

export interface RevisionItem {
  series_id: number;
  series_key: Record<string, string>;
  geo: string;
  geo_name: string;
  period: string;
  kind: RevisionKind;
  old_value: number | null;
  old_flags: string | null;
  new_value: number | null;
  new_flags: string | null;
  /** When the import that made the revision finished (ISO 8601). */
  revised_at: string;
  /** The source's release date of that import, when it gave one (ISO 8601). */
  release_date: string | null;
  import_run_id: number;
}

interface RevisionRow {
  series_id: number;
  dims: string[];
  geo: string;
  geo_name: string;
  period: number;
  kind: RevisionKind;
  old_value: number | null;
  old_flags: string | null;
  new_value: number | null;
  new_flags: string | null;
  revised_at: string | Date;
  release_date: string | Date | null;
  import_run_id: number;
}

/** A dataset's revisions in its own frequency, newest first, with the total for paging. */
export async function listRevisions(
  db: ReadDb,
  meta: DatasetMeta,
  q: RevisionQuery,
): Promise<{ items: RevisionItem[]; total: number }> {
  const where: SQL[] = [
    sql`ir.dataset_id = ${meta.id}`,
    sql`s.freq = ${meta.frequency}`,
    sql`r.kind = ANY(${pgArray(q.kinds)}::text[])`,
  ];
  if (q.since) where.push(sql`ir.finished_at >= ${q.since.toISOString()}::timestamptz`);
  for (const [i, dim] of meta.dimensions.entries()) {
    const chosen = q.dims?.[dim.key];
    if (chosen && chosen !== '*') where.push(sql`s.dims[${i + 1}] = ANY(${pgArray(chosen)}::text[])`);
  }
  if (q.countries) where.push(sql`r.geo = ANY(${pgArray(q.countries)}::text[])`);
  if (q.from !== undefined) where.push(sql`r.period >= ${q.from}`);
  if (q.to !== undefined) where.push(sql`r.period <= ${q.to}`);
  const from = sql`FROM revisions r JOIN import_runs ir ON ir.id = r.import_run_id JOIN series s ON s.id = r.series_id
    JOIN geos g ON g.code = r.geo WHERE ${sql.join(where, sql` AND `)}`;
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::integer AS n ${from}`);
  const rows = await queryRows<RevisionRow>(
    db,
    sql`SELECT r.series_id, s.dims, r.geo, g.label AS geo_name, r.period, r.kind, r.old_value, r.old_flags,
        r.new_value, r.new_flags, ${iso(sql`ir.finished_at`)} AS revised_at, ${iso(sql`ir.release_date`)} AS release_date,
        r.import_run_id
      ${from}
      ORDER BY ir.finished_at DESC, r.import_run_id DESC, r.series_id, r.geo, r.period
      LIMIT ${q.limit} OFFSET ${q.offset}`,
  );
  const freq = frequencySchema.parse(meta.frequency);
  return {
    total: count?.n ?? 0,
    items: rows.map((r) => ({
      series_id: r.series_id,
      series_key: Object.fromEntries(meta.dimensions.map((d, i) => [`${d.key}_value`, r.dims[i] ?? ''])),
      geo: r.geo,
      geo_name: r.geo_name,
      period: formatPeriod(freq, Number(r.period)),
      kind: r.kind,
      old_value: r.old_value,
      old_flags: r.old_flags,
      new_value: r.new_value,
      new_flags: r.new_flags,
      revised_at: toDate(r.revised_at)!.toISOString(),
      release_date: toDate(r.release_date)?.toISOString() ?? null,
      import_run_id: Number(r.import_run_id),
    })),
  };
}

/** Consecutive periods: from and to (equal for one period) and how many. */
export interface PeriodRun {
  from: string;
  to: string;
  count: number;
}

export interface ReleaseRevision {
  geo: string;
  geoName: string;
  period: string;
  oldValue: number | null;
  oldFlags: string | null;
  newValue: number | null;
  newFlags: string | null;
}

/** The dataset page's "What changed" section: the last import that changed anything, as the source dated it. */
export interface LastRelease {
  importRunId: number;
  /** The source's release date (Eurostat's `updated`, the file's LAST UPDATE), else when the import finished. */
  releaseDate: string;
  /** Whether releaseDate is the source's (false: the source gave none, it is the import's finish). */
  sourceDated: boolean;
  /** An earlier release of the dataset fell on the same UTC day (Eurostat publishes at 11:00 and 23:00). */
  sameDayAsEarlier: boolean;
  importedAt: string;
  /** The first import of the dataset: everything was new, nothing was revised. */
  first: boolean;
  added: number;
  changed: number;
  removed: number;
  /** Periods (M/YYYY …) that had no value in the dataset before this release, as runs of consecutive periods. */
  newPeriods: PeriodRun[];
  /** The largest changes of the main series' values (every dimension at its default), largest first. */
  largest: ReleaseRevision[];
}

/** `lastRelease`, computed once per import of the dataset (the one memo, decision 006). */
export function getLastRelease(db: ReadDb, row: DatasetRow, meta: DatasetMeta): Promise<LastRelease | null> {
  return memoAt(db, catalogueVersion([row]), `release:${row.id}`, () => lastRelease(db, meta));
}

/** The last release that changed the dataset, with its new periods and its largest revisions of the main series. */
export async function lastRelease(db: ReadDb, meta: DatasetMeta, limit = 5): Promise<LastRelease | null> {
  const [run] = await queryRows<{
    id: number;
    release_date: string | Date | null;
    finished_at: string | Date;
    added: number;
    changed: number;
    removed: number;
    first: boolean;
    same_day: boolean;
  }>(
    db,
    sql`SELECT ir.id, ${iso(sql`ir.release_date`)} AS release_date, ${iso(sql`ir.finished_at`)} AS finished_at, ir.added, ir.changed, ir.removed,
        NOT EXISTS (SELECT 1 FROM import_runs p WHERE p.dataset_id = ir.dataset_id AND p.status = 'succeeded'
          AND (p.finished_at, p.id) < (ir.finished_at, ir.id)) AS first,
        EXISTS (SELECT 1 FROM import_runs p WHERE p.dataset_id = ir.dataset_id AND p.status = 'succeeded'
          AND p.added + p.changed + p.removed > 0 AND (p.finished_at, p.id) < (ir.finished_at, ir.id)
          AND (COALESCE(p.release_date, p.finished_at) AT TIME ZONE 'UTC')::date
            = (COALESCE(ir.release_date, ir.finished_at) AT TIME ZONE 'UTC')::date) AS same_day
      FROM import_runs ir
      WHERE ir.dataset_id = ${meta.id} AND ir.status = 'succeeded' AND ir.added + ir.changed + ir.removed > 0
      ORDER BY ir.finished_at DESC, ir.id DESC LIMIT 1`,
  );
  if (!run) return null;
  const freq = frequencySchema.parse(meta.frequency);
  const main = meta.dimensions.map((d, i) => sql`s.dims[${i + 1}] = ${d.default}`);
  // A period is new when every value the dataset has there came with this release.
  const periods = run.first
    ? []
    : await queryRows<{ period: number }>(
        db,
        sql`WITH a AS (
            SELECT r.period, count(*) AS n FROM revisions r JOIN series s ON s.id = r.series_id
            WHERE r.import_run_id = ${run.id} AND r.kind = 'added' AND s.freq = ${meta.frequency}
            GROUP BY r.period),
          o AS (
            SELECT o.period, count(*) AS n FROM observations o JOIN series s ON s.id = o.series_id
            WHERE s.dataset_id = ${meta.id} AND s.freq = ${meta.frequency} AND o.period IN (SELECT period FROM a)
            GROUP BY o.period)
          SELECT a.period FROM a JOIN o ON o.period = a.period AND o.n = a.n
          ORDER BY a.period`,
      );
  const largest = await queryRows<{
    geo: string;
    geo_name: string;
    period: number;
    old_value: number | null;
    old_flags: string | null;
    new_value: number | null;
    new_flags: string | null;
  }>(
    db,
    sql`SELECT r.geo, g.label AS geo_name, r.period, r.old_value, r.old_flags, r.new_value, r.new_flags
      FROM revisions r JOIN series s ON s.id = r.series_id JOIN geos g ON g.code = r.geo
      WHERE r.import_run_id = ${run.id} AND r.kind = 'changed' AND s.freq = ${meta.frequency}
        ${main.length > 0 ? sql`AND ${sql.join(main, sql` AND `)}` : sql``}
      ORDER BY abs(COALESCE(r.new_value, 0) - COALESCE(r.old_value, 0)) DESC, r.period DESC, g.label
      LIMIT ${limit}`,
  );
  const importedAt = toDate(run.finished_at)!;
  const released = toDate(run.release_date);
  return {
    importRunId: Number(run.id),
    releaseDate: (released ?? importedAt).toISOString(),
    sourceDated: released !== null,
    sameDayAsEarlier: run.same_day,
    importedAt: importedAt.toISOString(),
    first: run.first,
    added: run.added,
    changed: run.changed,
    removed: run.removed,
    newPeriods: runsOf(periods.map((p) => Number(p.period))).map(([lo, hi]) => ({
      from: formatPeriod(freq, lo),
      to: formatPeriod(freq, hi),
      count: hi - lo + 1,
    })),
    largest: largest.map((r) => ({
      geo: r.geo,
      geoName: r.geo_name,
      period: formatPeriod(freq, Number(r.period)),
      oldValue: r.old_value,
      oldFlags: r.old_flags,
      newValue: r.new_value,
      newFlags: r.new_flags,
    })),
  };
}

/** Sorted ordinals as [first, last] runs of consecutive ones. */
function runsOf(ordinals: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const o of ordinals) {
    const last = runs[runs.length - 1];
    if (last && o === last[1] + 1) last[1] = o;
    else runs.push([o, o]);
  }
  return runs;
}

function toDate(value: string | Date | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}
