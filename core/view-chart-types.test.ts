import { describe, expect, it } from 'vitest';
import { allowedChartType, allowedChartTypes, defaultChartType, refusedChartType, type ChartTypeFacts } from './view';

const facts = (codes: string[], oldest: string | null = '2015', latest: string | null = '2024'): ChartTypeFacts => ({
  available_countries: codes.map((code) => ({ code, name: code })),
  oldest_period: oldest,
  latest_period: latest,
});
const countries = ['EU27_2020', 'EA20', 'AT', 'BE', 'DE', 'FR', 'IT'];

describe('allowedChartTypes', () => {
  it('allows every type of a time series of countries', () => {
    expect(allowedChartTypes(facts(countries))).toEqual(['line', 'bar', 'horizontal-bar', 'map', 'table']);
  });

  it('allows no map without a place with an outline: aggregates, the whole area, countries off the map', () => {
    expect(allowedChartTypes(facts(['EU27_2020', 'EA20']))).toEqual(['line', 'bar', 'horizontal-bar', 'table']);
    expect(allowedChartTypes(facts(['_T']))).not.toContain('map');
    expect(allowedChartTypes(facts(['SA', 'EA11']))).not.toContain('map');
    expect(refusedChartType(facts(['_T']), 'map')).toBe('"map" (this dataset has no places on a map)');
  });

  it('allows no line of one period', () => {
    expect(allowedChartTypes(facts(countries, '2021', '2021'))).toEqual(['bar', 'horizontal-bar', 'map', 'table']);
    expect(refusedChartType(facts(countries, 'Q1/2021', 'Q1/2021'), 'line')).toBe(
      '"line" (this dataset has one period)',
    );
  });
});

describe('defaultChartType', () => {
  it('opens a regional dataset on its map', () => {
    expect(defaultChartType(facts(['EU27_2020', 'DE', 'DE1', 'DE2', 'FR1']))).toBe('map');
  });

  it('opens a time series of a few places on a line, national data of one place among them', () => {
    expect(defaultChartType(facts(['_T']))).toBe('line');
    expect(defaultChartType(facts(['EU27_2020', 'EA20', 'DE']))).toBe('line');
  });

  it('opens many places, or one period, on the bar chart', () => {
    expect(defaultChartType(facts(countries))).toBe('bar');
    expect(defaultChartType(facts(['_T'], '2020', '2020'))).toBe('bar');
    expect(defaultChartType(facts(['DE'], null, null))).toBe('bar');
  });

  it('gives a type the dataset does not allow way to its default', () => {
    expect(allowedChartType(facts(['EU27_2020', 'EA20']), 'map')).toBe('line');
    expect(allowedChartType(facts(countries, '2021', '2021'), 'line')).toBe('bar');
    expect(allowedChartType(facts(countries), 'table')).toBe('table');
  });
});
