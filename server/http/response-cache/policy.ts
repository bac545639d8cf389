// How the response cache tells its answers apart: who counts as anonymous, the key of an answer and its ETag. Which
// requests it takes, each feature declares beside its routes (server/http/route-policy.ts, decision 201).
import { createHash } from 'node:crypto';
import { isbot } from 'isbot';
import { THEME_COOKIE, themeFromCookieHeader } from '#core/theme';
import type { CacheKind } from '../route-policy';

/** Shared caches (a CDN) may keep an anonymous page or embed this long, then serve it stale while they revalidate. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=600';
/**
 * The header a shared cache files an answer under (space-separated keys, as Fastly's and deploy/varnish/default.vcl
 * read it); the app purges by key on each release (server/http/proxy-purge.ts, decision 218). The proxy removes it
 * before answering clients.
 */
export const SURROGATE_KEY_HEADER = 'Surrogate-Key';
/** Every answer a shared cache may keep. */
export const SHARED_KEY = 'shared';
/** Every such answer not of one dataset: lists, search, places, the home page, posts; a dataset's release drops them. */
export const SITE_KEY = 'site';

/** The key of one dataset's answers: its page and embeds, their loader data, its sharing cards. */
export function datasetKey(code: string): string {
  return `dataset:${code}`;
}

/** A dataset page's code in a path (`/datasets/une_rt_m`, its `.data`), when it is written as codes are. */
function datasetCodeOf(path: string): string | null {
  const match = /^\/datasets\/([^/]+?)(?:\.data)?\/?$/.exec(path);
  if (!match) return null;
  let code: string;
  try {
    code = decodeURIComponent(match[1]!).toLowerCase();
  } catch {
    return null;
  }
  return /^[a-z][a-z0-9_]*$/.test(code) ? code : null;
}

/**
 * The surrogate keys of a shared answer: `shared`, and its dataset's key (a dataset page or embed, or the sharing card
 * of one, `/api/og-image?path=/datasets/…`) or else `site`. An address naming a dataset otherwise (a numeric id) gets
 * `site`, which every dataset's release drops.
 */
export function surrogateKeysOf(url: URL): string {
  const page = url.pathname === '/api/og-image' ? url.searchParams.get('path') : url.pathname;
  const code = page ? datasetCodeOf(page.split('?', 1)[0]!) : null;
  return `${SHARED_KEY} ${code ? datasetKey(code) : SITE_KEY}`;
}

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
