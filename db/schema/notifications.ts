// Alerts (docs/decisions/130–134): notifications in the app (the bell), trend-tracking rules and their firings, and
// each account's delivery preference for e-mail.
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { datasets } from './datasets';
import { importRuns } from './imports';
import { series } from './observations';

/** What a notification carries besides its words: the figures a digest and the list show. */
export interface NotificationData {
  /** The dataset's code, for links. */
  code?: string;
  /** Period as the API writes it (M/YYYY, Q1/YYYY, YYYY). */
  period?: string;
  value?: number | null;
  /** The value before: the previous period's (a new period) or the same period's as first published (a revision). */
  previous?: number | null;
  /** The place and series the figures belong to, in words. */
  label?: string;
  unit?: string;
  added?: number;
  changed?: number;
  removed?: number;
}

export const NOTIFICATION_KINDS = ['dataset_update', 'trend_rule'] as const;

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id').references(() => trendRules.id, { onDelete: 'set null' }),
    importRunId: integer('import_run_id').references(() => importRuns.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Site-relative address the notification opens (/datasets/une_rt_m?…). */
    url: text('url').notNull(),
    data: jsonb('data')
      .$type<NotificationData>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When an e-mail carried it (immediately or in a daily digest); null: not mailed (yet, or never when off). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/** above/below: crossing a threshold; moves: the value changes by more than `threshold` points between releases. */
export const TREND_RULE_KINDS = ['above', 'below', 'moves'] as const;
export type TrendRuleKind = (typeof TREND_RULE_KINDS)[number];

export const trendRules = pgTable(
  'trend_rules',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    geo: text('geo').notNull(),
    kind: text('kind', { enum: TREND_RULE_KINDS }).notNull(),
    threshold: doublePrecision('threshold').notNull(),
    /** The series and place in words, fixed when the rule is made ("Germany · Total · Percentage of population"). */
    label: text('label').notNull(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /**
     * above/below: whether the latest value was past the threshold at the last evaluation ('past' or 'within'), so
     * a rule fires once per crossing. moves: unused.
     */
    lastState: text('last_state', { enum: ['past', 'within'] }),
    /** The latest value and its period at the last evaluation (moves compares the next release with it). */
    lastValue: doublePrecision('last_value'),
    lastPeriod: integer('last_period'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trend_rules_user_idx').on(t.userId), index('trend_rules_dataset_idx').on(t.datasetId)],
);

/** Every time a rule fired, with the value that fired it. */
export const trendRuleFirings = pgTable(
  'trend_rule_firings',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => trendRules.id, { onDelete: 'cascade' }),
    importRunId: integer('import_run_id').references(() => importRuns.id, { onDelete: 'set null' }),
    period: integer('period').notNull(),
    value: doublePrecision('value').notNull(),
    previousValue: doublePrecision('previous_value'),
    firedAt: timestamp('fired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trend_rule_firings_rule_idx').on(t.ruleId, t.firedAt)],
);

export const NOTIFICATION_DELIVERIES = ['immediate', 'daily', 'off'] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

/** One row per account that changed the default (immediate); absent: immediate. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  delivery: text('delivery', { enum: NOTIFICATION_DELIVERIES }).notNull().default('immediate'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the last daily digest went out. */
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  /** The secret of the account's one-click unsubscribe link (/unsubscribe?token=…), made with its first digest. */
  unsubscribeToken: text('unsubscribe_token').unique(),
});
