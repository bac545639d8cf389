// Eurostat geography codes of countries and aggregates, with English names and ISO numeric codes.
import raw from './eurostat-geos.json' with { type: 'json' };
import shortNames from './short-names.json' with { type: 'json' };

export interface CountryInfo {
  code: string;
  name: string;
  /** ISO 3166 numeric, the id of the world-atlas outlines; null where the outlines have none (Kosovo). */
  isoNumeric: string | null;
}

export const countries: readonly CountryInfo[] = raw.countries;
export const aggregates: readonly { code: string; name: string }[] = raw.aggregates;

const byCode = new Map<string, string>([...countries, ...aggregates].map((g) => [g.code, g.name]));

/** English name of a country or aggregate code, or undefined. */
export function geoName(code: string): string | undefined {
  return byCode.get(code);
}

export function isAggregate(code: string): boolean {
  return aggregates.some((a) => a.code === code);
}

const shortByCode = new Map<string, string>(Object.entries(shortNames));

/**
 * A short name for charts where the full one does not fit ('EU27' for 'European Union (27 countries, from 2020)'),
 * for aggregates and long country names; undefined for the others.
 */
export function shortGeoName(code: string): string | undefined {
  return shortByCode.get(code);
}
