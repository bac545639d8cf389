// "Ask this chart" (issue 39, decision 212): a question about the view on screen, answered from that view's cells.
// The view is the dataset page's own query (selection, transform, as_of), opened by the one rule every page follows
// (db/queries/view.ts `openView`) and read by the one view loader, so the cells are the ones the chart draws: the
// transformed values, as they stood at as_of. Every citation links to that exact view. A question the view cannot
// answer (another dataset, a place the view does not show) returns null and goes to the chat's engine.
import { AnswerBuilder, type Citation } from '../../core/assistant/compose';
import { parseQuestion, type ParsedQuestion } from '../../core/assistant/parse';
import { formatPeriod, frequencySchema, parsePeriod, readablePeriod } from '../../core/periods';
import { sliderModeFor } from '../../core/view';
import { addressViewQuery } from '../../app/charts';
import type { ReadDb } from '../../db/client';
import { NotYetImported } from '../../db/queries/revisions';
import { loadView, openView, openDataset, ViewTooLarge, viewTransformOf } from '../../db/queries/view';
import type { EngineAnswer } from './builtin';
import { spanOf, unitWords } from './builtin';
import {
  gazetteerFor,
  measureName,
  observationsOf,
  type Obs,
  placeName,
  seriesLabel,
  sourceName,
  tooManyValuesNote,
  unitCodeOf,
  type Dataset,
  type SeriesChoice,
} from './data';

/** The view a question is about: a dataset and the page's query (its view names; `embed`, `width`, `theme` allowed). */
export interface ViewInput {
  dataset_code: string;
  query: string;
}

/** The page's names that are not the view (the embed's frame, the question asked): dropped from the view's address. */
const FRAME_NAMES = ['embed', 'width', 'theme', 'ask'];

/** The view's query without the frame's names. */
export function viewQueryOf(input: ViewInput): URLSearchParams {
  const query = new URLSearchParams(input.query.replace(/^\?/, ''));
  for (const name of FRAME_NAMES) query.delete(name);
  return query;
}

/** The dataset page's address of the view: what citations link to, `as_of` and the transformation included. */
export function viewPageUrl(origin: string, code: string, query: URLSearchParams): string {
  const q = addressViewQuery(query);
  return `${origin.replace(/\/+$/, '')}/datasets/${encodeURIComponent(code)}${q ? `?${q}` : ''}`;
}

/** A cell of the view: one published value (the chat's observation). */
type Cell = Obs;

interface Ctx {
  ds: Dataset;
  q: ParsedQuestion;
  series: SeriesChoice;
  cells: Cell[];
  url: string;
  b: AnswerBuilder;
  /** The unit's words after each value (" %"), of the transformed value when the view transforms. */
  suffix: string;
  unit: string;
  /** "HICP (All-items HICP, % change on 12 months earlier)": what a value of the view is. */
  what: string;
}

function decline(answer: string): EngineAnswer {
  return { answer, citations: [], derived: [], context: null, declined: true };
}

/**
 * The answer from the view's cells, or null when the question is about something the view does not show. A dataset
 * that is not there is null too (the caller says 404).
 */
export async function viewAnswer(
  question: string,
  opts: { db: ReadDb; origin: string; today?: Date; view: ViewInput },
): Promise<EngineAnswer | null> {
  const opened = await openDataset(opts.db, opts.view.dataset_code);
  if (!opened) return null;
  const { row, meta } = opened;
  const ds: Dataset = { meta, freq: frequencySchema.parse(meta.frequency) };
  const query = viewQueryOf(opts.view);
  const gazetteer = await gazetteerFor(opts.db);
  const q = parseQuestion(question, { gazetteer, today: opts.today ?? new Date(), previous: null });
  // Another dataset named by code: the chat's question, not this chart's.
  if (q.dataset && q.dataset !== meta.dataset_code) return null;
  const { view, selection } = await openView(opts.db, row, meta, query, { path: `/datasets/${meta.dataset_code}` });
  const url = viewPageUrl(opts.origin, meta.dataset_code, query);
  if (selection.empty) return decline(`This view of ${sourceName(ds)} shows no values, so there is nothing to answer.`);
  let rows;
  try {
    ({ rows } = await loadView(opts.db, meta, selection.selection));
  } catch (error) {
    if (error instanceof NotYetImported) return decline(error.message);
    if (error instanceof ViewTooLarge) return decline(tooManyValuesNote(error));
    throw error;
  }
  // The periods the chart shows: from its first period for line, bar and table; the one period of a map or
  // horizontal bar (`time`, else the last with data).
  const ordinal = (text: string | undefined) => (text ? (parsePeriod(text)?.ordinal ?? null) : null);
  const published = rows.filter((r) => r.value !== null);
  let from = ordinal(view.timeStart);
  let to = ordinal(view.timeEnd);
  if (sliderModeFor(view.chartType) === 'period') {
    const at = ordinal(view.time) ?? Math.max(...published.map((r) => r.period));
    from = at;
    to = at;
  }
  const shown = published.filter((r) => (from === null || r.period >= from) && (to === null || r.period <= to));
  if (shown.length === 0)
    return decline(`This view of ${sourceName(ds)} shows no values, so there is nothing to answer.`);
  // The view's first series (the chart's first line); its places are the view's.
  const first = shown[0]!.dims.join('|');
  const cells: Cell[] = observationsOf(shown.filter((r) => r.dims.join('|') === first));
  const dims: Record<string, string> = {};
  const byCode: Record<string, string> = {};
  for (const [i, d] of meta.dimensions.entries()) {
    dims[d.key] = shown[0]!.dims[i] ?? d.default;
    byCode[d.code] = dims[d.key]!;
  }
  const series: SeriesChoice = { dims, byCode };
  // A place the view does not show is the chat's question (the view is not about it).
  const geos = new Set(cells.map((c) => c.geo));
  if (q.places.length > 0 && !q.places.some((p) => geos.has(p.code))) return null;
  const transform = viewTransformOf(meta, selection.selection);
  const plain = unitWords(ds, series);
  const suffix = !transform
    ? plain
    : transform.kind === 'change'
      ? ' %'
      : transform.kind === 'diff'
        ? plain.startsWith(' %')
          ? ' percentage points'
          : plain
        : '';
  const notes = [seriesNote(ds, series), transform?.label].filter(Boolean);
  const ctx: Ctx = {
    ds,
    q: { ...q, places: q.places.filter((p) => geos.has(p.code)) },
    series,
    cells,
    url,
    b: new AnswerBuilder(),
    suffix,
    unit: transform ? transform.label : unitCodeOf(series),
    what: `${measureName(ds)}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`,
  };
  // "When was it highest?", or "highest" of a view of one place: its peak, not a ranking of one.
  const intent =
    (q.intent === 'extreme' || q.intent === 'rank') && (geos.size === 1 || /\bwhen\b/i.test(question))
      ? q.order === 'asc'
        ? 'trough'
        : 'peak'
      : q.intent;
  ctx.q.intent = intent;
  switch (intent) {
    case 'rank':
    case 'extreme':
      rank(ctx);
      break;
    case 'peak':
    case 'trough':
      peak(ctx);
      break;
    case 'change':
    case 'trend':
      change(ctx);
      break;
    default:
      lookup(ctx);
  }
  const text = ctx.b.text();
  if (ctx.b.citations.length === 0) return decline(text || `This view has no value for what was asked.`);
  return {
    answer: text,
    citations: ctx.b.citations,
    derived: ctx.b.derived,
    context: { ...q, dataset: meta.dataset_code, dims: byCode },
    declined: false,
  };
}

/** The labels of the series' values other than the dataset's main series: "Food", "Annual average rate of change". */
function seriesNote(ds: Dataset, series: SeriesChoice): string {
  const parts = ds.meta.dimensions
    .filter((d) => series.dims[d.key] !== d.default)
    .map((d) => d.values.find((v) => v.code === series.dims[d.key])?.label ?? series.dims[d.key]!);
  return parts.join(', ');
}

function words(ctx: Ctx, period: number): string {
  return readablePeriod(formatPeriod(ctx.ds.freq, period), 'long');
}

function name(c: Pick<Cell, 'geo' | 'geoName'>): string {
  const n = placeName(c.geo, c.geoName);
  return ['NL', 'UK', 'US'].includes(c.geo) ? `the ${n}` : n;
}

function citation(ctx: Ctx, c: Cell): Omit<Citation, 'flag_meaning'> {
  return {
    dataset_code: ctx.ds.meta.dataset_code,
    geo: c.geo,
    period: formatPeriod(ctx.ds.freq, c.period),
    value: c.value,
    flags: c.flags,
    url: ctx.url,
    dataset_name: ctx.ds.meta.dataset_name,
    series: seriesLabel(ctx.ds, ctx.series),
    place: placeName(c.geo, c.geoName),
    unit: ctx.unit,
    decimals: c.decimals,
  };
}

function cite(ctx: Ctx, c: Cell): string {
  return ctx.b.cite(citation(ctx, c), ctx.unit, false, ctx.suffix);
}

function cited(ctx: Ctx, c: Cell): Citation {
  return ctx.b.citations[ctx.b.marker(citation(ctx, c)) - 1]!;
}

/** The periods a question's period covers, in the view's frequency; all of the view's without one. */
function asked(ctx: Ctx): { from: number; to: number; text: string | null } {
  const t = ctx.q.time;
  if (t?.kind === 'point') {
    const s = spanOf(ctx.ds, t.at);
    return { from: s.from, to: s.to, text: s.asked };
  }
  if (t?.kind === 'range') {
    const s = spanOf(ctx.ds, t.from);
    return { from: s.from, to: t.to ? spanOf(ctx.ds, t.to).to : Number.MAX_SAFE_INTEGER, text: s.asked };
  }
  return { from: Number.MIN_SAFE_INTEGER, to: Number.MAX_SAFE_INTEGER, text: null };
}

/** The view's places a question is about: those it names, else every place of the view (at most `max`). */
function places(ctx: Ctx, max: number): string[] {
  if (ctx.q.places.length > 0) return ctx.q.places.map((p) => p.code).slice(0, max);
  return [...new Set(ctx.cells.map((c) => c.geo))].slice(0, max);
}

function outside(ctx: Ctx, text: string | null): void {
  const all = ctx.cells;
  ctx.b.say(
    `This view shows ${words(ctx, all[0]!.period)} to ${words(ctx, all[all.length - 1]!.period)}; it has no value for ${text ?? 'that period'}.`,
  );
}

/** Which place is highest or lowest: at the period asked, else the newest period most of the view's places have. */
function rank(ctx: Ctx): void {
  const span = asked(ctx);
  const within = ctx.cells.filter((c) => c.period >= span.from && c.period <= span.to);
  if (within.length === 0) return outside(ctx, span.text);
  const counts = new Map<number, number>();
  for (const c of within) counts.set(c.period, (counts.get(c.period) ?? 0) + 1);
  const most = Math.max(...counts.values());
  const period = Math.max(...[...counts].filter(([, n]) => n >= most * 0.8).map(([p]) => p));
  const asc = ctx.q.order === 'asc';
  const sorted = within
    .filter((c) => c.period === period)
    .sort((a, b) => (asc ? a.value - b.value : b.value - a.value));
  const word = asc ? 'lowest' : 'highest';
  const when = words(ctx, period);
  if (sorted.length === 1) {
    ctx.b.say(`This view shows one place for ${when}: ${name(sorted[0]!)}, ${cite(ctx, sorted[0]!)}.`);
    return;
  }
  if (ctx.q.intent === 'extreme' && ctx.q.top <= 1) {
    const best = sorted[0]!;
    const tied = sorted.filter((c) => c.value === best.value);
    ctx.b.say(
      `Among the places in this view, ${tied.map(name).join(' and ')} had the ${word} ${ctx.what} in ${when}: ${tied.map((c) => cite(ctx, c)).join(' and ')}.`,
    );
    const next = sorted[tied.length];
    if (next) ctx.b.say(`Next came ${name(next)} with ${cite(ctx, next)}.`);
    return;
  }
  const top = sorted.slice(0, Math.max(2, Math.min(ctx.q.top, 10)));
  ctx.b.say(
    `${capitalize(ctx.what)} in ${when}, ${word} first among the places in this view: ${top.map((c) => `${name(c)} ${cite(ctx, c)}`).join(', ')}.`,
  );
}

/** The value at the period asked, else the latest, of each place asked (or of the view's places). */
function lookup(ctx: Ctx): void {
  const span = asked(ctx);
  const sentences: string[] = [];
  for (const geo of places(ctx, 6)) {
    const mine = ctx.cells.filter((c) => c.geo === geo && c.period >= span.from && c.period <= span.to);
    const last = mine[mine.length - 1];
    if (!last) continue;
    sentences.push(
      span.text && ctx.q.time?.kind === 'point'
        ? `${capitalize(ctx.what)} in ${name(last)} in ${words(ctx, last.period)}: ${cite(ctx, last)}.`
        : `The latest ${ctx.what} in ${name(last)} in this view (${words(ctx, last.period)}): ${cite(ctx, last)}.`,
    );
  }
  if (sentences.length === 0) return outside(ctx, span.text);
  ctx.b.say(sentences.join(' '));
}

/** From the first value of the period asked (or of the view) to the last, per place. */
function change(ctx: Ctx): void {
  const span = asked(ctx);
  for (const geo of places(ctx, 6)) {
    const mine = ctx.cells.filter((c) => c.geo === geo && c.period >= span.from && c.period <= span.to);
    if (mine.length < 2) continue;
    const a = mine[0]!;
    const z = mine[mine.length - 1]!;
    const from = cite(ctx, a);
    const to = cite(ctx, z);
    const direction = z.value > a.value ? 'rose' : z.value < a.value ? 'fell' : 'was unchanged';
    const by =
      z.value === a.value
        ? ''
        : `, ${direction === 'rose' ? 'up' : 'down'} ${ctx.b.difference(cited(ctx, z), cited(ctx, a), ctx.unit, differenceSuffix(ctx))}`;
    ctx.b.say(
      `In ${name(a)}, ${ctx.what} ${direction} from ${from} in ${words(ctx, a.period)} to ${to} in ${words(ctx, z.period)}${by}.`,
    );
  }
  if (ctx.b.citations.length === 0) outside(ctx, span.text);
}

function differenceSuffix(ctx: Ctx): string {
  return ctx.suffix.startsWith(' %') ? ' percentage points' : ctx.suffix;
}

/** The highest (or lowest) value of each place in the period asked or the view. */
function peak(ctx: Ctx): void {
  const span = asked(ctx);
  const high = ctx.q.intent === 'peak';
  for (const geo of places(ctx, 3)) {
    const mine = ctx.cells.filter((c) => c.geo === geo && c.period >= span.from && c.period <= span.to);
    if (mine.length === 0) continue;
    const best = mine.reduce((x, c) => (high ? (c.value > x.value ? c : x) : c.value < x.value ? c : x));
    ctx.b.say(
      `In this view (${words(ctx, mine[0]!.period)} to ${words(ctx, mine[mine.length - 1]!.period)}), ${ctx.what} in ${name(best)} was ${high ? 'highest' : 'lowest'} in ${words(ctx, best.period)}: ${cite(ctx, best)}.`,
    );
  }
  if (ctx.b.citations.length === 0) outside(ctx, span.text);
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
