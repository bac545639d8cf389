// The search document of each dataset (decision 055): refreshed by every import, read by the catalogue's search.
import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { datasets } from './datasets';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const datasetSearch = pgTable(
  'dataset_search',
  {
    datasetId: integer('dataset_id')
      .primaryKey()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    /** English full-text vector of the unaccented name (weight A), code and categories (B), labels and description (C). */
    document: tsvector('document').notNull(),
    /** The same text unaccented and lower case, for trigram similarity and the vocabulary typos are corrected to. */
    words: text('words').notNull(),
    /** The geo codes that have at least one value: a place in the query keeps only datasets with data for it. */
    geos: text('geos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index('dataset_search_document_idx').using('gin', t.document),
    index('dataset_search_geos_idx').using('gin', t.geos),
  ],
);
