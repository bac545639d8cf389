// Reads the visitor's session from the cookie, as the browser may see it (no tokens), for pages and the account API.
import type { AccountSession } from '../../core/schemas/account';
import type { ReadDb } from '../../db/client';
import { primaryOf } from '../../db/replica';
import { findUserById, toAccountUser } from '../../db/queries/users';
import { ApiError } from '../http/errors';
import type { Auth } from './auth';

export interface SessionRead {
  session: AccountSession | null;
  /** Reading failed (database down, …): callers treat the visitor as signed out and the guard redirects. */
  error: boolean;
  /** Set-Cookie headers Better Auth wants sent (a refreshed expiry, or a cleared cookie). */
  setCookies: string[];
}

const none: SessionRead = { session: null, error: false, setCookies: [] };

/** `refresh`: extend the session when it is older than a day (API calls); page renders only read. */
export async function readSession(auth: Auth, db: ReadDb, headers: Headers, refresh: boolean): Promise<SessionRead> {
  if (!headers.get('cookie')?.includes('session_token')) return none;
  try {
    const result = await auth.api.getSession({ headers, query: { disableRefresh: !refresh }, returnHeaders: true });
    const setCookies = result.headers.getSetCookie();
    if (!result.response) return { ...none, setCookies };
    // The primary's row (decision 218): a session's account is read as it was just written, never from a replica.
    const row = await findUserById(primaryOf(db), result.response.user.id);
    if (!row) return { ...none, setCookies };
    return {
      session: {
        user: toAccountUser(row),
        session: {
          id: result.response.session.id,
          expiresAt: new Date(result.response.session.expiresAt).toISOString(),
        },
      },
      error: false,
      setCookies,
    };
  } catch (error) {
    console.error('[auth] could not read the session:', error);
    return { ...none, error: true };
  }
}

/** The signed-in session of a read, or the account API's 503 (it could not be checked) or 401 (signed out). */
export function requireSignedIn(read: SessionRead): AccountSession {
  if (read.error) throw new ApiError(503, 'session_error', 'Your session could not be checked. Please try again.');
  if (!read.session) throw new ApiError(401, 'unauthorized', 'Please sign in to continue.');
  return read.session;
}
