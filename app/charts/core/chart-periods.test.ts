import { describe, expect, it } from 'vitest';
import { toOrdinal } from '#core/periods';
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

  it('orders days and weeks within a month, and a week by its Monday', () => {
    const rows = [{ period: '2020-01-03' }, { period: 'W1/2020' }, { period: '2020-01-02' }, { period: '12/2019' }];
    // W1/2020 begins on Monday 30 December 2019.
    expect(sortRowsChronologically(rows).map((r) => r.period)).toEqual([
      '12/2019',
      'W1/2020',
      '2020-01-02',
      '2020-01-03',
    ]);
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

  it('fills missing weeks across a year with a week 53', () => {
    const o = [toOrdinal('W', 2020, 52), toOrdinal('W', 2021, 2)];
    expect(contiguousTimeline('W', o).labels).toEqual(['W52/2020', 'W53/2020', 'W1/2021', 'W2/2021']);
  });

  it('keeps only the days with data: a weekend without exchange rates is no gap', () => {
    const friday = toOrdinal('D', 2020, 3);
    const o = [friday + 3, friday, friday + 4, friday];
    expect(contiguousTimeline('D', o)).toEqual({
      ordinals: [friday, friday + 3, friday + 4],
      labels: ['2020-01-03', '2020-01-06', '2020-01-07'],
    });
  });

  it('is empty without periods and bounded for a stray far-away period', () => {
    expect(contiguousTimeline('A', [])).toEqual({ ordinals: [], labels: [] });
    expect(contiguousTimeline('M', [0, toOrdinal('M', 2025, 1)]).ordinals).toHaveLength(MAX_TIMELINE);
  });
});
