// A local stand-in for the Stripe API (the SDK pointed at it through its host, port and protocol options): creates
// Checkout and Customer Portal sessions whose pages redirect straight back, and records what the app asked for.
// Webhook events are signed with the SDK's own test helper, exactly as Stripe signs them.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const stubPrices = { month: 'price_pro_monthly', year: 'price_pro_yearly' } as const;
export const webhookSecret = 'whsec_test_billing_0123456789abcdef';

export interface StubRequest {
  method: string;
  path: string;
  /** The form body decoded into flat keys as Stripe receives them (`line_items[0][price]`). */
  form: Record<string, string>;
  authorization: string | undefined;
}

export interface StripeStub {
  /** STRIPE_API_URL for the app. */
  url: string;
  requests: StubRequest[];
  /** While true, subscription cancellations get their connection cut (Stripe unreachable). */
  unreachable: boolean;
  /** Subscriptions Stripe no longer knows: cancelling them answers 404 resource_missing. */
  unknownSubscriptions: Set<string>;
  /** The env of an app that bills through this stub. */
  env: Record<string, string>;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
  res.end(JSON.stringify(body));
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export async function startStripeStub(): Promise<StripeStub> {
  const requests: StubRequest[] = [];
  const sessions = new Map<string, { success: string; cancel: string }>();
  const portals = new Map<string, string>();
  let counter = 0;
  let base = '';
  const state = { unreachable: false, unknownSubscriptions: new Set<string>() };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const form = req.method === 'POST' ? await readForm(req) : {};
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        form,
        authorization: req.headers.authorization,
      });
      if (!req.headers.authorization?.startsWith('Bearer sk_') && url.pathname.startsWith('/v1/'))
        return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });

      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (!form['line_items[0][price]'] || form.mode !== 'subscription')
          return send(res, 400, { error: { type: 'invalid_request_error', message: 'Missing price or mode' } });
        counter += 1;
        const id = `cs_test_${counter}`;
        sessions.set(id, { success: form.success_url!, cancel: form.cancel_url! });
        return send(res, 200, {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: form.client_reference_id ?? null,
          customer: form.customer ?? null,
          customer_email: form.customer_email ?? null,
          metadata: { owner: form['metadata[owner]'] },
          url: `${base}/pay/${id}`,
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        counter += 1;
        const id = `bps_test_${counter}`;
        portals.set(id, form.return_url!);
        return send(res, 200, {
          id,
          object: 'billing_portal.session',
          customer: form.customer,
          url: `${base}/portal/${id}`,
        });
      }
      const cancel = /^\/v1\/subscriptions\/(sub_[\w-]+)$/.exec(url.pathname);
      if (req.method === 'DELETE' && cancel) {
        if (state.unreachable) return req.socket.destroy();
        if (state.unknownSubscriptions.has(cancel[1]!))
          return send(res, 404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such subscription: '${cancel[1]}'`,
            },
          });
        return send(res, 200, { id: cancel[1], object: 'subscription', status: 'canceled' });
      }
      // The hosted pages: paying (or managing) succeeds at once and sends the browser back.
      const pay = /^\/pay\/(cs_test_\d+)$/.exec(url.pathname);
      if (req.method === 'GET' && pay && sessions.has(pay[1]!)) {
        res.writeHead(303, { location: sessions.get(pay[1]!)!.success });
        return res.end();
      }
      const portal = /^\/portal\/(bps_test_\d+)$/.exec(url.pathname);
      if (req.method === 'GET' && portal && portals.has(portal[1]!)) {
        res.writeHead(303, { location: portals.get(portal[1]!)! });
        return res.end();
      }
      send(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${url.pathname})` },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    url: base,
    requests,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_stub',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_MONTHLY: stubPrices.month,
      STRIPE_PRICE_YEARLY: stubPrices.year,
      STRIPE_API_URL: base,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

let eventCounter = 0;

/** A Stripe event as the webhook receives it: the JSON body and its Stripe-Signature header. */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  opts: { secret?: string; id?: string; created?: number } = {},
): { payload: string; signature: string; id: string } {
  eventCounter += 1;
  const id = opts.id ?? `evt_test_${Date.now()}_${eventCounter}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: opts.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  const signature = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? webhookSecret,
  });
  return { payload, signature, id };
}

/** A subscription object as Stripe's current API sends it (the period on the item). */
export function subscriptionObject(s: {
  id: string;
  customer: string;
  owner: string;
  status: string;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
  price?: string;
}): Record<string, unknown> {
  const end = Math.floor(s.periodEnd.getTime() / 1000);
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
    metadata: { owner: s.owner },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id}`,
          object: 'subscription_item',
          price: { id: s.price ?? stubPrices.month, object: 'price' },
          current_period_start: end - 30 * 86_400,
          current_period_end: end,
        },
      ],
    },
  };
}
