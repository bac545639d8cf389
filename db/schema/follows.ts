// Followed charts: one row per followed view (a user may follow several views of one dataset), with the saved view
// of the chart (docs/decisions/100, 198).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { datasets } from './datasets';

/** The chart types a followed view may have (the widget's `ChartType`). */
export const FOLLOW_CHART_TYPES = ['line', 'bar', 'horizontal-bar', 'map', 'table'] as const;
export type FollowChartType = (typeof FOLLOW_CHART_TYPES)[number];

/** The map's pan and zoom, with the drawing size it was made at (specification "Map settings kept"). */
export interface FollowMapTransform {
  x: number;
  y: number;
  scale: number;
  reference_width?: number;
  reference_height?: number;
}

/**
 * Everything the specification keeps of a followed chart, in the API's names. Every field is optional: a field left
 * out is the widget's default (bar, the main series, every country, the latest period, no pan or zoom).
 */
export interface FollowSettings {
  chart_type?: FollowChartType;
  /** dim1…dimN → codes. */
  dimensions?: Record<string, string[]>;
  /** Geo codes; empty: every geo with data. */
  countries?: string[];
  /** Periods as the API writes them (2020, Q1/2020, 3/2020). */
  time_start?: string | null;
  time_end?: string | null;
  /** The map's and horizontal bar's period: -1 is the last one. */
  period_index?: number;
  map_transform?: FollowMapTransform | null;
  show_values?: boolean;
  /** #rrggbb */
  series_color?: string | null;
  custom_series_colors?: string[];
  /** The user's own words; empty or absent: the dataset's name, the view's labels, no note. */
  title?: string;
  subtitle?: string;
  note?: string;
}

export const follows = pgTable(
  'follows',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    settings: jsonb('settings')
      .$type<FollowSettings>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The user's own order on the dashboard (0 first); null: not ordered by hand, newest data first. */
    position: integer('position'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the user last opened this chart or saw it on the dashboard ("what changed since the last visit"). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  // Several views of one dataset per account (decision 198): the same view twice is refused by createFollow, which
  // compares views (db/queries/follows.ts), not by an index.
  (t) => [index('follows_user_dataset_idx').on(t.userId, t.datasetId), index('follows_dataset_idx').on(t.datasetId)],
);
