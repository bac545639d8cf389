// Pro billing with Stripe on a real database: Checkout and the Customer Portal through the SDK against a local stub,
// webhook events signed with the SDK's test helper, and the whole cycle upgrade → unlimited → cancel → Free.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, billingSubscriptions } from '../../db/schema';
import { signedEvent, startStripeStub, stubPrices, subscriptionObject, type StripeStub } from '../setup/stripe-stub';
import { confirmedUser, goodPassword, nextIp, startHarness, TestClient, type Harness } from './auth-harness';

/** A small Free limit keeps "unlimited" cheap to show. */
const LIMIT = 3;

let stub: StripeStub;
let h: Harness;
let unconfigured: Harness;
beforeAll(async () => {
  stub = await startStripeStub();
  h = await startHarness({
    env: { ...stub.env, API_FREE_DAILY_LIMIT: String(LIMIT) },
    samples: ['eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv'],
  });
  unconfigured = await startHarness();
});
afterAll(async () => {
  await Promise.all([h?.close(), unconfigured?.close(), stub?.close()]);
});

let users = 0;
async function signedIn(harness: Harness = h): Promise<{ client: TestClient; userId: string; email: string }> {
  users += 1;
  const client = new TestClient(harness);
  const email = `billing-${users}@example.org`;
  await confirmedUser(harness, client, email);
  const userId: string = (await client.request('/api/account/session')).body.session.user.id;
  return { client, userId, email };
}

/** Stripe delivering an event: no cookies, no Origin, the raw signed body. */
async function deliver(event: { payload: string; signature: string | null }, harness: Harness = h) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': nextIp() };
  if (event.signature !== null) headers['stripe-signature'] = event.signature;
  const res = await harness.app.request(`${harness.publicUrl}/api/stripe-webhook`, {
    method: 'POST',
    headers,
    body: event.payload,
  });
  return { res, body: (await res.json()) as any };
}

const plan = async (client: TestClient) => (await client.request('/api/account/current-plan')).body.plan as string;
const dayAhead = () => new Date(Date.now() + 30 * 86_400_000);

describe('without Stripe settings', () => {
  it('says billing is not configured on this server', async () => {
    const { client } = await signedIn(unconfigured);
    const checkout = await client.post('/api/billing/checkout', { interval: 'month' });
    expect(checkout.res.status).toBe(503);
    expect(checkout.body).toEqual({
      error: { code: 'billing_not_configured', message: 'Billing is not configured on this server.' },
    });
    const portal = await client.post('/api/billing/portal', {});
    expect(portal.body.error.message).toBe('Billing is not configured on this server.');
    const status = await client.request('/api/billing/status');
    expect(status.body).toMatchObject({ configured: false, intervals: [], plan: 'free', subscription: null });
    // Without a signing secret no event is believed.
    const event = signedEvent('checkout.session.completed', {});
    const refused = await deliver(event, unconfigured);
    expect(refused.res.status).toBe(503);
    expect(refused.body.error.code).toBe('billing_not_configured');
  });
});

describe('Checkout and the Customer Portal', () => {
  it('needs a session', async () => {
    const anonymous = new TestClient(h);
    for (const reply of [
      await anonymous.post('/api/billing/checkout', { interval: 'month' }),
      await anonymous.post('/api/billing/portal', {}),
      await anonymous.request('/api/billing/status'),
    ]) {
      expect(reply.res.status).toBe(401);
      expect(reply.body.error.code).toBe('unauthorized');
    }
  });

  it('creates a subscription Checkout for the user with the configured prices', async () => {
    const { client, userId, email } = await signedIn();
    const monthly = await client.post('/api/billing/checkout', { interval: 'month' });
    expect(monthly.res.status).toBe(200);
    expect(monthly.body.url).toMatch(new RegExp(`^${stub.url}/pay/cs_test_\\d+$`));
    const asked = stub.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(asked.authorization).toBe('Bearer sk_test_stub');
    expect(asked.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': stubPrices.month,
      'line_items[0][quantity]': '1',
      client_reference_id: userId,
      customer_email: email,
      'subscription_data[metadata][owner]': userId,
      success_url: `${h.publicUrl}/app/settings?billing=success#billing`,
    });
    const yearly = await client.post('/api/billing/checkout', { interval: 'year' });
    expect(yearly.res.status).toBe(200);
    expect(stub.requests.at(-1)!.form['line_items[0][price]']).toBe(stubPrices.year);

    const bad = await client.post('/api/billing/checkout', { interval: 'week' });
    expect(bad.res.status).toBe(400);
    // Nothing to manage before a first payment.
    const portal = await client.post('/api/billing/portal', {});
    expect(portal.res.status).toBe(404);
    expect(portal.body.error.code).toBe('no_subscription');
  });

  it('refuses a cross-site Checkout request (CSRF)', async () => {
    const { client } = await signedIn();
    const reply = await client.post('/api/billing/checkout', { interval: 'month' }, { origin: 'https://evil.example' });
    expect(reply.res.status).toBe(403);
  });
});

describe('the webhook', () => {
  it('refuses events without a valid signature on the raw body', async () => {
    const event = signedEvent('checkout.session.completed', { client_reference_id: 'nobody' });
    expect((await deliver({ ...event, signature: null })).res.status).toBe(400);
    const forged = signedEvent('checkout.session.completed', {}, { secret: 'whsec_someone_else' });
    const wrong = await deliver(forged);
    expect(wrong.res.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid_signature');
    // The same signature over a changed body (even only re-serialised) fails.
    const altered = await deliver({ payload: event.payload.replace('nobody', 'someone'), signature: event.signature });
    expect(altered.res.status).toBe(400);
    const reformatted = await deliver({
      payload: JSON.stringify(JSON.parse(event.payload), null, 2),
      signature: event.signature,
    });
    expect(reformatted.res.status).toBe(400);
    expect((await deliver({ payload: event.payload, signature: 't=1,v1=abc' })).res.status).toBe(400);
  });

  it('acknowledges event types it does not use, and events about accounts that no longer exist', async () => {
    const reply = await deliver(signedEvent('customer.created', { id: 'cus_x' }));
    expect(reply.res.status).toBe(200);
    expect(reply.body).toEqual({ received: true, outcome: 'ignored' });
    for (const owner of ['deleted-user-id', 'org_deleted']) {
      const checkout = await deliver(
        signedEvent('checkout.session.completed', {
          mode: 'subscription',
          client_reference_id: owner,
          customer: `cus_${owner}`,
          subscription: `sub_${owner}`,
        }),
      );
      expect(checkout.body).toEqual({ received: true, outcome: 'ignored' });
      const sub = await deliver(
        signedEvent(
          'customer.subscription.updated',
          subscriptionObject({
            id: `sub_${owner}`,
            customer: `cus_${owner}`,
            owner,
            status: 'active',
            periodEnd: dayAhead(),
          }),
        ),
      );
      expect(sub.body).toEqual({ received: true, outcome: 'ignored' });
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists the billing, webhook and organization paths', async () => {
    const doc = (await new TestClient(h).request('/api/openapi.json')).body;
    for (const path of [
      '/api/billing/status',
      '/api/billing/checkout',
      '/api/billing/portal',
      '/api/stripe-webhook',
      '/api/organizations',
      '/api/organizations/invite',
      '/api/organizations/accept-invitation',
      '/api/organizations/complete-invitation',
      '/api/organizations/members',
      '/api/organizations/leave',
      '/api/organizations/transfer',
      '/api/organizations/delete',
    ])
      expect(Object.keys(doc.paths), path).toContain(path);
    expect(Object.keys(doc.paths['/api/organizations/members']).sort()).toEqual(['delete', 'get', 'patch']);
    const remove = doc.paths['/api/organizations/delete'].post;
    expect(Object.keys(remove.responses).sort()).toEqual(['200', '400', '401', '403', '503']);
    expect(Object.keys(remove.requestBody.content['application/json'].schema.properties).sort()).toEqual([
      'confirmation',
      'organization_id',
    ]);
  });
});

describe('upgrade → unlimited → cancel → Free', () => {
  it('follows the subscription from the signed events alone', async () => {
    const { client, userId } = await signedIn();
    const key = (await client.post('/api/account/api-keys', { name: 'pipeline' })).body.key as string;
    const api = () =>
      new TestClient(h).request('/api/datasets?limit=1', { headers: { Authorization: `Bearer ${key}` } });

    // Free: the small limit holds.
    for (let i = 0; i < LIMIT; i++) expect((await api()).res.status).toBe(200);
    const refused = await api();
    expect(refused.res.status).toBe(429);

    // Paying: Checkout completes, Stripe sends the event.
    expect((await client.post('/api/billing/checkout', { interval: 'month' })).res.status).toBe(200);
    const customer = `cus_${userId.slice(0, 8)}`;
    const subscription = `sub_${userId.slice(0, 8)}`;
    const completed = signedEvent('checkout.session.completed', {
      id: 'cs_test_done',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: userId,
      customer,
      subscription,
      payment_status: 'paid',
    });
    const applied = await deliver(completed);
    expect(applied.body).toEqual({ received: true, outcome: 'applied' });

    // Pro at once: the plan, no quota, no limit.
    expect(await plan(client)).toBe('pro');
    for (let i = 0; i < 3; i++) {
      const reply = await api();
      expect(reply.res.status).toBe(200);
      expect(reply.res.headers.get('x-ratelimit-limit')).toBeNull();
    }
    // The same event again (Stripe retries) changes nothing.
    expect((await deliver(completed)).body.outcome).toBe('duplicate');
    const recorded = await h.database.db.select().from(billingEvents).where(eq(billingEvents.id, completed.id));
    expect(recorded).toHaveLength(1);

    // The subscription's own events fill in the period; the portal now opens for the customer.
    const periodEnd = dayAhead();
    const created = Math.floor(Date.now() / 1000);
    expect(
      (
        await deliver(
          signedEvent(
            'customer.subscription.created',
            subscriptionObject({ id: subscription, customer, owner: userId, status: 'active', periodEnd }),
            { created },
          ),
        )
      ).body.outcome,
    ).toBe('applied');
    const portal = await client.post('/api/billing/portal', {});
    expect(portal.res.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${stub.url}/portal/`));
    expect(stub.requests.at(-1)!.form).toMatchObject({ customer, return_url: `${h.publicUrl}/app/settings#billing` });
    // Already Pro: a second Checkout is refused.
    expect((await client.post('/api/billing/checkout', { interval: 'year' })).res.status).toBe(409);

    // Cancelled in the portal: Pro until the period's end.
    await deliver(
      signedEvent(
        'customer.subscription.updated',
        subscriptionObject({
          id: subscription,
          customer,
          owner: userId,
          status: 'active',
          periodEnd,
          cancelAtPeriodEnd: true,
        }),
        { created: created + 10 },
      ),
    );
    expect(await plan(client)).toBe('pro');
    const status = await client.request('/api/billing/status');
    expect(status.body).toMatchObject({
      configured: true,
      plan: 'pro',
      can_manage: true,
      subscription: {
        status: 'active',
        cancel_at_period_end: true,
        current_period_end: periodEnd.toISOString().replace(/\.\d+Z$/, '.000Z'),
      },
    });
    // A late, older event does not undo the newer state.
    await deliver(
      signedEvent(
        'customer.subscription.updated',
        subscriptionObject({ id: subscription, customer, owner: userId, status: 'active', periodEnd }),
        { created: created + 5 },
      ),
    );
    const [row] = await h.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, subscription));
    expect(row!.cancelAtPeriodEnd).toBe(true);

    // The period ends: Stripe deletes the subscription, the account is Free again with its limit.
    await deliver(
      signedEvent(
        'customer.subscription.deleted',
        subscriptionObject({
          id: subscription,
          customer,
          owner: userId,
          status: 'canceled',
          periodEnd: new Date(Date.now() - 1000),
        }),
        { created: created + 20 },
      ),
    );
    expect(await plan(client)).toBe('free');
    const limited = await api();
    expect(limited.res.status).toBe(429);
    expect(limited.res.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
  });

  it('keeps Pro through a failed payment until the period ends, and an unpaid subscription then returns to Free', async () => {
    const { client, userId } = await signedIn();
    const customer = `cus_f${userId.slice(0, 8)}`;
    const subscription = `sub_f${userId.slice(0, 8)}`;
    const created = Math.floor(Date.now() / 1000);
    // Here the subscription's event comes before Checkout's: its metadata names the owner.
    await deliver(
      signedEvent(
        'customer.subscription.created',
        subscriptionObject({ id: subscription, customer, owner: userId, status: 'active', periodEnd: dayAhead() }),
        { created },
      ),
    );
    expect(await plan(client)).toBe('pro');
    await deliver(
      signedEvent('checkout.session.completed', {
        mode: 'subscription',
        client_reference_id: userId,
        customer,
        subscription,
      }),
    );
    const failed = await deliver(
      signedEvent('invoice.payment_failed', {
        id: 'in_failed',
        object: 'invoice',
        customer,
        parent: { type: 'subscription_details', subscription_details: { subscription } },
      }),
    );
    expect(failed.body.outcome).toBe('applied');
    expect((await client.request('/api/billing/status')).body.subscription.status).toBe('past_due');
    expect(await plan(client)).toBe('pro');
    // Paid after all: active again, the period renewed from the invoice's lines.
    const renewed = new Date(Date.now() + 60 * 86_400_000);
    await deliver(
      signedEvent('invoice.paid', {
        id: 'in_paid',
        object: 'invoice',
        customer,
        parent: { type: 'subscription_details', subscription_details: { subscription } },
        lines: { data: [{ period: { start: created, end: Math.floor(renewed.getTime() / 1000) } }] },
      }),
    );
    const paid = (await client.request('/api/billing/status')).body.subscription;
    expect(paid.status).toBe('active');
    expect(new Date(paid.current_period_end).getTime()).toBe(Math.floor(renewed.getTime() / 1000) * 1000);
    // Unpaid with the period over: Free.
    await deliver(
      signedEvent(
        'customer.subscription.updated',
        subscriptionObject({
          id: subscription,
          customer,
          owner: userId,
          status: 'unpaid',
          periodEnd: new Date(Date.now() - 60_000),
        }),
        { created: created + 30 },
      ),
    );
    expect(await plan(client)).toBe('free');
  });
});

describe('deleting an account with a subscription (decision 078)', () => {
  async function subscribed(label: string) {
    const person = await signedIn();
    const subscription = `sub_${label}_${person.userId.slice(0, 8)}`;
    const event = signedEvent(
      'customer.subscription.created',
      subscriptionObject({
        id: subscription,
        customer: `cus_${label}_${person.userId.slice(0, 8)}`,
        owner: person.userId,
        status: 'active',
        periodEnd: dayAhead(),
      }),
    );
    expect((await deliver(event)).res.status).toBe(200);
    expect(await plan(person.client)).toBe('pro');
    return { ...person, subscription };
  }
  const remove = (client: TestClient) =>
    client.post('/api/account/delete', { confirmation: 'DELETE', password: goodPassword });
  const cancellations = (subscription: string) =>
    stub.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscription}`);

  it('cancels the subscription at Stripe, so nobody keeps being charged', async () => {
    const { client, subscription } = await subscribed('gone');
    const deleted = await remove(client);
    expect(deleted.res.status).toBe(200);
    const calls = cancellations(subscription);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.authorization).toBe('Bearer sk_test_stub');
    expect(
      await h.database.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, subscription)),
    ).toEqual([]);
    // Stripe's own event about it afterwards is acknowledged, about an account that no longer exists.
    const late = signedEvent('customer.subscription.deleted', {
      id: subscription,
      object: 'subscription',
      customer: 'cus_x',
      status: 'canceled',
      metadata: {},
    });
    expect((await deliver(late)).res.status).toBe(200);
  });

  it('refuses to delete while Stripe cannot be reached, and deletes once it can', async () => {
    const { client, userId, subscription } = await subscribed('down');
    stub.unreachable = true;
    let refused;
    try {
      refused = await remove(client);
    } finally {
      stub.unreachable = false;
    }
    expect(refused.res.status).toBe(503);
    expect(refused.body.error).toEqual({
      code: 'billing_unavailable',
      message:
        'Your Pro subscription could not be cancelled at Stripe right now, so nothing was deleted. Please try again in a few minutes.',
    });
    // Nothing was deleted: the account still signs in and is still Pro.
    expect((await client.request('/api/account/session')).body.session.user.id).toBe(userId);
    expect(await plan(client)).toBe('pro');

    expect((await remove(client)).res.status).toBe(200);
    expect(cancellations(subscription).length).toBeGreaterThanOrEqual(2);
  });

  it('treats a subscription Stripe no longer knows as cancelled', async () => {
    const { client, subscription } = await subscribed('unknown');
    stub.unknownSubscriptions.add(subscription);
    expect((await remove(client)).res.status).toBe(200);
    expect(cancellations(subscription)).toHaveLength(1);
  });

  it('refuses while billing is not configured but a subscription is live', async () => {
    const { client, userId } = await signedIn(unconfigured);
    await unconfigured.database.db.insert(billingSubscriptions).values({
      id: `sub_orphan_${userId.slice(0, 8)}`,
      customerId: 'cus_orphan',
      userId,
      status: 'active',
    });
    const refused = await remove(client);
    expect(refused.res.status).toBe(503);
    expect(refused.body.error.code).toBe('billing_unavailable');
  });
});
