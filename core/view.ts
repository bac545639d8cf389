// One view (issue 37, decision 194): what a chart shows, read from a query once (chart type, series, places,
// periods, transformation, vintage) into one type, and opened against a dataset by one rule (the chart types the
// dataset allows, its default places, the coverage rule, what the dataset lacks). The dataset page, the chart page,
// the sharing card, chart images and the assistant's charts all open a view here (db/queries/view.ts `openView` adds
// the dataset's coverage from the database); the data API and SDMX read their queries through the same selection
// parser (core/selection.ts), strictly.
import { readAsOf } from './as-of';
import { coverageEnd, defaultPlaces, type Coverage } from './default-view';
import { hasOutline, mostlyRegions } from './geo/places';
import type { DatasetMeta } from './schemas/dataset';
import {
  leftOutNote,
  readSelection,
  SELECTION_NAMES,
  TRACKING_NAMES,
  unknownNames,
  readViewPeriod,
  resolvePageSelection,
  type PageSelection,
  type Selection,
  type SelectionQuery,
  type SelectionRequest,
  type TransformRequest,
} from './selection';

export type ChartType = 'line' | 'bar' | 'horizontal-bar' | 'map' | 'table';

/** The chart types of the specification, in the order the type menu lists them. */
export const CHART_TYPES: readonly ChartType[] = ['line', 'bar', 'horizontal-bar', 'map', 'table'];

export function isChartType(value: unknown): value is ChartType {
  return typeof value === 'string' && (CHART_TYPES as readonly string[]).includes(value);
}

/** 'range-start': the slider picks the first period shown up to the latest; 'period': the one period shown. */
export type SliderMode = 'range-start' | 'period';

export function sliderModeFor(type: ChartType): SliderMode {
  return type === 'map' || type === 'horizontal-bar' ? 'period' : 'range-start';
}

/** More series than this and a bar chart opens on the latest period alone: sparse bars, highest first. */
export const GROUPED_BAR_MAX_SERIES = 4;

/** The chart type of a view that names none and of a dataset without facts (the specification's). */
export const DEFAULT_CHART_TYPE: ChartType = 'bar';

/** Everything that decides what a chart shows: the view a stable URL names. */
export interface ChartViewSpec {
  chartType: ChartType;
  /** dim1…dimN → codes; a dimension left out means the dataset's main series value. */
  dimensions: Record<string, string[]>;
  /** Geo codes, in display order; empty means every geo with data. */
  countries: string[];
  /** Display format (10/2022); for line and bar the first shown period, for map and horizontal bar the one shown. */
  timeStart?: string;
  timeEnd?: string;
  /**
   * The one period a map or horizontal bar shows (`time`, the dataset page's address); time_end stays the end of the
   * data loaded, so the slider can still move. Without it a range given to those views shows its end.
   */
  time?: string;
  /** The values' transformation (index, change, diff; decision 034); absent: values as published. */
  transform?: TransformRequest;
  /**
   * `as_of` as written (an ISO 8601 date or date-time): the values as they stood then (decision 125); absent: the
   * latest. Every URL of the view carries it, so an export of an old vintage is that vintage.
   */
  asOf?: string;
}

/**
 * The names a view's address is read from (readView): its chart type, the selection in either spelling
 * (SELECTION_NAMES) and `time`, the one period a map or horizontal bar shows. Each path that reads a view reads these
 * and its own, strictly (issue 38, decision 205): the chart routes add theirs (server/charts/api.ts).
 */
export const VIEW_NAMES = ['chart_type', ...SELECTION_NAMES, 'time'] as const;

/**
 * The dataset page's names (/datasets/{id}): a view's, `embed`, which shows the chart alone (decision 205), and `ask`,
 * a question about the chart the page asks on opening (the embed's "Ask this chart" form, decision 212).
 */
export const PAGE_NAMES = [...VIEW_NAMES, 'embed', 'ask'] as const;

/** The embed's (/datasets/{id}?embed=true): the page's, with the frame's `width` and the chart's `theme`. */
export const EMBED_NAMES = [...PAGE_NAMES, 'width', 'theme'] as const;

/**
 * What is wrong with a dataset page's query, or null (decision 205): a name neither the page (or, with `embed=true`,
 * the embed) nor a shared link's tracking uses. Read by the page and by the sharing card of its address.
 */
export function datasetPageQueryProblem(query: URLSearchParams): string | null {
  const names = query.get('embed') === 'true' ? EMBED_NAMES : PAGE_NAMES;
  const unknown = unknownNames(query, names, TRACKING_NAMES);
  return unknown.length > 0 ? unknown.map((p) => p.message).join('; ') : null;
}

/** Minimal read access to query parameters, satisfied by URLSearchParams. */
export type QueryReader = SelectionQuery;

export interface ParsedView {
  view: ChartViewSpec;
  /** Parameters that were ignored, each as `invalid name: "value"`. */
  problems: string[];
}

/** The view of a query and the selection it asks for, read once. */
interface ReadView extends ParsedView {
  request: SelectionRequest;
}

function readView(query: QueryReader): ReadView {
  const problems: string[] = [];
  const rawType = query.get('chart_type');
  let chartType = DEFAULT_CHART_TYPE;
  if (rawType !== null && rawType !== '') {
    if (isChartType(rawType)) chartType = rawType;
    else problems.push(`invalid chart_type: "${rawType}" (one of ${CHART_TYPES.join(', ')})`);
  }
  const read = readSelection(query);
  problems.push(...read.problems.map((p) => p.message));
  const { request } = read;
  // `time`: the one period a map or horizontal bar shows (the page's shareable address).
  const timeProblems: Parameters<typeof readViewPeriod>[2] = [];
  const time = sliderModeFor(chartType) === 'period' ? readViewPeriod(query, 'time', timeProblems) : undefined;
  problems.push(...timeProblems.map((p) => p.message));
  const dimensions: Record<string, string[]> = {};
  // A view names codes; `dimN=*` (every value) is the data API's alone.
  for (const [key, codes] of Object.entries(request.dims)) if (codes !== '*') dimensions[key] = codes;
  return {
    view: {
      chartType,
      dimensions,
      countries: request.countries,
      ...(request.from ? { timeStart: request.from } : {}),
      ...(request.to ? { timeEnd: request.to } : {}),
      ...(time ? { time } : {}),
      ...(request.transform ? { transform: request.transform } : {}),
      ...(request.asOf ? { asOf: query.get('as_of')!.trim() } : {}),
    },
    problems,
    request,
  };
}

/** Percent-encodes a query value but keeps `:`, `/` and `,` readable (allowed unescaped in a query). */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%2F/gi, '/').replace(/%2C/gi, ',');
}

/**
 * `name=value` pairs joined with `&`, keeping `[]` in names literal as the specification writes them: how every view
 * query is written (app/charts/export/view-query.ts for a whole view, the search for the places and values it opens on).
 */
export function joinQuery(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([k, v]) => `${k}=${encodeQueryValue(v)}`).join('&');
}

/** Reads a view from query parameters; invalid values are dropped and reported, never thrown. */
export function parseViewQuery(query: QueryReader): ParsedView {
  const { view, problems } = readView(query);
  return { view, problems };
}

/** What the chart-type rule reads of a dataset: its places and the range of its periods. */
export type ChartTypeFacts = Pick<DatasetMeta, 'available_countries' | 'oldest_period' | 'latest_period'>;

/**
 * Why a dataset does not allow a chart type, in the words of a page's note ('"map" (this dataset has no places on a
 * map)'), or null when it does (decision 190). A map needs a place with an outline (a country or a NUTS region:
 * aggregates and the whole area of a national file have none); a line needs two periods.
 */
export function refusedChartType(facts: ChartTypeFacts, type: ChartType): string | null {
  if (type === 'map' && !facts.available_countries.some((c) => hasOutline(c.code))) {
    return `"map" (this dataset has no places on a map)`;
  }
  if (type === 'line' && facts.oldest_period !== null && facts.oldest_period === facts.latest_period) {
    return `"line" (this dataset has one period)`;
  }
  return null;
}

/** The chart types a dataset allows, in the type menu's order. */
export function allowedChartTypes(facts: ChartTypeFacts): ChartType[] {
  return CHART_TYPES.filter((t) => refusedChartType(facts, t) === null);
}

/**
 * The type a dataset opens on: a map of a regional dataset; a line of a time series of a few places (as many as a
 * grouped bar chart draws, national data of one place among them); otherwise the specification's bar chart, which
 * ranks many places in the latest period and moves through time with the slider.
 */
export function defaultChartType(facts: ChartTypeFacts): ChartType {
  const codes = facts.available_countries.map((c) => c.code);
  if (mostlyRegions(codes)) return 'map';
  const series = refusedChartType(facts, 'line') === null && facts.oldest_period !== null;
  if (series && codes.length <= GROUPED_BAR_MAX_SERIES) return 'line';
  return 'bar';
}

/** The type to draw for the one asked: it when the dataset allows it, else the dataset's default. */
export function allowedChartType(facts: ChartTypeFacts, asked: ChartType): ChartType {
  return refusedChartType(facts, asked) === null ? asked : defaultChartType(facts);
}

/** The coverage note of a view that ends before the newest period: '7/2026: Germany only'. */
export function coverageNote(coverage: Coverage): string | null {
  const total = coverage.places;
  const newest = coverage.partial.at(-1);
  if (!newest) return null;
  const names = newest.places;
  const who =
    names.length <= 3
      ? `${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`} only`
      : `${names.length}${total ? ` of ${total}` : ''} places`;
  return `${newest.period}: ${who}`;
}

/** What a default view says about a newer, partial period, with a link to the view that shows it. */
export interface CoverageNote {
  text: string;
  href: string;
}

/** A view opened against a dataset: what is shown, what was left out, and the selection that loads it. */
export interface OpenedView {
  /** The view shown: what the dataset allows of the query's, with the dataset's defaults where it names none. */
  view: ChartViewSpec;
  /** `view` before the coverage rule: the base a followed chart's settings apply to. */
  asked: ChartViewSpec;
  /**
   * What was left out of the query's view, each as the API's message (an unknown chart type, a country without data,
   * a period of another frequency): pages show it under the chart (decision 035), strict callers answer 400.
   */
  problems: string[];
  /** The note under the chart naming what was left out; null when nothing was. */
  note: string | null;
  /** Set when a default view ends before the newest, partial period (the coverage rule). */
  coverageNote: CoverageNote | null;
  /** The shown view checked against the dataset, for the view loader: every period up to its end on a page. */
  selection: PageSelection;
}

export interface OpenViewOptions {
  /** Where the page lives, for the coverage note's link (`/datasets/prc_hicp_manr`). */
  path: string;
  /**
   * 'page' (the default): what a page shows: the dataset's default places when the query names none, the coverage
   * rule, every period up to the end (the slider needs them). 'address': what the address says and nothing more
   * (chart images and downloads, which refuse any problem): every place, no coverage cut, the periods asked.
   */
  mode?: 'page' | 'address';
}

/**
 * The view a query asks of a dataset, by the one rule every page, card and image follows. Without chart_type the
 * dataset's default type; a type the dataset does not allow (a map without places, a line of one period) gives way to
 * it with a problem; without countries the dataset's default places (decision 190); what the dataset lacks is left
 * out with a problem (the one parser); a default view ends where most places have data (the coverage rule).
 */
export function openViewOf(
  meta: DatasetMeta,
  coverage: Coverage,
  query: URLSearchParams,
  options: OpenViewOptions,
): OpenedView {
  const read = readView(query);
  const chartTypeProblems = read.problems.filter((p) => p.startsWith('invalid chart_type'));
  const askedType = query.get('chart_type') && chartTypeProblems.length === 0 ? read.view.chartType : null;
  const refused = askedType ? refusedChartType(meta, askedType) : null;
  if (refused) chartTypeProblems.push(`invalid chart_type: ${refused}`);
  const typed = { ...read.view, chartType: askedType && !refused ? askedType : defaultChartType(meta) };
  // The one parser against the dataset, on the request read above (the query is read once).
  const page = resolvePageSelection(meta, read.request);
  const problems = [...chartTypeProblems, ...read.problems.filter((p) => !p.startsWith('invalid chart_type'))];
  problems.push(...page.leftOut);
  // The view without what was left out, so the widget's own requests ask for what is shown; a view with nothing
  // left keeps what it asked for, and loading it answers the specification's message.
  const kept = page.empty ? typed : shownView(typed, page.selection);
  if (options.mode === 'address') {
    return { view: kept, asked: kept, problems, note: leftOutNote(problems), coverageNote: null, selection: page };
  }
  const places = typed.countries.length === 0 ? defaultPlaces(meta.available_countries.map((c) => c.code)) : null;
  const shown = places ? { ...kept, countries: places } : kept;
  const covered = withCoverage(shown, query, coverage, options.path);
  return {
    view: covered.view,
    asked: shown,
    problems,
    note: leftOutNote(problems),
    coverageNote: covered.note,
    selection: selectionOf(meta, covered.view),
  };
}

/** What decides whether two views of a dataset are the same followed view (decision 198). */
export type ViewIdentityParts = Pick<ChartViewSpec, 'chartType' | 'dimensions' | 'countries'>;

/**
 * The identity of a view among one account's follows of a dataset (decision 198): its chart type, its series (every
 * dimension's codes, the dataset's main series value where the view names none) and its places, each set in one order.
 * The slider's periods are not part of it: they move as the reader looks (and as new data comes), and a follow keeps
 * them as its own. Two views with the same identity are one followed view.
 */
export function viewIdentity(meta: Pick<DatasetMeta, 'dimensions'>, view: ViewIdentityParts): string {
  const dims = meta.dimensions.map((d) => {
    const codes = view.dimensions[d.key];
    return [d.key, [...new Set(codes && codes.length > 0 ? codes : [d.default])].sort()];
  });
  return JSON.stringify([view.chartType, dims, [...new Set(view.countries)].sort()]);
}

/** The coverage of a view that ends where its address says (no newer, partial period to cut). */
export const NO_COVERAGE: Coverage = { period: null, partial: [], places: 0 };

/**
 * The view a dataset opens on when a query names nothing: `openViewOf` of an empty query before the coverage rule
 * (its default chart type and places). Followed charts start from it and apply their settings.
 */
export function defaultView(meta: DatasetMeta): ChartViewSpec {
  return openViewOf(meta, NO_COVERAGE, new URLSearchParams(), { path: '' }).asked;
}

/** A view cut to what the one parser kept of it. */
function shownView(view: ChartViewSpec, kept: Selection): ChartViewSpec {
  const dimensions: Record<string, string[]> = {};
  for (const [key, codes] of Object.entries(view.dimensions)) {
    const known = kept.dims[key];
    const shown = Array.isArray(known) ? codes.filter((c) => known.includes(c)) : [];
    if (shown.length > 0) dimensions[key] = shown;
  }
  const countries = kept.countries ? view.countries.filter((c) => kept.countries!.includes(c)) : view.countries;
  const { timeStart, timeEnd, transform, ...rest } = view;
  return {
    ...rest,
    dimensions,
    countries,
    ...(timeStart && kept.from !== undefined ? { timeStart } : {}),
    ...(timeEnd && kept.to !== undefined ? { timeEnd } : {}),
    ...(transform && kept.transform ? { transform } : {}),
  };
}

/** A view checked against the dataset (the one parser), loading every period up to time_end. */
export function selectionOf(meta: DatasetMeta, view: ChartViewSpec): PageSelection {
  const asOf = view.asOf ? readAsOf(view.asOf) : null;
  return resolvePageSelection(meta, {
    dims: view.dimensions,
    countries: view.countries,
    ...(view.timeEnd ? { to: view.timeEnd, toParam: 'time_end' } : {}),
    ...(view.transform ? { transform: view.transform } : {}),
    ...(asOf ? { asOf } : {}),
  });
}

/**
 * A default view (no time, countries, dimensions or vintage in the URL: coverageEnd) ends at the latest period most of
 * the dataset's places have reached, and says which newer period exists and who has it ('7/2026: Germany only'),
 * linking to the view that includes it. A view the URL chooses is left as asked.
 */
function withCoverage(
  view: ChartViewSpec,
  query: URLSearchParams,
  coverage: Coverage,
  path: string,
): { view: ChartViewSpec; note: CoverageNote | null } {
  const end = coverageEnd(query, coverage);
  const newest = coverage.partial.at(-1);
  const text = coverageNote(coverage);
  if (end === null || !newest || !text) return { view, note: null };
  const next = new URLSearchParams(query);
  next.set('time_end', newest.period);
  const readable = next
    .toString()
    .replace(/%2F/gi, '/')
    .replace(/%5B%5D/gi, '[]')
    .replace(/%3A/gi, ':');
  return { view: { ...view, timeEnd: end }, note: { text, href: `${path}?${readable}` } };
}
