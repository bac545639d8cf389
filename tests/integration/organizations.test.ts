// Organizations on a real database: create, invite by e-mail (the real SMTP peer), accept as a signed-in user or
// through sign-up with invitation_token, members and roles, removal and leaving, unusable invitations, an
// organization's Pro covering its members, and organization keys counted against the organization.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationMessages } from '../../core/organizations';
import { USAGE_DAYS } from '../../core/plans';
import { accountUsage, organizationUsage } from '../../db/queries/api-keys';
import { organizationInvitations, organizations } from '../../db/schema';
import { signedEvent, startStripeStub, subscriptionObject, type StripeStub } from '../setup/stripe-stub';
import {
  confirmedUser,
  goodPassword,
  nextIp,
  requestsOn,
  signUp,
  startHarness,
  TestClient,
  type Harness,
} from './auth-harness';

const LIMIT = 2;
let stub: StripeStub;
let h: Harness;
beforeAll(async () => {
  stub = await startStripeStub();
  h = await startHarness({
    env: { ...stub.env, API_FREE_DAILY_LIMIT: String(LIMIT) },
    samples: ['eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv'],
  });
});
afterAll(async () => {
  await Promise.all([h?.close(), stub?.close()]);
});

let count = 0;
const address = (who: string) => `${who}-${++count}@example.org`;

async function person(who: string) {
  const client = new TestClient(h);
  const email = address(who);
  await confirmedUser(h, client, email);
  const userId: string = (await client.request('/api/account/session')).body.session.user.id;
  return { client, email, userId };
}

async function organization(owner: TestClient, name = 'Newsroom') {
  const reply = await owner.post('/api/organizations', { name });
  expect(reply.res.status).toBe(201);
  return reply.body as { id: string; name: string; role: string; plan: string; members: number };
}

/** Invites and returns the token from the mailed /accept-invite link. */
async function invite(from: TestClient, organizationId: string, email: string, role = 'member') {
  const reply = await from.post('/api/organizations/invite', { organization_id: organizationId, email, role });
  expect(reply.res.status).toBe(201);
  const mail = await h.smtp.waitFor(email, (m) => m.subject.includes('invited you'));
  const link = /https?:\/\/\S+\/accept-invite\?token=\S+/.exec(mail.text)![0];
  expect(link.startsWith(`${h.publicUrl}/accept-invite?token=`)).toBe(true);
  return { token: new URL(link).searchParams.get('token')!, mail, invitation: reply.body };
}

const members = async (client: TestClient, organizationId: string) =>
  (await client.request(`/api/organizations/members?organization_id=${encodeURIComponent(organizationId)}`)).body;

describe('creating and inviting', () => {
  it('makes the creator the owner, invites by e-mail, and the invitee joins after checking', async () => {
    const owner = await person('owner');
    const org = await organization(owner.client, 'Data desk');
    expect(org).toMatchObject({ name: 'Data desk', role: 'owner', plan: 'free', members: 1 });
    expect(org.id).toMatch(/^org_/);

    const invitee = await person('invitee');
    const { token, mail, invitation } = await invite(owner.client, org.id, invitee.email.toUpperCase(), 'admin');
    expect(invitation).toMatchObject({ email: invitee.email, role: 'admin' });
    expect(mail.subject).toBe(`${owner.email} invited you to an organization on Statistics publisher`);
    // Stored as a hash only.
    const rows = await h.database.db
      .select()
      .from(organizationInvitations)
      .where(eq(organizationInvitations.id, invitation.id));
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // Pending invitations are listed for managers.
    expect((await members(owner.client, org.id)).invitations).toHaveLength(1);

    const checked = await invitee.client.post('/api/organizations/accept-invitation', { token });
    expect(checked.res.status).toBe(200);
    expect(checked.body).toMatchObject({ organization_id: org.id, organization_name: 'Data desk', role: 'admin' });
    const joined = await invitee.client.post('/api/organizations/complete-invitation', { token });
    expect(joined.res.status).toBe(200);
    expect(joined.body).toMatchObject({ id: org.id, role: 'admin', members: 2 });

    const list = await members(owner.client, org.id);
    expect(list.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [invitee.email, 'admin'],
    ]);
    expect(list.invitations).toHaveLength(0);
    expect((await invitee.client.request('/api/organizations')).body.organizations).toEqual([
      expect.objectContaining({ id: org.id, role: 'admin' }),
    ]);
  });

  it('explains reused, expired, foreign and unknown invitations', async () => {
    const owner = await person('owner');
    const org = await organization(owner.client);
    const invitee = await person('invitee');
    const other = await person('other');
    const { token } = await invite(owner.client, org.id, invitee.email);

    const foreign = await other.client.post('/api/organizations/accept-invitation', { token });
    expect(foreign.res.status).toBe(403);
    expect(foreign.body.error).toEqual({
      code: 'invitation_other_account',
      message: invitationMessages.foreign(invitee.email),
    });
    expect((await other.client.post('/api/organizations/complete-invitation', { token })).res.status).toBe(403);

    expect((await invitee.client.post('/api/organizations/complete-invitation', { token })).res.status).toBe(200);
    const reused = await invitee.client.post('/api/organizations/complete-invitation', { token });
    expect(reused.res.status).toBe(409);
    expect(reused.body.error).toEqual({ code: 'invitation_used', message: invitationMessages.used });

    const late = await person('late');
    const { token: expiring, invitation } = await invite(owner.client, org.id, late.email);
    await h.database.db
      .update(organizationInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(organizationInvitations.id, invitation.id));
    const expired = await late.client.post('/api/organizations/accept-invitation', { token: expiring });
    expect(expired.res.status).toBe(409);
    expect(expired.body.error).toEqual({ code: 'invitation_expired', message: invitationMessages.expired });

    const unknown = await late.client.post('/api/organizations/accept-invitation', { token: 'not-a-token' });
    expect(unknown.res.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'invitation_not_found', message: invitationMessages.invalid });
    expect((await late.client.post('/api/organizations/accept-invitation', {})).res.status).toBe(400);
  });

  it('joins through sign-up with invitation_token, completed after confirming', async () => {
    const owner = await person('owner');
    const org = await organization(owner.client, 'Research group');
    const email = address('newcomer');
    const { token } = await invite(owner.client, org.id, email);
    const newcomer = new TestClient(h);
    const mail = await signUp(h, newcomer, email, goodPassword, { invitationToken: token });
    const confirm = new URL(/https?:\/\/\S+\/confirm\?\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    expect((await newcomer.post('/api/auth/confirm-email', { token: confirm })).body.signedIn).toBe(true);
    // No token in the body: the one saved at sign-up.
    const joined = await newcomer.post('/api/organizations/complete-invitation', {});
    expect(joined.res.status).toBe(200);
    expect(joined.body).toMatchObject({ id: org.id, name: 'Research group', role: 'member' });
    // Used once: nothing left to complete.
    const again = await newcomer.post('/api/organizations/complete-invitation', {});
    expect(again.res.status).toBe(404);
    expect(again.body.error.code).toBe('no_invitation');
  });

  it('lets only owners and admins invite, and refuses existing members', async () => {
    const owner = await person('owner');
    const org = await organization(owner.client);
    const member = await person('member');
    const { token } = await invite(owner.client, org.id, member.email);
    await member.client.post('/api/organizations/complete-invitation', { token });
    const byMember = await member.client.post('/api/organizations/invite', {
      organization_id: org.id,
      email: address('x'),
    });
    expect(byMember.res.status).toBe(403);
    const outsider = await person('outsider');
    const byOutsider = await outsider.client.post('/api/organizations/invite', {
      organization_id: org.id,
      email: address('x'),
    });
    expect(byOutsider.res.status).toBe(403);
    expect(byOutsider.body.error.code).toBe('not_a_member');
    const twice = await owner.client.post('/api/organizations/invite', {
      organization_id: org.id,
      email: member.email,
    });
    expect(twice.res.status).toBe(409);
    const owner2 = await owner.client.post('/api/organizations/invite', {
      organization_id: org.id,
      email: address('x'),
      role: 'owner',
    });
    expect(owner2.res.status).toBe(400);
    const badEmail = await owner.client.post('/api/organizations/invite', { organization_id: org.id, email: 'nope' });
    expect(badEmail.res.status).toBe(400);
    const anonymous = await new TestClient(h).post('/api/organizations', { name: 'x' });
    expect(anonymous.res.status).toBe(401);
  });

  it('limits invitations to one address (no mail flood)', async () => {
    const owner = await person('owner');
    const org = await organization(owner.client);
    const target = address('target');
    for (let i = 0; i < 3; i++)
      expect(
        (await owner.client.post('/api/organizations/invite', { organization_id: org.id, email: target })).res.status,
      ).toBe(201);
    const flood = await owner.client.post('/api/organizations/invite', { organization_id: org.id, email: target });
    expect(flood.res.status).toBe(429);
    expect(flood.body.error.code).toBe('rate_limited');
  });
});

describe('members and roles', () => {
  it('changes roles, removes members and lets members leave; the owner stays', async () => {
    const owner = await person('owner');
    const org = await organization(owner.client);
    const admin = await person('admin');
    const member = await person('member');
    const other = await person('member');
    for (const [p, role] of [
      [admin, 'admin'],
      [member, 'member'],
      [other, 'member'],
    ] as const) {
      const { token } = await invite(owner.client, org.id, p.email, role);
      expect((await p.client.post('/api/organizations/complete-invitation', { token })).res.status).toBe(200);
    }

    // Only the owner changes roles.
    const byAdmin = await admin.client.request('/api/organizations/members', {
      method: 'PATCH',
      json: { organization_id: org.id, user_id: member.userId, role: 'admin' },
    });
    expect(byAdmin.res.status).toBe(403);
    const promoted = await owner.client.request('/api/organizations/members', {
      method: 'PATCH',
      json: { organization_id: org.id, user_id: member.userId, role: 'admin' },
    });
    expect(promoted.res.status).toBe(200);
    expect(promoted.body).toMatchObject({ user_id: member.userId, role: 'admin' });
    const demoteOwner = await owner.client.request('/api/organizations/members', {
      method: 'PATCH',
      json: { organization_id: org.id, user_id: owner.userId, role: 'member' },
    });
    expect(demoteOwner.res.status).toBe(409);

    // An admin removes members, not other admins or the owner.
    const remove = (client: TestClient, userId: string) =>
      client.request(`/api/organizations/members?organization_id=${org.id}&user_id=${userId}`, { method: 'DELETE' });
    expect((await remove(admin.client, member.userId)).res.status).toBe(403);
    expect((await remove(admin.client, owner.userId)).res.status).toBe(409);
    expect((await remove(admin.client, other.userId)).res.status).toBe(204);
    expect((await remove(admin.client, other.userId)).res.status).toBe(404);
    // The removed member sees it at once.
    expect((await members(other.client, org.id)).error.code).toBe('not_a_member');

    // Leaving.
    const leave = (client: TestClient) => client.post('/api/organizations/leave', { organization_id: org.id });
    expect((await leave(member.client)).res.status).toBe(204);
    expect((await leave(member.client)).res.status).toBe(404);
    const ownerLeaves = await leave(owner.client);
    expect(ownerLeaves.res.status).toBe(409);
    expect(ownerLeaves.body.error.message).toBe('The owner cannot leave the organization.');
    expect((await members(owner.client, org.id)).members.map((m: { user_id: string }) => m.user_id)).toEqual([
      owner.userId,
      admin.userId,
    ]);
  });
});

describe("an organization's Pro plan", () => {
  it('covers its members, and its keys count against the organization once Pro (its creator while Free)', async () => {
    const owner = await person('owner');
    const org = await organization(owner.client, 'Pro newsroom');
    const member = await person('member');
    const { token } = await invite(owner.client, org.id, member.email);
    await member.client.post('/api/organizations/complete-invitation', { token });

    // A member cannot pay for the organization; the owner can.
    expect(
      (await member.client.post('/api/billing/checkout', { interval: 'month', organization_id: org.id })).res.status,
    ).toBe(403);
    const checkout = await owner.client.post('/api/billing/checkout', { interval: 'month', organization_id: org.id });
    expect(checkout.res.status).toBe(200);
    expect(stub.requests.at(-1)!.form.client_reference_id).toBe(org.id);

    // An organization key: created by the owner, counted against the organization.
    const created = await owner.client.post('/api/account/api-keys', { name: 'shared', organization_id: org.id });
    expect(created.res.status).toBe(201);
    expect(
      (await member.client.post('/api/account/api-keys', { name: 'mine', organization_id: org.id })).res.status,
    ).toBe(403);
    const orgKey = created.body.key as string;
    const listed = (await owner.client.request('/api/account/api-keys')).body.keys;
    expect(listed).toEqual([expect.objectContaining({ id: created.body.id, organization_id: org.id })]);
    const call = () =>
      new TestClient(h, nextIp()).request('/api/datasets?limit=1', { headers: { 'X-API-Key': orgKey } });
    for (let i = 0; i < LIMIT; i++) expect((await call()).res.status).toBe(200);
    expect((await call()).res.status).toBe(429);
    expect(await requestsOn(h.database.db, `org:${org.id}`)).toBe(LIMIT + 1);
    // On the Free plan the quota is the person's: the key's requests count against its creator too (decision 184).
    expect(await requestsOn(h.database.db, `user:${owner.userId}`)).toBe(LIMIT + 1);
    // The settings page's charts: the organization's shows the key's requests, the owner's own does not list the key.
    const orgUsage = await organizationUsage(h.database.db, org.id, new Date(), USAGE_DAYS);
    expect(orgUsage.keys.map((k) => k.id)).toEqual([created.body.id]);
    expect(orgUsage.days.at(-1)).toMatchObject({ total: LIMIT + 1 });
    expect(orgUsage.days.at(-1)!.by_key[created.body.id as string]).toBeGreaterThanOrEqual(LIMIT);
    expect((await accountUsage(h.database.db, owner.userId, new Date(), USAGE_DAYS)).keys).toEqual([]);

    // Paid: the organization and everyone in it are Pro at once.
    await (async () => {
      const res = await h.app.request(`${h.publicUrl}/api/stripe-webhook`, {
        method: 'POST',
        ...(() => {
          const event = signedEvent(
            'customer.subscription.created',
            subscriptionObject({
              id: 'sub_org_1',
              customer: 'cus_org_1',
              owner: org.id,
              status: 'active',
              periodEnd: new Date(Date.now() + 30 * 86_400_000),
            }),
          );
          return {
            headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
            body: event.payload,
          };
        })(),
      });
      expect(res.status).toBe(200);
    })();
    expect((await member.client.request('/api/account/current-plan')).body.plan).toBe('pro');
    expect((await owner.client.request('/api/account/current-plan')).body.plan).toBe('pro');
    expect((await owner.client.request('/api/organizations')).body.organizations[0]).toMatchObject({ plan: 'pro' });
    const unlimited = await call();
    expect(unlimited.res.status).toBe(200);
    expect(unlimited.res.headers.get('x-ratelimit-limit')).toBeNull();
    // A Pro organization's key counts against the organization alone, not against the person who created it.
    expect(await requestsOn(h.database.db, `user:${owner.userId}`)).toBe(LIMIT + 1);
    // The portal for the organization opens with the organization's customer.
    const portal = await owner.client.post('/api/billing/portal', { organization_id: org.id });
    expect(portal.res.status).toBe(200);
    expect(stub.requests.at(-1)!.form.customer).toBe('cus_org_1');

    // Someone who leaves loses the organization's Pro.
    await member.client.post('/api/organizations/leave', { organization_id: org.id });
    expect((await member.client.request('/api/account/current-plan')).body.plan).toBe('free');
  });
});

describe("an organization's keys", () => {
  it('are revoked by any owner or admin, whoever created them, and by no member', async () => {
    const owner = await person('owner');
    const org = await organization(owner.client, 'Key desk');
    const admin = await person('admin');
    const member = await person('member');
    for (const [who, role] of [
      [admin, 'admin'],
      [member, 'member'],
    ] as const) {
      const { token } = await invite(owner.client, org.id, who.email, role);
      expect((await who.client.post('/api/organizations/complete-invitation', { token })).res.status).toBe(200);
    }
    const created = await owner.client.post('/api/account/api-keys', { name: 'newsroom', organization_id: org.id });
    expect(created.res.status).toBe(201);
    const key = created.body.key as string;
    const revoke = (client: TestClient) =>
      client.request(`/api/account/api-keys/${encodeURIComponent(created.body.id as string)}`, { method: 'DELETE' });
    const withKey = () =>
      new TestClient(h, nextIp()).request('/api/datasets?limit=1', { headers: { 'X-API-Key': key } });

    expect((await revoke(member.client)).res.status).toBe(404);
    expect((await withKey()).res.status).toBe(200);
    expect((await revoke(admin.client)).res.status).toBe(204);
    expect((await withKey()).res.status).toBe(401);
    expect((await revoke(owner.client)).res.status).toBe(404);
    expect((await owner.client.request('/api/account/api-keys')).body.keys).toEqual([]);
  });
});

describe('handing over and deleting (decision 079)', () => {
  async function withMember(name: string, role: 'admin' | 'member' = 'member') {
    const owner = await person('owner');
    const org = await organization(owner.client, name);
    const member = await person(role);
    const { token } = await invite(owner.client, org.id, member.email, role);
    expect((await member.client.post('/api/organizations/complete-invitation', { token })).res.status).toBe(200);
    return { owner, org, member };
  }
  async function paid(organizationId: string, subscription: string) {
    const event = signedEvent(
      'customer.subscription.created',
      subscriptionObject({
        id: subscription,
        customer: `cus_${subscription}`,
        owner: organizationId,
        status: 'active',
        periodEnd: new Date(Date.now() + 30 * 86_400_000),
      }),
    );
    const res = await h.app.request(`${h.publicUrl}/api/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.payload,
    });
    expect(res.status).toBe(200);
  }
  const cancellations = (subscription: string) =>
    stub.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscription}`).length;
  const deleteAccount = (client: TestClient) =>
    client.post('/api/account/delete', { confirmation: 'DELETE', password: goodPassword });

  it('lets the owner make another member the owner', async () => {
    const { owner, org, member } = await withMember('Handover');
    const stranger = await person('stranger');
    const transfer = (client: TestClient, userId: string) =>
      client.post('/api/organizations/transfer', { organization_id: org.id, user_id: userId });

    expect((await transfer(member.client, member.userId)).res.status).toBe(403);
    expect((await transfer(owner.client, owner.userId)).res.status).toBe(409);
    expect((await transfer(owner.client, stranger.userId)).res.status).toBe(404);
    expect((await owner.client.post('/api/organizations/transfer', { organization_id: org.id })).res.status).toBe(400);
    const done = await transfer(owner.client, member.userId);
    expect(done.res.status).toBe(200);
    expect(done.body.members.map((m: { user_id: string; role: string }) => [m.user_id, m.role])).toEqual([
      [member.userId, 'owner'],
      [owner.userId, 'admin'],
    ]);
    // The former owner is an admin now: may leave, may no longer hand over or delete.
    expect((await transfer(owner.client, member.userId)).res.status).toBe(403);
    expect(
      (await owner.client.post('/api/organizations/delete', { organization_id: org.id, confirmation: 'Handover' })).res
        .status,
    ).toBe(403);
    expect((await owner.client.post('/api/organizations/leave', { organization_id: org.id })).res.status).toBe(204);
    expect((await members(member.client, org.id)).members).toEqual([
      expect.objectContaining({ user_id: member.userId, role: 'owner' }),
    ]);
  });

  it('deletes an organization: its subscription cancelled at Stripe, its keys revoked, its members removed', async () => {
    const { owner, org, member } = await withMember('Closing desk', 'admin');
    const subscription = `sub_close_${org.id.slice(4, 12)}`;
    await paid(org.id, subscription);
    expect((await member.client.request('/api/account/current-plan')).body.plan).toBe('pro');
    const key = (await owner.client.post('/api/account/api-keys', { name: 'shared', organization_id: org.id })).body
      .key as string;
    const call = () => new TestClient(h, nextIp()).request('/api/datasets?limit=1', { headers: { 'X-API-Key': key } });
    expect((await call()).res.status).toBe(200);
    const remove = (client: TestClient, confirmation: string) =>
      client.post('/api/organizations/delete', { organization_id: org.id, confirmation });

    expect((await remove(member.client, 'Closing desk')).res.status).toBe(403);
    const untyped = await remove(owner.client, 'closing');
    expect(untyped.res.status).toBe(400);
    expect(untyped.body.error.message).toBe("Type the organization's name, Closing desk, to confirm.");

    // Stripe unreachable: refused, nothing deleted.
    stub.unreachable = true;
    let refused;
    try {
      refused = await remove(owner.client, 'Closing desk');
    } finally {
      stub.unreachable = false;
    }
    expect(refused.res.status).toBe(503);
    expect(refused.body.error.code).toBe('billing_unavailable');
    expect((await members(member.client, org.id)).members).toHaveLength(2);
    expect((await call()).res.status).toBe(200);

    const deleted = await remove(owner.client, 'Closing desk');
    expect(deleted.res.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true });
    expect(cancellations(subscription)).toBeGreaterThanOrEqual(2);
    expect((await call()).res.status).toBe(401);
    expect((await member.client.request('/api/organizations')).body.organizations).toEqual([]);
    expect((await member.client.request('/api/account/current-plan')).body.plan).toBe('free');
    expect((await members(owner.client, org.id)).error.code).toBe('not_a_member');
  });

  it('refuses to delete the account of the only owner of an organization with members', async () => {
    const { owner, org, member } = await withMember('Busy desk');
    const refused = await deleteAccount(owner.client);
    expect(refused.res.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'owns_organization_with_members',
      message:
        'You are the owner of “Busy desk”, which has other members. Make another member the owner, or delete the organization, before deleting your account.',
    });
    expect((await members(member.client, org.id)).members).toHaveLength(2);
    // Once handed over, the account goes and the organization stays with its new owner.
    await owner.client.post('/api/organizations/transfer', { organization_id: org.id, user_id: member.userId });
    expect((await deleteAccount(owner.client)).res.status).toBe(200);
    expect((await member.client.request('/api/organizations')).body.organizations).toEqual([
      expect.objectContaining({ id: org.id, role: 'owner', members: 1 }),
    ]);
  });

  it("deletes an organization with no other members together with its owner's account", async () => {
    const owner = await person('owner');
    const org = await organization(owner.client, 'Solo desk');
    const subscription = `sub_solo_${org.id.slice(4, 12)}`;
    await paid(org.id, subscription);
    expect((await deleteAccount(owner.client)).res.status).toBe(200);
    expect(cancellations(subscription)).toBe(1);
    expect(await h.database.db.select().from(organizations).where(eq(organizations.id, org.id))).toEqual([]);
  });
});
