// A chart view as URL query parameters (chart_type, dimension[]=dimN:code, country[], time_start, time_end,
// time for the one period of map and horizontal bar, transform) and back. The selection is read by the one parser
// (core/selection.ts, decision 033).
import { readSelection, readViewPeriod, transformPairs, type TransformRequest } from '../../../core/selection';
import { CHART_TYPES, isChartType, sliderModeFor, type ChartType } from '../core/slider';

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

export const DEFAULT_CHART_TYPE: ChartType = 'bar';

/** Minimal read access to query parameters, satisfied by URLSearchParams. */
export interface QueryReader {
  get(name: string): string | null;
  getAll(name: string): string[];
  keys(): Iterable<string>;
}

export interface ParsedView {
  view: ChartViewSpec;
  /** Parameters that were ignored, each as `invalid name: "value"`. */
  problems: string[];
}

/** Reads a view from query parameters; invalid values are dropped and reported, never thrown. */
export function parseViewQuery(query: QueryReader): ParsedView {
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
  };
}

/** Percent-encodes a query value but keeps `:`, `/` and `,` readable (allowed unescaped in a query). */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%2F/gi, '/').replace(/%2C/gi, ',');
}

/** `name=value` pairs joined with `&`, keeping `[]` in names literal as the specification writes them. */
export function joinQuery(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([k, v]) => `${k}=${encodeQueryValue(v)}`).join('&');
}

/** dimension[]=dimN:code for every chosen code, in dimension order. */
export function dimensionPairs(dimensions: Readonly<Record<string, readonly string[]>>): [string, string][] {
  return Object.keys(dimensions)
    .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))
    .flatMap((key) => (dimensions[key] ?? []).map((code): [string, string] => ['dimension[]', `${key}:${code}`]));
}

/**
 * The view's query pairs in the specification's order: chart_type, dimension[], country[], time_start,
 * time_end. Times are written only where the caller passes them (line and bar in embed URLs).
 */
export function viewPairs(view: ChartViewSpec): [string, string][] {
  const pairs: [string, string][] = [['chart_type', view.chartType], ...dimensionPairs(view.dimensions)];
  for (const c of view.countries) pairs.push(['country[]', c]);
  if (view.timeStart) pairs.push(['time_start', view.timeStart]);
  if (view.timeEnd) pairs.push(['time_end', view.timeEnd]);
  pairs.push(...transformPairs(view.transform));
  if (view.asOf) pairs.push(['as_of', view.asOf]);
  return pairs;
}

/**
 * The dataset page's own URL query for a view (its shareable address): the embed's parameters, with `time` for
 * the one period of map and horizontal bar (its time_end, if any, stays the end of the data loaded).
 */
export function pageViewPairs(view: ChartViewSpec): [string, string][] {
  const pairs = viewPairs(view);
  if (sliderModeFor(view.chartType) !== 'period' || !view.time) return pairs;
  const at = pairs.findIndex(([k]) => k === 'time_end' || k === 'transform' || k === 'as_of');
  pairs.splice(at < 0 ? pairs.length : at, 0, ['time', view.time]);
  return pairs;
}
