import { describe, expect, it } from 'vitest';
import {
  BAND_LABELS,
  bandColorOf,
  bandIndexOf,
  bandShades,
  boundaryStep,
  buildColorBands,
  mixHex,
  normalizeHex,
  roundToStep,
} from './color-bands';

// HICP annual rates, October 2022, of the countries on the map (Eurostat prc_hicp_manr, CP00).
const HICP_OCT_2022 = [
  8.0, 11.6, 13.1, 14.8, 2.9, 8.6, 15.5, 11.6, 11.4, 22.5, 9.5, 7.3, 8.4, 7.1, 12.7, 21.9, 9.4, 6.4, 12.6, 22.1, 8.8,
  21.7, 15.4, 19.4, 7.4, 16.8, 8.4, 16.4, 10.6, 13.5, 14.6, 9.8, 10.3, 14.5, 85.4, 8.0, 12.7,
];

describe('buildColorBands', () => {
  it('splits at the 20/40/60/80 % quantiles with the specification labels', () => {
    const bands = buildColorBands(HICP_OCT_2022)!;
    expect(bands.method).toBe('quantile');
    expect(bands.bands.map((b) => b.label)).toEqual([
      'Low (Q0-Q20)',
      'Medium (Q20-Q40)',
      'High (Q40-Q60)',
      'Very High (Q60-Q80)',
      'Extremely High (Q80-Q100)',
    ]);
    // d3 quantiles of the 37 sorted values, rounded to 0.1 (three significant digits of the 82.5 range).
    expect(bands.thresholds).toEqual([8.4, 10.4, 12.9, 16.2]); // 8.4, 10.42, 12.94, 16.22
    expect(bands.bands[0]).toMatchObject({ from: 2.9, to: 8.4, range: '2.9 \u2013 8.4' });
    expect(bands.bands[4]).toMatchObject({ from: 16.2, to: 85.4 });
  });

  it('assigns each value to the first band whose upper boundary it does not exceed', () => {
    const bands = buildColorBands(HICP_OCT_2022)!;
    expect(bandIndexOf(bands, 2.9)).toBe(0);
    expect(bandIndexOf(bands, 8.4)).toBe(0);
    expect(bandIndexOf(bands, 8.5)).toBe(1);
    expect(bandIndexOf(bands, 11.6)).toBe(2);
    expect(bandIndexOf(bands, 85.4)).toBe(4);
    expect(bandIndexOf(bands, Number.NaN)).toBe(-1);
    expect(bandColorOf(bands, 11.6)).toBe(bands.bands[2]!.color);
  });

  it('splits the range evenly with fewer than 5 distinct values', () => {
    const bands = buildColorBands([0, 10, 10, 100, 100, 0])!;
    expect(bands.method).toBe('even');
    expect(bands.thresholds).toEqual([20, 40, 60, 80]);
    expect(bands.bands.map((b) => b.range)).toEqual([
      '0 \u2013 20',
      '20 \u2013 40',
      '40 \u2013 60',
      '60 \u2013 80',
      '80 \u2013 100',
    ]);
    expect(bandIndexOf(bands, 10)).toBe(0);
    expect(bandIndexOf(bands, 100)).toBe(4);
  });

  it('puts every value in the lowest band when all values are equal', () => {
    const bands = buildColorBands([5, 5, 5])!;
    expect(bands.method).toBe('even');
    expect(bands.thresholds).toEqual([5, 5, 5, 5]);
    expect(bandIndexOf(bands, 5)).toBe(0);
  });

  it('rounds boundaries of large values sensibly and writes them compactly', () => {
    const gdp = [812.4, 4_500, 12_345, 23_456.7, 33_333, 48_100, 77_777, 123_456, 301_999, 745_321];
    const bands = buildColorBands(gdp)!;
    // Range 744,509: boundaries are multiples of 1,000.
    expect(bands.thresholds.every((t) => t % 1000 === 0)).toBe(true);
    // The outer edges round outwards: 812.4 → 0, 745,321 → 746K.
    expect(bands.bands[0]!.range).toBe('0 \u2013 11K');
    expect(bands.bands[4]!.range).toBe('159K \u2013 746K');
    expect(bands.bands[0]!.from).toBeLessThanOrEqual(Math.min(...gdp));
    expect(bands.bands[4]!.to).toBeGreaterThanOrEqual(Math.max(...gdp));
  });

  it('ignores non-finite values and returns null without any value', () => {
    expect(buildColorBands([])).toBeNull();
    expect(buildColorBands([Number.NaN, Number.POSITIVE_INFINITY])).toBeNull();
    expect(buildColorBands([1, Number.NaN, 2, 3, 4, 5])!.method).toBe('quantile');
  });

  it('uses the no-data colour of the theme for missing values', () => {
    expect(bandColorOf(buildColorBands([1, 2])!, null)).toBe('#f1f5f9');
    expect(bandColorOf(buildColorBands([1, 2], { theme: 'dark' })!, undefined)).toBe('#1e293b');
  });
});

describe('band colours', () => {
  it('derives five hex shades of the series colour, light to dark', () => {
    const shades = bandShades('#39B54A');
    expect(shades).toHaveLength(5);
    for (const s of shades) expect(s).toMatch(/^#[0-9a-f]{6}$/);
    const lightness = shades.map((s) => [1, 3, 5].reduce((sum, i) => sum + Number.parseInt(s.slice(i, i + 2), 16), 0));
    expect(lightness).toEqual([...lightness].sort((a, b) => b - a));
    expect(buildColorBands([1, 2, 3, 4, 5], { seriesColor: '#1F6FB4' })!.bands[4]!.color).toBe(
      bandShades('#1F6FB4')[4],
    );
  });

  it('falls back to the default colour for an invalid colour and expands #rgb', () => {
    expect(normalizeHex('hsl(120, 50%, 50%)')).toBe('#39b54a');
    expect(normalizeHex('#0aF')).toBe('#00aaff');
    expect(bandShades('red')).toEqual(bandShades('#39B54A'));
  });

  it('mixes colours channel by channel', () => {
    expect(mixHex('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixHex('#39b54a', '#ffffff', 0)).toBe('#39b54a');
  });

  it('exports the labels in band order', () => {
    expect(BAND_LABELS[0]).toBe('Low (Q0-Q20)');
  });
});

describe('boundary rounding', () => {
  it('rounds to three significant digits of the range, without float noise', () => {
    expect(boundaryStep(82.5, 85.4)).toBe(0.1);
    expect(boundaryStep(744_509, 745_321)).toBe(1000);
    expect(boundaryStep(0, 5)).toBe(0.01);
    expect(boundaryStep(0, 0)).toBe(1);
    expect(roundToStep(7.8000001, 0.1)).toBe(7.8);
    expect(roundToStep(0.1 + 0.2, 0.01)).toBe(0.3);
    expect(roundToStep(-0.001, 0.1)).toBe(0);
    expect(roundToStep(12_345.6, 1000)).toBe(12_000);
  });
});
