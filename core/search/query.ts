// Reading a catalogue search (decision 055): places named in it, the words left, their synonyms in the field, and
// the full-text queries the database ranks by. Pure: the database part is in db/queries/search.ts.
import { placeKind } from '../geo/places';
import type { PlaceEntry } from './places';
import synonymTable from './synonyms.json';

/** Lower case, accents removed (Österreich → osterreich), words split on anything but letters, digits and `_`. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_]+/gu, ' ')
    .trim();
}

export function words(text: string): string[] {
  const n = normaliseText(text);
  return n ? n.split(' ') : [];
}

/**
 * The field's synonyms (synonyms.json): what people type (left), in English, German or French, and what the
 * catalogue says (right, English full-text phrases). A query word or phrase on the left matches any phrase on its
 * right, itself included. Keys are normalised (normaliseText); a key in two languages takes both lists.
 */
export const synonyms: Readonly<Record<string, readonly string[]>> = mergeSynonyms(synonymTable);

function mergeSynonyms(table: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>) {
  const merged: Record<string, string[]> = {};
  for (const language of Object.values(table)) {
    for (const [key, alternatives] of Object.entries(language)) {
      merged[key] = [...new Set([...(merged[key] ?? []), ...alternatives])];
    }
  }
  return merged;
}

/** The most words a synonym's left side has ("gaz a effet de serre"): the longest phrase parseQuery looks for. */
const longestSynonym = Math.max(...Object.keys(synonyms).map((k) => k.split(' ').length));

/** Words that say nothing about which dataset is meant, in English, German and French. */
const stopWords = new Set(
  [
    'a an and are as at by data dataset datasets for from how i in is me of on or per show statistics stats the to what which with',
    'am das dem den der des die ein eine fur im je mit nach pro und von zu zum zur',
    'au aux d dans de du en et l la le les par pour sur un une',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Phrases that ask for what every dataset here is, broken down by country, and so say nothing about which one is meant
 * ("inflation by country" is not the HICP's country weights; "richest countries" is not the countries of birth). Not
 * when "of" (or German or French "of") follows: "by country of birth", "par pays de naissance" is a breakdown some
 * datasets have.
 */
const stopPhrases: readonly string[][] = [
  'by country',
  'by countries',
  'per country',
  'in each country',
  'for each country',
  'by member state',
  'by member states',
  'per member state',
  'across countries',
  'country by country',
  'countries',
  'nach land',
  'nach landern',
  'par pays',
]
  .map((p) => p.split(' '))
  .sort((a, b) => b.length - a.length);

/** The words for "of" after which a stop phrase names a breakdown ("by country of birth"). */
const ofWords = new Set(['of', 'de', 'd', 'du', 'des', 'der']);

/** The length of the stop phrase that starts at `i` (0 when none does). */
function stopPhraseAt(all: readonly string[], i: number): number {
  const found = stopPhrases.find((p) => p.every((w, k) => all[i + k] === w) && !ofWords.has(all[i + p.length] ?? ''));
  return found?.length ?? 0;
}

/** A place found in a query: the words that named it and the geo codes standing for it, preferred first. */
export interface QueryPlace {
  text: string;
  /** The place's first name (English for countries, the NUTS name for regions). */
  name: string;
  codes: string[];
}

export interface ParsedQuery {
  /** Every word of the query, normalised. */
  all: string[];
  /** The words that are not a place nor a stop word, in order (phrases such as "per capita" kept together). */
  terms: string[];
  places: QueryPlace[];
}

/** Normalised place name → entry, for parseQuery (build once per set of places). */
export interface PlaceIndex {
  exact: Map<string, PlaceEntry>;
  /** Single-word names of places matched with one typo (countries, aggregates). */
  fuzzy: { name: string; entry: PlaceEntry }[];
  longest: number;
}

export function placeIndex(entries: readonly PlaceEntry[]): PlaceIndex {
  const exact = new Map<string, PlaceEntry>();
  const fuzzy: PlaceIndex['fuzzy'] = [];
  let longest = 1;
  for (const entry of entries) {
    for (const name of entry.names) {
      const n = normaliseText(name);
      if (!n || exact.has(n)) continue;
      exact.set(n, entry);
      longest = Math.max(longest, n.split(' ').length);
      if (entry.fuzzy && n.length >= 5 && !n.includes(' ')) fuzzy.push({ name: n, entry });
    }
  }
  return { exact, fuzzy, longest };
}

/** Splits a query into places (longest names first) and the remaining terms, with multi-word synonyms kept whole. */
export function parseQuery(query: string, places: PlaceIndex): ParsedQuery {
  const all = words(query);
  const terms: string[] = [];
  const found: QueryPlace[] = [];
  let i = 0;
  outer: while (i < all.length) {
    const stop = stopPhraseAt(all, i);
    if (stop) {
      i += stop;
      continue;
    }
    // A phrase of the field ("per capita", "labour market") before a place: "Centre" is a region, "centre" rarely.
    for (let n = longestSynonym; n >= 2; n--) {
      const phrase = all.slice(i, i + n).join(' ');
      if (i + n <= all.length && synonyms[phrase]) {
        terms.push(phrase);
        i += n;
        continue outer;
      }
    }
    for (let n = Math.min(places.longest, all.length - i); n >= 1; n--) {
      const phrase = all.slice(i, i + n).join(' ');
      const entry = places.exact.get(phrase);
      if (entry && !(n === 1 && (synonyms[phrase] || stopWords.has(phrase)))) {
        addPlace(found, phrase, entry);
        i += n;
        continue outer;
      }
    }
    const word = all[i]!;
    const near =
      word.length >= 5 && !synonyms[word] ? places.fuzzy.find((f) => editDistance(f.name, word) <= 1) : undefined;
    if (near) addPlace(found, word, near.entry);
    else if (!stopWords.has(word)) terms.push(...(synonyms[word] ? [word] : (germanParts(word) ?? [word])));
    i += 1;
  }
  return { all, terms, places: found };
}

/**
 * Words that ask for monthly or quarterly data, in English, German and French ("building permits quarterly"). Only
 * these two: "annual" and "weekly" name a measure as often as a frequency (mean annual earnings, weekly working hours).
 */
const frequencyWords: Readonly<Record<string, 'M' | 'Q'>> = {
  monthly: 'M',
  monatlich: 'M',
  mensuel: 'M',
  mensuelle: 'M',
  quarterly: 'Q',
  vierteljahrlich: 'Q',
  trimestriel: 'Q',
  trimestrielle: 'Q',
};

/** The frequency a query's terms ask for (M or Q), when they ask for one and only one. */
export function frequencyAsked(terms: readonly string[]): 'M' | 'Q' | undefined {
  const asked = new Set(terms.map((t) => frequencyWords[t]).filter((f) => f !== undefined));
  return asked.size === 1 ? [...asked][0] : undefined;
}

/** German words of the field (synonyms.json), the parts a German compound is read as. */
const germanWords: ReadonlySet<string> = new Set(Object.keys(synonymTable.de).filter((k) => !k.includes(' ')));
/** What joins the parts of a German compound (Bevölkerung-s-dichte, Arbeitslose-n-quote). */
const linking = ['s', 'es', 'n', 'en'];

/**
 * A German compound nobody listed, read as its parts when every part is a German word of the field: Staatsdefizit →
 * staat, defizit; Säuglingssterblichkeit → saugling, sterblichkeit; Bevölkerungsdichte → bevolkerung, dichte. German
 * writes as one word what English and Eurostat's titles write as several. Undefined when it is not such a compound.
 */
export function germanParts(word: string): string[] | undefined {
  if (word.length < 7 || germanWords.has(word)) return undefined;
  // The longest last part first: "arbeitslosenquote" is arbeitslose + quote, not arbeit + slosenquote.
  for (let cut = 3; cut <= word.length - 3; cut++) {
    const head = word.slice(0, cut);
    const tail = word.slice(cut);
    const rest = germanWords.has(tail) ? [tail] : germanParts(tail);
    if (!rest) continue;
    if (germanWords.has(head)) return [head, ...rest];
    const joined = linking.find((l) => head.endsWith(l) && germanWords.has(head.slice(0, -l.length)));
    if (joined) return [head.slice(0, -joined.length), ...rest];
  }
  return undefined;
}

function addPlace(found: QueryPlace[], text: string, entry: PlaceEntry): void {
  if (!found.some((p) => p.codes[0] === entry.codes[0]))
    found.push({ text, name: entry.names[0]!, codes: [...entry.codes] });
}

/** Optimal-string-alignment distance (a swap of two letters counts once), for place names with a typo. */
export function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** The words a typo may be corrected to besides the catalogue's own: every word of the synonyms' left side. */
export const synonymWords: readonly string[] = [...new Set(Object.keys(synonyms).flatMap((k) => k.split(' ')))];

/**
 * PostgreSQL's English stop words (its `english.stop`, Snowball's list): `to_tsquery('english', …)` drops them, also at
 * the ends of a phrase, which then asks for less than it says ("out of work" would be 'work', titles on work).
 */
export const fullTextStopWords: ReadonlySet<string> = new Set(
  [
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself',
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were be',
    'been being have has had having do does did doing a an the and but if or because as until while of at by for with',
    'about against between into through during before after above below to from up down in out on off over under again',
    'further then once here there when where why how all any both each few more most other some such no nor not only',
    'own same so than too very s t can will just don should now',
  ]
    .join(' ')
    .split(' '),
);

/**
 * A phrase that the full text reads as it is written: its first and last words are not stop words there (a word
 * alone is always read as itself). "out of work" is not: it would be searched as 'work'.
 */
export function keepsItsWords(phrase: string): boolean {
  const parts = words(phrase);
  return parts.length < 2 || !(fullTextStopWords.has(parts[0]!) || fullTextStopWords.has(parts.at(-1)!));
}

/**
 * A term's alternatives: its synonyms in the field, and itself unless it is a phrase the full text would not read as
 * written ("out of work" is only its synonyms, unemployment and unemployed).
 */
export function alternativesOf(term: string): string[] {
  return [...new Set([...(keepsItsWords(term) ? [term] : []), ...(synonyms[term] ?? [])])];
}

/**
 * One to_tsquery text per term: its alternatives joined with `|`, a phrase's words with `<->`, a dataset code's
 * parts (une_rt_m) as a phrase. Only letters and digits reach the text, so it is always valid tsquery syntax.
 */
export function termQueries(terms: readonly string[]): string[] {
  return terms.map(termQuery).filter((q) => q !== '');
}

/** A term's to_tsquery text with its synonyms ('' when it has no letter or digit). */
export function termQuery(term: string): string {
  return anyOf(alternativesOf(term));
}

/**
 * A country or region named, as a to_tsquery phrase of its name (accents removed, as the documents' titles are):
 * an entry of the catalogue whose title names it is about that place ("… main airports of the Netherlands"). Undefined
 * for an aggregate (EU, euro area): in a title it names the scope of most of Eurostat's data ("EU trade since 2002"),
 * not what the entry is about.
 */
export function placeNameQuery(place: QueryPlace): string | undefined {
  if (placeKind(place.codes[0]!) === 'aggregate') return undefined;
  return anyOf([normaliseText(place.name)]) || undefined;
}

/**
 * The same without its synonyms: what the person typed (a title with it is a closer match). '' for a phrase the full
 * text would not read as written (keepsItsWords): "out of work" is not closer to a title on work.
 */
export function literalQuery(term: string): string {
  return keepsItsWords(term) ? anyOf([term]) : '';
}

function anyOf(alternatives: readonly string[]): string {
  const phrases = alternatives
    .map((alt) =>
      alt
        .split(/[\s_]+/)
        .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
        .filter(Boolean)
        .join(' <-> '),
    )
    .filter(Boolean);
  return phrases.map((a) => (a.includes(' ') ? `(${a})` : a)).join(' | ');
}
