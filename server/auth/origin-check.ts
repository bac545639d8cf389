// Cross-site request forgery guard: a state-changing request from a browser must come from one of our origins.
import type { MiddlewareHandler } from 'hono';
import { errorBody } from '../http/errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request's own origin from its Host header: a cross-site page cannot make a browser send ours. */
export function ownOrigin(req: Request, publicUrl: string): string | null {
  const host = req.headers.get('host');
  if (!host) return null;
  return `${new URL(publicUrl).protocol}//${host}`;
}

/**
 * Our origins: PUBLIC_URL's, TRUSTED_ORIGINS', and where PUBLIC_URL is the loopback name `localhost` (the default)
 * its loopback aliases on the same port, 127.0.0.1 and [::1]: a person trying the product at http://127.0.0.1:3000
 * is on the same machine, and was refused sign-up with a bare "Invalid origin" (issue 41).
 */
export function trustedOriginsOf(publicUrl: string, extra: string | undefined): string[] {
  const own = new URL(publicUrl);
  const list = [own.origin];
  if (own.hostname === 'localhost') {
    for (const alias of ['127.0.0.1', '[::1]']) list.push(new URL(`${own.protocol}//${alias}:${own.port}`).origin);
  }
  for (const item of extra?.split(',') ?? []) {
    const trimmed = item.trim();
    if (trimmed) list.push(new URL(trimmed).origin);
  }
  return list;
}

/** The answer to a write that did not come from our pages. */
export const forbiddenOriginBody = () =>
  errorBody('forbidden_origin', 'This request did not come from this site, so it was refused.');

/**
 * Whether a request says it comes from one of our pages: an `Origin` of ours, or without one `Sec-Fetch-Site:
 * same-origin`. `null` when it says nothing either way (not a browser: curl, API clients).
 */
export function fromOurPages(req: Request, trusted: string[], publicUrl: string): boolean | null {
  const origin = req.headers.get('origin');
  const site = req.headers.get('sec-fetch-site');
  if (origin === 'null') return false;
  if (origin) return trusted.includes(origin) || origin === ownOrigin(req, publicUrl);
  if (site === null) return null;
  return site === 'same-origin' || site === 'none';
}

/**
 * Browsers send `Origin` (and `Sec-Fetch-Site`) on every POST; a request carrying neither is not from a browser, so
 * it cannot ride on a victim's cookies and is let through (API clients, curl).
 */
export function originCheck(trusted: string[], publicUrl: string): MiddlewareHandler {
  return async (c, next) => {
    if (safeMethods.has(c.req.method)) return next();
    if (fromOurPages(c.req.raw, trusted, publicUrl) === false) return c.json(forbiddenOriginBody(), 403);
    return next();
  };
}
