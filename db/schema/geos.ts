// Geographies: countries, aggregates and NUTS regions with English names, levels and parents.
import { integer, pgTable, text } from 'drizzle-orm/pg-core';

export const geos = pgTable('geos', {
  /** Eurostat code: DE, EL, UK, XK, EU27_2020, EA20, DE1, DE11 … */
  code: text('code').primaryKey(),
  /** English (countries, aggregates) or Latin-script (NUTS regions) name. */
  name: text('name').notNull(),
  /** The name, made unique with the code where names repeat (Berlin is DE3, DE30 and DE300): the API's keys. */
  label: text('label').notNull().unique(),
  /** 0 for countries and aggregates, 1-3 for NUTS regions. */
  level: integer('level').notNull(),
  parent: text('parent'),
  kind: text('kind', { enum: ['country', 'aggregate', 'region'] }).notNull(),
  /** ISO 3166 numeric code, for the world map outlines. */
  isoNumeric: text('iso_numeric'),
});
