import { describe, expect, it } from 'vitest';
import type { DatasetData } from '#core/schemas/dataset';
import { allValues, buildChartTable, sliceTable } from './chart-series';
import { loadHicp } from './test-fixtures';

const hicp = loadHicp(['DE', 'FR', 'EA20', 'EU27_2020', 'EE']);

function valueAt(data: DatasetData, label: string, period: string): number | null | undefined {
  const t = buildChartTable(data);
  const s = t.series.find((x) => x.label === label);
  return s?.values[t.periods.indexOf(period)];
}

describe('buildChartTable on HICP (prc_hicp_manr, CP00)', () => {
  it('puts every month from 1/1997 to 5/2025 on one timeline', () => {
    const t = buildChartTable(hicp);
    expect(t.freq).toBe('M');
    expect(t.periods[0]).toBe('1/1997');
    expect(t.periods[t.periods.length - 1]).toBe('5/2025');
    expect(t.periods).toHaveLength(341);
    expect(t.unit).toBe('Annual rate of change (%)');
  });

  it('has the published October 2022 figures', () => {
    expect(valueAt(hicp, 'Germany', '10/2022')).toBe(11.6);
    expect(valueAt(hicp, 'Euro area (20)', '10/2022')).toBe(10.6);
    expect(valueAt(hicp, 'European Union (27)', '10/2022')).toBe(11.5);
    expect(valueAt(hicp, 'France', '10/2022')).toBe(7.1);
    expect(valueAt(hicp, 'Estonia', '10/2022')).toBe(22.5);
  });

  it('makes one series per country for one data series, in the dataset order of countries', () => {
    expect(buildChartTable(hicp).series.map((s) => s.label)).toEqual([
      'Germany',
      'France',
      'Euro area (20)',
      'European Union (27)',
      'Estonia',
    ]);
  });

  it('marks the aggregates (EU27_2020, EA20) and gives them short names, from the geo codes', () => {
    const series = buildChartTable(hicp).series;
    expect(series.filter((s) => s.aggregate).map((s) => s.label)).toEqual(['Euro area (20)', 'European Union (27)']);
    expect(series.map((s) => s.shortLabel)).toEqual([undefined, undefined, 'EA20', 'EU27', undefined]);
    const pairs = buildChartTable(loadHicp(['EU27_2020', 'DE'], ['CP00', 'CP01']));
    expect(pairs.series.map((s) => s.shortLabel)).toEqual([
      'EU27, All-items HICP',
      undefined,
      'EU27, Food and non-alcoholic beverages',
      undefined,
    ]);
  });

  it('selects countries by code (or name) in the order given', () => {
    const t = buildChartTable(hicp, { countries: ['EE', 'France'] });
    expect(t.series.map((s) => s.label)).toEqual(['Estonia', 'France']);
  });

  it('makes one series per data series for one country, named by dimension value', () => {
    const two = loadHicp(['DE'], ['CP00', 'CP01']);
    const t = buildChartTable(two);
    expect(t.series.map((s) => s.label)).toEqual(['All-items HICP', 'Food and non-alcoholic beverages']);
    expect(buildChartTable(two, { seriesIds: [2] }).series.map((s) => s.label)).toEqual(['Germany']);
  });

  it('names country-and-series pairs when both vary', () => {
    const t = buildChartTable(loadHicp(['DE', 'FR'], ['CP00', 'CP01']));
    expect(t.series.map((s) => s.label)).toContain('France, Food and non-alcoholic beverages');
  });

  it('leaves missing months as null (EA20 has no May 2025 flash value here)', () => {
    const t = buildChartTable(hicp);
    const ea = t.series.find((s) => s.label === 'Euro area (20)');
    expect(ea?.values[t.periods.length - 1]).toBeNull();
  });

  it('sorts rows that arrive out of order and skips bad periods and values', () => {
    const data: DatasetData = {
      ...hicp,
      data: [
        {
          id: 1,
          series_key: { dim1_value: 'CP00' },
          rows: [
            { period: '3/2020', values: { Germany: 1.3 } },
            { period: '1/2020', values: { Germany: 1.6, France: Number.NaN } },
            { period: 'garbage', values: { Germany: 9 } },
          ],
        },
      ],
    };
    const t = buildChartTable(data);
    expect(t.periods).toEqual(['1/2020', '2/2020', '3/2020']);
    expect(t.series.map((s) => [s.label, s.values])).toEqual([['Germany', [1.6, null, 1.3]]]);
  });

  it('drops series without any value but keeps colours stable', () => {
    const t = buildChartTable(hicp, { countries: ['XX', 'FR'] });
    expect(t.series.map((s) => [s.label, s.colorIndex])).toEqual([['France', 1]]);
  });

  it('is empty, not an error, for an empty response', () => {
    const t = buildChartTable({ ...hicp, data: [] });
    expect(t.series).toEqual([]);
    expect(t.periods).toEqual([]);
  });
});

describe('sliceTable', () => {
  it('keeps the periods of the range and the series with values in it', () => {
    const full = buildChartTable(hicp);
    const last = sliceTable(full, 340);
    expect(last.periods).toEqual(['5/2025']);
    expect(last.series.map((s) => s.label)).toEqual(['Germany', 'France', 'Estonia']);
    expect(allValues(last.series)).toEqual([2.1, 0.6, 4.6]);
    expect(sliceTable(full, 300, 302).periods).toEqual(['1/2022', '2/2022', '3/2022']);
  });
});
