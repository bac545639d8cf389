// The colour mode on the client: the stored preference, the resolved value on <html>, and the site icon.
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { resolveTheme, themeCookie, type ResolvedTheme, type ThemePreference } from '../../../core/theme';
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

export function ThemeProvider({ initial, children }: { initial: ThemePreference; children: ReactNode }) {
  const [preference, setState] = useState(initial);

  useEffect(() => {
    applyTheme(preference);
    if (preference !== 'system') return;
    // Follow the system while the visitor has not chosen.
    const media = window.matchMedia(darkQuery);
    const onChange = () => debugLog('theme', 'system changed to', applyTheme('system'));
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [preference]);

  const setPreference = useCallback((next: ThemePreference) => {
    document.cookie = themeCookie(next);
    setState(next);
    debugLog('theme', 'preference', next, 'resolved', applyTheme(next));
  }, []);

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
