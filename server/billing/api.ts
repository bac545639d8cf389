// /api/billing: the plan and subscription of the signed-in user or one of their organizations, Stripe Checkout for
// Pro and the Customer Portal (docs/decisions/075).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { canManageMembers } from '../../core/organizations';
import type { AccountSession } from '../../core/schemas/account';
import {
  customerOf,
  latestSubscription,
  organizationPlan,
  userPlan,
  type BillingOwner,
} from '../../db/queries/billing';
import { memberRole } from '../../db/queries/organizations';
import type { Auth } from '../auth/auth';
import { readSession, requireSignedIn } from '../auth/session';
import { createCheckout, createPortal, stripeClient, type BillingSettings } from './stripe';
import { ApiError, bodyValidationHook } from '../http/errors';
import { errorResponse } from '../http/openapi';
import { authHeaders } from '../auth/api';
import type { ApiEnv } from '../http/env';
import { uncounted } from '#server/http/route-policy';

/** Billing calls (decision 201). */
export const billingPolicies = [uncounted('/api/billing/…', 'any', ['/api/billing/*'], 'billing calls')];

export const BILLING_NOT_CONFIGURED = 'Billing is not configured on this server.';

const organizationId = z.string().min(1).max(100).optional().openapi({
  description: "An organization's id: its plan instead of the signed-in user's own (owners and admins)",
});

const statusSchema = z
  .object({
    configured: z.boolean().openapi({ description: 'Whether this server can take payments (STRIPE_SECRET_KEY)' }),
    intervals: z.array(z.enum(['month', 'year'])).openapi({ description: 'The billing periods on offer' }),
    plan: z.enum(['free', 'pro']),
    subscription: z
      .object({
        status: z.string().openapi({ example: 'active' }),
        current_period_end: z.string().nullable(),
        cancel_at_period_end: z.boolean(),
      })
      .nullable(),
    can_manage: z.boolean().openapi({ description: 'Whether a Customer Portal exists for this owner (it paid once)' }),
  })
  .openapi('BillingStatus');

const urlSchema = z.object({ url: z.string() }).openapi('BillingRedirect');

const statusRoute = createRoute({
  method: 'get',
  path: '/billing/status',
  summary: 'The plan and subscription of the signed-in user, or of one of their organizations',
  request: { query: z.object({ organization_id: organizationId }) },
  responses: {
    200: { description: 'Plan and subscription', content: { 'application/json': { schema: statusSchema } } },
    401: errorResponse('Not signed in'),
    403: errorResponse('Not a member of that organization'),
  },
});

const checkoutRoute = createRoute({
  method: 'post',
  path: '/billing/checkout',
  summary: 'Start Stripe Checkout for the Pro subscription; open the answer’s url',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({ interval: z.enum(['month', 'year']).default('month'), organization_id: organizationId }),
        },
      },
    },
  },
  responses: {
    200: { description: 'Stripe Checkout’s address', content: { 'application/json': { schema: urlSchema } } },
    400: errorResponse('Bad interval'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Only the owner or an admin pays for an organization'),
    409: errorResponse('Already on Pro'),
    503: errorResponse(`${BILLING_NOT_CONFIGURED} (or Stripe could not be reached)`),
  },
});

const portalRoute = createRoute({
  method: 'post',
  path: '/billing/portal',
  summary: 'Open the Stripe Customer Portal (invoices, payment method, cancel); open the answer’s url',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ organization_id: organizationId }) } },
    },
  },
  responses: {
    200: { description: 'The portal’s address', content: { 'application/json': { schema: urlSchema } } },
    401: errorResponse('Not signed in'),
    403: errorResponse('Only the owner or an admin manages an organization’s billing'),
    404: errorResponse('Nothing to manage: this account or organization never subscribed'),
    503: errorResponse(`${BILLING_NOT_CONFIGURED} (or Stripe could not be reached)`),
  },
});

export interface BillingApiDeps {
  auth: Auth;
  trustProxy: boolean;
  publicUrl: string;
  billing: BillingSettings | null;
  now?: () => Date;
}

export function billingApi({ auth, trustProxy, publicUrl, billing, now = () => new Date() }: BillingApiDeps) {
  const api = new OpenAPIHono<ApiEnv>({ defaultHook: bodyValidationHook });
  const stripe = billing ? stripeClient(billing) : null;
  const intervals = billing
    ? (['month', 'year'] as const).filter((i) => billing.prices[i] !== null)
    : ([] as ('month' | 'year')[]);

  async function signedIn(c: Context<ApiEnv>): Promise<AccountSession> {
    c.header('Cache-Control', 'no-store');
    const read = await readSession(auth, c.var.db, authHeaders(c, trustProxy), false);
    return requireSignedIn(read);
  }

  /** The owner a request is about: the user, or an organization they belong to (`manage`: owners and admins). */
  async function ownerOf(c: Context<ApiEnv>, userId: string, orgId: string | undefined, manage: boolean) {
    if (!orgId) return { kind: 'user', id: userId } satisfies BillingOwner;
    const role = await memberRole(c.var.db, orgId, userId);
    if (!role) throw new ApiError(403, 'not_a_member', 'You are not a member of this organization.');
    if (manage && !canManageMembers(role))
      throw new ApiError(403, 'forbidden_role', 'Only the owner or an admin can manage the organization’s plan.');
    return { kind: 'organization', id: orgId } satisfies BillingOwner;
  }

  function stripeFailed(error: unknown): never {
    console.warn('[billing] Stripe request failed:', error instanceof Error ? error.message : error);
    throw new ApiError(503, 'billing_unavailable', 'The payment provider could not be reached. Please try again.');
  }

  api.openapi(statusRoute, async (c) => {
    const session = await signedIn(c);
    const owner = await ownerOf(c, session.user.id, c.req.valid('query').organization_id, false);
    const at = now();
    const [plan, sub, customer] = await Promise.all([
      owner.kind === 'user' ? userPlan(c.var.db, owner.id, at) : organizationPlan(c.var.db, owner.id, at),
      latestSubscription(c.var.db, owner),
      customerOf(c.var.db, owner),
    ]);
    return c.json(
      {
        configured: stripe !== null,
        intervals,
        plan,
        subscription: sub
          ? {
              status: sub.status,
              current_period_end: sub.currentPeriodEnd?.toISOString() ?? null,
              cancel_at_period_end: sub.cancelAtPeriodEnd,
            }
          : null,
        can_manage: stripe !== null && customer !== undefined,
      },
      200,
    );
  });

  api.openapi(checkoutRoute, async (c) => {
    const session = await signedIn(c);
    const body = c.req.valid('json');
    const owner = await ownerOf(c, session.user.id, body.organization_id, true);
    if (!stripe || !billing) throw new ApiError(503, 'billing_not_configured', BILLING_NOT_CONFIGURED);
    const price = billing.prices[body.interval];
    if (!price) throw new ApiError(503, 'billing_not_configured', BILLING_NOT_CONFIGURED);
    const at = now();
    const plan =
      owner.kind === 'user' ? await userPlan(c.var.db, owner.id, at) : await organizationPlan(c.var.db, owner.id, at);
    if (plan === 'pro')
      throw new ApiError(409, 'already_pro', 'This account is already on Pro. Use “Manage billing” to change it.');
    const customerId = await customerOf(c.var.db, owner);
    const url = await createCheckout(stripe, {
      owner,
      price,
      email: session.user.email,
      customerId,
      publicUrl,
    }).catch(stripeFailed);
    return c.json({ url }, 200);
  });

  api.openapi(portalRoute, async (c) => {
    const session = await signedIn(c);
    const owner = await ownerOf(c, session.user.id, c.req.valid('json').organization_id, true);
    if (!stripe) throw new ApiError(503, 'billing_not_configured', BILLING_NOT_CONFIGURED);
    const customerId = await customerOf(c.var.db, owner);
    if (!customerId)
      throw new ApiError(404, 'no_subscription', 'There is no subscription to manage yet: upgrade to Pro first.');
    const url = await createPortal(stripe, customerId, publicUrl).catch(stripeFailed);
    return c.json({ url }, 200);
  });

  return api;
}
