import { describe, expect, it } from 'vitest';
import { regionStatisticsPath } from './region-path';

describe('regionStatisticsPath', () => {
  it('walks a NUTS code down from its country (the place pages redirect codes to slugs)', () => {
    expect(regionStatisticsPath('DE21')).toBe('/statistics/de/de2/de21');
    expect(regionStatisticsPath('DE212')).toBe('/statistics/de/de2/de21/de212');
    expect(regionStatisticsPath('EL3')).toBe('/statistics/el/el3');
  });

  it('has no page for countries alone, aggregates or other codes', () => {
    expect(regionStatisticsPath('DE')).toBeNull();
    expect(regionStatisticsPath('EU27_2020')).toBeNull();
    expect(regionStatisticsPath('EA20')).toBeNull();
    expect(regionStatisticsPath('de21')).toBeNull();
  });
});
