// Gives Better Auth's answers our API's shape: errors as { error: { code, message } }, no session token in bodies.
import { errorBody } from '../http/errors';

/** Our wording for Better Auth's error codes where its own would confuse a reader; others pass through. */
const messages: Record<string, { status?: number; code?: string; message: string }> = {
  // The specification: invalid credentials are a 400 with one message, whatever was wrong.
  INVALID_EMAIL_OR_PASSWORD: { status: 400, code: 'invalid_credentials', message: 'Invalid email or password' },
  EMAIL_NOT_VERIFIED: {
    message: 'Please confirm your e-mail address first. We have sent you a new confirmation link.',
  },
  INVALID_TOKEN: { message: 'This link is invalid or has already been used. Please ask for a new one.' },
  TOKEN_EXPIRED: { message: 'This link has expired. Please ask for a new one.' },
  INVALID_CODE: { message: 'Invalid code. Please check your authenticator app and try again.' },
  INVALID_TWO_FACTOR_COOKIE: { message: 'Your sign-in took too long. Please sign in again.' },
  INVALID_BACKUP_CODE: { message: 'Invalid recovery code.' },
  INVALID_PASSWORD: { message: 'Incorrect password.' },
  // Settings (issue 12): an account always keeps a way in; sensitive changes need a recent sign-in.
  FAILED_TO_UNLINK_LAST_ACCOUNT: {
    message: 'This is your only way to sign in, so it cannot be removed. Add a password or another account first.',
  },
  SESSION_EXPIRED: { message: 'For your security, please sign in again, then try once more.' },
};

export function toSnakeCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

/** Rewrites a JSON response of Better Auth; redirects and non-JSON answers pass unchanged. */
export async function toApiResponse(res: Response): Promise<Response> {
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) return res;
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => undefined);
  if (body === undefined || body === null || typeof body !== 'object') return res;
  const record = body as Record<string, unknown>;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  if (res.status >= 400) {
    const code = typeof record.code === 'string' ? record.code : res.status === 429 ? 'RATE_LIMITED' : 'AUTH_ERROR';
    const known = messages[code];
    const message =
      known?.message ?? (typeof record.message === 'string' ? record.message : 'An unexpected error occurred');
    const out: { error: Record<string, unknown> } = errorBody(known?.code ?? toSnakeCode(code), message);
    if (Array.isArray(record.reasons)) out.error.reasons = record.reasons;
    return new Response(JSON.stringify(out), { status: known?.status ?? res.status, headers });
  }
  // The session token lives in the HttpOnly cookie only; scripts never need it.
  if (Array.isArray(body)) {
    const list = body.map((item: unknown) => (item && typeof item === 'object' ? withoutToken(item) : item));
    return new Response(JSON.stringify(list), { status: res.status, headers });
  }
  const rest = withoutToken(record);
  if (rest.session && typeof rest.session === 'object') {
    const { token: _sessionToken, ...session } = rest.session as Record<string, unknown>;
    rest.session = session;
  }
  return new Response(JSON.stringify(rest), { status: res.status, headers });
}

function withoutToken(item: object): Record<string, unknown> {
  const { token: _token, ...rest } = item as Record<string, unknown>;
  return rest;
}
