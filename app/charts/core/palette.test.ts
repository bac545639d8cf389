import { describe, expect, it } from 'vitest';
import { DEFAULT_SERIES_COLOR, seriesColor, seriesPalette, themeColors } from './palette';

const HEX = /^#[0-9a-fA-F]{6}$/;

describe('palette', () => {
  it('starts with the default series colour in both themes', () => {
    expect(DEFAULT_SERIES_COLOR).toBe('#39B54A');
    expect(seriesColor(0, 'light')).toBe('#39B54A');
    expect(seriesColor(0, 'dark')).toBe('#39B54A');
  });

  it('holds only distinct hex colours and repeats after the last', () => {
    for (const theme of ['light', 'dark'] as const) {
      const p = seriesPalette(theme);
      expect(p.every((c) => HEX.test(c))).toBe(true);
      expect(new Set(p).size).toBe(p.length);
      expect(seriesColor(p.length, theme)).toBe(p[0]);
    }
    expect(seriesColor(-3)).toBe('#39B54A');
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
