// Import runs and the revisions (added, changed or removed values) each run made: every value as it was published
// stays queryable (as_of, decision 125).
import { doublePrecision, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { datasets } from './datasets';

export const importRuns = pgTable(
  'import_runs',
  {
    id: serial('id').primaryKey(),
    datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    format: text('format').notNull(),
    releaseDate: timestamp('release_date', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    seriesCount: integer('series_count').notNull().default(0),
    valueCount: integer('value_count').notNull().default(0),
    added: integer('added').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    /** 'interrupted': the process ended mid-import (kill -9, a crash); found and marked by a later start (decision 066). */
    status: text('status', { enum: ['running', 'succeeded', 'failed', 'interrupted'] }).notNull(),
    error: text('error'),
  },
  (t) => [index('import_runs_dataset').on(t.datasetId, t.finishedAt)],
);

export const revisions = pgTable(
  'revisions',
  {
    id: serial('id').primaryKey(),
    importRunId: integer('import_run_id')
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id').notNull(),
    geo: text('geo').notNull(),
    period: integer('period').notNull(),
    /**
     * 'added': the key had no value before this run (not written for a dataset's first import, whose run time is
     * when all its values appeared); 'changed': value or flags differ; 'removed': the release no longer has it.
     */
    kind: text('kind', { enum: ['added', 'changed', 'removed'] }).notNull(),
    oldValue: doublePrecision('old_value'),
    /** Decimals as published of the old value, so a value as it stood shows as printed then. */
    oldDecimals: smallint('old_decimals'),
    oldFlags: text('old_flags'),
    newValue: doublePrecision('new_value'),
    newFlags: text('new_flags'),
  },
  (t) => [index('revisions_run').on(t.importRunId), index('revisions_series').on(t.seriesId, t.geo)],
);
