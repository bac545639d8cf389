// API keys: an account's secrets for the data API, stored as SHA-256 hashes (docs/decisions/070).
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organizations } from './organizations';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Set for an organization's key: its requests count against the organization and its plan (decision 077). */
    organizationId: text('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** The key's first characters (`spk_` and 8 more), shown in lists so a user can tell keys apart. */
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole key; the key itself is shown once and never stored. */
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** When the secret was last replaced (rotate); null if never. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /** Revoked keys stay for the usage history but never authenticate again. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);
