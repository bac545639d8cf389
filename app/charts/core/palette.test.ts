import { describe, expect, it } from 'vitest';
import { bandShades, noDataColorFor } from './color-bands';
import { MAP_SWATCHES } from '../map/map-controls';
import { DEFAULT_SERIES_COLOR, seriesColor, seriesPalette, themeColors, type Theme } from './palette';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two colours (1 to 21). */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const THEMES: readonly Theme[] = ['light', 'dark'];

describe('contrast (WCAG 1.4.11, decision 214)', () => {
  it('computes the WCAG ratio: black on white 21, a colour on itself 1', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#39B54A', '#39B54A')).toBe(1);
    // The default series colour alone is too light for a line on white: why the light palette darkens it.
    expect(contrast(DEFAULT_SERIES_COLOR, '#ffffff')).toBeLessThan(3);
  });

  it.each(THEMES)('gives every series colour at least 3:1 against the %s chart background', (theme) => {
    const background = themeColors(theme).background;
    const weak = seriesPalette(theme).filter((c) => contrast(c, background) < 3);
    expect(weak).toEqual([]);
  });

  it.each(THEMES)('shades each map swatch into five bands that darken in order, the ends 3:1 apart (%s)', (theme) => {
    // Adjacent bands and the lightest band against the background need not reach 3:1: each region's band is also
    // said in words (the legend's ranges, the tooltip, the keyboard's region walk, the table), so colour is not
    // needed to understand it. What colour must carry, the order from low to high, is checked here.
    for (const swatch of MAP_SWATCHES) {
      const shades = bandShades(swatch);
      const lum = shades.map(luminance);
      for (let i = 1; i < lum.length; i++) expect(lum[i]!).toBeLessThan(lum[i - 1]!);
      expect(contrast(shades[0]!, shades[4]!)).toBeGreaterThanOrEqual(3);
      // No band is mistaken for a region without data.
      for (const s of shades) expect(contrast(s, noDataColorFor(theme))).toBeGreaterThan(1.1);
    }
  });
});

describe('palette', () => {
  it('starts with the default series colour (the map’s) or, in the light theme, its shade at 3:1', () => {
    expect(DEFAULT_SERIES_COLOR).toBe('#39B54A');
    expect(MAP_SWATCHES[0]).toBe(DEFAULT_SERIES_COLOR);
    expect(seriesColor(0, 'light')).toBe('#34A744');
    expect(seriesColor(0, 'dark')).toBe('#39B54A');
  });

  it('holds only distinct hex colours and repeats after the last', () => {
    for (const theme of ['light', 'dark'] as const) {
      const p = seriesPalette(theme);
      expect(p.every((c) => HEX.test(c))).toBe(true);
      expect(new Set(p).size).toBe(p.length);
      expect(seriesColor(p.length, theme)).toBe(p[0]);
    }
    expect(seriesColor(-3)).toBe('#34A744');
  });

  it('gives light text on a dark background in dark mode, and hex colours only', () => {
    const dark = themeColors('dark');
    const light = themeColors('light');
    for (const c of [...Object.values(dark), ...Object.values(light)]) expect(c).toMatch(HEX);
    const luminance = (hex: string) =>
      parseInt(hex.slice(1, 3), 16) + parseInt(hex.slice(3, 5), 16) + parseInt(hex.slice(5, 7), 16);
    expect(luminance(dark.text)).toBeGreaterThan(luminance(dark.background) + 400);
    expect(luminance(light.text)).toBeLessThan(luminance(light.background) - 400);
  });
});
