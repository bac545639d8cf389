import { describe, expect, it } from 'vitest';
import { loadHicp } from '../core/test-fixtures';
import { buildLineState, describeLine } from './line-state';

const hicp = loadHicp(['DE', 'FR', 'EA20', 'EE']);

describe('buildLineState', () => {
  it('shows every series over the whole timeline by default', () => {
    const s = buildLineState(hicp);
    if (s.status !== 'ok') throw new Error(s.message);
    expect(s.table.series.map((x) => x.label)).toEqual(['Germany', 'France', 'Euro area (20)', 'Estonia']);
    expect(s.table.periods).toHaveLength(341);
    expect(s.startIndex).toBe(0);
    expect(s.totalPeriods).toBe(341);
    expect(s.max).toBe(25.2);
    expect(s.decimals).toBe(1);
  });

  it('starts the range at the slider index and runs to the latest period', () => {
    const s = buildLineState(hicp, { startIndex: 309 });
    if (s.status !== 'ok') throw new Error(s.message);
    expect(s.table.periods[0]).toBe('10/2022');
    expect(s.table.periods[s.table.periods.length - 1]).toBe('5/2025');
    expect(s.startIndex).toBe(309);
  });

  it('clamps a start index past the end to the last period', () => {
    const s = buildLineState(hicp, { startIndex: 9999 });
    if (s.status !== 'ok') throw new Error(s.message);
    expect(s.table.periods).toEqual(['5/2025']);
  });

  it('uses the dataset name as title unless given one', () => {
    expect(buildLineState(hicp).title).toBe('HICP - monthly data (annual rate of change)');
    expect(buildLineState(hicp, { title: 'Inflation' }).title).toBe('Inflation');
  });

  it("answers the specification's messages when there is nothing to draw", () => {
    expect(buildLineState({ ...hicp, data: [] })).toMatchObject({
      status: 'error',
      message: 'No data found for this dataset',
    });
    expect(buildLineState(hicp, { countries: ['XX'] })).toMatchObject({ message: 'No data found for this dataset' });
    expect(buildLineState(hicp, { seriesIds: [42] })).toMatchObject({
      message: 'No matching data series found for the specified dimensions',
    });
  });
});

describe('describeLine', () => {
  it('sums up more than three series: range, highest and lowest latest value, highest of all', () => {
    expect(describeLine(buildLineState(hicp, { startIndex: 300 }))).toBe(
      'HICP - monthly data (annual rate of change) for 4 places (Germany, France, Euro area (20) and 1 more) from ' +
        'January 2022 to May 2025. In May 2025 the highest was Estonia at 4.6 % and the lowest France at 0.6 %. ' +
        'The highest of all was Estonia at 25.2 % in August 2022.',
    );
  });

  it("tells one series' start, peak and latest value (issue 40)", () => {
    expect(describeLine(buildLineState(hicp, { startIndex: 276, countries: ['DE'] }))).toMatch(
      /^HICP - monthly data \(annual rate of change\) in Germany rose from [\d.]+ % in January 2020 to a peak of 11\.6 % in October 2022 and was 2\.1 % in May 2025\.$/,
    );
  });

  it('is the message for an error state', () => {
    expect(describeLine(buildLineState(hicp, { countries: ['XX'] }))).toBe('No data found for this dataset');
  });
});
