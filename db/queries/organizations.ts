// Organizations, their members and roles, and invitations (docs/decisions/074).
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { OrganizationRole } from '../../core/organizations';
import type { Plan } from '../../core/plans';
import type { Db, ReadDb } from '../client';
import { apiKeys, organizationInvitations, organizationMembers, organizations, users } from '../schema';
import { queryRows } from '../sql';
import { proSubscriptionSql } from './billing';

export type InvitationRow = typeof organizationInvitations.$inferSelect;

/** Creates an organization with its creator as owner. */
export async function createOrganization(db: Db, org: { id: string; name: string; ownerId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(organizations).values({ id: org.id, name: org.name, createdBy: org.ownerId });
    await tx.insert(organizationMembers).values({ organizationId: org.id, userId: org.ownerId, role: 'owner' });
  });
}

export interface UserOrganization {
  id: string;
  name: string;
  role: OrganizationRole;
  plan: Plan;
  members: number;
}

/** The organizations a user belongs to, with the user's role, the organization's plan and its size. */
export async function listUserOrganizations(
  db: ReadDb,
  userId: string,
  at: Date = new Date(),
): Promise<UserOrganization[]> {
  const rows = await queryRows<{ id: string; name: string; role: OrganizationRole; pro: boolean; members: number }>(
    db,
    sql`SELECT o.id, o.name, m.role,
          EXISTS (SELECT 1 FROM billing_subscriptions s WHERE s.organization_id = o.id AND ${proSubscriptionSql(at)}) AS pro,
          (SELECT count(*)::int FROM organization_members c WHERE c.organization_id = o.id) AS members
        FROM organization_members m JOIN organizations o ON o.id = m.organization_id
        WHERE m.user_id = ${userId}
        ORDER BY o.created_at, o.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    role: r.role,
    plan: r.pro ? 'pro' : 'free',
    members: Number(r.members),
  }));
}

export async function findOrganization(db: ReadDb, id: string) {
  const rows = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return rows[0];
}

/** The user's role in the organization, or undefined when not a member. */
export async function memberRole(
  db: ReadDb,
  organizationId: string,
  userId: string,
): Promise<OrganizationRole | undefined> {
  const rows = await db
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    .limit(1);
  return rows[0]?.role;
}

export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: OrganizationRole;
  joinedAt: Date;
}

export async function listMembers(db: ReadDb, organizationId: string): Promise<MemberRow[]> {
  return db
    .select({
      userId: organizationMembers.userId,
      name: users.name,
      email: users.email,
      role: organizationMembers.role,
      joinedAt: organizationMembers.createdAt,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(
      sql`CASE ${organizationMembers.role} WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END`,
      asc(users.email),
    );
}

/** Invitations not yet accepted and not expired at `at`. */
export async function listPendingInvitations(db: ReadDb, organizationId: string, at: Date): Promise<InvitationRow[]> {
  return db
    .select()
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        isNull(organizationInvitations.acceptedAt),
        gt(organizationInvitations.expiresAt, at),
      ),
    )
    .orderBy(asc(organizationInvitations.createdAt));
}

export async function insertInvitation(
  db: Db,
  inv: {
    id: string;
    organizationId: string;
    email: string;
    role: OrganizationRole;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(organizationInvitations).values(inv);
}

/** An invitation by its token's hash, with the organization's name. */
export async function findInvitation(
  db: ReadDb,
  tokenHash: string,
): Promise<(InvitationRow & { organizationName: string }) | undefined> {
  const rows = await db
    .select({ invitation: organizationInvitations, organizationName: organizations.name })
    .from(organizationInvitations)
    .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
    .where(eq(organizationInvitations.tokenHash, tokenHash))
    .limit(1);
  const row = rows[0];
  return row && { ...row.invitation, organizationName: row.organizationName };
}

/**
 * Marks the invitation used by `userId` and adds the user with its role, in one transaction; false when another
 * request used it first. A user who is already a member keeps the role they have.
 */
export async function acceptInvitation(db: Db, invitation: InvitationRow, userId: string, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(organizationInvitations)
      .set({ acceptedAt: at, acceptedBy: userId })
      .where(and(eq(organizationInvitations.id, invitation.id), isNull(organizationInvitations.acceptedAt)))
      .returning({ id: organizationInvitations.id });
    if (used.length === 0) return false;
    await tx
      .insert(organizationMembers)
      .values({ organizationId: invitation.organizationId, userId, role: invitation.role })
      .onConflictDoNothing();
    return true;
  });
}

export async function setMemberRole(
  db: Db,
  organizationId: string,
  userId: string,
  role: OrganizationRole,
): Promise<boolean> {
  const rows = await db
    .update(organizationMembers)
    .set({ role })
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    .returning({ userId: organizationMembers.userId });
  return rows.length > 0;
}

export async function removeMember(db: Db, organizationId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    .returning({ userId: organizationMembers.userId });
  return rows.length > 0;
}

/** Drops the user's saved invitation token once it has been used or found unusable. */
export async function clearInvitationToken(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ invitationToken: null }).where(eq(users.id, userId));
}

export async function savedInvitationToken(db: ReadDb, userId: string): Promise<string | null> {
  const rows = await db.select({ t: users.invitationToken }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.t ?? null;
}

export interface OrganizationKey {
  id: string;
  name: string;
  prefix: string;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** An organization's working API keys, with who created each (owners and admins may revoke any). */
export async function listOrganizationKeys(db: ReadDb, organizationId: string): Promise<OrganizationKey[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdBy: users.email,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(
      and(
        eq(apiKeys.organizationId, organizationId),
        isNull(apiKeys.revokedAt),
        // Only keys that work: their creator still manages the organization (decision 184).
        sql`EXISTS (SELECT 1 FROM organization_members m WHERE m.organization_id = ${apiKeys.organizationId}
          AND m.user_id = ${apiKeys.userId} AND m.role IN ('owner', 'admin'))`,
      ),
    )
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
}

/** The organizations a user owns, with how many other members each has (account deletion, decision 078). */
export async function ownedOrganizations(
  db: ReadDb,
  userId: string,
): Promise<{ id: string; name: string; others: number }[]> {
  const rows = await queryRows<{ id: string; name: string; others: number }>(
    db,
    sql`SELECT o.id, o.name,
          (SELECT count(*)::int FROM organization_members c WHERE c.organization_id = o.id AND c.user_id <> ${userId}) AS others
        FROM organization_members m JOIN organizations o ON o.id = m.organization_id
        WHERE m.user_id = ${userId} AND m.role = 'owner'
        ORDER BY o.created_at, o.id`,
  );
  return rows.map((r) => ({ ...r, others: Number(r.others) }));
}

/**
 * Deletes an organization with its keys (they stop working at once), members, invitations, customer and subscription
 * rows: all by foreign-key cascade. Its subscription must be cancelled at Stripe first (server/billing/cancel.ts).
 */
export async function deleteOrganization(db: Db, organizationId: string): Promise<boolean> {
  const rows = await db
    .delete(organizations)
    .where(eq(organizations.id, organizationId))
    .returning({ id: organizations.id });
  return rows.length > 0;
}

/** Hands the owner role to another member; the former owner stays as an admin. False when `to` is not a member. */
export async function transferOwnership(db: Db, organizationId: string, from: string, to: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const made = await tx
      .update(organizationMembers)
      .set({ role: 'owner' })
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, to)))
      .returning({ userId: organizationMembers.userId });
    if (made.length === 0) return false;
    await tx
      .update(organizationMembers)
      .set({ role: 'admin' })
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, from)));
    return true;
  });
}
