import { describe, expect, it } from 'vitest';
import { hasOutline, mostlyRegions, placeKind } from './places';

describe('placeKind', () => {
  it('tells countries, NUTS regions, aggregates and the whole area apart by the code', () => {
    expect(['DE', 'EL', 'XK', 'US', 'SA'].map(placeKind)).toEqual([
      'country',
      'country',
      'country',
      'country',
      'country',
    ]);
    expect(['DE1', 'DE21', 'DE212', 'ES51', 'UKK1', 'FRY40'].map(placeKind)).toEqual(Array(6).fill('region'));
    // Aggregates of Eurostat's geo dictionary that look like regions: EA11, EU25, EFTA, NMS13, CPC1.
    expect(
      ['EU', 'EA', 'EU27_2020', 'EA11', 'EU25', 'EFTA', 'NMS13', 'CPC1', 'WORLD', 'EXT_EA20', 'BE_CAP'].map(placeKind),
    ).toEqual(Array(11).fill('aggregate'));
    expect(placeKind('_T')).toBe('whole-area');
  });

  it('draws countries of the world map and NUTS regions, not aggregates, unknown countries or the whole area', () => {
    expect(['DE', 'XK', 'US', 'DE21'].every(hasOutline)).toBe(true);
    expect(['EU27_2020', 'EA11', 'SA', '_T'].some(hasOutline)).toBe(false);
  });
});

describe('mostlyRegions', () => {
  it('is true when more than half the places a map could draw are regions, aggregates not counted', () => {
    expect(mostlyRegions(['EU27_2020', 'EA20', 'EA19', 'DE', 'DE1', 'DE2'])).toBe(true);
    expect(mostlyRegions(['EU27_2020', 'DE', 'FR', 'DE1'])).toBe(false);
    expect(mostlyRegions(['EA11', 'EU25', 'EU15', 'DE'])).toBe(false);
    expect(mostlyRegions(['_T'])).toBe(false);
  });
});
