// Eurostat's catalogue (issue 36, decision 188): every dataset and table its table of contents lists, imported here
// or not, with its place in Eurostat's tree of themes (folders are rows of `categories`). Withdrawn entries are
// marked, never deleted: what was imported of them stays with its history.
import { char, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { categories } from './datasets';

export const catalogueEntries = pgTable('catalogue_entries', {
  /** Eurostat's code, lower case (datasets.code once imported). */
  code: text('code').primaryKey(),
  title: text('title').notNull(),
  /** 'dataset' or 'table', as the table of contents says. */
  kind: text('kind', { enum: ['dataset', 'table'] }).notNull(),
  /** "last update of data" as published (DD.MM.YYYY), and as a time. */
  sourceUpdated: text('source_updated'),
  lastUpdate: timestamp('last_update', { withTimezone: true }),
  /** "last table structure change" as a time. */
  structureChanged: timestamp('structure_changed', { withTimezone: true }),
  /** "data start" and "data end" as published (1997M01, 2019W01, 2020-01-01 …). */
  dataStart: text('data_start'),
  dataEnd: text('data_end'),
  /** The frequency its data start is written in (A, S, Q, M, W, D), or null when it states none. */
  frequency: char('frequency', { length: 1 }),
  /** The first placement's folder codes from the top theme down: the breadcrumbs. */
  themePath: text('theme_path').array().notNull(),
  /** When a table of contents no longer listed it; null while it is listed. */
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  /**
   * The last table of contents that added, changed, withdrew or listed it again: a sync that changes nothing leaves
   * it, so the kept answers' version (db/answer-versions.ts) moves only with the catalogue.
   */
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});

/** Every folder an entry is listed under (a dataset may sit under several themes). */
export const catalogueEntryCategories = pgTable(
  'catalogue_entry_categories',
  {
    code: text('code')
      .notNull()
      .references(() => catalogueEntries.code, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.code, t.categoryId] }),
    index('catalogue_entry_categories_category').on(t.categoryId),
  ],
);

/**
 * Imports asked for of catalogue entries not imported yet (decision 188): by a visitor opening one (page or API),
 * or by an admin for a theme or everything. Worked one at a time, oldest first with visitors' before bulk ones, and
 * resumed after a restart (a row left 'running' by a process that ended goes back to waiting).
 */
export const importRequests = pgTable(
  'import_requests',
  {
    code: text('code').primaryKey(),
    /** 0: a visitor is waiting for it; 1: an admin's bulk import (a theme, everything). */
    priority: integer('priority').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['waiting', 'running', 'done', 'failed'] }).notNull(),
    /** Which process works on it (host and pid), while running. */
    holder: text('holder'),
    attempts: integer('attempts').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Values stored so far of `total`, while importing. */
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    runId: integer('run_id'),
    error: text('error'),
  },
  (t) => [index('import_requests_waiting').on(t.status, t.priority, t.requestedAt)],
);
