// What a failed Google or Microsoft sign-in means for the user (Better Auth's ?error= codes on the way back).

const messages: Record<string, string> = {
  account_not_linked:
    'An account with this e-mail address already exists. Sign in with your password (or confirm your e-mail address first), then Google and Microsoft sign-in will join it.',
  access_denied: 'Sign-in was cancelled.',
  state_mismatch: 'Your sign-in took too long or was started in another window. Please try again.',
  state_security_mismatch: 'Your sign-in took too long or was started in another window. Please try again.',
  please_restart_the_process: 'Your sign-in took too long or was started in another window. Please try again.',
  email_not_found: 'The provider did not share your e-mail address, which we need to sign you in.',
  signup_disabled: 'New accounts cannot be created with this provider.',
  // Connecting Google or Microsoft in settings (issue 12).
  email_does_not_match:
    'That account uses a different e-mail address. Connect one with the same address as your account here.',
  account_already_linked_to_different_user: 'That account is already connected to another account here.',
};

export function providerErrorMessage(code: string | null): string {
  if (!code) return '';
  return messages[code] ?? `Sign-in with the provider failed (${code.replace(/_/g, ' ')}). Please try again.`;
}
