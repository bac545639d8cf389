// Server side of the root route: moved-page redirects on every navigation, the theme cookie, the site address (the
// configured one, never the request's Host: decision 183).
import { redirect } from 'react-router';
import { isbot } from 'isbot';
import { themeFromCookieHeader, type ResolvedTheme, type ThemePreference } from '../core/theme';
import type { ReadDb } from '../db/client';
import { findRedirect } from '../db/queries/site';
import type { SiteRootData } from './components/site/root-data';

/** Throws the stored redirect of the requested path, if there is one (document loads and client navigations alike). */
export async function checkRedirect(db: ReadDb, url: URL): Promise<void> {
  const found = await findRedirect(db, url.pathname);
  if (!found) return;
  const target = new URL(found.target, url);
  if (target.origin === url.origin && target.pathname === url.pathname) return;
  // A local target keeps the visitor's query unless the redirect names its own.
  if (target.origin === url.origin && !target.search) target.search = url.search;
  throw redirect(target.origin === url.origin ? `${target.pathname}${target.search}${target.hash}` : target.href, {
    status: found.status,
  });
}

/**
 * `account`: the signed-in user's stored colour mode (undefined when signed out, null when never chosen). A stored
 * choice wins over this device's cookie, which the browser then brings in line (issue 12). `siteUrl`: the load
 * context's configured public address.
 */
export async function rootData(
  request: Request,
  db: ReadDb,
  siteUrl: string,
  account?: { theme?: ThemePreference | null },
): Promise<SiteRootData> {
  const url = new URL(request.url);
  await checkRedirect(db, url);
  const theme = account?.theme ?? themeFromCookieHeader(request.headers.get('cookie'));
  // Chromium sends the system colour scheme as a client hint once we ask for it (Accept-CH on pages).
  const hint = request.headers.get('sec-ch-prefers-color-scheme');
  const system: ResolvedTheme | null = hint === 'dark' || hint === 'light' ? hint : null;
  return {
    theme,
    resolvedTheme: theme === 'system' ? system : theme,
    themeOnAccount: account !== undefined,
    siteUrl: siteUrl.replace(/\/+$/, ''),
    isBot: isbot(request.headers.get('user-agent')),
  };
}
