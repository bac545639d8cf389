import { describe, expect, it } from 'vitest';
import type { ChartSeries } from './chart-series';
import { extremes, latestValue, listLabels, listValues } from './chart-description';

const series = (label: string, values: (number | null)[]): ChartSeries => ({
  key: label,
  label,
  seriesId: 1,
  geo: label,
  colorIndex: 0,
  values,
});

describe('listLabels', () => {
  it('joins up to three labels and counts the rest', () => {
    expect(listLabels([])).toBe('');
    expect(listLabels(['Germany'])).toBe('Germany');
    expect(listLabels(['Germany', 'France'])).toBe('Germany and France');
    expect(listLabels(['Germany', 'France', 'Spain'])).toBe('Germany, France and Spain');
    expect(listLabels(['Germany', 'France', 'Spain', 'Italy', 'Poland'])).toBe('Germany, France, Spain and 2 more');
  });
});

describe('latestValue', () => {
  it('finds the last value that is not missing', () => {
    expect(latestValue(series('EA', [1, 2.5, null]))).toEqual({ index: 1, value: 2.5 });
    expect(latestValue(series('EA', [null, null]))).toBeNull();
  });
});

describe('extremes', () => {
  it('finds the highest and lowest value across series', () => {
    const e = extremes([series('Germany', [1, 11.6]), series('Estonia', [-1.9, 22.5, null])]);
    expect(e).toEqual({
      max: { label: 'Estonia', index: 1, value: 22.5 },
      min: { label: 'Estonia', index: 0, value: -1.9 },
    });
    expect(extremes([series('x', [null])])).toBeNull();
  });
});

describe('listValues', () => {
  it('writes label and value pairs with the given decimals and counts the rest', () => {
    const entries = [
      { label: 'Estonia', value: 4.6 },
      { label: 'Germany', value: 2 },
      { label: 'France', value: 0.6 },
    ];
    expect(listValues(entries, 1)).toBe('Estonia 4.6, Germany 2.0, France 0.6');
    expect(listValues(entries, 1, 2)).toBe('Estonia 4.6, Germany 2.0 and 1 more');
  });
});
