// The return addresses a client may hand Better Auth (callbackURL, redirectTo…): only paths on this site, checked after
// normalising, or absolute addresses on PUBLIC_URL's (or TRUSTED_ORIGINS') origin. Never the request's Host.
import { safeNextPath } from '../../core/route-guard';

/** The parameters, in a query or a JSON body, that Better Auth redirects to. */
export const callbackParams = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'] as const;

/**
 * The address to keep, normalised (a path stays a path), or null when it could lead off the site:
 * "/.//evil.example", "/%2e//evil.example", "https://evil.example", "javascript:…".
 */
export function safeCallback(value: unknown, trustedOrigins: readonly string[]): string | null {
  if (typeof value !== 'string') return null;
  if (value.startsWith('/')) return safeNextPath(value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!trustedOrigins.includes(url.origin)) return null;
  const path = safeNextPath(url.pathname + url.search + url.hash);
  return path === null ? null : url.origin + path;
}

export type CallbackCheck = { ok: true; query: URLSearchParams; body: unknown } | { ok: false; param: string };

/** Checks and normalises every return address of a request; the first unsafe one is named. */
export function checkCallbacks(
  query: URLSearchParams,
  body: unknown,
  trustedOrigins: readonly string[],
): CallbackCheck {
  const outQuery = new URLSearchParams(query);
  for (const name of callbackParams) {
    const values = query.getAll(name);
    if (values.length === 0) continue;
    const safe = values.length === 1 ? safeCallback(values[0], trustedOrigins) : null;
    if (safe === null) return { ok: false, param: name };
    outQuery.set(name, safe);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: true, query: outQuery, body };
  const outBody: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const name of callbackParams) {
    if (outBody[name] === undefined || outBody[name] === null || outBody[name] === '') continue;
    const safe = safeCallback(outBody[name], trustedOrigins);
    if (safe === null) return { ok: false, param: name };
    outBody[name] = safe;
  }
  return { ok: true, query: outQuery, body: outBody };
}
