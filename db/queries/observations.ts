// Read queries for observations: one dataset's values for a selection of series, geos and periods.
import { sql, type SQL } from 'drizzle-orm';
import { formatPeriod, frequencySchema } from '../../core/periods';
import type { DatasetMeta, Series } from '../../core/schemas/dataset';
import type { ReadDb } from '../client';
import { pgArray, queryRows } from '../sql';

export interface DataSelection {
  /** dim1..dimN → codes; a dimension left out means its default; '*' means every value. */
  dims: Record<string, string[] | '*'>;
  /** Geo codes; undefined means every geo. */
  countries?: string[];
  /** Period ordinals in the dataset's frequency, inclusive. */
  from?: number;
  to?: number;
}

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

/** Rows ordered by series, period and geo name. */
export async function selectObservations(db: ReadDb, meta: DatasetMeta, sel: DataSelection): Promise<ObservationRow[]> {
  const where: SQL[] = [sql`s.dataset_id = ${meta.id}`, sql`s.freq = ${meta.frequency}`];
  for (const [i, dim] of meta.dimensions.entries()) {
    const chosen = sel.dims[dim.key] ?? [dim.default];
    if (chosen !== '*') where.push(sql`s.dims[${i + 1}] = ANY(${pgArray(chosen)}::text[])`);
  }
  if (sel.countries) where.push(sql`o.geo = ANY(${pgArray(sel.countries)}::text[])`);
  if (sel.from !== undefined) where.push(sql`o.period >= ${sel.from}`);
  if (sel.to !== undefined) where.push(sql`o.period <= ${sel.to}`);
  return queryRows<ObservationRow>(
    db,
    sql`SELECT s.id AS "seriesId", s.dims, o.geo, g.label AS "geoName", o.period, o.value, o.decimals, o.flags
      FROM series s JOIN observations o ON o.series_id = s.id JOIN geos g ON g.code = o.geo
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY s.id, o.period, g.label`,
  );
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
