// Applies a verified Stripe event to our billing tables, from the event's own data (no call back to Stripe),
// once per event id (docs/decisions/076).
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import {
  applyInvoice,
  findSubscription,
  linkCustomer,
  ownerExists,
  ownerOfCustomer,
  recordEvent,
  saveSubscription,
  startSubscription,
  type BillingOwner,
} from '../../db/queries/billing';
import { ownerFromReference } from './stripe';

/** The events we act on; others are acknowledged and ignored. */
export const handledEvents = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
/** An expandable field: an id or the object itself. */
const idOf = (v: unknown): string | null => str(v) ?? (v && typeof v === 'object' ? str((v as Obj).id) : null);
const epoch = (v: unknown): Date | null => (typeof v === 'number' && Number.isFinite(v) ? new Date(v * 1000) : null);

/** The subscription's period end: on the object (older API versions) or on its first item (2025-03-31 and later). */
function periodEnd(sub: Obj): Date | null {
  const items = (sub.items as { data?: Obj[] } | undefined)?.data ?? [];
  return epoch(sub.current_period_end) ?? epoch(items[0]?.current_period_end);
}

function priceOf(sub: Obj): string | null {
  const items = (sub.items as { data?: Obj[] } | undefined)?.data ?? [];
  return idOf(items[0]?.price);
}

/** The invoice's subscription: `parent.subscription_details.subscription` since 2025-03-31, `subscription` before. */
function invoiceSubscription(invoice: Obj): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | undefined;
  return idOf(parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
}

function invoicePeriodEnd(invoice: Obj): Date | null {
  const lines = (invoice.lines as { data?: { period?: { end?: unknown } }[] } | undefined)?.data ?? [];
  const ends = lines.map((l) => epoch(l.period?.end)).filter((d): d is Date => d !== null);
  return ends.length > 0 ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null;
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Handles one verified event inside a transaction with its record in `billing_events`: a redelivery (same id) is
 * a no-op, and a failure leaves no record, so Stripe's retry applies it.
 */
export async function applyStripeEvent(db: Db, event: Stripe.Event): Promise<WebhookOutcome> {
  if (!handledEvents.has(event.type)) return 'ignored';
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (!(await recordEvent(t, event.id, event.type))) return 'duplicate';
    const object = event.data.object as unknown as Obj;
    switch (event.type) {
      case 'checkout.session.completed': {
        const owner = ownerFromReference(str(object.client_reference_id) ?? str((object.metadata as Obj)?.owner));
        const customer = idOf(object.customer);
        const subscription = idOf(object.subscription);
        if (!owner || !customer || !(await ownerExists(t, owner))) return 'ignored';
        await linkCustomer(t, customer, owner);
        if (subscription && object.mode === 'subscription')
          await startSubscription(t, { id: subscription, customerId: customer, owner, eventCreated: event.created });
        return 'applied';
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const customer = idOf(object.customer);
        const id = str(object.id);
        if (!customer || !id) return 'ignored';
        const owner: BillingOwner | undefined =
          ownerFromReference(str((object.metadata as Obj | undefined)?.owner)) ??
          (await ownerOfCustomer(t, customer)) ??
          (await ownerOfSaved(t, id));
        // An owner deleted since (its rows went with it): nothing here to change.
        if (!owner || !(await ownerExists(t, owner))) return 'ignored';
        await linkCustomer(t, customer, owner);
        await saveSubscription(t, {
          id,
          customerId: customer,
          owner,
          // A deleted subscription is over; its status says canceled (Pro until the period's end).
          status: event.type === 'customer.subscription.deleted' ? 'canceled' : (str(object.status) ?? 'incomplete'),
          priceId: priceOf(object),
          currentPeriodEnd: periodEnd(object),
          cancelAtPeriodEnd: object.cancel_at_period_end === true,
          eventCreated: event.created,
        });
        return 'applied';
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const subscription = invoiceSubscription(object);
        if (!subscription) return 'ignored';
        await applyInvoice(t, subscription, {
          status: event.type === 'invoice.paid' ? 'active' : 'past_due',
          periodEnd: event.type === 'invoice.paid' ? invoicePeriodEnd(object) : null,
        });
        return 'applied';
      }
    }
    return 'ignored';
  });
}

async function ownerOfSaved(db: Db, subscriptionId: string): Promise<BillingOwner | undefined> {
  const row = await findSubscription(db, subscriptionId);
  if (!row) return undefined;
  return row.userId ? { kind: 'user', id: row.userId } : { kind: 'organization', id: row.organizationId! };
}
