// The catalogue's search (decisions 055, 191): one document per code of the catalogue, imported here or listed by
// Eurostat, kept current by every import and every write to the catalogue; and the vocabulary typos are corrected to.
import { boolean, char, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const searchDocuments = pgTable(
  'search_documents',
  {
    /** The catalogue's code (catalogue_entries.code, datasets.code once imported). */
    code: text('code').primaryKey(),
    /**
     * English full-text vector of the unaccented titles (weight A); code and themes (B); for imported datasets their
     * description, unit, dimension and code labels (C).
     */
    document: tsvector('document').notNull(),
    /** The title's own vector: a term in the title is a closer match than in the themes or labels. */
    titleVector: tsvector('title_vector').notNull(),
    /** Its first three words': a title names its subject first ("Private sector debt - % of GDP" is not about GDP). */
    titleLead: tsvector('title_lead').notNull(),
    /** Its distinct words (three letters or more), counted in search_vocabulary. */
    terms: text('terms').array().notNull(),
    /** Imported: the geo codes with at least one value. Null when not imported: its places are not known here. */
    geos: text('geos').array(),
    /**
     * The stemmed words of the title shown (numbers left out): title words a query does not ask for and few of the
     * other results share ("clothing" in "HICP - clothing") make a dataset narrower than asked.
     */
    titleLexemes: text('title_lexemes').array().notNull(),
    /** The title names a regional breakdown (NUTS regions, metropolitan regions): ranked after unless asked for. */
    regional: boolean('regional').notNull(),
    /** Listed under Eurostat's themes of countries outside the EU (partner countries, candidates): ranked after. */
    abroad: boolean('abroad').notNull(),
    // What the ranking reads of the catalogue entry and the dataset, kept here (search_document_facts, decision 241):
    // joining datasets and catalogue_entries for every document a term matches was a quarter of a search's time.
    /** The title shown: the dataset's name once imported, else the entry's. */
    title: text('title'),
    /** The last update: the dataset's once imported, else Eurostat's. */
    updated: timestamp('updated', { withTimezone: true }),
    kind: text('kind', { enum: ['dataset', 'table'] })
      .notNull()
      .default('dataset'),
    frequency: char('frequency', { length: 1 }),
    /**
     * The entry's last update and last period as Eurostat writes them: a table and the dataset it is drawn from share
     * both (decision 238). Null where either is unknown.
     */
    release: text('release'),
    /** The years its data starts and ends (ends no later than its last update: projections run to 2100). */
    started: integer('started'),
    ended: integer('ended'),
    /** Listed in the catalogue and not withdrawn. */
    listed: boolean('listed').notNull().default(false),
  },
  // GIN indexes without a pending list: the documents are written in bulk and rarely, and a pending list (merged only
  // by VACUUM, which PGlite never runs) would be read in full by every search.
  (t) => [
    index('search_documents_document_idx').using('gin', t.document).with({ fastupdate: false }),
    index('search_documents_geos_idx').using('gin', t.geos).with({ fastupdate: false }),
  ],
);

/** Every word of the documents with the number of documents that use it, for typo correction (trigram similarity). */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  {
    word: text('word').primaryKey(),
    documents: integer('documents').notNull(),
  },
  (t) => [index('search_vocabulary_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops')).with({ fastupdate: false })],
);
