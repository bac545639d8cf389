import { describe, expect, it } from 'vitest';
import { applyTransform, combineFlags, readRange, transformUnit, type TransformableRow } from './selection-transform';

const row = (period: number, value: number | null, flags: string | null = null, geo = 'DE'): TransformableRow => ({
  seriesId: 1,
  geo,
  period,
  value,
  decimals: 1,
  flags,
});

describe('applyTransform', () => {
  const rows = [
    row(10, 100),
    row(11, 110, 'p'),
    row(12, 99),
    row(13, 0),
    row(14, 5, null, 'FR'),
    row(10, 4, null, 'FR'),
  ];

  it('indexes to a base period, per place', () => {
    const out = applyTransform(rows, { kind: 'index', base: 10, baseLabel: 'x' });
    expect(out.map((r) => [r.geo, r.period, r.value])).toEqual([
      ['DE', 10, 100],
      ['DE', 11, 110],
      ['DE', 12, 99],
      ['DE', 13, 0],
      ['FR', 14, 125],
      ['FR', 10, 100],
    ]);
  });

  it('computes percent change over lag periods and leaves out what has no earlier value or a zero', () => {
    const out = applyTransform(rows, { kind: 'change', lag: 1 });
    expect(out.map((r) => [r.period, r.value, r.flags])).toEqual([
      [11, 10, 'p'],
      [12, -10, 'p'],
      [13, -100, null],
    ]);
    expect(applyTransform([row(1, -4), row(2, -2)], { kind: 'change', lag: 1 })[0]!.value).toBe(50);
  });

  it('computes differences in the unit with the published decimals, without float noise', () => {
    const out = applyTransform([row(1, 2.3), row(2, 1.1, 'e')], { kind: 'diff', lag: 1 });
    expect(out).toEqual([{ ...row(2, -1.2, 'e') }]);
  });

  it('a value derived from an estimated value is estimated', () => {
    expect(combineFlags('p', 'e')).toBe('pe');
    expect(combineFlags(null, 'e')).toBe('e');
    expect(combineFlags('bep', 'ep')).toBe('bep');
    expect(combineFlags(null, null)).toBeNull();
  });
});

describe('readRange and units', () => {
  it('reads the lag before the range and the base period', () => {
    expect(readRange({ kind: 'change', lag: 12 }, { from: 100, to: 120 })).toEqual({ from: 88, to: 120 });
    expect(readRange({ kind: 'index', base: 130, baseLabel: 'x' }, { from: 100, to: 120 })).toEqual({
      from: 100,
      to: 130,
    });
    expect(readRange(undefined, { from: 1 })).toEqual({ from: 1 });
  });

  it('names the unit it shows', () => {
    expect(transformUnit({ kind: 'index', base: '1/2020' }, 'M', 'x')).toBe('Index, 1/2020 = 100');
    expect(transformUnit({ kind: 'change', lag: 1 }, 'M', 'x')).toBe('% change on previous month');
    expect(transformUnit({ kind: 'change', lag: 12 }, 'M', 'x')).toBe('% change on same month a year earlier');
    expect(transformUnit({ kind: 'change', lag: 4 }, 'Q', 'x')).toBe('% change on same quarter a year earlier');
    expect(transformUnit({ kind: 'change', lag: 3 }, 'A', 'x')).toBe('% change over 3 years');
    expect(transformUnit({ kind: 'change', lag: 1 }, 'W', 'x')).toBe('% change on previous week');
    expect(transformUnit({ kind: 'change', lag: 52 }, 'W', 'x')).toBe('% change on same week a year earlier');
    expect(transformUnit({ kind: 'diff', lag: 365 }, 'D', '')).toBe('Difference on same day a year earlier');
    expect(transformUnit({ kind: 'change', lag: 7 }, 'D', 'x')).toBe('% change over 7 days');
    expect(transformUnit({ kind: 'diff', lag: 1 }, 'A', 'Thousand persons')).toBe(
      'Difference on previous year, Thousand persons',
    );
  });
});
