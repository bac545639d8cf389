// The built-in engine (the default, no network): parses the question, reads stored observations through db/queries,
// and writes a short answer in which every number is a cited observation or a stated difference of two.
import { AnswerBuilder, unitSuffix, type Citation, type Derived } from '../../core/assistant/compose';
import { parseQuestion, type ParsedQuestion } from '../../core/assistant/parse';
import { normalize } from '../../core/assistant/text';
import { EA20, EU27_2020 } from '../../core/assistant/places';
import type { TimePoint } from '../../core/assistant/time';
import { formatTimePoint } from '../../core/assistant/time';
import { convertOrdinal, formatPeriod, periodsPerYear, readablePeriod, toOrdinal } from '../../core/periods';
import type { ChartType } from '../../app/charts';
import type { ReadDb } from '../../db/client';
import { regionsWithin } from '../../db/queries/assistant';
import { ViewTooLarge } from '../../db/queries/view';
import { chooseDatasets } from './choose';
import {
  chooseSeries,
  citationOf,
  gazetteerFor,
  measureName,
  observations,
  placeName,
  sourceName,
  tooManyValuesNote,
  unitCodeOf,
  viewUrl,
  type Dataset,
  type Obs,
  type SeriesChoice,
} from './data';

export interface ChartOut {
  chart_type: ChartType;
  embed_url: string;
  /** What the app's chart widget needs to draw the same view. */
  dataset_code: string;
  countries: string[];
  dimensions: Record<string, string[]>;
  time_start: string;
  time_end: string;
}

export interface EngineAnswer {
  answer: string;
  citations: Citation[];
  derived: Derived[];
  chart?: ChartOut;
  /** The parsed question, for follow-ups; null when nothing was understood. */
  context: ParsedQuestion | null;
  declined: boolean;
}

export interface AskOptions {
  db: ReadDb;
  /** The public origin, for citation links. */
  origin: string;
  today?: Date;
  previous?: ParsedQuestion | null;
}

export const NOT_UNDERSTOOD =
  'I answer questions about the datasets imported here (their titles, units and dimensions), but I could not tell which dataset this question is about. Try the words of a dataset\'s title and a place, e.g. "German inflation in October 2022".';

/** No imported dataset measures what the question asks: the words not found are said, and where to look. */
function notFound(words: string[]): string {
  if (words.length === 0) return NOT_UNDERSTOOD;
  return `No dataset imported here measures “${words.join(' ')}”, so I have no number for it. The catalogue's datasets are listed at /datasets; ask with the words of a dataset's title.`;
}

function decline(answer: string, context: ParsedQuestion | null): EngineAnswer {
  return { answer, citations: [], derived: [], context, declined: true };
}

/** A reason the dataset cannot answer; the next candidate dataset may. */
class NoData extends Error {}

interface Ctx {
  db: ReadDb;
  origin: string;
  q: ParsedQuestion;
  ds: Dataset;
  series: SeriesChoice;
  b: AnswerBuilder;
  unit: string;
  /** The unit's words after each value: " %", " persons" (from the unit's code label). */
  suffix: string;
  measure: string;
  chart?: ChartOut;
}

export async function builtinAnswer(question: string, opts: AskOptions): Promise<EngineAnswer> {
  const gazetteer = await gazetteerFor(opts.db);
  const q = parseQuestion(question, { gazetteer, today: opts.today ?? new Date(), previous: opts.previous ?? null });
  if (q.unknownPlace && q.places.length === 0 && !q.followUp)
    return decline(
      `I do not know a place called “${q.unknownPlace}” in these datasets. Try a country, the EU or the euro area, or a NUTS region as Eurostat names it (e.g. Oberbayern).`,
      null,
    );
  const choice = await chooseDatasets(opts.db, question, q, gazetteer);
  if (choice.kind === 'none') return decline(notFound(choice.words), q.followUp ? q : null);
  let reason = '';
  for (const { ds, dims } of choice.chosen) {
    const code = ds.meta.dataset_code;
    const series = chooseSeries(ds, dims);
    if ('missing' in series) {
      reason ||= `${sourceName(ds)} has no series for ${series.missing}.`;
      continue;
    }
    const unit = unitCodeOf(series);
    const ctx: Ctx = {
      db: opts.db,
      origin: opts.origin,
      // A place a code label names ("from Syria": citizenship) is that series, not a place to look up.
      q: { ...q, places: q.places.filter((p) => !namedByLabel(ds, series, p.name)) },
      ds,
      series,
      b: new AnswerBuilder(),
      unit,
      suffix: unitWords(ds, series),
      measure: measureName(ds),
    };
    try {
      await answerWith(ctx);
      return {
        answer: ctx.b.text(),
        citations: ctx.b.citations,
        derived: ctx.b.derived,
        chart: ctx.chart,
        context: { ...q, dataset: code, dims },
        declined: false,
      };
    } catch (error) {
      // A read over the value cap (db/queries/view.ts) is said in words, as a missing value is.
      if (error instanceof ViewTooLarge) {
        reason = tooManyValuesNote(error);
        continue;
      }
      if (!(error instanceof NoData)) throw error;
      // The best dataset's reason is the one to state.
      reason ||= error.message;
    }
  }
  return decline(reason || NOT_UNDERSTOOD, q);
}

/** Does a code label of the series (other than its main series) name this place ("Syria" for citizen SY)? */
function namedByLabel(ds: Dataset, series: SeriesChoice, place: string): boolean {
  const name = normalize(place);
  return ds.meta.dimensions.some((d) => {
    const code = series.dims[d.key];
    return code !== d.default && normalize(d.values.find((v) => v.code === code)?.label ?? '') === name;
  });
}

/** What follows a value: the unit's known words (" % of the labour force"), else its code label's ("24,720 persons"). */
export function unitWords(ds: Dataset, series: SeriesChoice): string {
  const code = unitCodeOf(series);
  const known = unitSuffix(code);
  if (known) return known;
  const dim = ds.meta.dimensions.find((d) => d.code.toLowerCase() === 'unit');
  const label = dim?.values.find((v) => v.code === code)?.label?.replace(/\s*\([^)]*\d[^)]*\)/g, '') ?? '';
  if (!label || /\d/.test(label) || /^(number|index)$/i.test(label)) return '';
  if (/^percentage of /i.test(label)) return ` % of ${label.replace(/^percentage of /i, '')}`;
  if (/\bper ?cent(age)?\b/i.test(label)) return ' %';
  const words = label.toLowerCase();
  // A price is in a currency per unit: "euro per kilowatt-hour".
  const currencyDim = ds.meta.dimensions.find((d) => d.code.toLowerCase() === 'currency');
  const currency = currencyDim?.values.find((v) => v.code === series.dims[currencyDim.key])?.label;
  if (currency) return ` ${currency.toLowerCase()} per ${words}`;
  // A unit of one word is counted: "persons", "years", "passengers".
  return /^[a-z]+$/.test(words) && !words.endsWith('s') ? ` ${words}s` : ` ${words}`;
}

async function answerWith(ctx: Ctx): Promise<void> {
  const { q } = ctx;
  switch (q.intent) {
    case 'rank':
    case 'extreme':
      return rank(ctx);
    case 'peak':
    case 'trough':
      return peak(ctx);
    case 'change':
    case 'trend':
      return change(ctx);
    case 'compare':
    case 'lookup':
      return lookup(ctx);
  }
}

// ---- periods ----

export interface Span {
  from: number;
  to: number;
  /** How the question wrote it, for messages: "1950", "Q3/2023". */
  asked: string;
}

export function spanOf(ds: Dataset, at: TimePoint): Span {
  const ordinal = toOrdinal(at.freq, at.year, at.sub);
  if (at.freq === ds.freq) return { from: ordinal, to: ordinal, asked: readablePeriod(formatTimePoint(at), 'long') };
  // A year or quarter in a monthly dataset covers its months, a month in a daily one its days; a week or day in a
  // monthly dataset is its month; a month in an annual dataset, its year.
  if (periodsPerYear(at.freq) < periodsPerYear(ds.freq) || at.freq === 'W' || at.freq === 'D')
    return {
      from: convertOrdinal(at.freq, ordinal, ds.freq, 'start'),
      to: convertOrdinal(at.freq, ordinal, ds.freq, 'end'),
      asked: readablePeriod(formatTimePoint(at), 'long'),
    };
  const year = convertOrdinal(at.freq, ordinal, 'A', 'start');
  return {
    from: convertOrdinal('A', year, ds.freq, 'start'),
    to: convertOrdinal('A', year, ds.freq, 'end'),
    asked: readablePeriod(formatTimePoint(at), 'long'),
  };
}

/** The specification's M/YYYY, for view URLs (time_start, time_end). */
function periodText(ctx: Ctx, ordinal: number): string {
  return formatPeriod(ctx.ds.freq, ordinal);
}

/** A period in an answer's sentence, for people: October 2022, Q3 2022, 2021 (issue 11). */
function periodWords(ctx: Ctx, ordinal: number): string {
  return readablePeriod(periodText(ctx, ordinal), 'long');
}

/** The dataset's own range, for "starts in …; there is no value for …". */
async function noValue(ctx: Ctx, geos: string[], asked: string, placeLabel: string): Promise<never> {
  const all = await observations(ctx.db, ctx.ds, ctx.series, geos);
  const src = sourceName(ctx.ds);
  if (all.length === 0) throw new NoData(`${src} has no data for ${placeLabel}.`);
  const first = periodWords(ctx, all[0]!.period);
  const last = periodWords(ctx, all[all.length - 1]!.period);
  throw new NoData(`${src} for ${placeLabel} starts in ${first} and runs to ${last}; there is no value for ${asked}.`);
}

function defaultPlaces(ctx: Ctx): { code: string; name: string }[] {
  const places = ctx.q.places.map((p) => ({ code: p.code, name: p.name }));
  if (places.length > 0) return places;
  return [{ code: 'EU27_2020', name: 'European Union (27 countries, from 2020)' }];
}

/** Countries whose English name takes "the" in a sentence. */
const withArticle = new Set(['NL', 'UK', 'US']);

function label(ctx: Ctx, code: string, fallback: string): string {
  const known = ctx.ds.meta.available_countries.find((c) => c.code === code);
  const name = placeName(code, known?.name ?? fallback);
  return withArticle.has(code) ? `the ${name}` : name;
}

function setChart(ctx: Ctx, type: ChartType, geos: string[], from: number, to: number) {
  ctx.chart = {
    chart_type: type,
    embed_url: viewUrl(ctx.origin, ctx.ds, ctx.series, type, geos, from, to, true),
    dataset_code: ctx.ds.meta.dataset_code,
    countries: geos,
    dimensions: Object.fromEntries(
      ctx.ds.meta.dimensions
        .filter((d) => ctx.series.dims[d.key] !== d.default)
        .map((d) => [d.key, [ctx.series.dims[d.key]!]]),
    ),
    time_start: periodText(ctx, from),
    time_end: periodText(ctx, to),
  };
}

function cite(ctx: Ctx, o: Obs): string {
  return ctx.b.cite(citationOf(ctx.origin, ctx.ds, ctx.series, o), ctx.unit, false, ctx.suffix);
}

function citationFor(ctx: Ctx, o: Obs): Citation {
  const c = citationOf(ctx.origin, ctx.ds, ctx.series, o);
  return ctx.b.citations[ctx.b.marker(c) - 1]!;
}

function seriesNote(ctx: Ctx): string {
  const parts = ctx.ds.meta.dimensions
    .filter((d) => ctx.series.dims[d.key] !== d.default)
    .map((d) => d.values.find((v) => v.code === ctx.series.dims[d.key])?.label ?? ctx.series.dims[d.key]!)
    // The unit is said by the words after each value when it has them.
    .filter((label) => !(label === unitLabelOf(ctx) && ctx.suffix !== ''));
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

function unitLabelOf(ctx: Ctx): string | undefined {
  const dim = ctx.ds.meta.dimensions.find((d) => d.code.toLowerCase() === 'unit');
  return dim && (dim.values.find((v) => v.code === ctx.series.dims[dim.key])?.label ?? ctx.series.dims[dim.key]);
}

function chartWindow(ctx: Ctx, from: number, to: number): [number, number] {
  // Two years back (five periods of annual and half-yearly data).
  const back = Math.max(5, 2 * periodsPerYear(ctx.ds.freq));
  const oldest = ctx.ds.meta.oldest_period;
  void oldest;
  return [Math.min(from, to - back), to];
}

// ---- intents ----

async function lookup(ctx: Ctx): Promise<void> {
  const { q, ds } = ctx;
  const places = defaultPlaces(ctx).slice(0, 6);
  const geos = places.map((p) => p.code);
  let span: Span;
  if (q.time?.kind === 'point') span = spanOf(ds, q.time.at);
  else if (q.time?.kind === 'range') {
    const s = spanOf(ds, q.time.from);
    span = { from: s.from, to: q.time.to ? spanOf(ds, q.time.to).to : Number.MAX_SAFE_INTEGER, asked: s.asked };
  } else span = { from: Number.MIN_SAFE_INTEGER, to: Number.MAX_SAFE_INTEGER, asked: 'latest' };
  const rows = await observations(
    ctx.db,
    ds,
    ctx.series,
    geos,
    span.from === Number.MIN_SAFE_INTEGER ? undefined : span.from,
    span.to === Number.MAX_SAFE_INTEGER ? undefined : span.to,
  );
  const latest = !q.time || q.time.kind === 'latest';
  const sentences: string[] = [];
  const shown: Obs[] = [];
  const singles: { o: Obs; name: string }[] = [];
  for (const p of places) {
    const mine = rows.filter((r) => r.geo === p.code);
    const name = label(ctx, p.code, p.name);
    if (mine.length === 0) {
      if (places.length === 1) await noValue(ctx, [p.code], span.asked, name);
      sentences.push(`There is no value for ${name} in ${span.asked === 'latest' ? 'this dataset' : span.asked}.`);
      continue;
    }
    if (latest || mine.length === 1) {
      singles.push({ o: mine[mine.length - 1]!, name });
      continue;
    }
    // A year or quarter of a monthly series: its range and its last month.
    const hi = mine.reduce((a, r) => (r.value > a.value ? r : a));
    const lo = mine.reduce((a, r) => (r.value < a.value ? r : a));
    const last = mine[mine.length - 1]!;
    shown.push(last);
    sentences.push(
      `In ${span.asked}, ${ctx.measure}${seriesNote(ctx)} in ${name} ranged from ${cite(ctx, lo)} in ${periodWords(ctx, lo.period)} to ${cite(ctx, hi)} in ${periodWords(ctx, hi.period)}${last === lo || last === hi ? '' : `; in ${periodWords(ctx, last.period)} it was ${cite(ctx, last)}`}.`,
    );
  }
  if (singles.length > 0) {
    shown.unshift(...singles.map((x) => x.o));
    const samePeriod = singles.every((x) => x.o.period === singles[0]!.o.period);
    const what = `${ctx.measure}${seriesNote(ctx)}`;
    if (samePeriod) {
      const when = periodWords(ctx, singles[0]!.o.period);
      // "Asylum applicants (Syria, First time applicant) in Austria in 2015: 24,720 persons [1]."
      const head = latest ? `The latest ${stripArticle(what)}` : capitalize(what);
      if (singles.length === 1) {
        const only = singles[0]!;
        sentences.unshift(
          latest
            ? `${head} in ${only.name} (${when}): ${cite(ctx, only.o)}.`
            : `${head} in ${only.name} in ${when}: ${cite(ctx, only.o)}.`,
        );
      } else {
        const list = singles.map((x) => `${x.name} ${cite(ctx, x.o)}`);
        sentences.unshift(`${head} in ${when}: ${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}.`);
      }
    } else {
      sentences.unshift(
        ...singles.map(
          (x) =>
            `The latest ${stripArticle(what)} in ${x.name} (${periodWords(ctx, x.o.period)}) was ${cite(ctx, x.o)}.`,
        ),
      );
    }
  }
  if (shown.length === 0) {
    throw new NoData(
      `${sourceName(ds)} has no value for ${places.map((p) => label(ctx, p.code, p.name)).join(' or ')} in ${span.asked}.`,
    );
  }
  ctx.b.say(sentences.join(' '));
  if (shown.length >= 2) {
    const [a, b] = shown as [Obs, Obs];
    if (a.period === b.period) {
      const ca = citationFor(ctx, a);
      const cb = citationFor(ctx, b);
      if (a.value === b.value) ctx.b.say(`Both were the same.`);
      else
        ctx.b.say(
          `It was ${ctx.b.difference(ca, cb, ctx.unit, ctx.suffix)} ${a.value > b.value ? 'higher' : 'lower'} in ${label(ctx, a.geo, a.geoName)} than in ${label(ctx, b.geo, b.geoName)}.`,
        );
    }
  }
  const end = Math.max(...shown.map((o) => o.period));
  const [from, to] = chartWindow(ctx, Math.min(...shown.map((o) => o.period)), end);
  setChart(
    ctx,
    'line',
    shown.map((o) => o.geo),
    from,
    to,
  );
}

async function scopeGeos(ctx: Ctx): Promise<{ geos: string[]; text: string }> {
  const scope = ctx.q.scope ?? { kind: 'members', of: 'EU27_2020' };
  if (scope.kind === 'members')
    return scope.of === 'EA20'
      ? { geos: [...EA20], text: 'euro-area members (EA20)' }
      : { geos: [...EU27_2020], text: 'EU member states (EU27_2020)' };
  if (scope.kind === 'regions') {
    const geos = await regionsWithin(ctx.db, scope.of, scope.level);
    return {
      geos,
      text: `NUTS ${['', 'one', 'two', 'three'][scope.level]} regions of ${label(ctx, scope.of, scope.of)}`
        .replace('NUTS one', 'NUTS 1')
        .replace('NUTS two', 'NUTS 2')
        .replace('NUTS three', 'NUTS 3'),
    };
  }
  const geos = ctx.ds.meta.available_countries.map((c) => c.code).filter((c) => /^[A-Z]{2}$/.test(c));
  return { geos, text: 'the countries with data' };
}

async function rank(ctx: Ctx): Promise<void> {
  const { q, ds } = ctx;
  const scope = await scopeGeos(ctx);
  let period: number;
  let rows: Obs[];
  if (q.time?.kind === 'point') {
    const span = spanOf(ds, q.time.at);
    period = span.to;
    rows = await observations(ctx.db, ds, ctx.series, scope.geos, span.to, span.to);
    if (rows.length === 0) {
      const all = await observations(ctx.db, ds, ctx.series, scope.geos);
      const src = sourceName(ds);
      if (all.length === 0) throw new NoData(`${src} has no data for ${scope.text}.`);
      throw new NoData(
        `${src} for ${scope.text} runs from ${periodWords(ctx, all[0]!.period)} to ${periodWords(ctx, all[all.length - 1]!.period)}; there is no value for ${span.asked}.`,
      );
    }
  } else {
    // The newest period most of the places have.
    const all = await observations(ctx.db, ds, ctx.series, scope.geos);
    if (all.length === 0) throw new NoData(`${sourceName(ds)} has no data for ${scope.text}.`);
    const counts = new Map<number, number>();
    for (const r of all) counts.set(r.period, (counts.get(r.period) ?? 0) + 1);
    const most = Math.max(...counts.values());
    period = Math.max(...[...counts].filter(([, n]) => n >= most * 0.8).map(([p]) => p));
    rows = all.filter((r) => r.period === period);
  }
  const sorted = [...rows].sort((a, b) => (q.order === 'asc' ? a.value - b.value : b.value - a.value));
  const word = q.order === 'asc' ? 'lowest' : 'highest';
  const when = periodWords(ctx, period);
  if (q.intent === 'extreme' && q.top <= 1) {
    const best = sorted[0]!;
    const tied = sorted.filter((r) => r.value === best.value);
    const names = tied.map((r) => label(ctx, r.geo, r.geoName)).join(' and ');
    const values = tied.map((r) => cite(ctx, r)).join(' and ');
    ctx.b.say(
      `Among ${scope.text}, ${names} had the ${word} ${stripArticle(ctx.measure)}${seriesNote(ctx)} in ${when}: ${values}.`,
    );
    const next = sorted[tied.length];
    if (next) ctx.b.say(`Next came ${label(ctx, next.geo, next.geoName)} with ${cite(ctx, next)}.`);
  } else {
    const top = sorted.slice(0, Math.max(1, Math.min(q.top, 10)));
    const list = top.map((r) => `${label(ctx, r.geo, r.geoName)} ${cite(ctx, r)}`).join(', ');
    ctx.b.say(
      `${capitalize(stripArticle(ctx.measure))}${seriesNote(ctx)} in ${when}, ${word} first among ${scope.text}: ${list}.`,
    );
    for (const p of q.places) {
      const mine = sorted.find((r) => r.geo === p.code);
      if (mine && !top.includes(mine)) ctx.b.say(`${label(ctx, mine.geo, mine.geoName)}: ${cite(ctx, mine)}.`);
    }
  }
  const shownGeos = sorted.slice(0, 15).map((r) => r.geo);
  setChart(ctx, 'bar', shownGeos, period, period);
}

async function peak(ctx: Ctx): Promise<void> {
  const { q, ds } = ctx;
  const places = defaultPlaces(ctx).slice(0, 3);
  let from: number | undefined;
  let to: number | undefined;
  if (q.time?.kind === 'range') {
    from = spanOf(ds, q.time.from).from;
    to = q.time.to ? spanOf(ds, q.time.to).to : undefined;
  } else if (q.time?.kind === 'point') {
    const s = spanOf(ds, q.time.at);
    from = s.from;
    to = s.to;
  }
  const rows = await observations(
    ctx.db,
    ds,
    ctx.series,
    places.map((p) => p.code),
    from,
    to,
  );
  const high = q.intent === 'peak';
  const shown: Obs[] = [];
  for (const p of places) {
    const mine = rows.filter((r) => r.geo === p.code);
    const name = label(ctx, p.code, p.name);
    if (mine.length === 0) {
      if (places.length === 1)
        await noValue(
          ctx,
          [p.code],
          from === undefined ? 'any period' : readablePeriod(formatPeriod(ds.freq, from), 'long'),
          name,
        );
      continue;
    }
    const best = mine.reduce((a, r) => (high ? (r.value > a.value ? r : a) : r.value < a.value ? r : a));
    shown.push(best);
    const range = `${periodWords(ctx, mine[0]!.period)} to ${periodWords(ctx, mine[mine.length - 1]!.period)}`;
    ctx.b.say(
      `${capitalize(stripArticle(ctx.measure))}${seriesNote(ctx)} in ${name} ${high ? 'peaked' : 'was lowest'} in ${periodWords(ctx, best.period)} at ${cite(ctx, best)} (values from ${range}).`,
    );
    const last = mine[mine.length - 1]!;
    if (last !== best) ctx.b.say(`The latest, for ${periodWords(ctx, last.period)}, is ${cite(ctx, last)}.`);
  }
  if (shown.length === 0)
    throw new NoData(`${sourceName(ds)} has no data for ${places.map((p) => p.name).join(', ')}.`);
  const geos = shown.map((o) => o.geo);
  const span = rows.filter((r) => geos.includes(r.geo));
  setChart(ctx, 'line', geos, span[0]!.period, span[span.length - 1]!.period);
}

async function change(ctx: Ctx): Promise<void> {
  const { q, ds } = ctx;
  const places = defaultPlaces(ctx).slice(0, 3);
  let from: number | undefined;
  let to: number | undefined;
  let asked = 'the period asked';
  if (q.time?.kind === 'range') {
    from = spanOf(ds, q.time.from).from;
    to = q.time.to ? spanOf(ds, q.time.to).to : undefined;
    asked = readablePeriod(formatTimePoint(q.time.from), 'long');
  } else if (q.time?.kind === 'point') {
    const s = spanOf(ds, q.time.at);
    // "the change in 2022": over the year, from its first to its last value (a year before for annual data).
    from = ds.freq === 'A' ? s.from - 1 : s.from;
    to = s.to;
    asked = s.asked;
  }
  const rows = await observations(
    ctx.db,
    ds,
    ctx.series,
    places.map((p) => p.code),
    from,
    to,
  );
  const shown: string[] = [];
  for (const p of places) {
    const mine = rows.filter((r) => r.geo === p.code);
    const name = label(ctx, p.code, p.name);
    if (mine.length < 2) {
      if (places.length === 1) await noValue(ctx, [p.code], asked, name);
      continue;
    }
    const first = mine[0]!;
    const last = mine[mine.length - 1]!;
    // A change between two periods needs values at both ends: the data's own range is said instead.
    if (q.time?.kind === 'range' && places.length === 1) {
      const startsLate = first.period > spanOf(ds, q.time.from).to;
      const endsEarly = q.time.to !== undefined && last.period < spanOf(ds, q.time.to).from;
      if (startsLate || endsEarly)
        await noValue(
          ctx,
          [p.code],
          readablePeriod(formatTimePoint(startsLate ? q.time.from : q.time.to!), 'long'),
          name,
        );
    }
    shown.push(p.code);
    const a = cite(ctx, first);
    const b = cite(ctx, last);
    const ca = citationFor(ctx, last);
    const cb = citationFor(ctx, first);
    const direction = last.value > first.value ? 'rose' : last.value < first.value ? 'fell' : 'was unchanged';
    const diff =
      last.value === first.value
        ? ''
        : `, ${direction === 'rose' ? 'up' : 'down'} ${ctx.b.difference(ca, cb, ctx.unit, ctx.suffix)}`;
    ctx.b.say(
      `In ${name}, ${ctx.measure}${seriesNote(ctx)} ${direction === 'was unchanged' ? 'was unchanged' : direction} from ${a} in ${periodWords(ctx, first.period)} to ${b} in ${periodWords(ctx, last.period)}${diff}.`,
    );
    if (q.intent === 'trend' && mine.length > 2) {
      const hi = mine.reduce((x, r) => (r.value > x.value ? r : x));
      const lo = mine.reduce((x, r) => (r.value < x.value ? r : x));
      const parts: string[] = [];
      if (hi !== first && hi !== last) parts.push(`its high was ${cite(ctx, hi)} in ${periodWords(ctx, hi.period)}`);
      if (lo !== first && lo !== last) parts.push(`its low ${cite(ctx, lo)} in ${periodWords(ctx, lo.period)}`);
      if (parts.length > 0) ctx.b.say(`In between, ${parts.join(' and ')}.`);
    }
  }
  if (shown.length === 0)
    throw new NoData(
      `${sourceName(ds)} has too few values for ${places.map((p) => p.name).join(', ')} to describe a change.`,
    );
  const span = rows.filter((r) => shown.includes(r.geo));
  setChart(ctx, 'line', shown, span[0]!.period, span[span.length - 1]!.period);
}

function stripArticle(s: string): string {
  return s.replace(/^the /, '');
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
