// The colour-mode preference: reading the cookie, writing it, resolving system.
import { describe, expect, it } from 'vitest';
import { resolveTheme, themeCookie, themeFromCookieHeader } from './theme';

describe('themeFromCookieHeader', () => {
  it('reads the preference among other cookies', () => {
    expect(themeFromCookieHeader('a=1; theme=dark; b=2')).toBe('dark');
    expect(themeFromCookieHeader('theme=light')).toBe('light');
  });
  it('falls back to system for a missing or unknown value', () => {
    expect(themeFromCookieHeader(null)).toBe('system');
    expect(themeFromCookieHeader('theme=purple')).toBe('system');
    expect(themeFromCookieHeader('mytheme=dark')).toBe('system');
  });
});

it('writes the cookie with the specification’s rules: path /, SameSite lax, 400 days', () => {
  expect(themeCookie('dark')).toBe('theme=dark; Path=/; Max-Age=34560000; SameSite=Lax');
});

it('resolves system with the media query and keeps an explicit choice', () => {
  expect(resolveTheme('system', true)).toBe('dark');
  expect(resolveTheme('system', false)).toBe('light');
  expect(resolveTheme('light', true)).toBe('light');
  expect(resolveTheme('dark', false)).toBe('dark');
});
