// Moved pages: a middleware that answers page requests for an old path with the redirect stored in the database.
import type { MiddlewareHandler } from 'hono';
import type { ReadDb } from '../../db/client';
import { findRedirect } from '../../db/queries/site';

/** Requests that are never pages: the API, client assets, React Router's data and manifest requests, files. */
function isPageRequest(path: string): boolean {
  if (path.startsWith('/api/') || path.startsWith('/assets/') || path.startsWith('/builds/')) return false;
  if (path === '/__manifest' || path.endsWith('.data')) return false;
  return !/\.[a-z0-9]+$/i.test(path.slice(path.lastIndexOf('/')));
}

/**
 * For a document request whose path has a stored redirect, answers with it before any rendering (crawlers get the
 * real status). Client-side navigations are checked by the root route's loader, which runs on every path change.
 * Pages also ask Chromium for the system colour scheme, so a `system` visitor's charts render in the right theme.
 */
export function redirectPages(db: ReadDb): MiddlewareHandler {
  return async (c, next) => {
    if ((c.req.method === 'GET' || c.req.method === 'HEAD') && isPageRequest(c.req.path)) {
      const found = await findRedirect(db, c.req.path);
      if (found) {
        const url = new URL(c.req.url);
        const target = new URL(found.target, url);
        const loops = target.origin === url.origin && target.pathname === url.pathname;
        if (!loops) {
          if (target.origin === url.origin && !target.search) target.search = url.search;
          c.header('Cache-Control', 'public, max-age=300');
          return c.redirect(
            target.origin === url.origin ? `${target.pathname}${target.search}${target.hash}` : target.href,
            found.status,
          );
        }
      }
    }
    await next();
    if (c.res.headers.get('content-type')?.startsWith('text/html')) colourSchemeHint(c.res.headers);
  };
}

/** A page asks for the system colour scheme and says that its answer depends on it. */
export function colourSchemeHint(headers: Headers): void {
  headers.set('Accept-CH', 'Sec-CH-Prefers-Color-Scheme');
  headers.append('Vary', 'Sec-CH-Prefers-Color-Scheme');
}
