// How the response cache tells its answers apart: who counts as anonymous, the key of an answer and its ETag. Which
// requests it takes, each feature declares beside its routes (server/http/route-policy.ts, decision 201).
import { createHash } from 'node:crypto';
import { isbot } from 'isbot';
import { THEME_COOKIE, themeFromCookieHeader } from '#core/theme';
import type { CacheKind } from '../route-policy';

/** Shared caches (a CDN) may keep an anonymous page or embed this long, then serve it stale while they revalidate. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=600';
/** Pages of a signed-in visitor are theirs alone; the browser revalidates them. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-cache';

/** Whether a request carries a session cookie: its pages are the visitor's own. */
export function hasSessionCookie(headers: Headers): boolean {
  return headers.get('cookie')?.includes('session_token') ?? false;
}

/** Anonymous: no cookie but the colour mode (a sign-in, OAuth state or anything else means the answer may differ). */
export function onlyThemeCookie(cookie: string | null | undefined): boolean {
  if (!cookie) return true;
  return cookie.split(';').every((part) => {
    const name = part.split('=', 1)[0]!.trim();
    return name === '' || name === THEME_COOKIE;
  });
}

export function keyOf(kind: CacheKind, url: URL, header: (name: string) => string | undefined): string {
  const base = `GET ${url.pathname}${url.search}`;
  if (kind === 'api') return `${base}\naccept=${header('accept') ?? ''}`;
  // What the page render reads besides the address: the colour mode, the system scheme hint, a crawler's full render.
  return `${base}\ntheme=${themeFromCookieHeader(header('cookie') ?? null)}\nch=${header('sec-ch-prefers-color-scheme') ?? ''}\nbot=${isbot(header('user-agent') ?? '')}`;
}

export function etagOf(version: string, key: string): string {
  return `W/"${createHash('sha1').update(`${version}\n${key}`).digest('base64url').slice(0, 27)}"`;
}
