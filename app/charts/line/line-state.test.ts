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
  it('summarises range, series, latest values and extremes', () => {
    const text = describeLine(buildLineState(hicp, { startIndex: 300 }));
    expect(text).toContain('Line chart of Annual rate of change (%) from 1/2022 to 5/2025');
    expect(text).toContain('Germany, France, Euro area (20) and 1 more');
    expect(text).toContain('Latest values (5/2025): Germany 2.1, France 0.6, Estonia 4.6.');
    expect(text).toContain('Highest: Estonia 25.2 in 8/2022');
  });

  it('is the message for an error state', () => {
    expect(describeLine(buildLineState(hicp, { countries: ['XX'] }))).toBe('No data found for this dataset');
  });
});
