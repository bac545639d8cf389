// /api/organizations: create an organization, invite by e-mail, accept (check, then join), members and roles,
// removal and leaving (docs/decisions/074).
import { randomBytes, randomUUID } from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  canManageMembers,
  INVITATION_DAYS,
  invitableRoles,
  invitationMessages,
  invitationTokenHash,
  organizationRoles,
  type OrganizationRole,
} from '../../core/organizations';
import type { AccountSession } from '../../core/schemas/account';
import {
  acceptInvitation,
  clearInvitationToken,
  createOrganization,
  findInvitation,
  findOrganization,
  insertInvitation,
  listMembers,
  listPendingInvitations,
  listUserOrganizations,
  memberRole,
  removeMember,
  savedInvitationToken,
  setMemberRole,
  deleteOrganization,
  transferOwnership,
} from '../../db/queries/organizations';
import { revokeCreatorsKeys } from '../../db/queries/api-keys';
import type { Auth } from '../auth/auth';
import { consume, rateKey, rateLimitMessage } from '../auth/rate-limit';
import { readSession, requireSignedIn } from '../auth/session';
import { CancelUnavailable, cancelSubscriptionsAtStripe } from '../billing/cancel';
import type { BillingSettings } from '../billing/stripe';
import { organizationInvitationMail } from '../email/templates';
import type { Mailer } from '../email/transport';
import { ApiError, bodyValidationHook } from '../http/errors';
import { errorResponse } from '../http/openapi';
import { authHeaders } from '../auth/api';
import type { ApiEnv } from '../http/env';
import { uncounted } from '#server/http/route-policy';

/** Organization calls (decision 201). */
export const organizationsPolicies = [
  uncounted('/api/organizations…', 'any', ['/api/organizations/*'], 'organization calls'),
];

/** Pending invitations an organization may have at once. */
export const MAX_PENDING_INVITATIONS = 50;
/** Said when Stripe cannot confirm that an organization's subscription is cancelled (decision 078). */
export const ORG_CANCEL_UNAVAILABLE =
  "The organization's Pro subscription could not be cancelled at Stripe right now, so nothing was deleted. Please try again in a few minutes.";
/** Organizations a user may create. */
export const MAX_OWNED_ORGANIZATIONS = 10;
/** Invitations one account may send a day, from all its addresses and organizations together (decision 185). */
export const INVITATIONS_PER_DAY = 30;

const signedOut = errorResponse('Not signed in');
const json = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

const orgId = z.string().trim().min(1).max(100);
const roleSchema = z.enum(organizationRoles);
const organizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: roleSchema.openapi({ description: "The signed-in user's role" }),
    plan: z.enum(['free', 'pro']),
    members: z.number().int(),
  })
  .openapi('Organization');
const memberSchema = z
  .object({ user_id: z.string(), name: z.string(), email: z.string(), role: roleSchema, joined_at: z.string() })
  .openapi('OrganizationMember');
const invitationSchema = z
  .object({ id: z.string(), email: z.string(), role: z.enum(invitableRoles), expires_at: z.string() })
  .openapi('OrganizationInvitation');
const tokenBody = z.object({ token: z.string().trim().min(1).max(200) });

const routes = {
  create: createRoute({
    method: 'post',
    path: '/organizations',
    summary: 'Create an organization; the signed-in user becomes its owner',
    request: { body: json(z.object({ name: z.string().trim().min(1).max(100) })) },
    responses: {
      201: { description: 'Created', content: { 'application/json': { schema: organizationSchema } } },
      400: errorResponse('Missing or too long name'),
      401: signedOut,
      409: errorResponse(`The user already owns ${MAX_OWNED_ORGANIZATIONS} organizations`),
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/organizations',
    summary: "The signed-in user's organizations with their role and the organization's plan",
    responses: {
      200: {
        description: 'Organizations',
        content: { 'application/json': { schema: z.object({ organizations: z.array(organizationSchema) }) } },
      },
      401: signedOut,
    },
  }),
  invite: createRoute({
    method: 'post',
    path: '/organizations/invite',
    summary: `Invite someone by e-mail (owners and admins); the mail links to /accept-invite?token=…, valid ${INVITATION_DAYS} days`,
    request: {
      body: json(
        z.object({
          organization_id: orgId,
          email: z.email().max(254),
          role: z.enum(invitableRoles).default('member'),
        }),
      ),
    },
    responses: {
      201: { description: 'Invited', content: { 'application/json': { schema: invitationSchema } } },
      400: errorResponse('Bad e-mail address or role'),
      401: signedOut,
      403: errorResponse("Not an owner or admin of the organization, or the inviter's address is not confirmed"),
      409: errorResponse('Already a member, or too many pending invitations'),
      429: errorResponse(`More than ${INVITATIONS_PER_DAY} invitations from this account today`),
    },
  }),
  members: createRoute({
    method: 'get',
    path: '/organizations/members',
    summary: "An organization's members with their roles, and (for owners and admins) its pending invitations",
    request: { query: z.object({ organization_id: orgId }) },
    responses: {
      200: {
        description: 'Members',
        content: {
          'application/json': {
            schema: z.object({ members: z.array(memberSchema), invitations: z.array(invitationSchema) }),
          },
        },
      },
      401: signedOut,
      403: errorResponse('Not a member'),
    },
  }),
  setRole: createRoute({
    method: 'patch',
    path: '/organizations/members',
    summary:
      "Change a member's role between admin and member (the owner only); made a member, the organization's API keys they created are revoked",
    request: {
      body: json(
        z.object({ organization_id: orgId, user_id: z.string().min(1).max(100), role: z.enum(invitableRoles) }),
      ),
    },
    responses: {
      200: { description: 'Changed', content: { 'application/json': { schema: memberSchema } } },
      401: signedOut,
      403: errorResponse('Not the owner'),
      404: errorResponse('No such member'),
      409: errorResponse("The owner's own role cannot change"),
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/organizations/members',
    summary:
      "Remove a member (the owner removes anyone else, admins remove members); the organization's API keys they created are revoked",
    request: { query: z.object({ organization_id: orgId, user_id: z.string().min(1).max(100) }) },
    responses: {
      204: { description: 'Removed' },
      401: signedOut,
      403: errorResponse('Not allowed to remove this member'),
      404: errorResponse('No such member'),
      409: errorResponse('The owner cannot be removed'),
    },
  }),
  leave: createRoute({
    method: 'post',
    path: '/organizations/leave',
    summary:
      "Leave an organization (members and admins; the owner stays); the organization's API keys one created are revoked",
    request: { body: json(z.object({ organization_id: orgId })) },
    responses: {
      204: { description: 'Left' },
      401: signedOut,
      404: errorResponse('Not a member'),
      409: errorResponse('The owner cannot leave'),
    },
  }),
  accept: createRoute({
    method: 'post',
    path: '/organizations/accept-invitation',
    summary: 'Check an invitation for the signed-in user: organization, role, and whether it can be used',
    request: { body: json(tokenBody) },
    responses: {
      200: {
        description: 'Usable by this user',
        content: {
          'application/json': {
            schema: z.object({
              organization_id: z.string(),
              organization_name: z.string(),
              email: z.string(),
              role: z.enum(invitableRoles),
              expires_at: z.string(),
            }),
          },
        },
      },
      401: signedOut,
      403: errorResponse('Sent to another e-mail address'),
      404: errorResponse('Unknown invitation'),
      409: errorResponse('Expired or already used'),
    },
  }),
  complete: createRoute({
    method: 'post',
    path: '/organizations/complete-invitation',
    summary: 'Join the organization of an invitation: the token sent, or the invitation_token the user signed up with',
    request: {
      body: { required: false, content: { 'application/json': { schema: tokenBody.partial() } } },
    },
    responses: {
      200: { description: 'Joined', content: { 'application/json': { schema: organizationSchema } } },
      401: signedOut,
      403: errorResponse('Sent to another e-mail address'),
      404: errorResponse('Unknown invitation, or none pending for this user'),
      409: errorResponse('Expired or already used'),
    },
  }),
  transfer: createRoute({
    method: 'post',
    path: '/organizations/transfer',
    summary: 'Make another member the owner (the owner only); the former owner stays as an admin',
    request: { body: json(z.object({ organization_id: orgId, user_id: z.string().trim().min(1).max(100) })) },
    responses: {
      200: {
        description: 'Transferred',
        content: { 'application/json': { schema: z.object({ members: z.array(memberSchema) }) } },
      },
      400: errorResponse('Missing organization or member'),
      401: signedOut,
      403: errorResponse('Not the owner'),
      404: errorResponse('No such member'),
      409: errorResponse('Already the owner'),
    },
  }),
  delete: createRoute({
    method: 'post',
    path: '/organizations/delete',
    summary:
      'Delete an organization (the owner only; `confirmation` is its name): its subscription is cancelled at Stripe, its keys stop working, its members are removed',
    request: {
      body: json(z.object({ organization_id: orgId, confirmation: z.string().max(200) })),
    },
    responses: {
      200: {
        description: 'Deleted',
        content: { 'application/json': { schema: z.object({ deleted: z.literal(true) }) } },
      },
      400: errorResponse("The confirmation is not the organization's name"),
      401: signedOut,
      403: errorResponse('Not the owner'),
      503: errorResponse('Stripe could not cancel the subscription; nothing was deleted'),
    },
  }),
};

export interface OrganizationsApiDeps {
  auth: Auth;
  trustProxy: boolean;
  publicUrl: string;
  mailer: Mailer;
  /** Stripe settings (null without STRIPE_SECRET_KEY): deleting an organization cancels its subscription there. */
  billing: Pick<BillingSettings, 'secretKey' | 'apiUrl'> | null;
  now?: () => Date;
}

export function organizationsApi({
  auth,
  trustProxy,
  publicUrl,
  mailer,
  billing,
  now = () => new Date(),
}: OrganizationsApiDeps) {
  const api = new OpenAPIHono<ApiEnv>({ defaultHook: bodyValidationHook });

  async function signedIn(c: Context<ApiEnv>): Promise<AccountSession['user']> {
    c.header('Cache-Control', 'no-store');
    const read = await readSession(auth, c.var.db, authHeaders(c, trustProxy), false);
    return requireSignedIn(read).user;
  }

  async function roleIn(c: Context<ApiEnv>, organizationId: string, userId: string): Promise<OrganizationRole> {
    const role = await memberRole(c.var.db, organizationId, userId);
    if (!role) throw new ApiError(403, 'not_a_member', 'You are not a member of this organization.');
    return role;
  }

  async function organizationOf(c: Context<ApiEnv>, id: string, userId: string) {
    const orgs = await listUserOrganizations(c.var.db, userId, now());
    return orgs.find((o) => o.id === id)!;
  }

  /** The invitation behind a token, checked for this user: clear errors for unknown, expired, used and foreign. */
  async function usableInvitation(c: Context<ApiEnv>, token: string, user: AccountSession['user']) {
    const invitation = await findInvitation(c.var.db, await invitationTokenHash(token));
    if (!invitation) throw new ApiError(404, 'invitation_not_found', invitationMessages.invalid);
    if (invitation.acceptedAt) throw new ApiError(409, 'invitation_used', invitationMessages.used);
    if (invitation.expiresAt <= now()) throw new ApiError(409, 'invitation_expired', invitationMessages.expired);
    if (invitation.email !== user.email.toLowerCase())
      throw new ApiError(403, 'invitation_other_account', invitationMessages.foreign(invitation.email));
    return invitation;
  }

  api.openapi(routes.create, async (c) => {
    const user = await signedIn(c);
    const owned = (await listUserOrganizations(c.var.db, user.id, now())).filter((o) => o.role === 'owner');
    if (owned.length >= MAX_OWNED_ORGANIZATIONS)
      throw new ApiError(
        409,
        'too_many_organizations',
        `You can own at most ${MAX_OWNED_ORGANIZATIONS} organizations.`,
      );
    const id = `org_${randomUUID()}`;
    await createOrganization(c.var.db, { id, name: c.req.valid('json').name, ownerId: user.id });
    return c.json(await organizationOf(c, id, user.id), 201);
  });

  api.openapi(routes.list, async (c) => {
    const user = await signedIn(c);
    return c.json({ organizations: await listUserOrganizations(c.var.db, user.id, now()) }, 200);
  });

  api.openapi(routes.invite, async (c) => {
    const user = await signedIn(c);
    const body = c.req.valid('json');
    const role = await roleIn(c, body.organization_id, user.id);
    if (!canManageMembers(role))
      throw new ApiError(403, 'forbidden_role', 'Only the owner or an admin can invite people.');
    // The mail names the inviter by their address (decision 185): it must be one they have shown they own.
    if (!user.emailVerified)
      throw new ApiError(403, 'email_not_verified', 'Please confirm your e-mail address before inviting people.');
    const email = body.email.trim().toLowerCase();
    const members = await listMembers(c.var.db, body.organization_id);
    if (members.some((m) => m.email === email))
      throw new ApiError(409, 'already_member', `${email} is already a member of this organization.`);
    const at = now();
    if ((await listPendingInvitations(c.var.db, body.organization_id, at)).length >= MAX_PENDING_INVITATIONS)
      throw new ApiError(
        409,
        'too_many_invitations',
        `An organization can have ${MAX_PENDING_INVITATIONS} pending invitations.`,
      );
    const sent = await consume(c.var.db, rateKey('invite', 'account', user.id), {
      max: INVITATIONS_PER_DAY,
      windowSeconds: 86_400,
    });
    if (!sent.allowed) {
      c.header('Retry-After', String(sent.retryAfter));
      throw new ApiError(429, 'rate_limited', rateLimitMessage(sent.retryAfter));
    }
    const token = randomBytes(32).toString('base64url');
    const id = randomUUID();
    const expiresAt = new Date(at.getTime() + INVITATION_DAYS * 86_400_000);
    await insertInvitation(c.var.db, {
      id,
      organizationId: body.organization_id,
      email,
      role: body.role,
      tokenHash: await invitationTokenHash(token),
      invitedBy: user.id,
      expiresAt,
    });
    const url = new URL(`/accept-invite?token=${encodeURIComponent(token)}`, publicUrl).toString();
    // Only what the sender cannot choose freely goes to the invited address: their confirmed e-mail, the role, our
    // link. The organization's name (typed by its owner) is shown on our /accept-invite page (decision 185).
    await mailer.send(
      organizationInvitationMail(email, { inviterEmail: user.email, role: body.role, url, days: INVITATION_DAYS }),
    );
    return c.json({ id, email, role: body.role, expires_at: expiresAt.toISOString() }, 201);
  });

  api.openapi(routes.members, async (c) => {
    const user = await signedIn(c);
    const { organization_id } = c.req.valid('query');
    const role = await roleIn(c, organization_id, user.id);
    const [members, invitations] = await Promise.all([
      listMembers(c.var.db, organization_id),
      canManageMembers(role) ? listPendingInvitations(c.var.db, organization_id, now()) : Promise.resolve([]),
    ]);
    return c.json(
      {
        members: members.map((m) => ({
          user_id: m.userId,
          name: m.name,
          email: m.email,
          role: m.role,
          joined_at: m.joinedAt.toISOString(),
        })),
        invitations: invitations.map((i) => ({
          id: i.id,
          email: i.email,
          role: i.role as 'admin' | 'member',
          expires_at: i.expiresAt.toISOString(),
        })),
      },
      200,
    );
  });

  api.openapi(routes.setRole, async (c) => {
    const user = await signedIn(c);
    const body = c.req.valid('json');
    const role = await roleIn(c, body.organization_id, user.id);
    if (role !== 'owner') throw new ApiError(403, 'forbidden_role', 'Only the owner can change roles.');
    const target = await memberRole(c.var.db, body.organization_id, body.user_id);
    if (!target) throw new ApiError(404, 'not_found', 'No such member.');
    if (target === 'owner') throw new ApiError(409, 'owner_role', "The owner's role cannot be changed.");
    await setMemberRole(c.var.db, body.organization_id, body.user_id, body.role);
    // A member manages no keys: those they created as an admin stop working (decision 184).
    if (body.role === 'member') await revokeCreatorsKeys(c.var.db, body.organization_id, body.user_id);
    const member = (await listMembers(c.var.db, body.organization_id)).find((m) => m.userId === body.user_id)!;
    return c.json(
      {
        user_id: member.userId,
        name: member.name,
        email: member.email,
        role: member.role,
        joined_at: member.joinedAt.toISOString(),
      },
      200,
    );
  });

  api.openapi(routes.remove, async (c) => {
    const user = await signedIn(c);
    const { organization_id, user_id } = c.req.valid('query');
    const role = await roleIn(c, organization_id, user.id);
    const target = await memberRole(c.var.db, organization_id, user_id);
    if (!target) throw new ApiError(404, 'not_found', 'No such member.');
    if (target === 'owner')
      throw new ApiError(409, 'owner_stays', 'The owner cannot be removed from the organization.');
    if (user_id !== user.id && !(role === 'owner' || (role === 'admin' && target === 'member')))
      throw new ApiError(403, 'forbidden_role', 'You cannot remove this member.');
    await removeMember(c.var.db, organization_id, user_id);
    // The organization's keys they created stop working: the secret is theirs (decision 184).
    await revokeCreatorsKeys(c.var.db, organization_id, user_id);
    return c.body(null, 204);
  });

  api.openapi(routes.leave, async (c) => {
    const user = await signedIn(c);
    const { organization_id } = c.req.valid('json');
    const role = await memberRole(c.var.db, organization_id, user.id);
    if (!role) throw new ApiError(404, 'not_a_member', 'You are not a member of this organization.');
    if (role === 'owner') throw new ApiError(409, 'owner_stays', 'The owner cannot leave the organization.');
    await removeMember(c.var.db, organization_id, user.id);
    await revokeCreatorsKeys(c.var.db, organization_id, user.id);
    return c.body(null, 204);
  });

  api.openapi(routes.accept, async (c) => {
    const user = await signedIn(c);
    const invitation = await usableInvitation(c, c.req.valid('json').token, user);
    return c.json(
      {
        organization_id: invitation.organizationId,
        organization_name: invitation.organizationName,
        email: invitation.email,
        role: invitation.role as 'admin' | 'member',
        expires_at: invitation.expiresAt.toISOString(),
      },
      200,
    );
  });

  api.openapi(routes.complete, async (c) => {
    const user = await signedIn(c);
    const sent = c.req.valid('json')?.token;
    const saved = await savedInvitationToken(c.var.db, user.id);
    const token = sent ?? saved;
    if (!token) throw new ApiError(404, 'no_invitation', 'There is no invitation to complete for this account.');
    let invitation;
    try {
      invitation = await usableInvitation(c, token, user);
    } finally {
      // A sign-up's saved token is used once, whatever its fate (sent back by the page or taken from the account).
      if (saved !== null && saved === token) await clearInvitationToken(c.var.db, user.id);
    }
    if (!(await acceptInvitation(c.var.db, invitation, user.id, now())))
      throw new ApiError(409, 'invitation_used', invitationMessages.used);
    return c.json(await organizationOf(c, invitation.organizationId, user.id), 200);
  });

  api.openapi(routes.transfer, async (c) => {
    const user = await signedIn(c);
    const body = c.req.valid('json');
    const role = await roleIn(c, body.organization_id, user.id);
    if (role !== 'owner') throw new ApiError(403, 'forbidden_role', 'Only the owner can hand over the organization.');
    if (body.user_id === user.id) throw new ApiError(409, 'already_owner', 'You are already the owner.');
    if (!(await transferOwnership(c.var.db, body.organization_id, user.id, body.user_id)))
      throw new ApiError(404, 'not_found', 'No such member.');
    const list = await listMembers(c.var.db, body.organization_id);
    return c.json(
      {
        members: list.map((m) => ({
          user_id: m.userId,
          name: m.name,
          email: m.email,
          role: m.role,
          joined_at: m.joinedAt.toISOString(),
        })),
      },
      200,
    );
  });

  api.openapi(routes.delete, async (c) => {
    const user = await signedIn(c);
    const body = c.req.valid('json');
    const role = await roleIn(c, body.organization_id, user.id);
    if (role !== 'owner') throw new ApiError(403, 'forbidden_role', 'Only the owner can delete the organization.');
    const org = (await findOrganization(c.var.db, body.organization_id))!;
    if (body.confirmation.trim() !== org.name)
      throw new ApiError(400, 'confirmation_required', `Type the organization's name, ${org.name}, to confirm.`);
    try {
      await cancelSubscriptionsAtStripe(c.var.db, billing, [{ kind: 'organization', id: org.id }], now);
    } catch (error) {
      if (error instanceof CancelUnavailable) throw new ApiError(503, 'billing_unavailable', ORG_CANCEL_UNAVAILABLE);
      throw error;
    }
    await deleteOrganization(c.var.db, org.id);
    return c.json({ deleted: true as const }, 200);
  });

  return api;
}
