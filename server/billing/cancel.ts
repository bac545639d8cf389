// Cancelling at Stripe what an account or organization deletion would otherwise leave charging (docs/decisions/078).
import Stripe from 'stripe';
import type { Db } from '../../db/client';
import { chargeableSubscriptions, markCancelled, type BillingOwner } from '../../db/queries/billing';
import { stripeClient, type BillingSettings } from './stripe';

/** Said when a deletion is refused because Stripe could not confirm the cancellation. */
export const CANCEL_UNAVAILABLE =
  'Your Pro subscription could not be cancelled at Stripe right now, so nothing was deleted. Please try again in a few minutes.';

/** Stripe (or its settings) could not cancel a subscription: the caller must not delete its owner. */
export class CancelUnavailable extends Error {
  constructor(
    readonly subscriptionId: string,
    cause?: unknown,
  ) {
    super(`Stripe could not cancel ${subscriptionId}`, { cause });
  }
}

/**
 * Cancels at Stripe, at once, every subscription of these owners that may still charge, and marks each cancelled
 * here. A subscription Stripe no longer knows counts as cancelled. Throws CancelUnavailable when Stripe cannot be
 * reached or refuses (or billing is not configured while a live subscription exists): the owner must then stay.
 */
export async function cancelSubscriptionsAtStripe(
  db: Db,
  settings: Pick<BillingSettings, 'secretKey' | 'apiUrl'> | null,
  owners: BillingOwner[],
  now: () => Date = () => new Date(),
): Promise<number> {
  const live = await chargeableSubscriptions(db, owners);
  if (live.length === 0) return 0;
  if (!settings) throw new CancelUnavailable(live[0]!.id);
  const stripe = stripeClient(settings);
  for (const sub of live) {
    try {
      await stripe.subscriptions.cancel(sub.id);
    } catch (error) {
      const gone = error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
      if (!gone) {
        console.warn('[billing] cancelling', sub.id, 'failed:', error instanceof Error ? error.message : error);
        throw new CancelUnavailable(sub.id, error);
      }
    }
    await markCancelled(db, sub.id, now());
  }
  return live.length;
}
