// What a geo code is (country, NUTS region, aggregate) and whether a map can draw it, from the code alone.
import { countries, isAggregate } from './index';

export type PlaceKind = 'country' | 'region' | 'aggregate' | 'whole-area';

/** The countries NUTS 2021 divides into regions (GISCO's code list): a region's code starts with one of them. */
const NUTS_COUNTRIES = new Set(
  'AL AT BE BG CH CY CZ DE DK EE EL ES FI FR HR HU IE IS IT LI LT LU LV ME MK MT NL NO PL PT RO RS SE SI SK TR UK'.split(
    ' ',
  ),
);

const known = new Set(countries.map((c) => c.code));

/**
 * The kind of a Eurostat geo code. A country is two letters (EU and EA are aggregates); a NUTS region is its country's
 * code and one to three more characters (DE1, DE21, DE212); `_T` is the whole area of a file without places (decision
 * 050); everything else is a group of places: EU27_2020, EA11, EFTA, WORLD, EXT_EA20, NMS13, BE_CAP. The prefix is what
 * tells EA19 (an aggregate) from ES51 (a region).
 */
export function placeKind(code: string): PlaceKind {
  if (code === '_T') return 'whole-area';
  if (isAggregate(code)) return 'aggregate';
  if (/^[A-Z]{2}$/.test(code)) return 'country';
  if (/^[A-Z]{2}[0-9A-Z]{1,3}$/.test(code) && NUTS_COUNTRIES.has(code.slice(0, 2))) return 'region';
  return 'aggregate';
}

/** Whether a map has an outline for the place: a country of the world map, or a NUTS region. */
export function hasOutline(code: string): boolean {
  const kind = placeKind(code);
  return kind === 'region' || (kind === 'country' && known.has(code));
}

/** Whether most of the places a map could draw are NUTS regions (a regional dataset: its map is of regions). */
export function mostlyRegions(codes: readonly string[]): boolean {
  const mappable = codes.filter((c) => {
    const kind = placeKind(c);
    return kind === 'country' || kind === 'region';
  });
  const regions = mappable.filter((c) => placeKind(c) === 'region').length;
  return regions > 0 && regions * 2 > mappable.length;
}
