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

export function trustedOriginsOf(publicUrl: string, extra: string | undefined): string[] {
  const list = [new URL(publicUrl).origin];
  for (const item of extra?.split(',') ?? []) {
    const trimmed = item.trim();
    if (trimmed) list.push(new URL(trimmed).origin);
  }
  return list;
}

/**
 * Browsers send `Origin` (and `Sec-Fetch-Site`) on every POST; a request carrying neither is not from a browser, so
 * it cannot ride on a victim's cookies and is let through (API clients, curl).
 */
export function originCheck(trusted: string[], publicUrl: string): MiddlewareHandler {
  return async (c, next) => {
    if (safeMethods.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    let allowed: boolean;
    if (origin && origin !== 'null') {
      allowed = trusted.includes(origin) || origin === ownOrigin(c.req.raw, publicUrl);
    } else if (origin === 'null') {
      allowed = false;
    } else {
      allowed = site === undefined || site === 'same-origin' || site === 'none';
    }
    if (!allowed) {
      return c.json(errorBody('forbidden_origin', 'This request did not come from this site, so it was refused.'), 403);
    }
    return next();
  };
}
