// The built-in engine's question parser: intent, indicator (and dataset), dimension words, places, time; follow-ups
// ("and France?", "since 2020?") fill what they leave out from the previous question.
import { questionWords } from './match';
import { findPlaces, type Gazetteer, type PlaceEntry } from './places';
import { findPhrase, hasAny, normalize } from './text';
import { parseTime, type TimeSpec } from './time';

export const INTENTS = ['lookup', 'compare', 'rank', 'extreme', 'peak', 'trough', 'change', 'trend'] as const;
export type Intent = (typeof INTENTS)[number];

export type Indicator = 'inflation' | 'unemployment' | 'gdp_growth' | 'gdp';

/** A dataset code written in the question (migr_asyappctza): the catalogue says whether it is one. */
const DATASET_CODE = /\b([a-z]{2,}(?:_[a-z0-9]+)+|[a-z]{3,}\d{3,}[a-z0-9]*)\b/;

/** Who a ranking is among: EU members, euro-area members, every country, or the regions of a country. */
export type Scope =
  | { kind: 'members'; of: 'EU27_2020' | 'EA20' }
  | { kind: 'countries' }
  | { kind: 'regions'; of: string; level: number };

export interface ParsedQuestion {
  intent: Intent;
  /** The researcher's indicator words (core/researcher/plan.ts); the chat finds its dataset in the catalogue. */
  indicator: Indicator | null;
  /** A dataset the question names by code; in a conversation's context, the dataset that answered. */
  dataset: string | null;
  /** The words that say what is measured (core/assistant/match.ts), stemmed: none in "and France?". */
  topic: string[];
  /** Dimension code → value code the question asks for (coicop CP011, age Y_LT25, unit EUR_HAB …). */
  dims: Record<string, string>;
  places: PlaceEntry[];
  scope: Scope | null;
  order: 'desc' | 'asc';
  /** How many a ranking lists. */
  top: number;
  time: TimeSpec | null;
  /** The question asked for the annual average ("annual average inflation"). */
  annual: boolean;
  /** Filled from the previous question. */
  followUp: boolean;
  /** A name the question gives as a place ("in Narnia") that is no place we know, when it names none we know. */
  unknownPlace: string | null;
}

/** Capitalised words that follow "in", "of" or "for" but are no place. */
const notPlaces = new Set(
  'The EU HICP CPI GDP Eurostat January February March April May June July August September October November December Q1 Q2 Q3 Q4 PPS NUTS Europe European'.split(
    ' ',
  ),
);

/** "GDP of Mazowieckie", "inflation in Narnia": the name where the question expects a place. */
function placeLikeName(question: string): string | null {
  for (const m of question.matchAll(
    /\b(?:of|in|for|on)\s+((?:the\s+)?[A-ZÀ-Ý][\p{L}'’-]+(?:\s+[A-ZÀ-Ý][\p{L}'’-]+)*)/gu,
  )) {
    const name = m[1]!.replace(/^the\s+/, '');
    if (!notPlaces.has(name.split(/\s+/)[0]!)) return name;
  }
  return null;
}

const indicatorWords: [Indicator, string[]][] = [
  [
    'gdp_growth',
    ['gdp growth', 'real gdp', 'economic growth', 'growth rate', 'growth', 'grow', 'grew', 'economy', 'recession'],
  ],
  ['inflation', ['inflation', 'hicp', 'cpi', 'consumer prices', 'consumer price', 'prices', 'price', 'cost of living']],
  ['unemployment', ['unemployment', 'unemployed', 'jobless', 'joblessness', 'out of work']],
  ['gdp', ['gdp', 'gross domestic product', 'economic output', 'output']],
];

const dimensionWords: { indicator: Indicator; dim: string; code: string; words: string[] }[] = [
  {
    indicator: 'inflation',
    dim: 'coicop',
    code: 'CP01',
    words: ['food and non alcoholic beverages', 'food and drink', 'food and beverages', 'food and drinks'],
  },
  { indicator: 'inflation', dim: 'coicop', code: 'CP01111', words: ['rice'] },
  { indicator: 'inflation', dim: 'coicop', code: 'CP0111', words: ['bread and cereals', 'bread', 'cereals'] },
  { indicator: 'inflation', dim: 'coicop', code: 'CP011', words: ['food'] },
  { indicator: 'inflation', dim: 'coicop', code: 'CP00', words: ['all items', 'headline', 'overall'] },
  {
    indicator: 'unemployment',
    dim: 'age',
    code: 'Y_LT25',
    words: ['youth', 'young', 'under 25', 'below 25', 'less than 25', 'younger than 25'],
  },
  { indicator: 'unemployment', dim: 'age', code: 'Y25-74', words: ['25 to 74', '25 74', 'aged 25'] },
  { indicator: 'unemployment', dim: 'sex', code: 'M', words: ['men', 'male', 'males'] },
  { indicator: 'unemployment', dim: 'sex', code: 'F', words: ['women', 'female', 'females'] },
  {
    indicator: 'unemployment',
    dim: 's_adj',
    code: 'NSA',
    words: ['not seasonally adjusted', 'non seasonally adjusted', 'unadjusted', 'seasonally unadjusted', 'raw'],
  },
  { indicator: 'unemployment', dim: 's_adj', code: 'SA', words: ['seasonally adjusted'] },
  {
    indicator: 'unemployment',
    dim: 'unit',
    code: 'THS_PER',
    words: ['thousand', 'thousands', 'number of unemployed', 'how many unemployed', 'how many people'],
  },
  { indicator: 'unemployment', dim: 'unit', code: 'PC_POP', words: ['of the population', 'share of the population'] },
];

const perCapita = ['per capita', 'per inhabitant', 'per head', 'per person'];
const ppsWords = ['pps', 'purchasing power'];
const relativeWords = ['of the eu average', 'eu average', 'relative to the eu', 'index'];

function gdpUnit(text: string): string | undefined {
  const capita = hasAny(text, perCapita);
  const pps = hasAny(text, ppsWords);
  const relative = hasAny(text, relativeWords);
  if (capita && relative) return pps ? 'PPS_HAB_EU27_2020' : 'EUR_HAB_EU27_2020';
  if (capita) return pps ? 'PPS_EU27_2020_HAB' : 'EUR_HAB';
  if (pps) return 'MIO_PPS_EU27_2020';
  if (hasAny(text, ['national currency'])) return 'MIO_NAC';
  if (hasAny(text, ['million euro', 'millions of euro', 'in euro'])) return 'MIO_EUR';
  return undefined;
}

const numberWords: Record<string, number> = { three: 3, five: 5, ten: 10, two: 2, four: 4 };

function findIndicator(text: string): Indicator | null {
  let best: { indicator: Indicator; at: number } | null = null;
  for (const [indicator, words] of indicatorWords) {
    for (const w of words) {
      const at = ` ${text} `.indexOf(` ${w} `);
      // The first indicator named wins; growth before GDP when both ("GDP growth").
      if (at !== -1 && (!best || at < best.at || (indicator === 'gdp_growth' && best.indicator === 'gdp'))) {
        best = { indicator, at };
      }
    }
  }
  if (
    best?.indicator === 'gdp_growth' &&
    hasAny(text, ['gdp']) &&
    !hasAny(text, ['growth', 'grow', 'grew', 'real gdp', 'recession'])
  )
    return 'gdp';
  return best?.indicator ?? null;
}

function findIntent(full: string, placeCount: number): { intent: Intent; order: 'desc' | 'asc' } {
  // "the most recent value" asks for the latest, not for a ranking.
  const text = full.replace(/\bmost (recent|current)\b/g, 'latest');
  // Contraction words rank ascending: "shrank the most", "fell the most", "lowest growth".
  const low = hasAny(text, [
    'lowest', 'least', 'smallest', 'fewest', 'bottom', 'trough', 'minimum', 'weakest', 'bottomed', 'shrank', 'shrink',
    'shrunk', 'shrinking', 'contracted', 'contract', 'contraction', 'fell the most', 'fall the most', 'fallen the most',
    'dropped the most', 'drop the most', 'declined the most', 'decline the most', 'fell most', 'worst', 'deepest',
  ]); // prettier-ignore
  const order = low ? 'asc' : 'desc';
  const which = hasAny(text, ['which', 'what country', 'what region', 'who', 'where was', 'where is']);
  const extremeWord = hasAny(text, [
    'highest',
    'lowest',
    'largest',
    'smallest',
    'biggest',
    'most',
    'least',
    'strongest',
    'weakest',
    'fewest',
    'worst',
  ]);
  if (hasAny(text, ['rank', 'ranking', 'ranked', 'top', 'list', 'order', 'league table']))
    return { intent: 'rank', order };
  if (
    hasAny(text, [
      'peak', 'peaked', 'record high', 'maximum', 'at its highest', 'highest point', 'highest level', 'high point',
      'its high',
    ]) // prettier-ignore
  )
    return { intent: 'peak', order: 'desc' };
  if (
    hasAny(text, [
      'trough',
      'record low',
      'minimum',
      'at its lowest',
      'lowest point',
      'lowest level',
      'bottomed',
      'bottom out',
      'low point',
      'its low',
    ])
  )
    return { intent: 'trough', order: 'asc' };
  if (
    extremeWord &&
    (which || placeCount === 0 || hasAny(text, ['countries', 'country', 'regions', 'region', 'member states']))
  )
    return { intent: 'extreme', order };
  if (extremeWord && hasAny(text, ['in the eu', 'in the euro area', 'among', 'in europe', 'of the eu']))
    return { intent: 'extreme', order };
  if (extremeWord && placeCount === 1) return { intent: low ? 'trough' : 'peak', order };
  if (
    hasAny(text, [
      'trend',
      'evolve',
      'evolved',
      'evolution',
      'develop',
      'developed',
      'development',
      'over time',
      'trajectory',
    ])
  )
    return { intent: 'trend', order };
  if (
    hasAny(text, [
      'change', 'changed', 'rise', 'rose', 'risen', 'fall', 'fell', 'fallen', 'increase', 'increased', 'decrease',
      'decreased', 'drop', 'dropped', 'move', 'moved', 'how much did',
    ]) // prettier-ignore
  )
    return { intent: 'change', order };
  if (placeCount >= 2 || hasAny(text, ['compare', 'compared', 'comparison', 'versus', 'vs', 'than', 'difference']))
    return { intent: 'compare', order };
  return { intent: 'lookup', order };
}

function findScope(text: string, places: PlaceEntry[]): Scope | null {
  const nuts = /\bnuts ?([123])\b/.exec(text);
  if (hasAny(text, ['region', 'regions', 'regional']) || nuts) {
    const country = places.find((p) => p.kind === 'country') ?? places.find((p) => p.kind === 'region');
    if (country) return { kind: 'regions', of: country.code, level: nuts ? Number(nuts[1]) : 2 };
  }
  if (
    hasAny(text, [
      'euro area countries',
      'eurozone countries',
      'euro area members',
      'euro area member',
      'euro countries',
    ])
  )
    return { kind: 'members', of: 'EA20' };
  if (hasAny(text, ['all countries', 'european countries', 'countries in europe', 'any country', 'of all countries']))
    return { kind: 'countries' };
  if (
    hasAny(text, [
      'eu countries',
      'eu country',
      'eu member',
      'eu members',
      'member states',
      'member state',
      'in the eu',
      'of the eu',
      'eu 27',
      'eu27',
    ])
  )
    return { kind: 'members', of: 'EU27_2020' };
  return null;
}

/** The phrases (normalised) by which the question names the places found. */
export function placePhrasesIn(text: string, places: readonly PlaceEntry[], gazetteer: Gazetteer): string[] {
  const found = new Set(places.map((p) => p.code));
  const named = gazetteer.phrases
    .filter((p) => found.has(p.place.code) && findPhrase(text, p.phrase) !== -1)
    .map((p) => p.phrase);
  // A place written as its code ("HICP for DE", "US inflation") is a place, not a word of what is measured.
  const codes = [...found].map((c) => c.toLowerCase()).filter((c) => findPhrase(text, c) !== -1);
  return [...named, ...codes];
}

export interface ParseOptions {
  gazetteer: Gazetteer;
  /** Resolves "last year". */
  today: Date;
  /** The previous question of the conversation, for follow-ups. */
  previous?: ParsedQuestion | null;
  /** Read groups of countries ("the Baltic states") as their members (the researcher; the chat does not). */
  groups?: boolean;
}

/** Reads a question; a follow-up keeps the previous question's indicator, places and time where it names none. */
export function parseQuestion(question: string, opts: ParseOptions): ParsedQuestion {
  const text = normalize(question);
  const raw = question.toLowerCase();
  const dataset = DATASET_CODE.exec(raw)?.[1] ?? null;
  let indicator: Indicator | null = findIndicator(text);
  const placesFound = findPlaces(question, opts.gazetteer, { groups: opts.groups }).map((f) => f.place);
  const ownTopic = questionWords(question, placePhrasesIn(text, placesFound, opts.gazetteer)).topic.map((t) => t.word);
  let { intent, order } = findIntent(text, placesFound.length);
  let scope = intent === 'rank' || intent === 'extreme' ? findScope(text, placesFound) : null;
  let places = placesFound;
  if ((intent === 'rank' || intent === 'extreme') && scope?.kind !== 'regions') {
    // "the highest in the EU": the EU is whom to rank, not a place to look up.
    const aggregate = places.find((p) => p.code === 'EU27_2020' || p.code === 'EA20');
    if (aggregate && !scope) scope = { kind: 'members', of: aggregate.code as 'EU27_2020' | 'EA20' };
    places = places.filter((p) => p.code !== 'EU27_2020' && p.code !== 'EA20');
    scope ??= { kind: 'members', of: 'EU27_2020' };
  }
  const topMatch =
    /\btop (\d{1,2}|three|five|ten|two|four)\b/.exec(text) ??
    /\b(\d{1,2}|three|five|ten) (highest|lowest|countries|regions)\b/.exec(text);
  const top = topMatch ? (numberWords[topMatch[1]!] ?? Number(topMatch[1])) : intent === 'rank' ? 5 : 1;
  let time = parseTime(question, opts.today);
  const annual = hasAny(text, ['annual average', 'average annual', 'yearly average', 'annual rate']);

  const prev = opts.previous;
  const startsAsFollowUp =
    /^(and|what about|how about|same for|and for|and in|also|now|then|compared|how much (higher|lower|more|less)|since|from|versus|vs)\b/.test(
      text,
    );
  const followUp = !!prev && (startsAsFollowUp || ownTopic.length === 0);
  const dims: Record<string, string> = {};
  if (followUp && prev) {
    // A follow-up that names no measure asks about the previous one: its dataset, series and words.
    const carried = ownTopic.length === 0 && !dataset;
    if (indicator === null || carried) indicator = indicator ?? prev.indicator;
    if (carried) Object.assign(dims, prev.dims);
    const datasetCarried = dataset ?? (carried ? prev.dataset : null);
    if (/^how much (higher|lower|more|less)|^compared|^versus|^vs/.test(text)) {
      intent = 'compare';
      places = [...prev.places.filter((p) => !places.some((q) => q.code === p.code)), ...places];
    } else if (intent === 'lookup' && time?.kind === 'range') {
      intent = prev.intent === 'trend' ? 'trend' : 'change';
    } else if (intent === 'lookup' && !hasAny(text, ['value', 'rate'])) {
      intent = prev.intent;
      order = prev.order;
      scope = scope ?? prev.scope;
    }
    if (places.length === 0 && scope === null) places = prev.places;
    if (scope?.kind === 'regions' && prev.scope?.kind === 'regions' && places.length === 0) scope = prev.scope;
    if (time === null && !(intent === 'peak' || intent === 'trough')) time = prev.time;
    return finish(text, {
      intent,
      indicator,
      dataset: datasetCarried,
      topic: carried ? prev.topic : ownTopic,
      dims,
      places,
      scope,
      order,
      top,
      time,
      annual: annual || prev.annual,
      followUp: true,
      unknownPlace: null,
    });
  }
  return finish(text, {
    intent,
    indicator,
    dataset,
    topic: ownTopic,
    dims,
    places,
    scope,
    order,
    top,
    time,
    annual,
    followUp: false,
    unknownPlace: placesFound.length === 0 ? placeLikeName(question) : null,
  });
}

function finish(text: string, q: ParsedQuestion): ParsedQuestion {
  if (q.indicator === 'gdp') {
    const unit = gdpUnit(text);
    if (unit) q.dims.unit = unit;
  }
  for (const w of dimensionWords) {
    if (w.indicator !== q.indicator || q.dims[w.dim] === w.code) continue;
    if (hasAny(text, w.words) && !(w.dim in q.dims && w.code === 'SA' && q.dims.s_adj === 'NSA')) {
      // The more specific phrase (listed first) wins over a later, shorter one: CP01 before CP011.
      if (
        !(w.dim in q.dims) ||
        !hasAny(text, dimensionWords.find((d) => d.dim === w.dim && d.code === q.dims[w.dim])?.words ?? [])
      )
        q.dims[w.dim] = w.code;
    }
  }
  return q;
}
