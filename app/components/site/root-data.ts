// What the root loader hands every page: theme, site address and whether the visitor is a crawler.
import { useRouteLoaderData } from 'react-router';
import { isThemePreference, type ResolvedTheme, type ThemePreference } from '#core/theme';

export interface SiteRootData {
  theme: ThemePreference;
  /** The theme the server rendered with; null when the preference is `system` and the browser did not say. */
  resolvedTheme: ResolvedTheme | null;
  /** Signed in: the preference is kept on the account, so a change is saved there too (every device follows). */
  themeOnAccount: boolean;
  /** The public address of the site, without a trailing slash (canonical URLs, Open Graph). */
  siteUrl: string;
  isBot: boolean;
}

/** Narrows the root route's data, which is absent when the root loader itself failed. */
export function asSiteRootData(data: unknown): SiteRootData | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const d = data as Record<string, unknown>;
  if (!isThemePreference(d.theme) || typeof d.siteUrl !== 'string') return undefined;
  return {
    theme: d.theme,
    resolvedTheme: d.resolvedTheme === 'dark' || d.resolvedTheme === 'light' ? d.resolvedTheme : null,
    themeOnAccount: d.themeOnAccount === true,
    siteUrl: d.siteUrl,
    isBot: d.isBot === true,
  };
}

export function useSiteRootData(): SiteRootData | undefined {
  return asSiteRootData(useRouteLoaderData('root'));
}
