// The content-writing robot (/app/robot, decisions 140–144): templates an editor sets up (a dataset, places,
// sections, a title pattern, a schedule), the drafts each run writes into the review queue (Markdown with every
// number cited), and the blog post a template publishes to.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Citation, Derived } from '../../core/assistant/compose';
import { ROBOT_SCHEDULES, ROBOT_SECTIONS } from '../../core/robot/template';
import { users } from './auth';
import { posts } from './blog';
import { importRuns } from './imports';

export { ROBOT_SECTIONS, ROBOT_SCHEDULES };
export const ROBOT_DRAFT_STATUSES = ['pending', 'published', 'discarded'] as const;

export const robotTemplates = pgTable('robot_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The blog post it publishes to: /blog/{slug}. */
  slug: text('slug').notNull().unique(),
  datasetCode: text('dataset_code').notNull(),
  /** dimN → code of the series written about; a dimension left out takes the dataset's main series. */
  dimensions: jsonb('dimensions')
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** Geo codes: a country, an aggregate or a region, or several. */
  geos: text('geos').array().notNull(),
  sections: text('sections', { enum: ROBOT_SECTIONS }).array().notNull(),
  /** The periods the change section compares across (12: a year for monthly data). */
  changeLag: integer('change_lag').notNull().default(1),
  /** "Inflation in {place}: {value} in {period}". */
  titlePattern: text('title_pattern').notNull(),
  schedule: text('schedule', { enum: ROBOT_SCHEDULES }).notNull().default('after_refresh'),
  /** The post it published to last (null before the first publication, or when the post was deleted). */
  postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The numbers a draft states: each value's citation, and the differences computed from two of them. */
export interface DraftCitations {
  citations: Citation[];
  derived: Derived[];
  /** The post's summary line as the robot wrote it (its values are among the citations). */
  summary?: string;
}

export const robotDrafts = pgTable(
  'robot_drafts',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => robotTemplates.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The Markdown body as the robot wrote it. */
    markdown: text('markdown').notNull(),
    citations: jsonb('citations').$type<DraftCitations>().notNull(),
    /** The import run of the dataset the draft was written from (the data as of then). */
    importRunId: integer('import_run_id').references(() => importRuns.id, { onDelete: 'set null' }),
    /** What started the run: after_refresh, daily, weekly, manual. */
    trigger: text('trigger').notNull(),
    status: text('status', { enum: ROBOT_DRAFT_STATUSES }).notNull().default('pending'),
    /** The editor's title and body; null until edited. */
    editedTitle: text('edited_title'),
    editedMarkdown: text('edited_markdown'),
    /** The post it was published to. */
    postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('robot_drafts_template_idx').on(t.templateId, t.createdAt),
    index('robot_drafts_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
