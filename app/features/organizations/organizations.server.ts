// What the settings page's organizations section needs, read in the loader through db/queries.
import { canManageMembers, type OrganizationRole } from '#core/organizations';
import { USAGE_DAYS, type Plan } from '#core/plans';
import type { ReadDb } from '#db/client';
import { organizationUsage, type AccountUsage } from '#db/queries/api-keys';
import { customerOf, latestSubscription } from '#db/queries/billing';
import {
  listMembers,
  listOrganizationKeys,
  listPendingInvitations,
  listUserOrganizations,
  type OrganizationKey,
} from '#db/queries/organizations';

export interface OrganizationView {
  id: string;
  name: string;
  role: OrganizationRole;
  plan: Plan;
  members: { userId: string; name: string; email: string; role: OrganizationRole }[];
  /** Pending invitations, for owners and admins only. */
  invitations: { id: string; email: string; role: OrganizationRole; expiresAt: string }[];
  hasCustomer: boolean;
  /** The organization's working API keys (owners and admins see them). */
  keys: OrganizationKey[];
  /** Requests per day for the last USAGE_DAYS days, by key (owners and admins see it). */
  usage: AccountUsage | null;
  subscription: { status: string; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean } | null;
}

export async function organizationSettings(db: ReadDb, userId: string): Promise<OrganizationView[]> {
  const now = new Date();
  const orgs = await listUserOrganizations(db, userId, now);
  return Promise.all(
    orgs.map(async (o) => {
      const manager = canManageMembers(o.role);
      const owner = { kind: 'organization', id: o.id } as const;
      const [members, invitations, customer, sub, keys, usage] = await Promise.all([
        listMembers(db, o.id),
        manager ? listPendingInvitations(db, o.id, now) : Promise.resolve([]),
        manager ? customerOf(db, owner) : Promise.resolve(undefined),
        manager ? latestSubscription(db, owner) : Promise.resolve(undefined),
        manager ? listOrganizationKeys(db, o.id) : Promise.resolve([]),
        manager ? organizationUsage(db, o.id, now, USAGE_DAYS) : Promise.resolve(null),
      ]);
      return {
        id: o.id,
        name: o.name,
        role: o.role,
        plan: o.plan,
        members: members.map((m) => ({ userId: m.userId, name: m.name, email: m.email, role: m.role })),
        invitations: invitations.map((i) => ({
          id: i.id,
          email: i.email,
          role: i.role,
          expiresAt: i.expiresAt.toISOString(),
        })),
        hasCustomer: customer !== undefined,
        keys,
        usage,
        subscription: sub
          ? {
              status: sub.status,
              currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
              cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
            }
          : null,
      };
    }),
  );
}
