// SDMX's updatedAfter and includeHistory over the vintages (decisions 125, 204): the observations of a selection as
// each release set them, from `observations` and `revisions`. Apart from revisions.ts, which observations.ts reads.
import { sql } from 'drizzle-orm';
import type { DatasetMeta } from '../../core/schemas/dataset';
import type { ReadDb } from '../client';
import { isoText as iso, queryRows } from '../sql';
import { selectionWhere, type DataSelection, type ObservationRow } from './observations';

/**
 * An observation as a release set it (SDMX's updatedAfter and includeHistory, decision 204): `Replace`, its value and
 * flags stood from `validFrom`; `Delete`, a release removed it then (no value nor flags).
 */
export interface TimelineRow extends ObservationRow {
  action: 'Replace' | 'Delete';
  /** When the release that set it finished here (ISO 8601); null for updatedAfter's latest state. */
  validFrom: string | null;
}

export interface TimelineQuery {
  /** Only what releases finished after this time changed (SDMX's updatedAfter). */
  after?: Date;
  /** Every vintage (SDMX's includeHistory); else the latest state of what changed after `after`. */
  history: boolean;
}

/**
 * The observations of a selection as releases set them, from `observations` (what stands now) and `revisions` (the
 * value before each change), in one statement; at most `atMost` rows, else null (the caller's value cap).
 * - history: each value that stood, from the release that set it (a key's first value from the dataset's first
 *   import) — the old value of each revision that was not an addition, and the value standing now — and each
 *   removal; with `after`, only those set after it.
 * - after alone: the keys a release after it changed, added or removed, as they stand now; removed ones that stood
 *   at `after` as Delete (one added and removed since was never seen); every value when the dataset's first import
 *   here finished after it.
 * Times are the import runs' finish, as `as_of` reads them (observationsAsOf).
 */
export async function readTimeline(
  db: ReadDb,
  meta: DatasetMeta,
  sel: DataSelection,
  q: TimelineQuery,
  atMost: number,
): Promise<TimelineRow[] | null> {
  const where = selectionWhere(meta, sel);
  const after = q.after?.toISOString() ?? null;
  const first = sql`(SELECT min(finished_at) FROM import_runs WHERE dataset_id = ${meta.id} AND status = 'succeeded')`;
  const revs = sql`SELECT o.series_id, o.geo, o.period, o.kind, o.old_value, o.old_decimals, o.old_flags,
      ir.finished_at AS at,
      lag(ir.finished_at) OVER (PARTITION BY o.series_id, o.geo, o.period ORDER BY ir.finished_at, o.id) AS prev_at
    FROM series s JOIN revisions o ON o.series_id = s.id JOIN import_runs ir ON ir.id = o.import_run_id
    WHERE ${where} AND ir.dataset_id = ${meta.id}`;
  const source = q.history
    ? sql`(WITH revs AS (${revs}), t AS (
          SELECT series_id, geo, period, old_value AS value, old_decimals AS decimals, old_flags AS flags,
            'Replace' AS action, COALESCE(prev_at, ${first}) AS valid_from
          FROM revs WHERE kind <> 'added'
          UNION ALL
          SELECT series_id, geo, period, NULL, NULL, NULL, 'Delete', at FROM revs WHERE kind = 'removed'
          UNION ALL
          SELECT o.series_id, o.geo, o.period, o.value, o.decimals, o.flags, 'Replace', COALESCE(l.at, ${first})
          FROM series s JOIN observations o ON o.series_id = s.id
            LEFT JOIN (SELECT series_id, geo, period, max(at) AS at FROM revs GROUP BY series_id, geo, period) l
              ON l.series_id = o.series_id AND l.geo = o.geo AND l.period = o.period
          WHERE ${where})
        SELECT * FROM t WHERE ${after}::timestamptz IS NULL OR t.valid_from > ${after}::timestamptz) h`
    : sql`(WITH changed AS (
          SELECT DISTINCT ON (series_id, geo, period) series_id, geo, period, kind FROM (${revs}) r
          WHERE r.at > ${after}::timestamptz ORDER BY series_id, geo, period, r.at)
        SELECT o.series_id, o.geo, o.period, o.value, o.decimals, o.flags, 'Replace' AS action,
          NULL::timestamptz AS valid_from
        FROM series s JOIN observations o ON o.series_id = s.id
        WHERE ${where} AND (COALESCE(${first} > ${after}::timestamptz, true)
          OR (o.series_id, o.geo, o.period) IN (SELECT series_id, geo, period FROM changed))
        UNION ALL
        SELECT c.series_id, c.geo, c.period, NULL, NULL, NULL, 'Delete', NULL FROM changed c
        WHERE c.kind <> 'added' AND COALESCE(${first} <= ${after}::timestamptz, false)
          AND NOT EXISTS (SELECT 1 FROM observations o
          WHERE o.series_id = c.series_id AND o.geo = c.geo AND o.period = c.period)) h`;
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::integer AS n FROM (SELECT 1 FROM ${source} LIMIT ${atMost + 1}) m`,
  );
  if ((count?.n ?? 0) > atMost) return null;
  const rows = await queryRows<{
    series_id: number;
    dims: string[];
    geo: string;
    geo_name: string;
    period: number;
    value: number | null;
    decimals: number | null;
    flags: string | null;
    action: 'Replace' | 'Delete';
    valid_from: string | null;
  }>(
    db,
    sql`SELECT h.series_id, s.dims, h.geo, g.label AS geo_name, h.period, h.value, h.decimals, h.flags, h.action,
        ${iso(sql`h.valid_from`)} AS valid_from
      FROM ${source} JOIN series s ON s.id = h.series_id JOIN geos g ON g.code = h.geo
      ORDER BY h.valid_from NULLS FIRST, h.series_id, h.period, g.label, h.geo`,
  );
  return rows.map((r) => ({
    seriesId: Number(r.series_id),
    dims: r.dims,
    geo: r.geo,
    geoName: r.geo_name,
    period: Number(r.period),
    value: r.value,
    decimals: r.decimals === null ? null : Number(r.decimals),
    flags: r.flags,
    action: r.action,
    validFrom: r.valid_from,
  }));
}
