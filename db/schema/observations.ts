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
  (t) => [primaryKey({ columns: [t.seriesId, t.geo, t.period] }), index('observations_geo').on(t.geo)],
);
