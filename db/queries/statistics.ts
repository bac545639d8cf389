// Read queries for the statistics pages: places (countries with data, NUTS children), series lookups and latest values.
import { sql } from 'drizzle-orm';
import type { Frequency } from '../../core/periods';
import type { ReadDb } from '../client';
import { pgArray, queryRows } from '../sql';

export interface Place {
  code: string;
  name: string;
  level: number;
  parent: string | null;
  kind: 'country' | 'aggregate' | 'region';
}

export interface ValueRow {
  geo: string;
  period: number;
  value: number;
  decimals: number | null;
  flags: string | null;
}

export interface SeriesRef {
  seriesId: number;
  datasetId: number;
  frequency: Frequency;
}

/** Countries (not aggregates) with at least one published value, by English name. */
export async function countriesWithData(db: ReadDb): Promise<Place[]> {
  return queryRows<Place>(
    db,
    sql`SELECT g.code, g.name, g.level, g.parent, g.kind FROM geos g
      WHERE g.kind = 'country'
        AND EXISTS (SELECT 1 FROM series_geos sg WHERE sg.geo = g.code)
      ORDER BY g.name`,
  );
}

/** The NUTS regions one level below a country or region, without the extra-regio codes (DEZ, DEZZ …). */
export async function childRegions(db: ReadDb, parent: string): Promise<Place[]> {
  return queryRows<Place>(
    db,
    sql`SELECT g.code, g.name, g.level, g.parent, g.kind FROM geos g
      WHERE g.kind = 'region' AND g.parent = ${parent} AND g.code !~ '^[A-Z]{2}Z+$'
      ORDER BY g.code`,
  );
}

/**
 * The series of a dataset (by code) whose dimensions are the main series' values, except those overridden
 * (dimension code → value code): `{ coicop: 'CP01' }` is the food series of the HICP.
 */
export async function findSeries(
  db: ReadDb,
  datasetCode: string,
  overrides: Record<string, string> = {},
): Promise<SeriesRef | undefined> {
  const rows = await queryRows<SeriesRef>(
    db,
    sql`SELECT s.id AS "seriesId", d.id AS "datasetId", d.frequency
      FROM datasets d JOIN series s ON s.dataset_id = d.id AND s.freq = d.frequency
      WHERE d.code = ${datasetCode}
        AND s.dims = (SELECT array_agg(COALESCE(${JSON.stringify(overrides)}::jsonb ->> dd.code, d.defaults ->> dd.code)
                                       ORDER BY dd.position)
                      FROM dataset_dimensions dd WHERE dd.dataset_id = d.id)`,
  );
  return rows[0];
}

/** The newest `count` published values of one series for one geo, newest first. */
export async function latestValues(db: ReadDb, seriesId: number, geo: string, count: number): Promise<ValueRow[]> {
  return queryRows<ValueRow>(
    db,
    sql`SELECT o.geo, o.period, o.value, o.decimals, o.flags FROM observations o
      WHERE o.series_id = ${seriesId} AND o.geo = ${geo} AND o.value IS NOT NULL
      ORDER BY o.period DESC LIMIT ${count}`,
  );
}

/** Each geo's newest published value of one series (every geo, or those listed). */
export async function latestValuePerGeo(
  db: ReadDb,
  seriesId: number,
  geos?: readonly string[],
): Promise<Map<string, ValueRow>> {
  const only = geos ? sql`AND o.geo = ANY(${pgArray(geos)}::text[])` : sql``;
  const rows = await queryRows<ValueRow>(
    db,
    sql`SELECT DISTINCT ON (o.geo) o.geo, o.period, o.value, o.decimals, o.flags FROM observations o
      WHERE o.series_id = ${seriesId} AND o.value IS NOT NULL ${only}
      ORDER BY o.geo, o.period DESC`,
  );
  return new Map(rows.map((r) => [r.geo, r]));
}

/** Every published value of one series for the geos listed, oldest first. */
export async function seriesValues(db: ReadDb, seriesId: number, geos: readonly string[]): Promise<ValueRow[]> {
  return queryRows<ValueRow>(
    db,
    sql`SELECT o.geo, o.period, o.value, o.decimals, o.flags FROM observations o
      WHERE o.series_id = ${seriesId} AND o.geo = ANY(${pgArray(geos)}::text[]) AND o.value IS NOT NULL
      ORDER BY o.period, o.geo`,
  );
}

export interface DimensionValueRow {
  code: string;
  label: string;
}

/** The values of one dimension (by code, e.g. coicop) of a dataset, in the dataset's order. */
export async function dimensionValuesOf(
  db: ReadDb,
  datasetId: number,
  dimensionCode: string,
): Promise<DimensionValueRow[]> {
  return queryRows<DimensionValueRow>(
    db,
    sql`SELECT v.code, v.label FROM dimension_values v
      JOIN dataset_dimensions dd ON dd.dataset_id = v.dataset_id AND dd.position = v.position
      WHERE v.dataset_id = ${datasetId} AND dd.code = ${dimensionCode}
      ORDER BY v.sort_order`,
  );
}

export interface PlaceCategory {
  slug: string;
  name: string;
  datasets: number;
}

/** The catalogue's categories with how many of their datasets have data for a geo (zero included). */
export async function categoriesForGeo(db: ReadDb, geo: string): Promise<PlaceCategory[]> {
  return queryRows<PlaceCategory>(
    db,
    sql`SELECT c.slug, c.name,
        count(dc.dataset_id) FILTER (WHERE EXISTS (
          SELECT 1 FROM series s JOIN series_geos sg ON sg.series_id = s.id
          WHERE s.dataset_id = dc.dataset_id AND sg.geo = ${geo}))::int AS datasets
      FROM categories c LEFT JOIN dataset_categories dc ON dc.category_id = c.id
      GROUP BY c.id, c.slug, c.name ORDER BY c.id`,
  );
}

/** The newest `count` published values of several series for one geo, in one query. */
export async function latestValuesOfSeries(
  db: ReadDb,
  seriesIds: readonly number[],
  geo: string,
  count: number,
): Promise<Map<number, ValueRow[]>> {
  const out = new Map<number, ValueRow[]>();
  if (seriesIds.length === 0) return out;
  const rows = await queryRows<ValueRow & { seriesId: number }>(
    db,
    sql`SELECT s.id AS "seriesId", v.geo, v.period, v.value, v.decimals, v.flags
      FROM unnest(${pgArray(seriesIds)}::int[]) AS s(id)
      CROSS JOIN LATERAL (
        SELECT o.geo, o.period, o.value, o.decimals, o.flags FROM observations o
        WHERE o.series_id = s.id AND o.geo = ${geo} AND o.value IS NOT NULL
        ORDER BY o.period DESC LIMIT ${count}) v
      ORDER BY s.id, v.period DESC`,
  );
  for (const { seriesId, ...row } of rows) out.set(seriesId, [...(out.get(seriesId) ?? []), row]);
  return out;
}
