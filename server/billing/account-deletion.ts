// What deleting an account does to billing and organizations, before Better Auth deletes the user (its deleteUser
// beforeDelete hook, server/auth/auth.ts; docs/decisions/078).
import { APIError } from 'better-auth/api';
import type { Db } from '../../db/client';
import { deleteOrganization, ownedOrganizations } from '../../db/queries/organizations';
import { CANCEL_UNAVAILABLE, CancelUnavailable, cancelSubscriptionsAtStripe } from './cancel';
import type { BillingSettings } from './stripe';

/** Said when the account owns an organization that others still use. */
export function soleOwnerMessage(names: string[]): string {
  const list = names.map((n) => `“${n}”`).join(', ');
  return `You are the owner of ${list}, which has other members. Make another member the owner, or delete the organization, before deleting your account.`;
}

/**
 * Refuses (409) while the user owns an organization with other members; otherwise cancels at Stripe the user's
 * subscription and those of the organizations they alone make up, then deletes those organizations. If Stripe cannot
 * confirm a cancellation, refuses (503) and deletes nothing: nobody is left paying for an account that is gone.
 */
export async function beforeAccountDeletion(
  db: Db,
  billing: Pick<BillingSettings, 'secretKey' | 'apiUrl'> | null,
  userId: string,
): Promise<void> {
  const owned = await ownedOrganizations(db, userId);
  const shared = owned.filter((o) => o.others > 0);
  if (shared.length > 0)
    throw new APIError('CONFLICT', {
      code: 'OWNS_ORGANIZATION_WITH_MEMBERS',
      message: soleOwnerMessage(shared.map((o) => o.name)),
    });
  try {
    await cancelSubscriptionsAtStripe(db, billing, [
      { kind: 'user', id: userId },
      ...owned.map((o) => ({ kind: 'organization' as const, id: o.id })),
    ]);
  } catch (error) {
    if (error instanceof CancelUnavailable)
      throw new APIError('SERVICE_UNAVAILABLE', { code: 'BILLING_UNAVAILABLE', message: CANCEL_UNAVAILABLE });
    throw error;
  }
  for (const org of owned) await deleteOrganization(db, org.id);
}
