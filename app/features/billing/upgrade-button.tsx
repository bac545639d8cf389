// "Upgrade to Pro": opens Stripe Checkout (signed-in), the sign-in window (signed-out), or says billing is off.
import { useState } from 'react';
import { useLocation } from 'react-router';
import { PRO_PRICE_EUR } from '#core/plans';
import { useAuth } from '../../components/auth/auth-provider';
import { useSignInModal } from '../../components/auth/sign-in-modal';
import { BILLING_NOT_CONFIGURED, startCheckout, type BillingOffer } from './billing-client';

export const primaryButtonClass =
  'inline-block rounded-md bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-[#237530] disabled:cursor-not-allowed disabled:opacity-60 dark:bg-brand dark:text-slate-950 dark:hover:bg-brand-dark dark:hover:text-white';
export const secondaryButtonClass =
  'inline-block rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800';

export interface UpgradeButtonProps {
  offer: BillingOffer;
  /** Pay for an organization instead of the signed-in user. */
  organizationId?: string;
  /** Both periods as two buttons (settings), or the monthly one (pricing, limit page). */
  both?: boolean;
  label?: string;
}

export function UpgradeButton({ offer, organizationId, both = false, label = 'Upgrade to Pro' }: UpgradeButtonProps) {
  const { session } = useAuth();
  const modal = useSignInModal();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');

  async function upgrade(interval: 'month' | 'year') {
    if (!offer.configured) return;
    if (!session) {
      modal.open({ next: `${location.pathname}${location.search}` });
      return;
    }
    setPending(true);
    setError('');
    const result = await startCheckout(interval, organizationId);
    if (result.ok) {
      window.location.assign(result.url);
      return;
    }
    setPending(false);
    if (result.status === 401) modal.open({ next: `${location.pathname}${location.search}` });
    else setError(result.message);
  }

  const periods = both ? offer.intervals : offer.intervals.slice(0, 1);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-3">
        {offer.configured && periods.length > 0 ? (
          periods.map((interval, i) => (
            <button
              key={interval}
              type="button"
              disabled={pending}
              onClick={() => void upgrade(interval)}
              className={i === 0 ? primaryButtonClass : secondaryButtonClass}
            >
              {both
                ? interval === 'month'
                  ? `${label}: €${PRO_PRICE_EUR.month} a month`
                  : `€${PRO_PRICE_EUR.year} a year`
                : label}
            </button>
          ))
        ) : (
          <button type="button" disabled className={primaryButtonClass} aria-describedby="billing-off">
            {label}
          </button>
        )}
      </div>
      {(!offer.configured || offer.intervals.length === 0) && (
        <p id="billing-off" className="text-sm text-slate-600 dark:text-slate-300">
          {BILLING_NOT_CONFIGURED}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
