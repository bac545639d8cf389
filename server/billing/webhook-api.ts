// POST /api/stripe-webhook: Stripe's events, verified with the Stripe-Signature header against STRIPE_WEBHOOK_SECRET
// on the raw body, applied once per event id (docs/decisions/076).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type Stripe from 'stripe';
import { applyStripeEvent, handledEvents } from './stripe-events';
import { webhookVerifier } from './stripe';
import { ApiError } from '../http/errors';
import { errorResponse } from '../http/openapi';
import type { ApiEnv } from '../http/env';
import { uncounted } from '#server/http/route-policy';

/** Stripe's events (decision 201). */
export const stripeWebhookPolicies = [
  uncounted('/api/stripe-webhook', 'any', ['/api/stripe-webhook'], "Stripe's events"),
];

const webhookRoute = createRoute({
  method: 'post',
  path: '/stripe-webhook',
  summary: `Stripe's webhook: ${[...handledEvents].join(', ')}. Send the event exactly as Stripe signed it.`,
  description:
    'The raw body is checked against the Stripe-Signature header (STRIPE_WEBHOOK_SECRET, five minutes of tolerance); an event id already handled changes nothing. Plans change at once.',
  request: { headers: z.object({ 'stripe-signature': z.string().optional() }) },
  responses: {
    200: {
      description: 'Handled, a redelivery, or an event type this server does not use',
      content: {
        'application/json': {
          schema: z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) }),
        },
      },
    },
    400: errorResponse('Missing or wrong signature'),
    503: errorResponse('STRIPE_WEBHOOK_SECRET is not set'),
  },
});

export function stripeWebhookApi(webhookSecret: string | null): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>();
  const webhooks = webhookVerifier();
  api.openapi(webhookRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    if (!webhookSecret)
      throw new ApiError(503, 'billing_not_configured', 'Billing webhooks are not configured on this server.');
    const signature = c.req.header('stripe-signature');
    if (!signature) throw new ApiError(400, 'missing_signature', 'The Stripe-Signature header is missing.');
    const raw = await c.req.text();
    let event: Stripe.Event;
    try {
      event = webhooks.constructEvent(raw, signature, webhookSecret);
    } catch {
      throw new ApiError(400, 'invalid_signature', 'The Stripe-Signature header does not match the request body.');
    }
    const outcome = await applyStripeEvent(c.var.db, event);
    return c.json({ received: true as const, outcome }, 200);
  });
  return api;
}
