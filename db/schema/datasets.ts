// Datasets, their dimensions and dimension values, and the category tree.
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp, char } from 'drizzle-orm/pg-core';

export const datasets = pgTable('datasets', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  sourceName: text('source_name').notNull(),
  sourceUrl: text('source_url').notNull(),
  unit: text('unit').notNull().default(''),
  /** The frequency of the main series: A, S, Q, M, W or D (core/periods.ts). */
  frequency: char('frequency', { length: 1 }).notNull(),
  /** Dimension code → code of the main series' value for that dimension. */
  defaults: jsonb('defaults')
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** What the source file said about itself beyond our columns (JSON-stat `extension`), as published; null if nothing. */
  extension: jsonb('extension').$type<Record<string, unknown>>(),
  lastUpdate: timestamp('last_update', { withTimezone: true }),
  oldestPeriod: integer('oldest_period'),
  latestPeriod: integer('latest_period'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A row of `datasets` as read. */
export type DatasetRow = typeof datasets.$inferSelect;

export const datasetDimensions = pgTable(
  'dataset_dimensions',
  {
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    /** 1..N, exposed as dim1..dimN. */
    position: integer('position').notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.position] })],
);

export const dimensionValues = pgTable(
  'dimension_values',
  {
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.position, t.code] })],
);

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  parentId: integer('parent_id'),
});

export const datasetCategories = pgTable(
  'dataset_categories',
  {
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.categoryId] })],
);
