// The researcher's planner (issue 16, decision 145): a research question → a plan of steps, each a dataset × places
// × periods × dimension selection with the reason for it. Deterministic and pure: the question is read by the chat's
// one parser (core/assistant/parse.ts), with groups of countries ("the Baltic states") read as their members.
import { datasetCandidates, datasetDims, measureName } from '../assistant/datasets';
import { parseQuestion, type ParsedQuestion } from '../assistant/parse';
import { findGroups, type Gazetteer } from '../assistant/places';
import { hasAny, normalize } from '../assistant/text';
import type { TimePoint } from '../assistant/time';
import { formatPeriod, toOrdinal, convertOrdinal, type Frequency } from '../periods';

/** The reference aggregates a comparison is made against. */
export const REFERENCE_GEOS = ['EU27_2020', 'EA20'] as const;

/** How often each dataset the planner may choose is published (for the periods of a step). */
export const DATASET_FREQUENCY: Record<string, Frequency> = {
  prc_hicp_manr: 'M',
  tec00118: 'A',
  une_rt_m: 'M',
  tps00203: 'A',
  tec00115: 'A',
  nama_10r_3gdp: 'A',
  nama_10_gdp: 'A',
};

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
  /** What the step measures, in words: "annual inflation (HICP), Food and non-alcoholic beverages (CP01)". */
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
  'I could not tell which statistics this question is about. The researcher plans with inflation (HICP), unemployment, real GDP growth and GDP; try "How did food inflation evolve in the Baltic states since 2020 compared with the EU?"';

const coicopNames: Record<string, string> = {
  CP00: 'All-items HICP (CP00)',
  CP01: 'Food and non-alcoholic beverages (CP01)',
  CP011: 'Food (CP011)',
  CP0111: 'Bread and cereals (CP0111)',
  CP01111: 'Rice (CP01111)',
};

function dimsText(dims: Record<string, string>): string {
  return Object.entries(dims)
    .map(([dim, code]) => (dim === 'coicop' ? (coicopNames[code] ?? code) : `${dim} ${code}`))
    .join(', ');
}

/** Words that ask for food only (CP011), not the COICOP division that includes non-alcoholic beverages. */
const foodOnlyWords = ['food only', 'food alone', 'excluding beverages', 'without beverages', 'food excluding'];

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

/** Plans a research question; `today` resolves relative periods and the default window (five years back). */
export function planResearch(question: string, opts: { gazetteer: Gazetteer; today: Date }): ResearchPlan {
  const q = parseQuestion(question, { gazetteer: opts.gazetteer, today: opts.today, groups: true });
  const notes: string[] = [];
  if (!q.indicator) return { question, steps: [], notes, declined: PLAN_NOT_UNDERSTOOD };
  if (q.unknownPlace && q.places.length === 0)
    return {
      question,
      steps: [],
      notes,
      declined: `I do not know a place called “${q.unknownPlace}” in these datasets, so I made no plan. Name countries, a group (the Baltic states, the Nordic countries, Benelux), the EU or the euro area.`,
    };
  for (const g of findGroups(question)) notes.push(`“${g.name}” read as ${g.members.join(', ')}.`);

  // Food: the COICOP division (CP01, food and non-alcoholic beverages) that Eurostat's releases report as food.
  const text = normalize(question);
  if (q.dims.coicop === 'CP011' && !hasAny(text, foodOnlyWords)) {
    q.dims.coicop = 'CP01';
    notes.push(
      '“Food” read as the COICOP division Food and non-alcoholic beverages (CP01); say “food only” for CP011.',
    );
  }

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

  // The monthly series for a history ("since 2020", "evolve"), an annual table for years (the chat's choice).
  const research: ParsedQuestion = { ...q, intent: q.intent === 'lookup' ? 'trend' : q.intent };
  const candidates = datasetCandidates(research);
  const code = candidates.find((c) => DATASET_FREQUENCY[c]) ?? candidates[0];
  if (!code) return { question, steps: [], notes, declined: PLAN_NOT_UNDERSTOOD };
  const freq = DATASET_FREQUENCY[code] ?? 'A';
  const period = periodsOf(q, freq, opts.today);
  const dims = datasetDims(code, q.dims);
  const measure = measureName(code, dims.unit ?? '');
  const who = `${places.join(', ')}${reference ? ` against ${reference}` : ''}`;
  const steps: PlanStep[] = [];
  const selection = dimsText(dims);
  steps.push({
    id: 's1',
    dataset_code: code,
    places,
    reference,
    period_from: period.from,
    period_to: period.to,
    dims,
    title: `${measure}${selection ? `, ${selection}` : ''}`,
    reason: `${code} holds ${measure}${selection ? ` for ${selection}` : ''}; ${who}; ${period.reason}.`,
  });
  // A component of the HICP is read beside the all-items index of the same places and periods, for context.
  if (code === 'prc_hicp_manr' && dims.coicop && dims.coicop !== 'CP00') {
    steps.push({
      id: 's2',
      dataset_code: code,
      places,
      reference,
      period_from: period.from,
      period_to: period.to,
      dims: { coicop: 'CP00' },
      title: `${measure}, ${coicopNames.CP00}`,
      reason: `All-items inflation of the same places and periods, to tell whether ${coicopNames[dims.coicop] ?? dims.coicop} moved with prices in general.`,
    });
  }
  return { question, steps, notes, declined: null };
}
