// The colour mode on the client: the stored preference, the resolved value on <html>, and the site icon. Signed in,
// the preference lives on the account (issue 12): a change is saved there and the cookie follows the account's.
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  resolveTheme,
  themeCookie,
  themeFromCookieHeader,
  type ResolvedTheme,
  type ThemePreference,
} from '#core/theme';
import { debugLog } from './debug-log';

export const LOGO_LIGHT = '/logo-light.svg';
export const LOGO_GREY = '/logo-grey.svg';

interface ThemeState {
  preference: ThemePreference;
  setPreference(preference: ThemePreference): void;
}

const ThemeContext = createContext<ThemeState>({ preference: 'system', setPreference: () => {} });

const darkQuery = '(prefers-color-scheme: dark)';

/** Puts the resolved value on <html> (the `dark` class drives Tailwind and the charts) and picks the site icon. */
function applyTheme(preference: ThemePreference): ResolvedTheme {
  const resolved = resolveTheme(preference, window.matchMedia(darkQuery).matches);
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) icon.href = resolved === 'dark' ? LOGO_GREY : LOGO_LIGHT;
  return resolved;
}

/** Saves the preference on the signed-in account; the cookie already holds it, so a failure only costs the sync. */
function saveOnAccount(preference: ThemePreference): Promise<void> {
  return fetch('/api/account/profile', {
    method: 'PATCH',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ theme: preference }),
  })
    .then((res) => debugLog('theme', 'saved on the account', res.status))
    .catch((error: unknown) => debugLog('theme', 'could not save on the account', error));
}

export function ThemeProvider({
  initial,
  onAccount = false,
  children,
}: {
  initial: ThemePreference;
  /** Signed in: changes are saved on the account, and the account's preference (the server's `initial`) wins. */
  onAccount?: boolean;
  children: ReactNode;
}) {
  const [preference, setState] = useState(initial);
  // Saves under way: a page loaded meanwhile may still carry the old preference, which must not undo the new one.
  const saving = useRef(0);

  // The server's preference changes with the account (signed in on this device, changed on another): follow it, and
  // bring this device's cookie in line so the next first paint (and public pages) agree.
  useEffect(() => {
    if (saving.current > 0) return;
    setState(initial);
    if (onAccount && themeFromCookieHeader(document.cookie) !== initial) document.cookie = themeCookie(initial);
  }, [initial, onAccount]);

  useEffect(() => {
    applyTheme(preference);
    if (preference !== 'system') return;
    // Follow the system while the visitor has not chosen.
    const media = window.matchMedia(darkQuery);
    const onChange = () => debugLog('theme', 'system changed to', applyTheme('system'));
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [preference]);

  const setPreference = useCallback(
    (next: ThemePreference) => {
      document.cookie = themeCookie(next);
      setState(next);
      debugLog('theme', 'preference', next, 'resolved', applyTheme(next));
      if (onAccount) {
        saving.current += 1;
        void saveOnAccount(next).finally(() => {
          saving.current -= 1;
        });
      }
    },
    [onAccount],
  );

  const value = useMemo(() => ({ preference, setPreference }), [preference, setPreference]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useThemePreference(): ThemeState {
  return use(ThemeContext);
}

/**
 * The resolved theme as the `dark` class on <html> says it, kept current by watching the class (the specification:
 * dark mode is detected from a dark class). `initial` is what the server rendered with, so hydration matches.
 */
export function useResolvedTheme(initial: ResolvedTheme = 'light'): ResolvedTheme {
  const [theme, setTheme] = useState<ResolvedTheme>(initial);
  useEffect(() => {
    const root = document.documentElement;
    const read = () => setTheme(root.classList.contains('dark') ? 'dark' : 'light');
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}
