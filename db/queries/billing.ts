// Stripe billing state: who a customer is, subscriptions as the webhook last saw them, handled events, and the plan
// they give (docs/decisions/075, 076).
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Plan } from '../../core/plans';
import type { Db, ReadDb } from '../client';
import { billingCustomers, billingEvents, billingSubscriptions, organizations, users } from '../schema';
import { queryRows } from '../sql';

/** Whose a Stripe object is. */
export type BillingOwner = { kind: 'user'; id: string } | { kind: 'organization'; id: string };

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;

/**
 * A subscription row (alias `s`) that makes its owner Pro at `at`: active or trialing, or cancelled, unpaid or
 * past due but still inside the period already paid for.
 */
export function proSubscriptionSql(at: Date): SQL {
  return sql`(s.status IN ('active', 'trialing') OR (s.status IN ('past_due', 'unpaid', 'canceled') AND s.current_period_end > ${at.toISOString()}::timestamptz))`;
}

/**
 * A user's plan at `at`: Pro when an operator set `users.plan`, when the user's own subscription is Pro, or when an
 * organization the user belongs to has a Pro subscription (an organization's plan covers its members).
 */
export async function userPlan(db: ReadDb, userId: string, at: Date = new Date()): Promise<Plan> {
  const rows = await queryRows<{ plan: Plan }>(
    db,
    sql`SELECT CASE WHEN u.plan = 'pro' OR EXISTS (
          SELECT 1 FROM billing_subscriptions s
          WHERE (s.user_id = u.id OR s.organization_id IN (
            SELECT m.organization_id FROM organization_members m WHERE m.user_id = u.id))
            AND ${proSubscriptionSql(at)}
        ) THEN 'pro' ELSE 'free' END AS plan
        FROM users u WHERE u.id = ${userId}`,
  );
  return rows[0]?.plan ?? 'free';
}

/** An organization's plan at `at`: Pro while it has a Pro subscription. */
export async function organizationPlan(db: ReadDb, organizationId: string, at: Date = new Date()): Promise<Plan> {
  const rows = await queryRows<{ pro: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM billing_subscriptions s
        WHERE s.organization_id = ${organizationId} AND ${proSubscriptionSql(at)}) AS pro`,
  );
  return rows[0]?.pro ? 'pro' : 'free';
}

const ownerWhere = (owner: BillingOwner) =>
  owner.kind === 'user' ? eq(billingCustomers.userId, owner.id) : eq(billingCustomers.organizationId, owner.id);

/** The owner's Stripe customer id, if it ever paid. */
export async function customerOf(db: ReadDb, owner: BillingOwner): Promise<string | undefined> {
  const rows = await db
    .select({ id: billingCustomers.customerId })
    .from(billingCustomers)
    .where(ownerWhere(owner))
    .limit(1);
  return rows[0]?.id;
}

/** Who a Stripe customer is, if we know it. */
export async function ownerOfCustomer(db: ReadDb, customerId: string): Promise<BillingOwner | undefined> {
  const rows = await db.select().from(billingCustomers).where(eq(billingCustomers.customerId, customerId)).limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return row.userId ? { kind: 'user', id: row.userId } : { kind: 'organization', id: row.organizationId! };
}

/** Remembers whose a customer is; a known customer or owner keeps its first mapping. */
export async function linkCustomer(db: Db, customerId: string, owner: BillingOwner): Promise<void> {
  await db
    .insert(billingCustomers)
    .values({
      customerId,
      userId: owner.kind === 'user' ? owner.id : null,
      organizationId: owner.kind === 'organization' ? owner.id : null,
    })
    .onConflictDoNothing();
}

export interface SubscriptionState {
  id: string;
  customerId: string;
  owner: BillingOwner;
  status: string;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The event's `created`, epoch seconds. */
  eventCreated: number;
}

/**
 * Stores a subscription as an event describes it, unless a later event was already applied (Stripe does not promise
 * order).
 */
export async function saveSubscription(db: Db, s: SubscriptionState): Promise<void> {
  const values = {
    id: s.id,
    customerId: s.customerId,
    userId: s.owner.kind === 'user' ? s.owner.id : null,
    organizationId: s.owner.kind === 'organization' ? s.owner.id : null,
    status: s.status,
    priceId: s.priceId,
    currentPeriodEnd: s.currentPeriodEnd,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    eventCreated: s.eventCreated,
    updatedAt: new Date(),
  };
  const { id: _id, userId: _u, organizationId: _o, ...changes } = values;
  await db
    .insert(billingSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: billingSubscriptions.id,
      set: changes,
      setWhere: sql`${billingSubscriptions.eventCreated} <= ${s.eventCreated}`,
    });
}

/** A checkout that completed: the subscription is paid and active until its own events say more. */
export async function startSubscription(
  db: Db,
  s: { id: string; customerId: string; owner: BillingOwner; eventCreated: number },
): Promise<void> {
  await db
    .insert(billingSubscriptions)
    .values({
      id: s.id,
      customerId: s.customerId,
      userId: s.owner.kind === 'user' ? s.owner.id : null,
      organizationId: s.owner.kind === 'organization' ? s.owner.id : null,
      status: 'active',
      eventCreated: 0,
    })
    .onConflictDoNothing();
}

export async function findSubscription(db: ReadDb, id: string): Promise<SubscriptionRow | undefined> {
  const rows = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, id)).limit(1);
  return rows[0];
}

/** An invoice event's effect: paid renews the period and makes it active; failed marks it past due. */
export async function applyInvoice(
  db: Db,
  subscriptionId: string,
  change: { status: 'active' | 'past_due'; periodEnd: Date | null },
): Promise<void> {
  await db
    .update(billingSubscriptions)
    .set({
      status: change.status,
      ...(change.periodEnd && { currentPeriodEnd: change.periodEnd }),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(billingSubscriptions.id, subscriptionId),
        // A cancelled subscription stays cancelled whatever invoice comes late.
        or(isNull(billingSubscriptions.status), sql`${billingSubscriptions.status} <> 'canceled'`),
      ),
    );
}

/** Records a webhook event as handled; false when it already was (a redelivery). */
export async function recordEvent(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(billingEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return rows.length > 0;
}

/** The owner's latest subscription, for the settings page. */
export async function latestSubscription(db: ReadDb, owner: BillingOwner): Promise<SubscriptionRow | undefined> {
  const rows = await db
    .select()
    .from(billingSubscriptions)
    .where(
      owner.kind === 'user'
        ? eq(billingSubscriptions.userId, owner.id)
        : eq(billingSubscriptions.organizationId, owner.id),
    )
    .orderBy(desc(billingSubscriptions.updatedAt))
    .limit(1);
  return rows[0];
}

/** Whether the user or organization an event names still exists (an account may be deleted while Stripe retries). */
export async function ownerExists(db: ReadDb, owner: BillingOwner): Promise<boolean> {
  const rows =
    owner.kind === 'user'
      ? await db.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).limit(1)
      : await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, owner.id)).limit(1);
  return rows.length > 0;
}

/** Subscriptions of these owners that Stripe may still charge (not yet cancelled or expired there). */
export async function chargeableSubscriptions(db: ReadDb, owners: BillingOwner[]): Promise<SubscriptionRow[]> {
  const users = owners.filter((o) => o.kind === 'user').map((o) => o.id);
  const orgs = owners.filter((o) => o.kind === 'organization').map((o) => o.id);
  if (users.length === 0 && orgs.length === 0) return [];
  const owned = [
    ...(users.length > 0 ? [inArray(billingSubscriptions.userId, users)] : []),
    ...(orgs.length > 0 ? [inArray(billingSubscriptions.organizationId, orgs)] : []),
  ];
  return db
    .select()
    .from(billingSubscriptions)
    .where(and(or(...owned), sql`${billingSubscriptions.status} NOT IN ('canceled', 'incomplete_expired')`));
}

/** A subscription cancelled at Stripe by us: no more charges, and no Pro beyond now. */
export async function markCancelled(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(billingSubscriptions)
    .set({ status: 'canceled', cancelAtPeriodEnd: false, currentPeriodEnd: at, updatedAt: at })
    .where(eq(billingSubscriptions.id, id));
}
