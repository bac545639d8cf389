// The account an API request comes from: the owner of the API key it presents, or else the signed-in session's user
// (the assistant and the researcher take either, decisions 082 and 147).
import type { Context } from 'hono';
import { useApiKey } from '../../db/queries/api-keys';
import type { Auth } from '../auth/auth';
import { readSession, requireSignedIn } from '../auth/session';
import { ApiError } from '../http/errors';
import { hashApiKey, presentedApiKey } from './api-key-secret';
import { authHeaders } from '../auth/api';
import { INVALID_API_KEY_MESSAGE } from './daily-limit';
import type { ApiEnv } from '../http/env';

/** The account id, or 401 (a bad key, or signed out) / 503 (the session could not be checked). Never cached. */
export async function requestAccountId(c: Context<ApiEnv>, auth: Auth, trustProxy: boolean): Promise<string> {
  const id = await optionalAccountId(c, auth, trustProxy);
  if (id === null) throw new ApiError(401, 'unauthorized', 'Please sign in to continue.');
  return id;
}

/**
 * The account id, or null for an anonymous request (no key, no session): for what anyone may ask, such as a question
 * about a chart (decision 216). A bad key is still 401 and a session that could not be checked 503. Never cached.
 */
export async function optionalAccountId(c: Context<ApiEnv>, auth: Auth, trustProxy: boolean): Promise<string | null> {
  c.header('Cache-Control', 'no-store');
  const key = presentedApiKey(c);
  if (key !== null) {
    const owner = await useApiKey(c.var.db, hashApiKey(key), new Date());
    if (!owner) throw new ApiError(401, 'invalid_api_key', INVALID_API_KEY_MESSAGE);
    return owner.userId;
  }
  const read = await readSession(auth, c.var.db, authHeaders(c, trustProxy), false);
  return read.session || read.error ? requireSignedIn(read).user.id : null;
}
