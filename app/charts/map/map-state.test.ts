import { describe, expect, it } from 'vitest';
import { bandShades } from '../core/color-bands';
import {
  buildMapState,
  datasetToMapRows,
  describeMap,
  mapSeriesColor,
  resolveMapPeriodIndex,
  rowValues,
  type MapReadyState,
  type MapRow,
} from './map-state';
import { loadHicpAllGeos, loadWorldOutlines } from './test-fixtures';

const hicp = loadHicpAllGeos();
const rows = datasetToMapRows(hicp);
const world = loadWorldOutlines();
const OCT_2022 = rows.findIndex((r) => r.name === '10/2022');
const base = {
  rows,
  countries: hicp.dataset.available_countries,
  outlines: world,
  outlineKind: 'world' as const,
  unit: hicp.dataset.unit,
  title: 'HICP',
};
const ready = (input: Partial<Parameters<typeof buildMapState>[0]> = {}) => {
  const state = buildMapState({ ...base, periodIndex: OCT_2022, ...input });
  if (state.status !== 'ok') throw new Error(state.message);
  return state;
};
const area = (state: MapReadyState, name: string) => state.areas.find((a) => a.name === name);

describe('resolveMapPeriodIndex', () => {
  it('reads -1 (the default) as the last row and clamps other indexes into 0 … last', () => {
    expect(resolveMapPeriodIndex(-1, 10)).toBe(9);
    expect(resolveMapPeriodIndex(undefined, 10)).toBe(9);
    expect(resolveMapPeriodIndex(3, 10)).toBe(3);
    expect(resolveMapPeriodIndex(3.7, 10)).toBe(3);
    expect(resolveMapPeriodIndex(25, 10)).toBe(9);
    expect(resolveMapPeriodIndex(-5, 10)).toBe(0);
    expect(resolveMapPeriodIndex(Number.NaN, 10)).toBe(9);
    expect(resolveMapPeriodIndex(-1, 0)).toBe(-1);
  });
});

describe('rowValues', () => {
  it('maps only numeric, non-NaN values and never name or unit', () => {
    const row: MapRow = {
      name: '10/2022',
      unit: '%',
      Germany: 11.6,
      France: Number.NaN,
      Spain: null,
      Italy: '12.6',
      Malta: 7.4,
    };
    expect([...rowValues(row)]).toEqual([
      ['Germany', 11.6],
      ['Malta', 7.4],
    ]);
    expect(rowValues({ name: '1', unit: '2' }).size).toBe(0);
  });
});

describe('datasetToMapRows', () => {
  it('turns one API series into period records with the name, unit and values by country', () => {
    const oct = rows[OCT_2022]!;
    expect(oct).toMatchObject({
      name: '10/2022',
      unit: 'Annual rate of change (%)',
      Germany: 11.6,
      Greece: 9.5,
      'Kosovo*': 12.7,
    });
    expect(rows[0]!.name).toBe('1/1997');
    expect(rows[rows.length - 1]!.name).toBe('5/2025');
    expect(datasetToMapRows({ ...hicp, data: [] })).toEqual([]);
  });

  it('names places whose values are keyed by geo code (regional maps said DE21 62,800; issue 11, item 9)', () => {
    const data = {
      dataset: { ...hicp.dataset, available_countries: [{ code: 'DE21', name: 'Oberbayern' }] },
      data: [{ id: 1, series_key: {}, rows: [{ period: '2021', values: { DE21: 62800, DE22: 40000 } }] }],
    };
    expect(datasetToMapRows(data)[0]).toMatchObject({ name: '2021', Oberbayern: 62800, DE22: 40000 });
  });
});

describe('buildMapState (HICP October 2022, world outlines)', () => {
  const state = ready();

  it('matches countries to outlines, Kosovo by name, and leaves aggregates unmatched', () => {
    expect(state.period).toBe('10/2022');
    expect(area(state, 'Germany')).toMatchObject({ code: 'DE', value: 11.6, key: 'iso:276' });
    expect(area(state, 'Greece')).toMatchObject({ code: 'EL', value: 9.5, key: 'iso:300' });
    expect(area(state, 'Kosovo*')).toMatchObject({ code: 'XK', value: 12.7, key: 'name:kosovo' });
    expect(area(state, 'United Kingdom')).toMatchObject({ value: null, band: -1, fill: '#f1f5f9' });
    // Malta and Liechtenstein are too small for the 110m outlines: they come from the 50m file.
    expect(area(state, 'Malta')).toMatchObject({ code: 'MT', value: 7.4, key: 'iso:470' });
    expect(area(state, 'Liechtenstein')).toMatchObject({ key: 'iso:438', value: null }); // no HICP
    expect(state.unmatched.map((u) => u.name)).toEqual(
      expect.arrayContaining(['Euro area', 'European Union (27 countries, from 2020)']),
    );
    expect(state.unmatched.map((u) => u.name)).not.toContain('Malta');
  });

  it('colours each country by its band and picks Europe', () => {
    const de = area(state, 'Germany')!;
    expect(de.fill).toBe(state.bands.bands[de.band]!.color);
    expect(area(state, 'Türkiye')!.band).toBe(4);
    expect(area(state, 'Switzerland')!.band).toBe(0);
    expect(state.region).toEqual({ kind: 'continent', continent: 'Europe' });
    expect(state.decimals).toBe(1);
  });

  it('bands only the values drawn on the map', () => {
    const drawn = state.areas.filter((a) => a.value !== null).length;
    expect(drawn).toBe(37);
    expect(state.bands.bands[0]!.from).toBe(2.9);
    expect(state.bands.bands[4]!.to).toBe(85.4);
  });

  it('shades from the chosen colour: chart setting, then first custom colour, then the default', () => {
    expect(mapSeriesColor()).toBe('#39B54A');
    expect(mapSeriesColor(null, ['#C62828'])).toBe('#C62828');
    expect(mapSeriesColor({ seriesColor: '#1F6FB4' }, ['#C62828'])).toBe('#1F6FB4');
    const blue = ready({ chartSettings: { seriesColor: '#1F6FB4' } });
    expect(blue.bands.bands.map((b) => b.color)).toEqual(bandShades('#1F6FB4'));
  });

  it('uses the dark no-data colour in dark mode', () => {
    expect(area(ready({ theme: 'dark' }), 'United Kingdom')!.fill).toBe('#1e293b');
  });

  it('shows the last period by default and clamps the index', () => {
    expect(ready({ periodIndex: undefined }).period).toBe('5/2025');
    expect(ready({ periodIndex: 10_000 }).period).toBe('5/2025');
    expect(ready({ periodIndex: 0 }).period).toBe('1/1997');
  });

  it('describes the map with its highest and lowest values', () => {
    expect(describeMap(state)).toBe(
      'HICP in October 2022 across Europe: the highest is Türkiye at 85.4 % and the lowest Switzerland at 2.9 %, of 37 regions with data.',
    );
  });
});

describe('buildMapState errors', () => {
  it("says 'No data available for map' without rows or without values in the period", () => {
    for (const input of [
      { rows: [] },
      { rows: [{ name: '2020', unit: '%' }] },
      { rows: [{ name: '2020', DE: Number.NaN }] },
    ]) {
      const state = buildMapState({ ...base, ...input });
      expect(state).toEqual({ status: 'error', title: 'HICP', message: 'No data available for map' });
      expect(describeMap(state)).toBe('No data available for map');
    }
  });

  it('still bands values when the outlines are not loaded yet', () => {
    const state = buildMapState({ ...base, outlines: null, periodIndex: OCT_2022 });
    expect(state.status).toBe('ok');
    if (state.status === 'ok') expect(state.areas).toEqual([]);
  });
});
