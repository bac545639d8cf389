// Blog posts: the Markdown source with its front matter, and the front-matter fields as columns for listing.
import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    author: text('author').notNull(),
    /** null: a draft, not listed nor served. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Path or https URL of the cover image; null when the post has none. */
    cover: text('cover'),
    /** The whole post as written: front matter and Markdown body. The columns above are derived from it. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('posts_published_at').on(t.publishedAt)],
);
