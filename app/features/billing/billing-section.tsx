// Settings: the plan, the subscription as Stripe last reported it, "Upgrade to Pro" and "Manage billing".
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Plan } from '#core/plans';
import { FREE_DAILY_API_REQUESTS } from '#core/plans';
import { BILLING_NOT_CONFIGURED, openPortal, type BillingOffer } from './billing-client';
import { secondaryButtonClass, UpgradeButton } from './upgrade-button';

/** A subscription as the settings page shows it. */
export interface SubscriptionView {
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

export interface BillingSectionProps {
  offer: BillingOffer;
  /** The user's plan, whichever way it comes (own subscription, an organization, an operator). */
  plan: Plan;
  subscription: SubscriptionView | null;
  /** Whether a Customer Portal exists (the user paid once). */
  hasCustomer: boolean;
  /** The organization whose Pro covers the user, when their own plan is Free. */
  coveredBy: string | null;
}

/** A day as `24 Nov 2026`, the same on the server and in every browser. */
export function billingDay(iso: string): string {
  const d = new Date(iso);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** One sentence on where a subscription stands. */
export function subscriptionLine(s: SubscriptionView): string {
  const end = s.currentPeriodEnd ? billingDay(s.currentPeriodEnd) : null;
  if (s.status === 'canceled') return end ? `Cancelled: Pro ends on ${end}.` : 'Cancelled.';
  if (s.status === 'past_due' || s.status === 'unpaid')
    return `The last payment failed. Update your payment method in “Manage billing”${end ? `; Pro stays until ${end}` : ''}.`;
  if (s.cancelAtPeriodEnd) return end ? `Cancelled: Pro ends on ${end}.` : 'Cancelled at the end of the period.';
  if (s.status === 'active' || s.status === 'trialing') return end ? `Renews on ${end}.` : 'Active.';
  return `Subscription status: ${s.status}.`;
}

export function ManageBillingButton({ organizationId }: { organizationId?: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  async function manage() {
    setPending(true);
    setError('');
    const result = await openPortal(organizationId);
    if (result.ok) return window.location.assign(result.url);
    setPending(false);
    setError(result.message);
  }
  return (
    <div className="space-y-2">
      <button type="button" disabled={pending} onClick={() => void manage()} className={secondaryButtonClass}>
        Manage billing
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export function BillingSection({ offer, plan, subscription, hasCustomer, coveredBy }: BillingSectionProps) {
  const [params] = useSearchParams();
  const returned = params.get('billing');
  const ownPro = subscription !== null && plan === 'pro' && coveredBy === null;
  return (
    <section
      id="billing"
      aria-labelledby="billing-heading"
      className="space-y-4 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
    >
      <div>
        <h2 id="billing-heading" className="text-lg font-semibold">
          Plan and billing
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {plan === 'pro' ? (
            <>
              You are on <strong>Pro</strong>: unlimited data API requests
              {coveredBy ? <> through the organization {coveredBy}</> : null}.
            </>
          ) : (
            <>
              You are on <strong>Free</strong>: {FREE_DAILY_API_REQUESTS.toLocaleString('en-GB')} data API requests a
              day. Pro has no daily limit.
            </>
          )}
        </p>
      </div>
      {returned === 'success' && (
        <p
          role="status"
          className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {plan === 'pro'
            ? 'Thank you: your payment went through and Pro is active.'
            : 'Thank you: your payment went through. Pro starts as soon as Stripe confirms it; reload this page in a moment.'}
        </p>
      )}
      {returned === 'cancelled' && (
        <p role="status" className="rounded-md bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800">
          Checkout was cancelled; nothing was charged.
        </p>
      )}
      {subscription && (ownPro || subscription.status !== 'canceled') && (
        <p className="text-sm">{subscriptionLine(subscription)}</p>
      )}
      <div className="flex flex-wrap items-start gap-3">
        {plan !== 'pro' && <UpgradeButton offer={offer} both />}
        {hasCustomer && offer.configured && <ManageBillingButton />}
      </div>
      {plan === 'pro' && !offer.configured && hasCustomer && (
        <p className="text-sm text-slate-600 dark:text-slate-300">{BILLING_NOT_CONFIGURED}</p>
      )}
    </section>
  );
}
