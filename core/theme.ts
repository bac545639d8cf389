// Colour mode: the visitor's preference (light, dark or system), its cookie, and the resolved value.

export const themePreferences = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof themePreferences)[number];
export type ResolvedTheme = 'light' | 'dark';

/** The cookie that carries the preference, so the server renders the right class with no flash. */
export const THEME_COOKIE = 'theme';
/** The specification's cookie rules: path /, SameSite lax, max age 400 days. */
export const THEME_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (themePreferences as readonly string[]).includes(value);
}

/** The preference named in a Cookie header; `system` when absent or unreadable. */
export function themeFromCookieHeader(header: string | null | undefined): ThemePreference {
  for (const part of header?.split(';') ?? []) {
    const [name, ...rest] = part.trim().split('=');
    if (name === THEME_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return isThemePreference(value) ? value : 'system';
    }
  }
  return 'system';
}

/** The Set-Cookie / document.cookie text that stores a preference. */
export function themeCookie(preference: ThemePreference): string {
  return `${THEME_COOKIE}=${preference}; Path=/; Max-Age=${THEME_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Light or dark: the preference itself, or the system's when the preference is `system`. */
export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/**
 * Runs in <head> before the body paints: resolves `system` with the media query, so a visitor whose system is dark
 * never sees a light frame. The server already set the class for an explicit preference.
 */
export const themeBootScript = `(function(){try{var m=document.cookie.match(/(?:^|; )${THEME_COOKIE}=(light|dark|system)/);var p=m?m[1]:'system';var d=p==='dark'||(p==='system'&&window.matchMedia('(prefers-color-scheme: dark)').matches);var c=document.documentElement.classList;c.toggle('dark',d);document.documentElement.style.colorScheme=d?'dark':'light';}catch(e){}})();`;
