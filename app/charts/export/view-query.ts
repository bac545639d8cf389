// A chart view as URL query parameters (chart_type, dimension[]=dimN:code, country[], time_start, time_end) and back.
import { CHART_TYPES, isChartType, type ChartType } from '../core/slider';

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
}

export const DEFAULT_CHART_TYPE: ChartType = 'bar';

const DIMENSION_KEY = /^dim[1-9]\d*$/;
const CODE = /^[A-Za-z0-9_.\-+]+$/;
const PERIOD = /^(\d{4}|[SQ][1-4]\/\d{4}|(0?[1-9]|1[0-2])\/\d{4})$/;

/** Minimal read access to query parameters, satisfied by URLSearchParams. */
export interface QueryReader {
  get(name: string): string | null;
  getAll(name: string): string[];
}

export interface ParsedView {
  view: ChartViewSpec;
  /** Parameters that were ignored, each as `invalid name: "value"`. */
  problems: string[];
}

function listParam(query: QueryReader, name: string): string[] {
  // Accept dimension[]=a&dimension[]=b, dimension=a and comma lists alike.
  return [...query.getAll(`${name}[]`), ...query.getAll(name)]
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
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
  const dimensions: Record<string, string[]> = {};
  for (const item of listParam(query, 'dimension')) {
    const [key = '', code = ''] = item.split(':', 2);
    if (!DIMENSION_KEY.test(key) || !CODE.test(code)) {
      problems.push(`invalid dimension: "${item}" (write dimN:code, e.g. dim2:CP00)`);
      continue;
    }
    const codes = (dimensions[key] ??= []);
    if (!codes.includes(code)) codes.push(code);
  }
  const countries: string[] = [];
  for (const code of listParam(query, 'country')) {
    if (!CODE.test(code)) problems.push(`invalid country: "${code}"`);
    else if (!countries.includes(code.toUpperCase())) countries.push(code.toUpperCase());
  }
  const period = (name: string): string | undefined => {
    const raw = query.get(name)?.trim();
    if (!raw) return undefined;
    if (PERIOD.test(raw)) return raw.replace(/^0(\d\/)/, '$1');
    problems.push(`invalid ${name}: "${raw}" (YYYY, Q{n}/YYYY or M/YYYY)`);
    return undefined;
  };
  const timeStart = period('time_start');
  const timeEnd = period('time_end');
  return {
    view: {
      chartType,
      dimensions,
      countries,
      ...(timeStart ? { timeStart } : {}),
      ...(timeEnd ? { timeEnd } : {}),
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
  return pairs;
}
