// Small pure parts of the public site: JSON-LD periods, catalogue addresses, the reload guard, the country grid.
import { describe, expect, it } from 'vitest';
import { claimReload, RELOAD_GUARD_MS } from './build-watch';
import { catalogueSearch } from './catalogue-query';
import { blogInflationHref, gridCountries } from './country-grid';
import { isoPeriod } from '#core/dataset-json-ld';
import { flagUrls } from './flags';

describe('isoPeriod', () => {
  it('turns displayed periods into ISO 8601 dates', () => {
    expect(isoPeriod('2022')).toBe('2022');
    expect(isoPeriod('Q3/2022')).toBe('2022-07');
    expect(isoPeriod('S2/2022')).toBe('2022-07');
    expect(isoPeriod('10/2022')).toBe('2022-10');
    expect(isoPeriod('1/1997')).toBe('1997-01');
    expect(isoPeriod('W1/2019')).toBe('2019-W01');
    expect(isoPeriod('2020-01-02')).toBe('2020-01-02');
    expect(isoPeriod('not a period')).toBe('not a period');
  });
});

it('writes a catalogue address with only what narrows or orders it', () => {
  expect(catalogueSearch({ sort: 'updated' })).toBe('');
  expect(catalogueSearch({ category: 'prices', frequency: 'M', sort: 'name' })).toBe(
    '?category=prices&frequency=M&sort=name',
  );
  expect(catalogueSearch({ q: 'HICP & GDP' })).toBe('?q=HICP+%26+GDP');
});

it('allows one reload per 10 seconds', () => {
  const store = new Map<string, string>();
  const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) };
  expect(claimReload(storage, 1_000_000)).toBe(true);
  expect(claimReload(storage, 1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
  expect(claimReload(storage, 1_000_000 + RELOAD_GUARD_MS)).toBe(true);
});

it('has the 28 countries from Albania to Sweden, each with a flag', () => {
  expect(gridCountries).toHaveLength(28);
  expect(gridCountries[0]!.name).toBe('Albania');
  expect(gridCountries.at(-1)!.name).toBe('Sweden');
  expect([...gridCountries.map((c) => c.name)].sort((a, b) => a.localeCompare(b))).toEqual(
    gridCountries.map((c) => c.name),
  );
  for (const c of gridCountries) expect(flagUrls[c.code], c.code).toMatch(/\.svg$|^data:image\/svg\+xml,/);
  expect(blogInflationHref(gridCountries[11]!)).toBe('/blog/inflation-germany');
});
