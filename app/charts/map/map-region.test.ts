import { describe, expect, it } from 'vitest';
import { chooseRegion, continentOf, regionName } from './map-region';

const HICP_GEOS =
  'AL AT BE BG CH CY CZ DE DK EE EL ES FI FR HR HU IE IS IT LT LU LV ME MK MT NL NO PL PT RO RS SE SI SK TR US XK'.split(
    ' ',
  );

describe('continentOf', () => {
  it('knows Eurostat codes and NUTS regions', () => {
    expect(continentOf('EL')).toBe('Europe');
    expect(continentOf('UK')).toBe('Europe');
    expect(continentOf('DE11')).toBe('Europe');
    expect(continentOf('US')).toBe('North America');
    expect(continentOf('BR')).toBe('South America');
    expect(continentOf('JP')).toBe('Asia');
    expect(continentOf('ZA')).toBe('Africa');
    expect(continentOf('NZ')).toBe('Oceania');
    expect(continentOf('EU27_2020')).toBeNull();
  });
});

describe('chooseRegion', () => {
  it('picks Europe when at least 80 % of the countries with data are European', () => {
    expect(chooseRegion([...HICP_GEOS, 'EU27_2020', 'EA20'])).toEqual({ kind: 'continent', continent: 'Europe' });
    // 4 of 5 is exactly 80 %.
    expect(chooseRegion(['DE', 'FR', 'IT', 'ES', 'US'])).toEqual({ kind: 'continent', continent: 'Europe' });
  });

  it('falls back to the world below 80 %', () => {
    expect(chooseRegion(['DE', 'FR', 'US'])).toEqual({ kind: 'world' });
    expect(chooseRegion(['US', 'BR', 'JP', 'ZA', 'AU'])).toEqual({ kind: 'world' });
    expect(chooseRegion([])).toEqual({ kind: 'world' });
    expect(chooseRegion(['EU27_2020'])).toEqual({ kind: 'world' });
  });

  it('picks the other continents', () => {
    expect(chooseRegion(['US', 'CA', 'MX', 'GT'])).toEqual({ kind: 'continent', continent: 'North America' });
    expect(chooseRegion(['AR', 'BR', 'CL', 'PE', 'DE'])).toEqual({ kind: 'continent', continent: 'South America' });
    expect(chooseRegion(['JP', 'CN', 'KR', 'IN'])).toEqual({ kind: 'continent', continent: 'Asia' });
    expect(chooseRegion(['NG', 'KE', 'ZA', 'EG'])).toEqual({ kind: 'continent', continent: 'Africa' });
    expect(chooseRegion(['AU', 'NZ', 'FJ'])).toEqual({ kind: 'continent', continent: 'Oceania' });
  });

  it('picks a single country holding 80 % of the regions with data', () => {
    expect(chooseRegion(['DE'])).toEqual({ kind: 'country', code: 'DE' });
    expect(chooseRegion(['DE11', 'DE12', 'DE21', 'DE30', 'FR10'])).toEqual({ kind: 'country', code: 'DE' });
    expect(chooseRegion(['DE11', 'DE12', 'FR10', 'FR21'])).toEqual({ kind: 'continent', continent: 'Europe' });
  });

  it('names regions for descriptions', () => {
    expect(regionName({ kind: 'world' })).toBe('the world');
    expect(regionName({ kind: 'continent', continent: 'Europe' })).toBe('Europe');
    expect(regionName({ kind: 'country', code: 'DE' }, 'Germany')).toBe('Germany');
  });
});
