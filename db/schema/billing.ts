// Stripe billing: customers and subscriptions of users or organizations, and the webhook events already handled
// (docs/decisions/075, 076).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organizations } from './organizations';

/** Whose a Stripe object is: exactly one of a user and an organization. */
const oneOwner = (userId: unknown, organizationId: unknown) => sql`(${userId} IS NULL) <> (${organizationId} IS NULL)`;

export const billingCustomers = pgTable(
  'billing_customers',
  {
    /** Stripe's customer id (`cus_…`). */
    customerId: text('customer_id').primaryKey(),
    userId: text('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .unique()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('billing_customers_owner_check', oneOwner(t.userId, t.organizationId))],
);

export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    /** Stripe's subscription id (`sub_…`). */
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
    status: text('status').notNull(),
    priceId: text('price_id'),
    /** When the paid period ends; a cancelled or unpaid subscription stays Pro until then. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** `created` (epoch seconds) of the last subscription event applied: older events arriving late are ignored. */
    eventCreated: bigint('event_created', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billing_subscriptions_user_idx').on(t.userId),
    index('billing_subscriptions_org_idx').on(t.organizationId),
    check('billing_subscriptions_owner_check', oneOwner(t.userId, t.organizationId)),
  ],
);

/** Webhook events handled, by Stripe's event id: a redelivered event changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
