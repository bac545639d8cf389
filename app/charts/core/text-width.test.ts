import { describe, expect, it } from 'vitest';
import { estimateTextWidth, fitLabel, maxTextWidth, truncateText } from './text-width';

describe('estimateTextWidth', () => {
  it('grows with the text and the font size, and is wider for wide letters', () => {
    expect(estimateTextWidth('', 12)).toBe(0);
    expect(estimateTextWidth('2000', 11)).toBeGreaterThan(20);
    expect(estimateTextWidth('2000', 11)).toBeLessThan(32);
    expect(estimateTextWidth('2000', 22)).toBeCloseTo(2 * estimateTextWidth('2000', 11));
    expect(estimateTextWidth('WWW', 12)).toBeGreaterThan(estimateTextWidth('iii', 12));
  });

  it('estimates non-ASCII characters too', () => {
    expect(estimateTextWidth('Türkiye', 12)).toBeGreaterThan(estimateTextWidth('Trkiye', 12));
  });

  it('takes the widest of several labels', () => {
    expect(maxTextWidth(['1', 'European Union (27)'], 12)).toBe(estimateTextWidth('European Union (27)', 12));
    expect(maxTextWidth([], 12)).toBe(0);
  });
});

describe('truncateText', () => {
  it('keeps text that fits and shortens the rest with an ellipsis', () => {
    expect(truncateText('Germany', 200, 12)).toBe('Germany');
    const short = truncateText('European Union (27)', 60, 12);
    expect(short.endsWith('\u2026')).toBe(true);
    expect(estimateTextWidth(short, 12)).toBeLessThanOrEqual(60);
    expect(truncateText('Germany', 1, 12)).toBe('');
  });
});

describe('fitLabel', () => {
  const full = 'European Union (27 countries, from 2020)';
  it('keeps the full name where it fits and takes the short one (EU27) where it does not', () => {
    expect(fitLabel(full, 'EU27', 1000, 12)).toBe(full);
    expect(fitLabel(full, 'EU27', 120, 12)).toBe('EU27');
    expect(fitLabel('Germany', undefined, 30, 12)).toMatch(/\u2026$/);
    expect(fitLabel(full, 'EU27', 10, 12)).toBe('');
  });
});
