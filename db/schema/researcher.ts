// The researcher's saved reports (issue 16, decision 147): per user until deleted, each readable by anyone who has
// its share token (unguessable, 32 random bytes) through the shared report page.
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const researchReports = pgTable(
  'research_reports',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    /** The plan that was run (core/researcher/plan.ts ResearchPlan), as the user edited it. */
    plan: jsonb('plan').$type<Record<string, unknown>>().notNull(),
    /** The report (core/researcher/report.ts Report): findings, citations, derived differences, tables, notes. */
    report: jsonb('report').$type<Record<string, unknown>>().notNull(),
    shareToken: text('share_token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('research_reports_user_idx').on(t.userId, t.createdAt)],
);
