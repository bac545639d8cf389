// The browser's calls to our auth and account API: typed results, our error shape, retries for flaky GETs.
import { sessionResponseSchema, type AccountSession, type AuthProviderId } from '#core/schemas/account';

export interface AuthError {
  status: number;
  code: string;
  message: string;
  reasons?: string[];
}

export type AuthResult<T> = { data: T; error?: undefined } | { data?: undefined; error: AuthError };

/** Statuses worth another try (the specification: 502, 503 and 504 are retryable). */
const retryable = new Set([502, 503, 504]);
const maxAttempts = 3;
/**
 * A read (GET) not answered within this long is given up and tried again, as a failed one is: a session check that
 * never answers would otherwise leave the page waiting on it for good. Writes are never given up (they may have
 * happened).
 */
export const AUTH_READ_TIMEOUT_MS = 10_000;

/**
 * One call. HTTP errors come back as `{ error }` with the server's message; a request that cannot reach the server
 * throws, and the form shows 'An unexpected error occurred'. GETs are tried up to three times, each given up after
 * AUTH_READ_TIMEOUT_MS.
 */
export async function authRequest<T>(path: string, body?: unknown, verb?: 'PATCH'): Promise<AuthResult<T>> {
  if (typeof window === 'undefined') {
    return { error: { status: 0, code: 'not_available_on_server', message: 'Not available on server' } };
  }
  const method = verb ?? (body === undefined ? 'GET' : 'POST');
  for (let attempt = 1; ; attempt++) {
    const controller = new AbortController();
    const timer = method === 'GET' ? setTimeout(() => controller.abort(), AUTH_READ_TIMEOUT_MS) : undefined;
    let res: Response;
    let parsed: unknown;
    try {
      res = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
      // A body cut off by the timeout is a read not answered; one that is not JSON is an answer without a body.
      parsed = await res.json().catch((error: unknown) => {
        if (controller.signal.aborted) throw error;
        return null;
      });
    } catch (error) {
      if (method === 'GET' && attempt < maxAttempts) {
        await delay(200 * 2 ** (attempt - 1));
        continue;
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
    if (method === 'GET' && retryable.has(res.status) && attempt < maxAttempts) {
      await delay(200 * 2 ** (attempt - 1));
      continue;
    }
    if (res.ok) return { data: parsed as T };
    return { error: toAuthError(res.status, parsed) };
  }
}

function toAuthError(status: number, body: unknown): AuthError {
  const error = (body as { error?: Partial<AuthError> } | null)?.error;
  return {
    status,
    code: typeof error?.code === 'string' ? error.code : `http_${status}`,
    message: typeof error?.message === 'string' ? error.message : 'An unexpected error occurred',
    reasons: Array.isArray(error?.reasons) ? error.reasons : undefined,
  };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function fetchSession(): Promise<AuthResult<AccountSession | null>> {
  const result = await authRequest<unknown>('/api/account/session');
  if (result.error) return result;
  const parsed = sessionResponseSchema.safeParse(result.data);
  if (!parsed.success) return { error: { status: 500, code: 'bad_response', message: 'An unexpected error occurred' } };
  return { data: parsed.data.session };
}

export function checkUserExists(email: string) {
  return authRequest<{ exists: boolean }>('/api/check-user-exists', { email: email.trim().toLowerCase() });
}

/** The specification's message when sign-in or sign-up lacks an address or a password. */
const missingCredentials = {
  error: {
    status: 400,
    code: 'missing_credentials',
    message: 'You must provide either an email or phone number and a password',
  },
} as const;

export async function signInWithPassword(email: string, password: string) {
  if (!email.trim() || !password) return missingCredentials;
  return authRequest<{ twoFactorRedirect?: boolean; twoFactorMethods?: string[] }>('/api/auth/sign-in/email', {
    email: email.trim(),
    password,
  });
}

export async function signUpWithPassword(input: {
  email: string;
  password: string;
  displayName: string;
  invitationToken?: string;
  next?: string;
}) {
  if (!input.email.trim() || !input.password) return missingCredentials;
  return authRequest<unknown>('/api/auth/sign-up/email', {
    email: input.email.trim(),
    password: input.password,
    name: input.displayName,
    invitationToken: input.invitationToken,
    callbackURL: input.next,
  });
}

export function requestPasswordReset(email: string) {
  return authRequest<unknown>('/api/auth/request-password-reset', {
    email: email.trim(),
    redirectTo: '/reset-password',
  });
}

export function resetPassword(token: string, newPassword: string) {
  return authRequest<unknown>('/api/auth/reset-password', { token, newPassword });
}

/** Starts an OpenID sign-in; the browser then leaves for the provider and comes back to /confirm. */
export function startProviderSignIn(provider: AuthProviderId, confirmUrl: string) {
  return authRequest<{ url: string }>('/api/auth/sign-in/social', {
    provider,
    callbackURL: confirmUrl,
    newUserCallbackURL: confirmUrl,
    errorCallbackURL: '/auth',
  });
}

export function verifyTotp(code: string, trustDevice: boolean) {
  return authRequest<unknown>('/api/auth/two-factor/verify-totp', { code, trustDevice });
}

export function verifyBackupCode(code: string) {
  return authRequest<unknown>('/api/auth/two-factor/verify-backup-code', { code });
}

export function confirmEmail(token: string) {
  return authRequest<{ confirmed: true; signedIn: boolean }>('/api/auth/confirm-email', { token });
}

export function resendConfirmation(email: string, next?: string) {
  return authRequest<{ sent: true }>('/api/auth/resend-verification', { email, next });
}

export function signOutRequest() {
  return authRequest<unknown>('/api/auth/sign-out', {});
}

export function revokeOtherSessions() {
  return authRequest<unknown>('/api/auth/revoke-other-sessions', {});
}

export function enableTwoFactor(password: string | undefined) {
  return authRequest<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', { password });
}

export function disableTwoFactor(password: string | undefined) {
  return authRequest<unknown>('/api/auth/two-factor/disable', { password });
}

export function regenerateBackupCodes(password: string | undefined) {
  return authRequest<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', { password });
}
