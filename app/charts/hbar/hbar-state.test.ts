import { describe, expect, it } from 'vitest';
import { loadHicp } from '../core/test-fixtures';
import { buildHbarState, describeHbar } from './hbar-state';

const hicp = loadHicp();

describe('buildHbarState', () => {
  it('starts at the latest period', () => {
    const s = buildHbarState(hicp);
    if (s.status !== 'ok') throw new Error(s.message);
    expect(s.period).toBe('5/2025');
    expect(s.periodIndex).toBe(340);
  });

  it('shows one period, countries sorted descending (October 2022 published figures)', () => {
    const s = buildHbarState(hicp, { periodIndex: 309 });
    if (s.status !== 'ok') throw new Error(s.message);
    expect(s.period).toBe('10/2022');
    expect(s.bars.map((b) => [b.label, b.value])).toEqual([
      ['Türkiye', 85.4],
      ['Estonia', 22.5],
      ['Netherlands', 16.8],
      ['Poland', 16.4],
      ['Italy', 12.6],
      ['Austria', 11.6],
      ['Germany', 11.6],
      ['European Union (27)', 11.5],
      ['Euro area (20)', 10.6],
      ['Spain', 7.3],
      ['France', 7.1],
    ]);
  });

  it('reads -1 as the latest period and clamps indices past either end', () => {
    expect(buildHbarState(hicp, { periodIndex: -1 })).toMatchObject({ period: '5/2025' });
    expect(buildHbarState(hicp, { periodIndex: 5000 })).toMatchObject({ period: '5/2025' });
    expect(buildHbarState(hicp, { periodIndex: 0 })).toMatchObject({ period: '1/1997' });
  });

  it("answers 'No data available for horizontal bar chart' without rows or values", () => {
    const message = 'No data available for horizontal bar chart';
    expect(buildHbarState({ ...hicp, data: [] })).toMatchObject({ status: 'error', message });
    expect(buildHbarState(hicp, { countries: ['XX'] })).toMatchObject({ status: 'error', message });
    // Euro area (20) has no value in the latest month of this release.
    expect(buildHbarState(hicp, { countries: ['EA20'], periodIndex: 340 })).toMatchObject({ status: 'error', message });
  });
});

describe('describeHbar', () => {
  it("says the highest and lowest of the period, and the view's place", () => {
    const state = buildHbarState(hicp, { periodIndex: 309, countries: ['DE', 'FR', 'EE'] });
    expect(describeHbar(state, undefined, 'Germany')).toBe(
      'HICP - monthly data (annual rate of change) in October 2022: the highest is Estonia at 22.5 % and the lowest France at 7.1 %, of 3 shown. Germany is 2nd at 11.6 %.',
    );
  });
});
