import { describe, expect, it } from 'vitest';
import { sortBarsDescending } from '../core/bar-datum';
import { loadHicp } from '../core/test-fixtures';
import { barRangeEnd, buildBarState, describeBar } from './bar-state';

const hicp = loadHicp(['DE', 'FR', 'EA20', 'EU27_2020', 'EE', 'ES', 'IT', 'PL']);

describe('sortBarsDescending', () => {
  it('puts the highest first, breaks ties by label and leaves its input alone', () => {
    const bars = [
      { key: 'a', label: 'Spain', colorIndex: 0, value: 1.9 },
      { key: 'b', label: 'Estonia', colorIndex: 1, value: 4.6 },
      { key: 'c', label: 'Italy', colorIndex: 2, value: 1.9 },
      { key: 'd', label: 'France', colorIndex: 3, value: -0.6 },
    ];
    expect(sortBarsDescending(bars).map((b) => b.label)).toEqual(['Estonia', 'Italy', 'Spain', 'France']);
    expect(bars[0]?.label).toBe('Spain');
  });
});

describe('buildBarState', () => {
  it('shows the last 12 periods, grouped, when the slider has not moved', () => {
    const s = buildBarState(hicp);
    if (s.status !== 'ok') throw new Error(s.message);
    expect(s.mode).toBe('grouped');
    expect(s.table.periods).toHaveLength(12);
    expect(s.table.periods[0]).toBe('6/2024');
    expect(s.endIndex).toBe(340);
  });

  it('makes sparse bars, sorted descending, when the range holds one period', () => {
    const s = buildBarState(hicp, { startIndex: 340 });
    if (s.status !== 'ok' || s.mode !== 'sparse') throw new Error('expected sparse bars');
    expect(s.period).toBe('5/2025');
    expect(s.bars.map((b) => [b.label, b.value])).toEqual([
      ['Estonia', 4.6],
      ['Germany', 2.1],
      ['Italy', 1.9],
      ['Spain', 1.9],
      ['France', 0.6],
    ]);
  });

  it('makes sparse bars for annual data with a single year', () => {
    const oneYear = {
      ...hicp,
      dataset: { ...hicp.dataset, frequency: 'A' as const },
      data: [
        { id: 1, series_key: { dim1_value: 'CP00' }, rows: [{ period: '2022', values: { Germany: 8.7, Euro: 8.4 } }] },
      ],
    };
    const s = buildBarState(oneYear);
    expect(s).toMatchObject({ status: 'ok', mode: 'sparse', period: '2022' });
  });

  it('keeps negative values (deflation in 2015) for bars below the zero line', () => {
    const s = buildBarState(hicp, { startIndex: 216 });
    if (s.status !== 'ok') throw new Error(s.message);
    expect(s.table.periods[0]).toBe('1/2015');
    expect(s.min).toBeLessThan(0);
  });

  it('cuts a long range short after the periods that fit, and says so', () => {
    // Eight series: 4 px a bar, 160 bars (20 periods) in 724 px less 84 of axis and padding.
    const s = buildBarState(hicp, { startIndex: 0, width: 724 });
    if (s.status !== 'ok') throw new Error(s.message);
    expect(s.table.periods).toHaveLength(20);
    expect(s.endIndex).toBe(19);
    expect(describeBar(s)).toContain("The range is cut short at August 1998 to fit the chart's width.");
  });

  it('keeps the range of grouped bars of several series whether or not their bars have room for markers (issue 40)', () => {
    // A phone's 343 px less 84 of axis and padding: 64 bars of 4 px, for one series or shared by four.
    expect(barRangeEnd(0, 100, 1, 343)).toBe(63);
    expect(barRangeEnd(0, 100, 4, 343)).toBe(15);
    const s = buildBarState(loadHicp(['DE', 'FR', 'EA20', 'IT']), { width: 343 });
    if (s.status !== 'ok') throw new Error(s.message);
    expect(s.table.periods).toHaveLength(12);
  });

  it("answers the specification's messages when there is nothing to draw", () => {
    expect(buildBarState(hicp, { countries: ['XX'] })).toMatchObject({
      status: 'error',
      message: 'No data found for this dataset',
    });
    expect(buildBarState(hicp, { seriesIds: [9] })).toMatchObject({
      message: 'No matching data series found for the specified dimensions',
    });
  });
});

describe('describeBar', () => {
  it('says the highest and lowest of one period and the series without data', () => {
    expect(describeBar(buildBarState(hicp, { startIndex: 340 }))).toBe(
      'HICP - monthly data (annual rate of change) in May 2025: the highest is Estonia at 4.6 % and the lowest France at 0.6 %, of 5 shown. No data for Euro area (20), European Union (27) and Poland.',
    );
  });
});
