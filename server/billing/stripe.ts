// The Stripe client and settings: Checkout for the Pro subscription, the Customer Portal, webhook signatures
// (docs/decisions/075).
import Stripe from 'stripe';
import type { BillingOwner } from '../../db/queries/billing';

export interface BillingSettings {
  secretKey: string;
  /** Without it the webhook refuses every event (it cannot tell ours from forged ones). */
  webhookSecret: string | null;
  prices: { month: string | null; year: string | null };
  /** Where the Stripe API is (STRIPE_API_URL: a local stub in tests, stripe-mock); Stripe's own when unset. */
  apiUrl: string | null;
}

/** The SDK pointed at Stripe or at STRIPE_API_URL (host, port and protocol options of the SDK). */
export function stripeClient(settings: Pick<BillingSettings, 'secretKey' | 'apiUrl'>): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}

/** The signature checker needs no key: the SDK's webhook helpers work on any instance. */
export function webhookVerifier(): Stripe['webhooks'] {
  return new Stripe('sk_webhooks_only', { telemetry: false }).webhooks;
}

/** `client_reference_id` and metadata name the owner: organization ids start with `org_` (decision 075). */
export function ownerReference(owner: BillingOwner): string {
  return owner.id;
}

export function ownerFromReference(reference: string | null | undefined): BillingOwner | undefined {
  if (!reference) return undefined;
  return reference.startsWith('org_') ? { kind: 'organization', id: reference } : { kind: 'user', id: reference };
}

export type BillingInterval = 'month' | 'year';

/** Starts Checkout for the Pro subscription; the answer's URL is Stripe's payment page. */
export async function createCheckout(
  stripe: Stripe,
  o: {
    owner: BillingOwner;
    price: string;
    email: string;
    customerId: string | undefined;
    publicUrl: string;
  },
): Promise<string> {
  const reference = ownerReference(o.owner);
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: o.price, quantity: 1 }],
    client_reference_id: reference,
    ...(o.customerId ? { customer: o.customerId } : { customer_email: o.email }),
    // The subscription carries its owner too, so its own events need nothing else (they may arrive first).
    subscription_data: { metadata: { owner: reference } },
    metadata: { owner: reference },
    success_url: `${o.publicUrl}/app/settings?billing=success#billing`,
    cancel_url: `${o.publicUrl}/app/settings?billing=cancelled#billing`,
  });
  if (!session.url) throw new Error('Stripe returned a Checkout session without a URL');
  return session.url;
}

/** Opens the Customer Portal (invoices, payment method, cancel) for a customer. */
export async function createPortal(stripe: Stripe, customerId: string, publicUrl: string): Promise<string> {
  const session = await stripe.billingPortal.sessions.create({
    customer: customerId,
    return_url: `${publicUrl}/app/settings#billing`,
  });
  return session.url;
}
