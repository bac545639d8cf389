// Organizations: members with a role, and invitations by e-mail stored as token hashes (docs/decisions/074).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizationRoles, type OrganizationRole } from '../../core/organizations';
import { users } from './auth';

const roleList = (roles: readonly string[]) => sql.raw(roles.map((r) => `'${r}'`).join(', '));

export const organizations = pgTable('organizations', {
  /** `org_` and a UUID, so a Stripe `client_reference_id` tells an organization from a user. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<OrganizationRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index('organization_members_user_idx').on(t.userId),
    check('organization_members_role_check', sql`${t.role} IN (${roleList(organizationRoles)})`),
  ],
);

export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lowercased; only the account with this e-mail may accept. */
    email: text('email').notNull(),
    /** The role the invitee gets: admin or member (an organization has one owner). */
    role: text('role').$type<OrganizationRole>().notNull(),
    /** Hex SHA-256 of the token in the mailed link; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('organization_invitations_org_idx').on(t.organizationId),
    check('organization_invitations_role_check', sql`${t.role} IN ('admin', 'member')`),
  ],
);
