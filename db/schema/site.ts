// The public site's own tables: messages sent through the contact form, and redirects of moved pages.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** One of the topics offered by the form (data, api, pricing, collaboration, press, other). */
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    /** When the copy to the operators was handed to the mail transport; null while it has not been. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

export const redirects = pgTable(
  'redirects',
  {
    /** The old path, starting with / and without query or trailing slash (except for / itself). */
    fromPath: text('from_path').primaryKey(),
    /** A path on this site (/datasets/une_rt_m) or an absolute http(s) address. */
    target: text('target').notNull(),
    /** 301 or 308 for a move that is for good, 302 or 307 for a temporary one. */
    status: integer('status').notNull().default(301),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('redirects_status_check', sql`${t.status} IN (301, 302, 307, 308)`)],
);
