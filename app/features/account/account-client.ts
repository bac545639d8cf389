// The settings page's calls: our account API and Better Auth's own paths for e-mail, password and linked accounts.
import type { AuthProviderId, Profile } from '#core/schemas/account';
import type { ThemePreference } from '#core/theme';
import { authRequest } from '../../components/auth/auth-client';

export function updateProfile(change: { name?: string; theme?: ThemePreference }) {
  return authRequest<Profile>('/api/account/profile', change, 'PATCH');
}

/** Better Auth sends a link to the new address; the account keeps its address until the link is followed. */
export function requestEmailChange(newEmail: string) {
  return authRequest<{ status: boolean }>('/api/auth/change-email', {
    newEmail: newEmail.trim(),
    callbackURL: '/app/settings?email=changed',
  });
}

/** The new password must pass the sign-up rules (checked here and by the server); other devices are signed out. */
export function changePassword(currentPassword: string, newPassword: string) {
  return authRequest<unknown>('/api/auth/change-password', {
    currentPassword,
    newPassword,
    revokeOtherSessions: true,
  });
}

/** Starts linking Google or Microsoft; the browser leaves for the provider and comes back to the settings page. */
export function startLinking(provider: AuthProviderId) {
  return authRequest<{ url: string; redirect: boolean }>('/api/auth/link-social', {
    provider,
    callbackURL: `/app/settings?linked=${provider}`,
    errorCallbackURL: '/app/settings',
  });
}

/** Better Auth refuses to unlink the last way in. */
export function unlink(accountId: string) {
  return authRequest<{ status: boolean }>('/api/auth/unlink-account', { accountId });
}

/** `code`: a current code of the authenticator app, which an account with two-factor sign-in must give. */
export function deleteAccount(confirmation: string, password: string | undefined, code?: string) {
  return authRequest<{ deleted: true }>('/api/account/delete', { confirmation, password, code });
}
