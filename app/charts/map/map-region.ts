// Which part of the world a map shows: a continent or one country holding ≥ 80 % of the data, else the world.
import continentData from './continents.json' with { type: 'json' };
import { countryOfCode } from './map-match';

export type Continent = 'Europe' | 'Asia' | 'Africa' | 'North America' | 'South America' | 'Oceania';

export type MapRegion =
  { kind: 'world' } | { kind: 'continent'; continent: Continent } | { kind: 'country'; code: string };

/** Share of the geographies with data a continent or country must hold to be chosen. */
export const REGION_SHARE = 0.8;

interface ContinentInfo {
  /** [west, south, east, north] in degrees: polygons centred inside frame the map. */
  box: [number, number, number, number];
  /** [longitude, latitude] the projection is centred on. */
  center: [number, number];
  codes: string[];
}

const CONTINENTS = continentData as Record<Continent, ContinentInfo>;
export const CONTINENT_NAMES = Object.keys(CONTINENTS) as Continent[];
const continentByCode = new Map<string, Continent>(
  CONTINENT_NAMES.flatMap((c) => CONTINENTS[c].codes.map((code): [string, Continent] => [code, c])),
);

/** The continent of a country or NUTS code (Eurostat codes: EL, UK; Türkiye and Cyprus count as Europe). */
export function continentOf(code: string): Continent | null {
  const country = countryOfCode(code);
  return country ? (continentByCode.get(country) ?? null) : null;
}

export function continentInfo(continent: Continent): ContinentInfo {
  return CONTINENTS[continent];
}

/**
 * The region for the geographies with data (Eurostat country or NUTS codes; aggregates such as EU27_2020
 * are ignored): one country if ≥ 80 % of them lie in it, else a continent holding ≥ 80 %, else the world.
 */
export function chooseRegion(codes: readonly string[]): MapRegion {
  const located = codes
    .map((code) => ({ country: countryOfCode(code), continent: continentOf(code) }))
    .filter((g): g is { country: string; continent: Continent } => g.country !== null && g.continent !== null);
  if (located.length === 0) return { kind: 'world' };
  const need = REGION_SHARE * located.length;
  const top = <K extends string>(keys: K[]): [K, number] | null => {
    const counts = new Map<K, number>();
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
    let best: [K, number] | null = null;
    for (const [k, n] of counts) if (!best || n > best[1]) best = [k, n];
    return best;
  };
  const country = top(located.map((g) => g.country));
  if (country && country[1] >= need) return { kind: 'country', code: country[0] };
  const continent = top(located.map((g) => g.continent));
  if (continent && continent[1] >= need) return { kind: 'continent', continent: continent[0] };
  return { kind: 'world' };
}

/** 'Europe', 'the world' or the country's code, for descriptions. */
export function regionName(region: MapRegion, countryName?: string): string {
  if (region.kind === 'world') return 'the world';
  if (region.kind === 'continent') return region.continent;
  return countryName ?? region.code;
}
