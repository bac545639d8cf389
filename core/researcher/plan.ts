// The researcher's planner (issue 16, decision 145; decision 211): a research question → a plan of steps, each a
// dataset × places × periods × dimension selection with the reason for it. Pure: the question is read by the chat's
// one parser (core/assistant/parse.ts), with groups of countries ("the Baltic states") read as their members
// (`readResearch`); the dataset and its series are the chat's catalogue choice, made where the database is
// (server/researcher/run.ts `planQuestion`), and the steps are written from that dataset's own title, frequency and
// code labels (`planSteps`). No dataset is named here.
import type { DatasetLabels } from '../assistant/match';
import { parseQuestion, type ParsedQuestion } from '../assistant/parse';
import { findGroups, type Gazetteer } from '../assistant/places';
import { hasAny, normalize } from '../assistant/text';
import type { TimePoint } from '../assistant/time';
import { formatPeriod, toOrdinal, convertOrdinal, type Frequency } from '../periods';

/** The reference aggregates a comparison is made against. */
export const REFERENCE_GEOS = ['EU27_2020', 'EA20'] as const;

/** The most steps a plan may have, and places a step may name (the run reads them all). */
export const MAX_STEPS = 6;
export const MAX_PLACES = 12;

export interface PlanStep {
  /** s1, s2 … in the plan's order. */
  id: string;
  dataset_code: string;
  /** The places studied (countries, regions or an aggregate). */
  places: string[];
  /** The aggregate the places are compared against (EU27_2020 or EA20), or none. */
  reference: string | null;
  /** Display format of the dataset's frequency (1/2020, 2020); `period_to` null: the latest stored. */
  period_from: string;
  period_to: string | null;
  /** Dimension code → value code (coicop CP01); dimensions not named take the dataset's main series. */
  dims: Record<string, string>;
  /** What the step measures, in words: "HICP, Food and non-alcoholic beverages (CP01)". */
  title: string;
  reason: string;
}

export interface ResearchPlan {
  question: string;
  steps: PlanStep[];
  /** How the question was read: groups named, defaults taken. */
  notes: string[];
  /** Set when the plan has no step: why, in plain words. */
  declined: string | null;
}

export const PLAN_NOT_UNDERSTOOD =
  'I could not tell which statistics this question is about. The researcher plans with the datasets imported here (their titles, units and dimensions); try the words of a dataset\'s title, places and a period, e.g. "How did food inflation evolve in the Baltic states since 2020 compared with the EU?"';

/** No imported dataset measures what the question asks: the words no dataset has are said. */
export function planNotFound(words: readonly string[]): string {
  if (words.length === 0) return PLAN_NOT_UNDERSTOOD;
  return `No dataset imported here measures “${words.join(' ')}”, so I made no plan. The catalogue's datasets are listed at /datasets; ask with the words of a dataset's title.`;
}

/** A question read for planning, before any dataset is chosen. */
export interface ResearchReading {
  question: string;
  q: ParsedQuestion;
  /** The question without the groups it names ("the Baltic states"): the words the catalogue choice reads. */
  topicText: string;
  places: string[];
  reference: string | null;
  notes: string[];
}

/** The dataset a plan is made with: its labels (the catalogue's), frequency, subject and the series chosen. */
export interface PlanDataset extends Omit<DatasetLabels, 'freq' | 'themes'> {
  freq: Frequency;
  /** What a value is, for titles: the title's subject ("HICP", "asylum applicants"). */
  measure: string;
  /** Dimension code → value code the question names (the catalogue choice's). */
  dims: Record<string, string>;
}

export function declinedPlan(question: string, declined: string, notes: string[] = []): ResearchPlan {
  return { question, steps: [], notes, declined };
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

type Dimension = PlanDataset['dimensions'][number];

function labelOf(d: Dimension | undefined, code: string): string {
  return d?.values.find((v) => v.code === code)?.label ?? code;
}

function dimsText(ds: PlanDataset, dims: Record<string, string>): string {
  return Object.entries(dims)
    .map(([dim, code]) => {
      const label = labelOf(
        ds.dimensions.find((d) => d.code === dim),
        code,
      );
      return label === code ? `${dim} ${code}` : `${label} (${code})`;
    })
    .join(', ');
}

/**
 * The broader value a one-word label stands for: a value whose code contains the chosen one's and whose label begins
 * with its words ("Food" → "Food and non-alcoholic beverages", the division Eurostat's releases report as food).
 */
function broaderValue(d: Dimension, code: string): { code: string; label: string } | null {
  const chosen = d.values.find((v) => v.code === code);
  if (!chosen) return null;
  const words = normalize(chosen.label);
  const parents = d.values.filter(
    (p) => p.code !== code && code.startsWith(p.code) && normalize(p.label).startsWith(`${words} `),
  );
  return parents.sort((a, b) => b.code.length - a.code.length)[0] ?? null;
}

/** The first period a time expression covers, in a dataset's frequency. */
function startIn(freq: Frequency, at: TimePoint): number {
  return convertOrdinal(at.freq, toOrdinal(at.freq, at.year, at.sub), freq, 'start');
}

function endIn(freq: Frequency, at: TimePoint): number {
  return convertOrdinal(at.freq, toOrdinal(at.freq, at.year, at.sub), freq, 'end');
}

function periodsOf(
  q: ParsedQuestion,
  freq: Frequency,
  today: Date,
): { from: string; to: string | null; reason: string } {
  const t = q.time;
  if (t?.kind === 'range') {
    const from = formatPeriod(freq, startIn(freq, t.from));
    const to = t.to ? formatPeriod(freq, endIn(freq, t.to)) : null;
    return {
      from,
      to,
      reason: to ? `from ${from} to ${to}, as asked` : `from ${from}, as asked, to the latest stored`,
    };
  }
  if (t?.kind === 'point') {
    // A single year or month: the year before it too, so that a change and the peak around it can be read.
    const from = formatPeriod(freq, startIn(freq, { freq: 'A', year: t.at.year - 1, sub: 1 }));
    const to = formatPeriod(freq, endIn(freq, t.at));
    return { from, to, reason: `${from} to ${to}: the period asked and the year before it` };
  }
  const year = today.getUTCFullYear() - 5;
  const from = formatPeriod(freq, toOrdinal(freq, year, 1));
  return { from, to: null, reason: `no period was named: the last five years, from ${from}` };
}

/** Reads a research question for planning: places, groups, reference; `declined` when no place named is known. */
export function readResearch(
  question: string,
  opts: { gazetteer: Gazetteer; today: Date },
): ResearchReading | { declined: string } {
  const q = parseQuestion(question, { gazetteer: opts.gazetteer, today: opts.today, groups: true });
  const notes: string[] = [];
  if (q.unknownPlace && q.places.length === 0)
    return {
      declined: `I do not know a place called “${q.unknownPlace}” in these datasets, so I made no plan. Name countries, a group (the Baltic states, the Nordic countries, Benelux), the EU or the euro area.`,
    };
  const groups = findGroups(question);
  for (const g of groups) notes.push(`“${g.name}” read as ${g.members.join(', ')}.`);
  // The groups' words name places, not what is measured ("Baltic" is no dataset's word).
  const text = normalize(question);
  let topicText = text;
  for (const g of [...groups].reverse()) topicText = `${topicText.slice(0, g.at)} ${topicText.slice(g.end)}`;

  const named = q.places.map((p) => p.code);
  const references = named.filter((c) => (REFERENCE_GEOS as readonly string[]).includes(c));
  let places = named.filter((c) => !references.includes(c));
  let reference: string | null = references[0] ?? null;
  if (places.length === 0) {
    places = references.length > 0 ? [...references] : ['EU27_2020'];
    reference = null;
    if (named.length === 0) notes.push('No place was named: the EU (EU27_2020) is studied.');
  } else if (!reference) {
    reference = 'EU27_2020';
    notes.push('No aggregate was named: the places are compared with the EU (EU27_2020).');
  }
  if (references.length > 1) places = [...places, ...references.slice(1)];
  places = places.slice(0, MAX_PLACES);
  return { question, q, topicText, places, reference, notes };
}

/**
 * The steps of a plan over the dataset chosen for the question: the series the question names, over its places and
 * periods; a series other than the dataset's main one is read beside the main one, for context.
 */
export function planSteps(reading: ResearchReading, ds: PlanDataset, today: Date): ResearchPlan {
  const { question, q, places, reference } = reading;
  const notes = [...reading.notes];
  const dims = { ...ds.dims };
  // A one-word label read as the broader value it begins ("food" as Food and non-alcoholic beverages), unless the
  // question says that word only.
  const text = normalize(question);
  for (const [dim, code] of Object.entries(dims)) {
    const d = ds.dimensions.find((x) => x.code === dim);
    const broader = d && broaderValue(d, code);
    if (!d || !broader) continue;
    const word = normalize(labelOf(d, code));
    if (hasAny(text, [`${word} only`, `only ${word}`, `${word} alone`, 'excluding', 'without'])) continue;
    dims[dim] = broader.code;
    notes.push(
      `“${labelOf(d, code)}” read as ${broader.label} (${broader.code}); say “${word} only” for ${labelOf(d, code)} (${code}).`,
    );
  }
  const code = ds.code;
  const period = periodsOf(q, ds.freq, today);
  const measure = ds.measure;
  const who = `${places.join(', ')}${reference ? ` against ${reference}` : ''}`;
  const selection = dimsText(ds, dims);
  const base = { dataset_code: code, places, reference, period_from: period.from, period_to: period.to };
  const steps: PlanStep[] = [
    {
      id: 's1',
      ...base,
      dims,
      title: `${capitalize(measure)}${selection ? `, ${selection}` : ''}`,
      reason: `${code} holds ${measure}${selection ? ` for ${selection}` : ''}; ${who}; ${period.reason}.`,
    },
  ];
  // A part of the dataset's main series (a component, an age group) is read beside the main series, for context.
  const parts = ds.dimensions.filter(
    (d) => d.code.toLowerCase() !== 'unit' && dims[d.code] !== undefined && dims[d.code] !== d.default,
  );
  if (parts.length > 0) {
    const main = { ...dims, ...Object.fromEntries(parts.map((d) => [d.code, d.default])) };
    const mainText = dimsText(ds, Object.fromEntries(parts.map((d) => [d.code, d.default])));
    steps.push({
      id: 's2',
      ...base,
      dims: main,
      title: `${capitalize(measure)}, ${dimsText(ds, main)}`,
      reason: `${mainText} of the same places and periods, to tell whether ${dimsText(ds, Object.fromEntries(parts.map((d) => [d.code, dims[d.code]!])))} moved with it.`,
    });
  }
  return { question, steps, notes, declined: null };
}
