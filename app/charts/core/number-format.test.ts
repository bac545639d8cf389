import { describe, expect, it } from 'vitest';
import {
  decimalsFor,
  decimalsOf,
  formatAxisTicks,
  formatCompact,
  formatNumber,
  unitNamesScale,
  valueFormatter,
} from './number-format';

describe('decimalsOf and decimalsFor', () => {
  it('finds the decimals a value needs, ignoring floating-point noise', () => {
    expect(decimalsOf(11)).toBe(0);
    expect(decimalsOf(11.6)).toBe(1);
    expect(decimalsOf(0.1 + 0.2)).toBe(1);
    expect(decimalsOf(-2.25)).toBe(2);
    expect(decimalsOf(Math.PI)).toBe(4);
    expect(decimalsOf(Number.NaN)).toBe(0);
  });

  it('takes the most decimals of a data set and skips missing values', () => {
    expect(decimalsFor([11.6, 10, null, undefined, 7.1])).toBe(1);
    expect(decimalsFor([3601750, 14524808])).toBe(0);
    expect(decimalsFor([9552204.5])).toBe(1);
    expect(decimalsFor([])).toBe(0);
  });
});

describe('formatNumber', () => {
  it('groups thousands with commas and uses a point for decimals, whatever the locale', () => {
    expect(formatNumber(3601750)).toBe('3,601,750');
    expect(formatNumber(9552204.5)).toBe('9,552,204.5');
    expect(formatNumber(1234.5, 2)).toBe('1,234.50');
    expect(formatNumber(999)).toBe('999');
  });

  it('writes negatives with a minus and never -0', () => {
    expect(formatNumber(-4.1, 1)).toBe('-4.1');
    expect(formatNumber(-1234567, 0)).toBe('-1,234,567');
    expect(formatNumber(-0.04, 1)).toBe('0.0');
    expect(formatNumber(-0)).toBe('0');
  });

  it('pads to the requested decimals so a column lines up', () => {
    expect(formatNumber(3, 1)).toBe('3.0');
    expect(formatNumber(2.25, 1)).toBe('2.3');
  });

  it('writes non-finite values as an en dash, never NaN', () => {
    expect(formatNumber(Number.NaN)).toBe('\u2013');
    expect(formatNumber(Number.POSITIVE_INFINITY, 1)).toBe('\u2013');
  });
});

describe('formatCompact', () => {
  it('uses K from 1,000, M from 1,000,000 and B from 1,000,000,000', () => {
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1000)).toBe('1K');
    expect(formatCompact(1500)).toBe('1.5K');
    expect(formatCompact(12345)).toBe('12.3K');
    expect(formatCompact(3601750)).toBe('3.6M');
    expect(formatCompact(14524808)).toBe('14.5M');
    expect(formatCompact(2.5e9)).toBe('2.5B');
    expect(formatCompact(-4200)).toBe('-4.2K');
  });

  it('moves to the next unit when rounding reaches 1,000', () => {
    expect(formatCompact(999960)).toBe('1M');
  });

  it('keeps small values as they are, up to the decimal limit', () => {
    expect(formatCompact(11.6)).toBe('11.6');
    expect(formatCompact(0.25, 2)).toBe('0.25');
  });
});

describe('formatAxisTicks', () => {
  it('gives every tick the same decimals', () => {
    expect(formatAxisTicks([0, 0.5, 1, 1.5])).toEqual(['0', '0.5', '1.0', '1.5']);
    expect(formatAxisTicks([-5, 0, 5, 10])).toEqual(['-5', '0', '5', '10']);
  });

  it('goes compact once the largest tick reaches 1,000', () => {
    expect(formatAxisTicks([0, 1e6, 2e6, 3e6, 4e6])).toEqual(['0', '1M', '2M', '3M', '4M']);
    expect(formatAxisTicks([0, 500, 1000, 1500])).toEqual(['0', '0.5K', '1.0K', '1.5K']);
    expect(formatAxisTicks([0, 2000, 4000])).toEqual(['0', '2K', '4K']);
  });

  it('states one scale: a unit that names its own ("Million euro") gets its ticks in full, not "3.6M" (issue 41)', () => {
    expect(formatAxisTicks([0, 1.2e6, 2.4e6, 3.6e6], 'Million euro')).toEqual([
      '0',
      '1,200,000',
      '2,400,000',
      '3,600,000',
    ]);
    expect(formatAxisTicks([0, 2000, 4000], 'Current prices, million euro, 2024')).toEqual(['0', '2,000', '4,000']);
    expect(formatAxisTicks([0, 20000, 40000], 'Thousand persons')).toEqual(['0', '20,000', '40,000']);
    // A unit without a scale keeps the compact ticks.
    expect(formatAxisTicks([0, 20000, 40000], 'Euro per inhabitant')).toEqual(['0', '20K', '40K']);
    expect(unitNamesScale('Million units of national currency')).toBe(true);
    expect(unitNamesScale('Percentage of population in the labour force')).toBe(false);
    expect(unitNamesScale(undefined)).toBe(false);
  });

  it('copes with floating-point tick values', () => {
    expect(formatAxisTicks([0.1, 0.2, 0.30000000000000004])).toEqual(['0.1', '0.2', '0.3']);
  });
});

describe('valueFormatter', () => {
  it('formats with the decimals of the data and an en dash for missing values', () => {
    const f = valueFormatter([11.6, 3, 22.5]);
    expect(f(3)).toBe('3.0');
    expect(f(null)).toBe('\u2013');
  });
});
