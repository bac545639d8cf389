// The dataset and series a chat question is about, through the catalogue (issue 39, decision 210): the catalogue
// search (db/queries/search.ts, the one /api/datasets?q= uses) finds imported datasets for the question's words, and
// each is scored by how its title, unit and code labels match them (core/assistant/match.ts) and by whether its
// frequency fits the period asked. Dataset metadata is the memoised getDatasetMeta (per release): a dataset imported
// after start is found by the next question.
import { matchDataset, questionWords, type DatasetLabels, type DatasetMatch } from '../../core/assistant/match';
import { placePhrasesIn, type ParsedQuestion } from '../../core/assistant/parse';
import type { Gazetteer } from '../../core/assistant/places';
import { normalize } from '../../core/assistant/text';
import { parsePeriod, periodsPerYear } from '../../core/periods';
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
  const asked = periodsPerYear(at.freq);
  const has = periodsPerYear(ds.freq);
  if (asked > has) return -1.5;
  if (asked === has) return 0.3;
  return 0;
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
  const { items } = await searchDatasets(db, { q: topic.join(' '), limit: searched, offset: 0 });
  const scored: { ds: Dataset; m: DatasetMatch; score: number }[] = [];
  for (const [i, item] of items.entries()) {
    const ds = await loadDataset(db, item.dataset_code);
    if (!ds) continue;
    const themes = [...item.theme, ...item.categories].map((c) => c.name).join(' ');
    const m = matchDataset(words, { ...labelsOf(ds), themes });
    const score = m.score + rankWeight * (1 - i / searched) + frequencyFit(q, ds, question) + regionFit(q, ds);
    scored.push({ ds, m, score });
  }
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0];
  // A dataset must say in its title something of what is asked, and match more of the question's words than not.
  const fits = (s: (typeof scored)[number]) => s.m.titleHits > 0 && s.m.unmatched.length < 2 * s.m.matched;
  if (!best || !fits(best)) return { kind: 'none', words: best?.m.unmatched ?? topic };
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
