import { describe, expect, it } from 'vitest';
import { toOrdinal } from '../../../core/periods';
import { contiguousTimeline, MAX_TIMELINE, periodSortKey, pickRange, sortRowsChronologically } from './chart-periods';

describe('sortRowsChronologically', () => {
  it('orders M/YYYY periods by time, not as text', () => {
    const rows = [{ period: '10/2022' }, { period: '9/2022' }, { period: '1/2023' }, { period: '12/2021' }];
    expect(sortRowsChronologically(rows).map((r) => r.period)).toEqual(['12/2021', '9/2022', '10/2022', '1/2023']);
  });

  it('orders quarters and years, puts unparseable periods last and keeps ties stable', () => {
    const rows = [
      { period: 'Q3/2022' },
      { period: 'oops' },
      { period: 'Q1/2022' },
      { period: '2021' },
      { period: 'x' },
    ];
    expect(sortRowsChronologically(rows).map((r) => r.period)).toEqual(['2021', 'Q1/2022', 'Q3/2022', 'oops', 'x']);
  });

  it('does not modify its input', () => {
    const rows = [{ period: '2/2020' }, { period: '1/2020' }];
    sortRowsChronologically(rows);
    expect(rows[0]?.period).toBe('2/2020');
  });
});

describe('periodSortKey', () => {
  it('compares periods across frequencies by their first month', () => {
    expect(periodSortKey('2022')).toBe(periodSortKey('1/2022'));
    expect(periodSortKey('Q4/2022')).toBe(periodSortKey('10/2022'));
    expect(periodSortKey('not a period')).toBeNull();
  });
});

describe('pickRange', () => {
  const items = ['a', 'b', 'c', 'd', 'e'];
  it('takes from the start index to the end (default: the last item)', () => {
    expect(pickRange(items, 2)).toEqual(['c', 'd', 'e']);
    expect(pickRange(items, 1, 2)).toEqual(['b', 'c']);
  });

  it('clamps out-of-range and non-finite indices', () => {
    expect(pickRange(items, -4)).toEqual(items);
    expect(pickRange(items, 99)).toEqual(['e']);
    expect(pickRange(items, 3, 1)).toEqual(['d']);
    expect(pickRange(items, Number.NaN)).toEqual(items);
    expect(pickRange([], 0)).toEqual([]);
  });
});

describe('contiguousTimeline', () => {
  it('fills missing periods so they become gaps', () => {
    const o = [toOrdinal('M', 2022, 11), toOrdinal('M', 2022, 9), toOrdinal('M', 2023, 1)];
    expect(contiguousTimeline('M', o).labels).toEqual(['9/2022', '10/2022', '11/2022', '12/2022', '1/2023']);
  });

  it('is empty without periods and bounded for a stray far-away period', () => {
    expect(contiguousTimeline('A', [])).toEqual({ ordinals: [], labels: [] });
    expect(contiguousTimeline('M', [0, toOrdinal('M', 2025, 1)]).ordinals).toHaveLength(MAX_TIMELINE);
  });
});
