// Organization roles and what each may do (docs/decisions/074).

/** Owner: one per organization, manages billing and everyone; admin: invites and removes members; member: uses it. */
export const organizationRoles = ['owner', 'admin', 'member'] as const;
export type OrganizationRole = (typeof organizationRoles)[number];

/** Roles an invitation can carry: an organization has exactly one owner, its creator. */
export const invitableRoles = ['admin', 'member'] as const;
export type InvitableRole = (typeof invitableRoles)[number];

/** Whether a role may invite, remove members and change roles (the owner's role excepted). */
export function canManageMembers(role: OrganizationRole): boolean {
  return role === 'owner' || role === 'admin';
}

/** Days an invitation link works. */
export const INVITATION_DAYS = 7;

/** What an invitation link can be for the person who opened it. */
export type InvitationState = 'pending' | 'expired' | 'used' | 'invalid';

/** The messages of unusable invitations, shared by the API and the /accept-invite page. */
export const invitationMessages = {
  invalid: 'This invitation link is not valid. Please ask the person who invited you to send it again.',
  expired: 'This invitation has expired. Please ask the person who invited you to send a new one.',
  used: 'This invitation has already been used. If it was not you, ask the person who invited you for a new one.',
  foreign: (invited: string) =>
    `This invitation was sent to ${invited}. Sign in with that e-mail address to accept it.`,
} as const;

/** Hex SHA-256 of an invitation token (Web Crypto, so the page loader and the API hash alike). */
export async function invitationTokenHash(token: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
