// What the settings page's billing section needs, read in the loader through db/queries (one path to the data).
import type { ReadDb } from '#db/client';
import { customerOf, latestSubscription, userPlan } from '#db/queries/billing';
import { listUserOrganizations } from '#db/queries/organizations';
import type { BillingSectionProps } from './billing-section';
import type { BillingOffer } from './billing-client';

export async function billingSettings(db: ReadDb, userId: string, offer: BillingOffer): Promise<BillingSectionProps> {
  const owner = { kind: 'user', id: userId } as const;
  const [plan, sub, customer, orgs] = await Promise.all([
    userPlan(db, userId),
    latestSubscription(db, owner),
    customerOf(db, owner),
    listUserOrganizations(db, userId),
  ]);
  const ownActive =
    sub !== undefined &&
    (['active', 'trialing'].includes(sub.status) ||
      (sub.currentPeriodEnd !== null && sub.currentPeriodEnd.getTime() > Date.now()));
  const proOrg = orgs.find((o) => o.plan === 'pro');
  return {
    offer,
    plan,
    subscription: sub
      ? {
          status: sub.status,
          currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        }
      : null,
    hasCustomer: customer !== undefined,
    coveredBy: plan === 'pro' && !ownActive && proOrg ? proOrg.name : null,
  };
}

/** This server's offer as the load context carries it (server/app.ts); off when the context has none. */
export function billingOffer(context: { billing?: BillingOffer }): BillingOffer {
  return context.billing ?? { configured: false, intervals: [] };
}
