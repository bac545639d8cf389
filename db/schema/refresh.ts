// Scheduled refresh from Eurostat (issue 13, docs/decisions/120): what the source's table of contents said about each
// dataset when we last looked, its retry state, and the one row of scheduler state that admins see.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { importRuns } from './imports';

export const refreshDatasets = pgTable('refresh_datasets', {
  /** Eurostat dataset code (lower case), as in datasets.code. */
  code: text('code').primaryKey(),
  /** The table of contents' "last update of data" as published (e.g. "22.09.2026"), of the release we hold. */
  sourceUpdated: text('source_updated'),
  /** When the table of contents was last compared for this dataset. */
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  /** Failed attempts in a row at importing the current release; 0 once it is imported. */
  failures: integer('failures').notNull().default(0),
  /** No attempt before this time (back-off after failures); null: at the next run. */
  retryAt: timestamp('retry_at', { withTimezone: true }),
  lastError: text('last_error'),
  /** The latest import run the refresh made for this dataset (succeeded or failed). */
  lastRunId: integer('last_run_id').references(() => importRuns.id, { onDelete: 'set null' }),
});

/** One row (id 1): the scheduler's last run, for the admin page and for back-off when Eurostat is unreachable. */
export const refreshState = pgTable('refresh_state', {
  id: integer('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** 'running' | 'succeeded' | 'failed' | 'interrupted' */
  status: text('status'),
  /** Which process runs or ran it: host and pid. */
  holder: text('holder'),
  /** What the run did, or why it failed, in one line. */
  summary: text('summary'),
  /** Failed runs in a row (the table of contents could not be read); 0 after a run that could read it. */
  failures: integer('failures').notNull().default(0),
  /** The next attempt after a failed run (back-off), before the next scheduled time. */
  retryAt: timestamp('retry_at', { withTimezone: true }),
});
