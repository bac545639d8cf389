// The view any dataset opens on, by rule (issue 36, decision 190): its headline series and the places it shows.
import { mostlyRegions, placeKind } from './geo/places';

export interface DimensionFacts {
  /** The dimension's code as the file names it (sex, unit, na_item …). */
  code: string;
  /** Its codes in the file's order, with labels where known (from the file, Eurostat's code lists or dictionaries). */
  values: readonly { code: string; label: string | null }[];
}

export interface SeriesFacts {
  /** The series' code of each dimension, in the dimensions' order. */
  dims: readonly string[];
  /** How many places the series has a value for. */
  places: number;
}

export interface HeadlineOptions {
  /** Editorial defaults (dimension → code): each wins where the dimension has that code. */
  editorial?: Readonly<Record<string, string>>;
  /** The dimension whose codes are units (`unit`, JSON-stat's metric role); null when the file has none. */
  unitDimension?: string | null;
}

/**
 * Codes that mean "all of them" across Eurostat's code lists, whatever their label: TOTAL (388 dictionaries label it
 * "Total" or "All …"), `_T` (SDMX), TOT, ALL and T (sex). A label that says otherwise wins: `T` is "Tonne" in units and
 * "Activities of households as employers" in NACE.
 */
const TOTAL_CODES = new Set(['TOTAL', '_T', 'TOT', 'ALL', 'T']);

/**
 * Headline codes whose labels do not say "total", each with what its label says where it means that: all-items HICP,
 * gross domestic product, the total economy, every country of the world.
 */
const HEADLINE_CODES = new Map([
  ['CP00', /^all[- ]items/i],
  ['B1GQ', /^gross domestic product/i],
  ['S1', /^total economy/i],
  ['WORLD', /world/i],
]);

/** A label that names a part, not the whole: "Total except …", "All … excluding …", "Total, of which …". */
const PART = /\b(except|excluding|excl\.|without|other|of which|not |non-|only)\b/i;

/**
 * How much a code reads as the dimension's total: 3 for a total code (TOTAL, `_T`, TOT, T …) or a label that is
 * "Total"; 2 for a headline code (CP00, B1GQ, S1, WORLD) whose label, if known, says so; 1 for a label that begins
 * "Total" or "All" ("Total - all NACE activities", "All ISCED 2011 levels") and names no exception; 0 otherwise.
 */
export function totalRank(code: string, label: string | null): 0 | 1 | 2 | 3 {
  const text = label?.trim() && label.trim() !== code ? label.trim() : null;
  if (text && /^total$/i.test(text)) return 3;
  const saysTotal = text !== null && /^(total|all)\b/i.test(text) && !PART.test(text);
  // A total code whose label speaks of a total anywhere ("Holdings with areas under vines - total").
  if (TOTAL_CODES.has(code) && (text === null || /\b(total|all)\b/i.test(text))) return 3;
  const headline = HEADLINE_CODES.get(code);
  if (headline && (text === null || headline.test(text))) return 2;
  return saysTotal ? 1 : 0;
}

/**
 * The headline code of every dimension: a combination of codes that exists in the data, chosen one dimension at a
 * time among the series that match the choices made so far. First the editorial defaults the dimension has; then
 * the totals (`totalRank`, the stronger first); then the unit the most series are published in; then, for every
 * other dimension, the code with the most values (series × places), the file's order breaking ties.
 */
export function headlineValues(
  dimensions: readonly DimensionFacts[],
  series: readonly SeriesFacts[],
  options: HeadlineOptions = {},
): Record<string, string> {
  const editorial = options.editorial ?? {};
  const unit = options.unitDimension ?? null;
  const chosen = new Map<number, string>();
  let candidates = series;
  const choose = (i: number, code: string) => {
    chosen.set(i, code);
    const matching = candidates.filter((s) => s.dims[i] === code);
    // An editorial code without values keeps the other dimensions' choices among every series.
    if (matching.length > 0) candidates = matching;
  };
  const present = (i: number) => {
    const seen = new Set(candidates.map((s) => s.dims[i]));
    return dimensions[i]!.values.filter((v) => seen.has(v.code));
  };

  const order = dimensions.map((_, i) => i);
  for (const i of order) {
    const wanted = editorial[dimensions[i]!.code];
    if (wanted !== undefined && dimensions[i]!.values.some((v) => v.code === wanted)) choose(i, wanted);
  }
  // Totals, the stronger first, in the dimensions' order within a rank.
  for (const rank of [3, 2, 1] as const) {
    for (const i of order) {
      if (chosen.has(i) || dimensions[i]!.code === unit) continue;
      const totals = present(i).filter((v) => totalRank(v.code, v.label) === rank);
      if (totals.length > 0) choose(i, mostValues(i, totals, candidates));
    }
  }
  const unitIndex = dimensions.findIndex((d) => d.code === unit);
  if (unitIndex >= 0 && !chosen.has(unitIndex)) {
    const codes = present(unitIndex);
    // Counted over the whole dataset: the unit most of its series are published in.
    const published = series.filter((s) => s.places > 0);
    if (codes.length > 0) choose(unitIndex, mostSeries(unitIndex, codes, published.length > 0 ? published : series));
  }
  for (const i of order) {
    if (chosen.has(i)) continue;
    const codes = present(i);
    choose(i, codes.length > 0 ? mostValues(i, codes, candidates) : (dimensions[i]!.values[0]?.code ?? ''));
  }
  return Object.fromEntries(dimensions.map((d, i) => [d.code, chosen.get(i) ?? '']));
}

/** The code (of those given, in their order) whose series have the most values; the first on a tie. */
function mostValues(i: number, codes: readonly { code: string }[], series: readonly SeriesFacts[]): string {
  const values = tally(i, series);
  return best(codes, (code) => [values.get(code)?.places ?? 0]);
}

/** The code (of those given, in their order) of the most series, then of the most values; the first on a tie. */
function mostSeries(i: number, codes: readonly { code: string }[], series: readonly SeriesFacts[]): string {
  const counts = tally(i, series);
  return best(codes, (code) => [counts.get(code)?.series ?? 0, counts.get(code)?.places ?? 0]);
}

/** Series and values (series × places) per code of dimension `i`. */
function tally(i: number, series: readonly SeriesFacts[]): Map<string, { series: number; places: number }> {
  const out = new Map<string, { series: number; places: number }>();
  for (const s of series) {
    const t = out.get(s.dims[i]!) ?? { series: 0, places: 0 };
    t.series += 1;
    t.places += s.places;
    out.set(s.dims[i]!, t);
  }
  return out;
}

/** The code with the highest score (compared in order); the earliest on a tie. */
function best(codes: readonly { code: string }[], score: (code: string) => number[]): string {
  let top = codes[0]!.code;
  let topScore = score(top);
  for (const { code } of codes) {
    const s = score(code);
    const i = s.findIndex((x, k) => x !== topScore[k]);
    if (i >= 0 && s[i]! > topScore[i]!) [top, topScore] = [code, s];
  }
  return top;
}

/** The aggregate a chart of countries keeps as their reference, where the dataset has it: today's EU, then others. */
const REFERENCE_AGGREGATES = ['EU27_2020', 'EU', 'EU28', 'EA20', 'EA', 'EA19'];

/**
 * The places a dataset's default view shows: its countries and regions, with one aggregate as their reference (the
 * EU of today where the dataset has it), when it has several aggregates beside at least two places of its own. Null
 * means every place: a dataset of few aggregates, or mostly of regions (its map draws no aggregate anyway).
 */
export function defaultPlaces(codes: readonly string[]): string[] | null {
  if (mostlyRegions(codes)) return null;
  const aggregates = codes.filter((c) => placeKind(c) === 'aggregate');
  const own = codes.filter((c) => placeKind(c) !== 'aggregate');
  if (aggregates.length < 2 || own.length < 2) return null;
  const reference = REFERENCE_AGGREGATES.find((c) => aggregates.includes(c)) ?? aggregates[0]!;
  return codes.filter((c) => c === reference || placeKind(c) !== 'aggregate');
}

/**
 * The query names by which a URL chooses its own view, in the page's spelling and the data API's: its period, its
 * places, its series (also `dimN`) or its vintage.
 */
const CHOSEN_BY_URL = new Set([
  'time_start',
  'time_end',
  'time',
  'period_from',
  'period_to',
  'country[]',
  'country',
  'dimension[]',
  'dimension',
  'as_of',
]);
const DIMENSION_KEY = /^dim[1-9]\d*$/;

/** A period newer than the covered one, with the few places that have reached it. */
export interface PartialPeriod {
  period: string;
  places: string[];
}

/** Where a dataset's default view ends (db/queries/datasets.ts getDatasetCoverage computes it). */
export interface Coverage {
  /** The latest period (M/YYYY …) more than half of the places have a value for; null without data. */
  period: string | null;
  /** Newer periods than `period`, oldest first, with the places that have a value there. */
  partial: PartialPeriod[];
  /** How many places the main series has. */
  places: number;
}

/**
 * The period a dataset view ends at by the coverage rule, or null when it is left as asked (decision 192). A default
 * view ends at the latest period most of the dataset's places have reached, when newer periods have only some of
 * them; a view whose URL chooses a period, places, a series or a vintage is left as asked. The page and its sharing
 * card both ask this one rule, so they show the same period.
 */
export function coverageEnd(
  query: { keys(): Iterable<string> },
  coverage: Pick<Coverage, 'period' | 'partial'>,
): string | null {
  for (const key of query.keys()) if (CHOSEN_BY_URL.has(key) || DIMENSION_KEY.test(key)) return null;
  return coverage.period !== null && coverage.partial.length > 0 ? coverage.period : null;
}
