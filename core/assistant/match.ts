// Which dataset and which series a question means, read from the catalogue's own words (issue 39, decision 210): the
// question's words are matched against each candidate dataset's title, its unit and the labels of its dimensions'
// codes; the dimension values whose labels the question names ("first-time applicants", "from Syria", "women") pick
// the series. No dataset is named here: the candidates come from the catalogue search (db/queries/search.ts).
import { synonyms } from '../search/query';
import { normalize } from './text';

/** What the matcher needs of a dataset: its code, title, frequency and dimensions with their code labels. */
export interface DatasetLabels {
  code: string;
  title: string;
  freq: string;
  /** The names of the catalogue's themes and categories the dataset sits under ("National accounts"). */
  themes?: string;
  dimensions: {
    key: string;
    code: string;
    label: string;
    default: string;
    values: { code: string; label: string }[];
  }[];
}

/** Words that say nothing about what is measured: question words, verbs of asking, intents, comparison. */
const stopWords = new Set(
  `a an the and or of in on at to for from by with as is are was were be been being do does did has have had it its
  this that these those there their what which who whom when where why how much many me tell give show please
  according eurostat value values figure figures number level latest recent most newest current currently now today
  highest lowest largest smallest biggest least fewest top rank ranking ranked list order country countries member
  state states eu european union euro area eurozone region regions regional compare compared comparison versus vs
  than between since until change changed changes rise rose fall fell increase increased decrease decreased drop
  dropped move moved evolve evolved trend over time peak peaked trough low high point its at hit hitting record
  higher lower more less same about also and then what about i we you could would should can will get got see
  year years month months quarter quarters week weeks half day first second third fourth last next previous
  strongest weakest any all total among saw bottom out ever since level value values lived live
  people persons develop developed headline aged
  im am der die das des dem den von und le la les du et en`
    .split(/\s+/)
    .filter(Boolean),
);
/** Of the stop words, those a code label may still need ("all taxes included", "first time applicant", "total"). */

/** People's words for what labels say: "women" for Females, "people" for Persons. */
const forms: Record<string, string> = {
  women: 'female',
  woman: 'female',
  females: 'female',
  men: 'male',
  man: 'male',
  males: 'male',
  thousands: 'thousand',
  under: 'less',
  below: 'less',
  younger: 'less',
  used: 'use',
  using: 'use',
  users: 'use',
  user: 'use',
  share: 'percentage',
  rate: 'percentage',
  rates: 'percentage',
  percent: 'percentage',
  grew: 'growth',
  grow: 'growth',
  died: 'death',
  deaths: 'death',
  unemployed: 'unemployment',
  jobless: 'unemployment',
  kids: 'child',
  children: 'child',
};

/** A word in one form: lower case, people's word for the label's, plural and common endings removed. */
export function stem(word: string): string {
  const w = forms[word] ?? word;
  if (/^\d/.test(w) || w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) return w.slice(0, -1);
  // harvested, harvest; recycled, recycling: one stem.
  if (w.length > 5 && w.endsWith('ed'))
    return w.endsWith('ied') ? `${w.slice(0, -3)}y` : w.slice(0, -2).replace(/e$/, '');
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3).replace(/e$/, '');
  return w.replace(/(?<=[^aeiou][^aeiou]..)e$/, '');
}

/** The stemmed words of a label or title. */
function labelStems(text: string): Set<string> {
  return new Set(
    normalize(text)
      .split(' ')
      .filter(Boolean)
      .map((w) => stem(w)),
  );
}

/** A question read for matching: its content words, and the words a code label may use. */
export interface QuestionWords {
  /** Content words (stemmed), each with the phrases (stemmed words) it may be written as in titles. */
  topic: {
    word: string;
    alternatives: string[][];
    /** As the question wrote it, for the catalogue search. */ text: string;
  }[];
  /** Every stemmed word of the question apart from places and periods, for code labels. */
  all: Set<string>;
}

/**
 * Words that frame a question ("how did it change", "which country") and that code labels also use in another sense
 * ("Percentage change on previous period", "Domestic country"): they do not pick a series, unless a label's own
 * phrase says them ("percentage change").
 */
const framingWords = new Set([
  'change',
  'changed',
  'changes',
  'country',
  'countries',
  'member',
  'state',
  'states',
  'rise',
  'rose',
  'fall',
  'fell',
  'increase',
  'increased',
  'decrease',
  'decreased',
  'drop',
  'dropped',
]);
const framingKept = /^(percentage|percent|pct|annual|average|rate)$/;

/** Periods and "2015 = 100" base years say nothing about the dataset. */
function withoutPeriods(text: string): string {
  return (
    text
      // Negated adjustments are the unadjusted series.
      .replace(/\b(not|non)[\s-]+seasonally[\s-]+adjusted\b/gi, ' unadjusted ')
      // A contraction of an economy is its growth rate below zero: "shrank the most", "fell the most".
      .replace(
        /\b(shrank|shrink|shrunk|contracted|contraction|(fell|fall|fallen|dropped|declined) the most)\b/gi,
        ' growth ',
      )
      .replace(/\b(19|20)\d\d\s*=\s*100\b/g, ' index ')
      .replace(/\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+(half|quarter)\b/gi, ' ')
      .replace(/\bweek\s+\d{1,2}\b/gi, ' ')
      .replace(/\b[qsw]\d{1,2}\b/gi, ' ')
      .replace(/\b\d{1,2}\/(19|20)\d\d\b/g, ' ')
      .replace(/\b(1[0-9]|20)\d\d\b/g, ' ')
      .replace(
        /\b(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|januar|februar|marz|maerz|juni|juli|oktober|dezember|janvier|fevrier|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre)\b/gi,
        ' ',
      )
  );
}

/**
 * The words of a question that may name a dataset or a series, with the place phrases the parser found taken out
 * (`placePhrases`, normalised) and the periods.
 */
export function questionWords(question: string, placePhrases: readonly string[]): QuestionWords {
  let text = ` ${normalize(withoutPeriods(question))} `;
  // A place the question says people come from ("from Syria") may be a code label (citizenship): it stays.
  for (const p of [...placePhrases].sort((a, b) => b.length - a.length))
    if (p && !text.includes(` from ${p} `)) text = text.split(` ${p} `).join('  ');
  const words = text.split(' ').filter(Boolean);
  const all = new Set(
    words.filter((w, i) => !framingWords.has(w) || framingKept.test(words[i - 1] ?? '')).map((w) => stem(w)),
  );
  // What labels say for words people use: youth is under 25 (Eurostat's youth), a count is of persons.
  for (const [re, adds] of expansions) if (re.test(text)) for (const w of adds) all.add(w);
  const topic: QuestionWords['topic'] = [];
  const seen = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    // A phrase of the field's synonyms ("cost of living", "per capita") is one term.
    const two = `${words[i]} ${words[i + 1] ?? ''}`;
    const phrase = synonyms[two] ? two : words[i]!;
    if (phrase === two) i += 1;
    if (stopWords.has(phrase) || /^\d+$/.test(phrase)) continue;
    const word = stem(phrase);
    if (seen.has(word)) continue;
    seen.add(word);
    const alternatives = [word, ...(synonyms[phrase] ?? [])].map((s) => s.split(' ').map(stem));
    topic.push({ word, alternatives, text: phrase });
  }
  return { topic, all };
}

export interface DatasetMatch {
  code: string;
  /** How well the question's words match the dataset's title (most), unit and code labels. */
  score: number;
  /** Content words found in the title or in the labels of the series chosen. */
  titleHits: number;
  /** Content words found anywhere in the dataset. */
  matched: number;
  /** Content words found in the title itself. */
  inTitle: number;
  /** Dimension code → value code the question names (others take the dataset's main series). */
  dims: Record<string, string>;
  /** Content words found nowhere in the dataset. */
  unmatched: string[];
}

/** Words a series' code labels use only to frame a value ("Total", "All"), not to name it. */
const frameWords = new Set(['total', 'all', 'and', 'of', 'the', 'in', 'at', 'by', 'or', 'from', 'to', 'for']);

/** Question phrases that name label words they do not contain. */
const expansions: [RegExp, string[]][] = [
  [/ (youth|young people) /, ['less', '25']],
  [/ (number of|how many) /, ['person', 'number']],
];

/** Label words people say otherwise: a "percentage change" is a growth rate, net borrowing a deficit. */
const labelSynonyms: Record<string, string[]> = { change: ['growth'], borrow: ['deficit'] };

/**
 * The dimension values whose code labels the question names: per dimension the value with the most question words
 * that the title does not already say, ties to the main series; none named, the main series.
 */
function chooseValues(
  q: QuestionWords,
  ds: DatasetLabels,
): { dims: Record<string, string>; hits: Set<string>; unitHits: Set<string> } {
  const title = labelStems(ds.title);
  const dims: Record<string, string> = {};
  const hits = new Set<string>();
  const unitHits = new Set<string>();
  for (const d of ds.dimensions) {
    let best: { code: string; score: number; words: string[]; whole: boolean } | null = null;
    let main = -Infinity;
    let mainWhole = false;
    for (const v of d.values) {
      const stems = [...labelStems(v.label)].filter((w) => !frameWords.has(w));
      // A label word people say otherwise counts as the question's word ("change" as "growth").
      const said = new Set<string>();
      const matched = stems.flatMap((w) => {
        if (q.all.has(w)) return [w];
        const other = (labelSynonyms[w] ?? []).find((x) => q.all.has(x));
        if (other) said.add(other);
        return other ? [other] : [];
      });
      if (matched.length === 0) continue;
      // A word the label says in its own way names this series even when the title has it too ("deficit").
      const own = matched.filter((w) => !title.has(w) || said.has(w)).length;
      // Words of the title count a little (they break ties); a label naming more than asked counts less.
      const score = own + 0.2 * (matched.length - own) - 0.05 * (stems.length - matched.length);
      // Every word of the label said ("unemployment as a share of the population": Percentage of total population).
      const whole = matched.length === stems.length;
      if (v.code === d.default) [main, mainWhole] = [score, whole];
      if (!best || score > best.score + 1e-9 || (Math.abs(score - best.score) < 1e-9 && v.code === d.default))
        best = { code: v.code, score, words: matched, whole };
    }
    // A unit's label ("% of the population") says how, not what: it does not make a dataset the one asked about.
    const into = d.code.toLowerCase() === 'unit' ? unitHits : hits;
    // Another series than the main one when the question says more of its label, or the whole of it.
    const other =
      best !== null &&
      best.code !== d.default &&
      best.score >= 0.5 &&
      (best.score >= main + 0.25 || (best.whole && !mainWhole));
    if (best && other) dims[d.code] = best.code;
    if (best) for (const w of best.words) into.add(w);
  }
  return { dims, hits, unitHits };
}

/** How well a dataset answers the question's words: title words count most, then unit and code labels. */
export function matchDataset(q: QuestionWords, ds: DatasetLabels): DatasetMatch {
  const title = labelStems(`${ds.title} ${ds.code}`);
  const labels = new Set<string>();
  for (const w of labelStems(ds.themes ?? '')) labels.add(w);
  for (const d of ds.dimensions) {
    for (const w of labelStems(d.label)) labels.add(w);
    for (const v of d.values) for (const w of labelStems(v.label)) labels.add(w);
  }
  const { dims, hits, unitHits } = chooseValues(q, ds);
  let score = 0;
  let titleHits = 0;
  let inTitle = 0;
  const unmatched: string[] = [];
  const has = (set: Set<string>, phrases: string[][]) => phrases.some((p) => p.every((w) => set.has(w)));
  for (const t of q.topic) {
    if (title.has(t.word)) {
      score += 1;
      titleHits += 1;
      inTitle += 1;
    } else if (has(title, t.alternatives)) {
      score += 0.8;
      titleHits += 1;
      inTitle += 1;
    } else if (hits.has(t.word) || has(hits, t.alternatives.slice(1))) {
      score += 0.6;
      titleHits += 1;
    } else if (unitHits.has(t.word) || has(unitHits, t.alternatives.slice(1))) score += 0.6;
    else if (labels.has(t.word)) score += 0.5;
    else if (has(labels, t.alternatives)) score += 0.4;
    else {
      // A word the dataset does not have counts against it: it asks for something else.
      score -= 0.3;
      unmatched.push(t.word);
    }
  }
  // A growth rate is not its level: "GDP" asks for the level, "GDP growth" (or "shrank") for the rate.
  if (title.has('growth') && !q.all.has('growth')) score -= 0.8;
  // The same when only its series' unit says so ("percentage change on previous period") and the title names a level
  // ("GDP and main components"); a title that says it is a rate ("annual rate of change": inflation) is asked by name.
  const unit = ds.dimensions.find((d) => d.code.toLowerCase() === 'unit');
  const unitCode = unit ? (dims[unit.code] ?? unit.default) : undefined;
  const unitLabel = labelStems(unit?.values.find((v) => v.code === unitCode)?.label ?? '');
  const titleRate = ['growth', 'change', 'rate'].some((w) => title.has(w));
  if (
    !titleRate &&
    (unitLabel.has('growth') || unitLabel.has('change')) &&
    !q.all.has('growth') &&
    !q.all.has('change')
  )
    score -= 0.8;
  // So is an amount per person: "GDP" asks for the whole economy's, "GDP per capita" (per head, per inhabitant) for that.
  if (title.has('capita') && !['capita', 'head', 'inhabitant', 'person'].some((w) => q.all.has(w))) score -= 0.8;
  return { code: ds.code, score, titleHits, inTitle, matched: q.topic.length - unmatched.length, dims, unmatched };
}
