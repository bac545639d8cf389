// Eurostat code lists fetched from its SDMX API once and cached, so label-only files map back to codes.
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One code of a cached code list, with its English label. */
export const codelistCodes = pgTable(
  'codelist_codes',
  {
    /** The dimension the list is for, lower case as files name it: indic_bt, nace_r2, unit … */
    codelist: text('codelist').notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.codelist, t.code] })],
);

/** When each code list was fetched, and from where: a list is fetched once. */
export const codelistFetches = pgTable('codelist_fetches', {
  codelist: text('codelist').primaryKey(),
  source: text('source').notNull(),
  codes: integer('codes').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
