// The dataset and series a chat question is about, through the catalogue (issue 39, decision 210): the catalogue
// search (db/queries/search.ts, the one /api/datasets?q= uses) finds imported datasets for the question's words, and
// each is scored by how its title, unit and code labels match them (core/assistant/match.ts) and by whether its
// frequency fits the period asked. Dataset metadata is the memoised getDatasetMeta (per release): a dataset imported
// after start is found by the next question.
import { matchDataset, questionWords, type DatasetLabels, type DatasetMatch } from '../../core/assistant/match';
import { placePhrasesIn, type ParsedQuestion } from '../../core/assistant/parse';
import type { TimePoint } from '../../core/assistant/time';
import type { Gazetteer } from '../../core/assistant/places';
import { normalize } from '../../core/assistant/text';
import { parsePeriod, periodsPerYear, yearOf } from '../../core/periods';
import type { ReadDb } from '../../db/client';
import { searchDatasets } from '../../db/queries/search';
import { loadDataset, type Dataset } from './data';

/** How many search results are read and scored. */
const searched = 8;
/** A search result's rank is worth this much at the top, falling to nothing at the last one read. */
const rankWeight = 0.4;

export interface Chosen {
  ds: Dataset;
  /** Dimension code → value code named by the question (the others: the dataset's main series). */
  dims: Record<string, string>;
  score: number;
}

export type Choice =
  | { kind: 'datasets'; chosen: Chosen[] }
  /** No imported dataset matches what the question measures: the words not found are said. */
  | { kind: 'none'; words: string[] };

function labelsOf(ds: Dataset): DatasetLabels {
  return {
    code: ds.meta.dataset_code,
    title: ds.meta.dataset_name,
    freq: ds.freq,
    dimensions: ds.meta.dimensions,
  };
}

/** Words that ask for a frequency ("quarterly GDP growth"). */
const frequencyWords: [RegExp, string][] = [
  [/\bquarterly\b/i, 'Q'],
  [/\bmonthly\b/i, 'M'],
  [/\bweekly\b/i, 'W'],
  [/\b(half-yearly|bi-annual|biannual|semi-annual)\b/i, 'S'],
];

/** A dataset by regions (its title says so) answers for countries after a national one, unless regions are asked. */
function regionFit(q: ParsedQuestion, ds: Dataset): number {
  const regional = /\b(NUTS|regions?)\b/i.test(ds.meta.dataset_name);
  const asked = q.scope?.kind === 'regions' || q.places.some((p) => p.kind === 'region');
  return regional && !asked ? -0.6 : 0;
}

/** How well the dataset's frequency fits the period asked: a month of an annual table cannot be read. */
function frequencyFit(q: ParsedQuestion, ds: Dataset, question: string): number {
  const named = frequencyWords.find(([re]) => re.test(question))?.[1];
  if (named) return named === ds.freq ? 0.6 : -0.6;
  const at = q.time?.kind === 'point' ? q.time.at : q.time?.kind === 'range' && q.time.to ? q.time.from : null;
  // No period, the latest, or "since 2020": the finer series has more to say (the newest value, the month of a peak).
  if (!at) return 0.15 * Math.log(periodsPerYear(ds.freq));
  // "On 1 January 2021" of a table counted on that day each year ("Population on 1 January"): its year.
  if (dayInTitle(ds, at)) return 0.3;
  const asked = periodsPerYear(at.freq);
  const has = periodsPerYear(ds.freq);
  if (asked > has) return -1.5;
  if (asked === has) return 0.3;
  // A year asked of a quarterly table: a table of years answers it better than its last quarter does.
  return q.time?.kind === 'point' ? -0.3 : 0;
}

const monthNames = 'january february march april may june july august september october november december'.split(' ');

/** Whether the dataset's title names the day asked as its reference date ("Population on 1 January"). */
function dayInTitle(ds: Dataset, at: TimePoint): boolean {
  if (at.freq !== 'D') return false;
  const date = new Date(Date.UTC(at.year, 0, at.sub));
  return new RegExp(`\\b${date.getUTCDate()}(st|nd|rd|th)?\\s+${monthNames[date.getUTCMonth()]}\\b`, 'i').test(
    ds.meta.dataset_name,
  );
}

const yearOfPeriod = (text: string | null | undefined): number | null => {
  const p = text ? parsePeriod(text) : null;
  return p ? yearOf(p.freq, p.ordinal) : null;
};

/** A dataset whose years do not reach the period asked cannot answer it: another that does comes first. */
function coverageFit(q: ParsedQuestion, ds: Dataset): number {
  const first = yearOfPeriod(ds.meta.oldest_period);
  const last = yearOfPeriod(ds.meta.latest_period);
  if (first === null || last === null || !q.time || q.time.kind === 'latest') return 0;
  const asked = q.time.kind === 'point' ? [q.time.at] : [q.time.from, ...(q.time.to ? [q.time.to] : [])];
  return asked.some((at) => at.year < first || at.year > last) ? -1 : 0;
}

/** Two ranked lists as one: first of each, second of each…, each item once. */
function interleave<T extends { dataset_code: string }>(a: readonly T[], b: readonly T[]): T[] {
  const out = new Map<string, T>();
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    for (const item of [a[i], b[i]]) if (item && !out.has(item.dataset_code)) out.set(item.dataset_code, item);
  return [...out.values()];
}

function latestOrdinal(ds: Dataset): number {
  const p = ds.meta.latest_period ? parsePeriod(ds.meta.latest_period) : null;
  return p ? p.ordinal : 0;
}

/** The dataset a question names by code, or the one its conversation was about; otherwise the catalogue's best. */
export async function chooseDatasets(
  db: ReadDb,
  question: string,
  q: ParsedQuestion,
  gazetteer: Gazetteer,
): Promise<Choice> {
  const words = questionWords(question, placePhrasesIn(normalize(question), q.places, gazetteer));
  if (q.dataset) {
    const ds = await loadDataset(db, q.dataset);
    if (ds) {
      const carried = q.followUp && words.topic.length === 0;
      const dims = carried ? q.dims : matchDataset(words, labelsOf(ds)).dims;
      return { kind: 'datasets', chosen: [{ ds, dims, score: 1 }] };
    }
  }
  const topic = words.topic.map((t) => t.word);
  if (topic.length === 0) return { kind: 'none', words: [] };
  // The search has its own word forms and synonyms: it gets the words as written ("rate", not the matcher's "percentage").
  const written = words.topic.map((t) => t.text).join(' ');
  // And the matcher's forms ("died" as "death"), when they differ: the two lists, interleaved, each read to `searched`.
  const formed = topic.join(' ');
  const [asWritten, asFormed] = await Promise.all(
    [written, ...(formed === written ? [] : [formed])].map((text) =>
      searchDatasets(db, { q: text, limit: searched, offset: 0 }).then((r) => r.items),
    ),
  );
  const items = interleave(asWritten ?? [], asFormed ?? []).slice(0, searched);
  const scored: { ds: Dataset; m: DatasetMatch; score: number }[] = [];
  for (const [i, item] of items.entries()) {
    const ds = await loadDataset(db, item.dataset_code);
    if (!ds) continue;
    const themes = [...item.theme, ...item.categories].map((c) => c.name).join(' ');
    const m = matchDataset(words, { ...labelsOf(ds), themes });
    const score =
      m.score + rankWeight * (1 - i / searched) + frequencyFit(q, ds, question) + regionFit(q, ds) + coverageFit(q, ds);
    scored.push({ ds, m, score });
  }
  scored.sort((a, b) => b.score - a.score);
  // A dataset must say in its title something of what is asked, and match more of the question's words than not (as
  // many, from two on: "long-term bond yield"; one word for one, "average temperature", is a coincidence): the best of
  // those (one that names the question's word only in its unit, "% of GDP", does not stand in its way).
  const fits = (s: (typeof scored)[number]) =>
    s.m.titleHits > 0 &&
    (s.m.unmatched.length < s.m.matched || (s.m.matched >= 2 && s.m.unmatched.length <= s.m.matched));
  const best = scored.find(fits);
  if (!best) return { kind: 'none', words: scored[0]?.m.unmatched ?? topic };
  const close = scored.filter((s) => fits(s) && s.score >= best.score - 1);
  // The latest value, of datasets of the best one's frequency that have every word asked: the newest data.
  if ((!q.time || q.time.kind === 'latest') && best.m.unmatched.length === 0) {
    const same = close.filter(
      (s) => s.ds.freq === best.ds.freq && s.m.unmatched.length === 0 && s.m.inTitle >= best.m.inTitle,
    );
    same.sort((a, b) => latestOrdinal(b.ds) - latestOrdinal(a.ds));
    close.splice(0, close.length, ...same, ...close.filter((s) => !same.includes(s)));
  }
  return { kind: 'datasets', chosen: close.slice(0, 3).map((s) => ({ ds: s.ds, dims: s.m.dims, score: s.score })) };
}
