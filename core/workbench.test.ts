import { describe, expect, it } from 'vitest';
import { toOrdinal } from './periods';
import {
  axisFrequency,
  axisRange,
  combineIndicators,
  onAxis,
  panelRows,
  parseWorkbenchQuery,
  rangeInFrequency,
  workbenchQuery,
  type IndicatorColumn,
} from './workbench';

const q = (s: string) => new URLSearchParams(s);

describe('the workbench URL', () => {
  it('reads and writes indicators, places and the range', () => {
    const { selection, problems } = parseWorkbenchQuery(
      q('i=prc_hicp_manr&i=une_rt_m,dim1:NSA&geo=de,FR&geo=IT&from=2015&to=03/2024'),
    );
    expect(problems).toEqual([]);
    expect(selection).toEqual({
      indicators: [
        { dataset: 'prc_hicp_manr', dims: {} },
        { dataset: 'une_rt_m', dims: { dim1: 'NSA' } },
      ],
      places: ['DE', 'FR', 'IT'],
      from: '2015',
      to: '3/2024',
    });
    expect(workbenchQuery(selection)).toBe('i=prc_hicp_manr&i=une_rt_m,dim1:NSA&geo=DE,FR,IT&from=2015&to=3/2024');
  });

  it('reports what it leaves out', () => {
    const many = Array.from({ length: 7 }, (_, n) => `i=d${n}`).join('&');
    const { selection, problems } = parseWorkbenchQuery(q(`${many}&i=x,unit=PC&geo=D E&from=soon&i=d0`));
    expect(selection.indicators).toHaveLength(6);
    expect(problems).toEqual([
      'at most 6 indicators: "d6" left out',
      'invalid indicator: "x,unit=PC" (write code,dimN:value, e.g. une_rt_m,dim1:SA)',
      'invalid geo: "D E"',
      'invalid from: "soon" (YYYY, S{n}/YYYY, Q{n}/YYYY, M/YYYY, W{n}/YYYY or YYYY-MM-DD)',
    ]);
  });
});

describe('the shared axis', () => {
  it('takes the finest frequency and puts a coarser period at its end', () => {
    expect(axisFrequency(['A', 'M', 'Q'])).toBe('M');
    expect(axisFrequency(['A', 'Q'])).toBe('Q');
    expect(onAxis('A', toOrdinal('A', 2020), 'M')).toBe(toOrdinal('M', 2020, 12));
    expect(onAxis('Q', toOrdinal('Q', 2024, 3), 'M')).toBe(toOrdinal('M', 2024, 9));
    expect(axisRange({ from: '2015', to: '2024' }, 'M')).toEqual({
      from: toOrdinal('M', 2015, 1),
      to: toOrdinal('M', 2024, 12),
    });
    expect(rangeInFrequency({ from: toOrdinal('M', 2015, 1), to: toOrdinal('M', 2024, 12) }, 'M', 'A')).toEqual({
      from: toOrdinal('A', 2015),
      to: toOrdinal('A', 2024),
    });
  });

  it('puts monthly values on a weekly axis at the week of their last day, and weekly on a daily one', () => {
    expect(axisFrequency(['M', 'W', 'A'])).toBe('W');
    expect(axisFrequency(['W', 'D'])).toBe('D');
    // January 2021 ends on Sunday the 31st, the last day of ISO week 4.
    expect(onAxis('M', toOrdinal('M', 2021, 1), 'W')).toBe(toOrdinal('W', 2021, 4));
    // 2020 ends in week 53, whose Sunday is 3 January 2021.
    expect(onAxis('A', 2020, 'W')).toBe(toOrdinal('W', 2020, 53));
    expect(onAxis('W', toOrdinal('W', 2020, 53), 'D')).toBe(toOrdinal('D', 2021, 3));
    expect(axisRange({ from: 'W1/2021', to: '2021-01-31' }, 'W')).toEqual({
      from: toOrdinal('W', 2021, 1),
      to: toOrdinal('W', 2021, 4),
    });
  });

  it('combines monthly and annual values once each, by period then the chosen place order', () => {
    const point = (geo: string, geoName: string, period: number, value: number) => ({
      geo,
      geoName,
      period,
      value,
      decimals: 1,
      flags: null,
    });
    const monthly: IndicatorColumn = {
      token: 'm',
      dataset: 'm',
      label: 'M',
      unit: '%',
      freq: 'M',
      points: [point('FR', 'France', toOrdinal('M', 2020, 12), 1), point('DE', 'Germany', toOrdinal('M', 2020, 11), 2)],
    };
    const annual: IndicatorColumn = {
      token: 'a',
      dataset: 'a',
      label: 'A',
      unit: '%',
      freq: 'A',
      points: [point('DE', 'Germany', toOrdinal('A', 2020), -3.8), point('FR', 'France', toOrdinal('A', 2020), -7.5)],
    };
    const t = combineIndicators([monthly, annual], ['DE', 'FR'], {});
    expect(t.axis).toBe('M');
    expect(t.rows.map((r) => [r.period, r.geo, r.cells.map((c) => c && `${c.text}@${c.period}`)])).toEqual([
      ['11/2020', 'DE', ['2.0@11/2020', null]],
      ['12/2020', 'DE', [null, '-3.8@2020']],
      ['12/2020', 'FR', ['1.0@12/2020', '-7.5@2020']],
    ]);
    // A panel's values at their own periods: the chart places 2020 mid-2020 on the shared axis (decision 199).
    expect(panelRows(t, 1)).toEqual([{ period: '2020', values: { Germany: -3.8, France: -7.5 } }]);
    expect(panelRows(t, 0)).toEqual([
      { period: '11/2020', values: { Germany: 2 } },
      { period: '12/2020', values: { France: 1 } },
    ]);
  });
});
