// Matches the data's geography names to outlines: name → Eurostat code → ISO numeric id (world) or NUTS id.
import type { Feature, FeatureCollection, Geometry, GeoJsonProperties } from 'geojson';
import { countries as knownCountries } from '#core/geo';

/** World outlines (world-atlas: ISO numeric `id`, `properties.name`) or NUTS outlines (`properties.id`, `na`). */
export type OutlineKind = 'world' | 'nuts';
export type OutlineFeature = Feature<Geometry, GeoJsonProperties>;
export type Outlines = FeatureCollection<Geometry, GeoJsonProperties>;

/** A geography as the API lists it: `dataset.available_countries`. */
export interface MapCountry {
  code: string;
  name: string;
}

const NUTS_CODE = /^[A-Z]{2}[0-9A-Z]{0,3}$/;
const isoByCode = new Map(knownCountries.map((c) => [c.code, c.isoNumeric]));
const nameByCode = new Map(knownCountries.map((c) => [c.code, c.name]));
const codeByKnownName = new Map(knownCountries.map((c) => [normalizeName(c.name), c.code]));

/** Lowercase, without the footnote star of 'Kosovo*' and extra spaces, for comparing names. */
export function normalizeName(name: string): string {
  return name.replace(/\*/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * The Eurostat code of a data key: from the caller's country list by name, then by code, then from
 * the product's own country names; a key that already looks like a code (DE, EL, DE11) is kept.
 */
export function codeForName(name: string, countries: readonly MapCountry[]): string | null {
  const byName = countries.find((c) => c.name === name) ?? countries.find((c) => c.code === name);
  if (byName) return byName.code;
  const known = codeByKnownName.get(normalizeName(name));
  if (known) return known;
  return NUTS_CODE.test(name) ? name : null;
}

function textProp(feature: OutlineFeature, key: string): string | null {
  const v = feature.properties?.[key];
  return typeof v === 'string' && v !== '' ? v : null;
}

/** The display name of an outline: world-atlas `name`, or the NUTS `na`, or its id. */
export function outlineName(feature: OutlineFeature): string {
  return textProp(feature, 'name') ?? textProp(feature, 'na') ?? textProp(feature, 'id') ?? String(feature.id ?? '');
}

/** The ISO numeric id of a world outline as a 3-digit string ('036'), or null (Kosovo has none). */
export function worldOutlineId(feature: OutlineFeature): string | null {
  const id = feature.id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id).padStart(3, '0');
  if (typeof id === 'string' && /^\d{1,3}$/.test(id)) return id.padStart(3, '0');
  return null;
}

/** A stable key for an outline: `iso:276`, `nuts:DE11`, or `name:kosovo` for an outline without id. */
export function outlineKey(feature: OutlineFeature, kind: OutlineKind): string {
  if (kind === 'nuts') {
    const id = textProp(feature, 'id') ?? (typeof feature.id === 'string' ? feature.id : null);
    if (id) return `nuts:${id}`;
  } else {
    const iso = worldOutlineId(feature);
    if (iso) return `iso:${iso}`;
  }
  return `name:${normalizeName(outlineName(feature))}`;
}

/** Looks up outlines by key and by normalised name. */
export interface OutlineIndex {
  kind: OutlineKind;
  byKey: Map<string, number>;
  byName: Map<string, number>;
}

export function indexOutlines(outlines: Outlines, kind: OutlineKind): OutlineIndex {
  const byKey = new Map<string, number>();
  const byName = new Map<string, number>();
  outlines.features.forEach((f, i) => {
    byKey.set(outlineKey(f, kind), i);
    const name = normalizeName(outlineName(f));
    if (name && !byName.has(name)) byName.set(name, i);
  });
  return { kind, byKey, byName };
}

/**
 * The outline of a geography, or -1. World: code → ISO numeric (EL → 300, UK → 826); codes without
 * one (Kosovo) and unknown codes match by the outline's name. NUTS: the code is the outline's id.
 */
export function matchOutline(index: OutlineIndex, code: string | null, dataName: string): number {
  if (code) {
    if (index.kind === 'nuts') {
      const hit = index.byKey.get(`nuts:${code}`);
      if (hit !== undefined) return hit;
    } else {
      const iso = isoByCode.get(code);
      const hit = iso ? index.byKey.get(`iso:${iso}`) : undefined;
      if (hit !== undefined) return hit;
      const known = nameByCode.get(code);
      const byKnown = known ? index.byName.get(normalizeName(known)) : undefined;
      if (byKnown !== undefined) return byKnown;
    }
  }
  return index.byName.get(normalizeName(dataName)) ?? -1;
}

/** The country of a geography code: itself for a country, the first two letters of a NUTS region. */
export function countryOfCode(code: string): string | null {
  return NUTS_CODE.test(code) ? code.slice(0, 2) : null;
}
