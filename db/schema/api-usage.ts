// Data API requests per subject (an account or a client address) per UTC day, for the Free plan's daily limit.
import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const apiUsage = pgTable(
  'api_usage',
  {
    /** `user:<id>` for a signed-in account, `ip:<address>` otherwise. */
    subject: text('subject').notNull(),
    /** The UTC day the requests were made on. */
    day: date('day', { mode: 'string' }).notNull(),
    /**
     * Requests counted against the limit, and counts leased ahead to an app process and not yet handed back (decision
     * 173). Requests past the cap are not in it (decision 243): counts handed back below the cap are counted again.
     */
    count: integer('count').notNull(),
    /** How many of `count` the last write leased to the process that made it (its last ones). */
    leased: integer('leased').notNull().default(0),
    /** Requests refused past the cap on the day: with `count`, the requests made (decision 243). */
    refused: integer('refused').notNull().default(0),
    /** How many of the last write's requests were refused past the cap (its last ones). */
    lastRefused: integer('last_refused').notNull().default(0),
  },
  // The day index serves the clean-up of old days.
  (t) => [primaryKey({ columns: [t.subject, t.day] }), index('api_usage_day_idx').on(t.day)],
);
