// The sign-up password rules and their messages (specification §5), shared by the modal, the pages and the server.

/** The special characters a password may use to satisfy the special-character rule. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{}|;:,.<>?';
export const PASSWORD_MIN_LENGTH = 8;
/** Better Auth refuses longer passwords; saying so here keeps the message ours. */
export const PASSWORD_MAX_LENGTH = 128;

export const passwordMessages = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: `Password must contain at least one special character (${PASSWORD_SPECIAL_CHARACTERS})`,
  mismatch: 'Passwords do not match',
} as const;

const special = new Set(PASSWORD_SPECIAL_CHARACTERS);

/** Every rule the password breaks, in the order the specification lists them; empty when it is acceptable. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) problems.push(passwordMessages.tooShort);
  if (length > PASSWORD_MAX_LENGTH) problems.push(passwordMessages.tooLong);
  if (!/[A-Z]/.test(password)) problems.push(passwordMessages.uppercase);
  if (!/[a-z]/.test(password)) problems.push(passwordMessages.lowercase);
  if (!/[0-9]/.test(password)) problems.push(passwordMessages.number);
  if (![...password].some((ch) => special.has(ch))) problems.push(passwordMessages.special);
  return problems;
}

/** The first message the sign-up form shows, or null when the new password and its confirmation are fine. */
export function newPasswordError(password: string, confirm: string): string | null {
  const first = passwordProblems(password)[0];
  if (first) return first;
  return password === confirm ? null : passwordMessages.mismatch;
}
