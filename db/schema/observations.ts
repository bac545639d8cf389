// Series (one per combination of dimension values) and their observations, one per geo and period.
import {
  char,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { datasets } from './datasets';

export const series = pgTable(
  'series',
  {
    id: serial('id').primaryKey(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    freq: char('freq', { length: 1 }).notNull(),
    /** Codes of dim1..dimN in dimension order. */
    dims: text('dims').array().notNull(),
  },
  (t) => [unique('series_dataset_key').on(t.datasetId, t.freq, t.dims)],
);

export const observations = pgTable(
  'observations',
  {
    /**
     * A series of `series`. Not a declared foreign key: its per-row check was 40 % of an import's time. Statement-level
     * triggers (migration 0018) keep the same rule for a whole statement at once, and delete a series' observations
     * with it (decision 161).
     */
    seriesId: integer('series_id').notNull(),
    geo: text('geo').notNull(),
    /** Ordinal: year (A), year*2+s-1 (S), year*4+q-1 (Q), year*12+m-1 (M). */
    period: integer('period').notNull(),
    /** null: no value published, but flags were. */
    value: doublePrecision('value'),
    /** Decimal places as published, so 13.0 is shown as 13.0. */
    decimals: smallint('decimals'),
    flags: text('flags'),
  },
  // No index on geo alone: keeping one cost 40 % of an import's COPY. Questions by place ("which places have data",
  // "which datasets cover DE") read `series_geos` (decision 164).
  (t) => [primaryKey({ columns: [t.seriesId, t.geo, t.period] })],
);

/**
 * The places each series has at least one value for: one row per series and geo instead of one per value, kept by
 * the import in the same transaction as the observations (decision 164).
 */
export const seriesGeos = pgTable(
  'series_geos',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    geo: text('geo').notNull(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.geo] }), index('series_geos_geo').on(t.geo)],
);
