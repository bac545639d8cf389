// The browser's billing calls: start Checkout or open the Customer Portal, then leave for Stripe's page.

/** What the pages and settings know of this server's billing (from the load context). */
export interface BillingOffer {
  configured: boolean;
  intervals: ('month' | 'year')[];
}

export const BILLING_NOT_CONFIGURED = 'Billing is not configured on this server.';

export type BillingCall = { ok: true; url: string } | { ok: false; status: number; message: string };

async function post(path: string, body: unknown): Promise<BillingCall> {
  try {
    const res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const data = (await res.json().catch(() => ({}))) as { url?: string; error?: { message?: string } };
    if (res.ok && data.url) return { ok: true, url: data.url };
    return { ok: false, status: res.status, message: data.error?.message ?? 'An unexpected error occurred' };
  } catch {
    return { ok: false, status: 0, message: 'The server could not be reached. Please try again.' };
  }
}

/** Stripe Checkout for Pro, for the user or one of their organizations. */
export function startCheckout(interval: 'month' | 'year', organizationId?: string): Promise<BillingCall> {
  return post('/api/billing/checkout', { interval, ...(organizationId && { organization_id: organizationId }) });
}

/** The Customer Portal: invoices, payment method, cancelling. */
export function openPortal(organizationId?: string): Promise<BillingCall> {
  return post('/api/billing/portal', organizationId ? { organization_id: organizationId } : {});
}
