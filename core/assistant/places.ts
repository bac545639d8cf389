// Places the assistant understands: countries by English name, own-language names, adjectives and codes; EU and
// euro-area aggregates named precisely; NUTS regions from the geos table (passed in, so this stays pure).
import { aggregates, countries } from '../geo';
import { findPhrase, normalize } from './text';

/** EU member states since 1 February 2020 (the members of EU27_2020). */
export const EU27_2020 = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const; // prettier-ignore

/** Euro-area members since 1 January 2023 (the members of EA20). */
export const EA20 = [
  'AT', 'BE', 'CY', 'DE', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI',
  'SK',
] as const; // prettier-ignore

/** Names in the countries' own languages, other English names and adjectives ("German inflation"). */
const otherNames: Record<string, string[]> = {
  AT: ['osterreich', 'austrian'],
  BE: ['belgie', 'belgique', 'belgien', 'belgian'],
  BG: ['balgariya', 'bulgarian', 'българия'],
  CY: ['kypros', 'kibris', 'cypriot', 'κυπρος'],
  CZ: ['cesko', 'czech republic', 'ceska republika', 'czech'],
  DE: ['deutschland', 'german', 'germany'],
  DK: ['danmark', 'danish'],
  EE: ['eesti', 'estonian'],
  EL: ['ellada', 'hellas', 'greek', 'ελλαδα'],
  ES: ['espana', 'spanish'],
  FI: ['suomi', 'finnish'],
  FR: ['french'],
  HR: ['hrvatska', 'croatian'],
  HU: ['magyarorszag', 'hungarian'],
  IE: ['eire', 'irish'],
  IT: ['italia', 'italian'],
  LT: ['lietuva', 'lithuanian'],
  LU: ['letzebuerg', 'luxemburg', 'luxembourgish'],
  LV: ['latvija', 'latvian'],
  MT: ['maltese'],
  NL: ['nederland', 'holland', 'dutch', 'the netherlands'],
  PL: ['polska', 'polish'],
  PT: ['portuguese'],
  RO: ['romanian'],
  SE: ['sverige', 'swedish'],
  SI: ['slovenija', 'slovenian'],
  SK: ['slovensko', 'slovak', 'slovakian'],
  NO: ['norge', 'noreg', 'norwegian'],
  IS: ['island', 'icelandic'],
  CH: ['schweiz', 'suisse', 'svizzera', 'swiss'],
  LI: ['liechtenstein'],
  TR: ['turkey', 'turkiye', 'turkish'],
  UK: ['britain', 'great britain', 'british', 'uk'],
  US: ['usa', 'united states of america', 'america', 'american'],
  JP: ['nippon', 'japanese'],
  RS: ['srbija', 'serbian'],
  ME: ['crna gora', 'montenegrin'],
  MK: ['macedonia', 'severna makedonija', 'macedonian'],
  AL: ['shqiperia', 'albanian'],
  XK: ['kosovo', 'kosova'],
  BA: ['bosnia', 'bosnian'],
};

/** Spoken names of aggregates → the code they mean today (named precisely in answers). */
const aggregateNames: [string, string][] = [
  ['european union', 'EU27_2020'],
  ['eu27', 'EU27_2020'],
  ['eu 27', 'EU27_2020'],
  ['eu', 'EU27_2020'],
  ['eu28', 'EU28'],
  ['eu 28', 'EU28'],
  ['euro area', 'EA20'],
  ['eurozone', 'EA20'],
  ['euro zone', 'EA20'],
  ['euroarea', 'EA20'],
  ['ea20', 'EA20'],
  ['ea19', 'EA19'],
  ['european economic area', 'EEA'],
];

/**
 * Groups of countries a question may name ("the Baltic states"): found only when the caller asks for them
 * (`findPlaces(…, { groups: true })`, the researcher), so the chat reads its questions as before.
 */
export const PLACE_GROUPS: { name: string; phrases: string[]; members: readonly string[] }[] = [
  {
    name: 'Baltic states',
    phrases: ['baltic states', 'baltic countries', 'the baltics', 'baltics'],
    members: ['EE', 'LV', 'LT'],
  },
  {
    name: 'Nordic countries',
    phrases: ['nordic countries', 'nordic states', 'the nordics', 'nordics', 'scandinavia', 'scandinavian countries'],
    members: ['DK', 'FI', 'IS', 'NO', 'SE'],
  },
  { name: 'Benelux', phrases: ['benelux countries', 'benelux'], members: ['BE', 'NL', 'LU'] },
  {
    name: 'EU member states',
    phrases: ['eu member states', 'eu countries', 'eu members', 'member states of the eu', 'eu27 countries'],
    members: EU27_2020,
  },
  {
    name: 'euro-area members',
    phrases: ['euro area countries', 'euro area members', 'euro area member states', 'eurozone countries'],
    members: EA20,
  },
];

/** The groups a question names, in the order it names them. */
export function findGroups(question: string): { name: string; members: readonly string[]; at: number; end: number }[] {
  const text = normalize(question);
  const taken: [number, number][] = [];
  const out: { name: string; members: readonly string[]; at: number; end: number }[] = [];
  const all = PLACE_GROUPS.flatMap((g) => g.phrases.map((phrase) => ({ g, phrase: normalize(phrase) }))).sort(
    (a, b) => b.phrase.length - a.phrase.length,
  );
  for (const { g, phrase } of all) {
    let at = findPhrase(text, phrase);
    while (at !== -1) {
      const end = at + phrase.length;
      if (taken.every(([s, e]) => end <= s || at >= e)) {
        taken.push([at, end]);
        if (!out.some((o) => o.name === g.name)) out.push({ name: g.name, members: g.members, at, end });
      }
      at = findPhrase(text, phrase, at + 1);
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

export interface PlaceEntry {
  code: string;
  name: string;
  kind: 'country' | 'aggregate' | 'region';
  /** NUTS level: 0 for countries and aggregates. */
  level: number;
}

export interface Gazetteer {
  /** Normalised phrase → place, longest phrases first. */
  phrases: { phrase: string; place: PlaceEntry }[];
  byCode: Map<string, PlaceEntry>;
}

/** Region names too common as words to be read as a place ("Centre", "Mitte"). */
const ambiguousRegionNames = new Set(['centre', 'center', 'mitte', 'nord', 'sud', 'est', 'ouest', 'west', 'east']);

/** A gazetteer of the built-in countries and aggregates plus the given NUTS regions (from the geos table). */
export function buildGazetteer(regions: readonly PlaceEntry[] = []): Gazetteer {
  const byCode = new Map<string, PlaceEntry>();
  const phrases = new Map<string, PlaceEntry>();
  const add = (phrase: string, place: PlaceEntry) => {
    const key = normalize(phrase);
    if (!key) return;
    const existing = phrases.get(key);
    // A country wins over a region of the same name; among regions the highest (Berlin: DE3 before DE30).
    if (!existing || place.level < existing.level || (place.level === existing.level && place.code < existing.code))
      phrases.set(key, place);
  };
  for (const c of countries) {
    const place: PlaceEntry = { code: c.code, name: c.name.replace(/\*$/, ''), kind: 'country', level: 0 };
    byCode.set(c.code, place);
    add(place.name, place);
    for (const other of otherNames[c.code] ?? []) add(other, place);
  }
  for (const a of aggregates) byCode.set(a.code, { code: a.code, name: a.name, kind: 'aggregate', level: 0 });
  for (const [phrase, code] of aggregateNames) add(phrase, byCode.get(code)!);
  for (const r of regions) {
    if (r.kind !== 'region') continue;
    byCode.set(r.code, r);
    if (r.name.length < 4 || ambiguousRegionNames.has(normalize(r.name))) continue;
    add(r.name, r);
    // "Berlin (DE3)" style labels and names with a slash ("Bruxelles / Brussel") are found by each part.
    for (const part of r.name.split(/\s*\/\s*/)) if (part !== r.name && part.length >= 4) add(part, r);
  }
  return {
    phrases: [...phrases]
      .map(([phrase, place]) => ({ phrase, place }))
      .sort((a, b) => b.phrase.length - a.phrase.length),
    byCode,
  };
}

export interface FoundPlace {
  place: PlaceEntry;
  /** Where in the normalised question it was found (for order). */
  at: number;
}

/** Geo codes written as codes: DE, EL, EU27_2020, EA20, DE212 (upper case, so "it" and "de" stay words). */
const CODE = /\b([A-Z]{2}(?:[0-9A-Z]{1,3})?|EU27_2020|EU28|EA19|EA20)\b/g;

/** Every place the question names, in the order it names them, each once; groups only when asked for. */
export function findPlaces(question: string, gazetteer: Gazetteer, opts: { groups?: boolean } = {}): FoundPlace[] {
  const text = normalize(question);
  const taken: [number, number][] = [];
  const found: FoundPlace[] = [];
  const free = (a: number, b: number) => taken.every(([s, e]) => b <= s || a >= e);
  // A group ("the Baltic states") is its members, in the group's order, where the group is named.
  if (opts.groups)
    for (const g of findGroups(question)) {
      taken.push([g.at, g.end]);
      g.members.forEach((code, i) => {
        const place = gazetteer.byCode.get(code);
        if (place) found.push({ place, at: g.at + i / 100 });
      });
    }
  for (const { phrase, place } of gazetteer.phrases) {
    let at = findPhrase(text, phrase);
    while (at !== -1) {
      if (free(at, at + phrase.length)) {
        taken.push([at, at + phrase.length]);
        found.push({ place, at });
      }
      at = findPhrase(text, phrase, at + 1);
    }
  }
  // Codes in the original spelling; their position is estimated in the normalised text.
  for (const m of question.matchAll(CODE)) {
    const code = m[1]!;
    const place = gazetteer.byCode.get(code);
    if (!place || code === 'EU') continue;
    const at = Math.round((m.index / Math.max(1, question.length)) * text.length);
    if (!found.some((f) => f.place.code === code) && free(at, at + 1)) found.push({ place, at });
  }
  found.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  return found.filter((f) => (seen.has(f.place.code) ? false : (seen.add(f.place.code), true)));
}
