// The one parser of a view's selection (decision 033): which series, places and periods a query asks for, and the
// transformation of its values. Pure: the API (400 on any problem), pages (the view without what the dataset lacks,
// with a visible note), chart images, exports, embeds and sharing cards all read a query through it.
//
// Both spellings of the same query are read: the data API's (`dim2=CP00,CP01`, `country=DE,FR`, `period_from`,
// `period_to`) and the view URL's (`dimension[]=dim2:CP00`, `country[]=DE`, `time_start`, `time_end`), with
// `transform`, `base` and `lag` in both.
import { AS_OF_HINT, readAsOf } from './as-of';
import { formatPeriod, formatSourcePeriod, parsePeriod, PERIOD_SPELLINGS, type Frequency } from './periods';
import type { DatasetMeta } from './schemas/dataset';

/** Minimal read access to query parameters, satisfied by URLSearchParams. */
export interface SelectionQuery {
  get(name: string): string | null;
  getAll(name: string): string[];
  keys(): Iterable<string>;
}

export type TransformKind = 'index' | 'change' | 'diff';
export const TRANSFORM_KINDS: readonly TransformKind[] = ['index', 'change', 'diff'];

/** A transformation as a URL names it: the base period in display spelling (1/2020). */
export type TransformRequest = { kind: 'index'; base: string } | { kind: 'change' | 'diff'; lag: number };

/** A transformation resolved against a dataset: the base period as an ordinal of its frequency. */
export type Transform = { kind: 'index'; base: number; baseLabel: string } | { kind: 'change' | 'diff'; lag: number };

/** What a query asks for, read without the dataset (codes and periods as written). */
export interface SelectionRequest {
  /** dim1…dimN → codes, or '*' for every value (API spelling only). */
  dims: Record<string, string[] | '*'>;
  /** Geo codes in the order written, upper case; empty: every geo. */
  countries: string[];
  /** Display or source spelling of the first and last period. */
  from?: string;
  to?: string;
  /** The parameter each was read from (period_from or time_start …), for messages. */
  fromParam?: string;
  toParam?: string;
  transform?: TransformRequest;
  /** `as_of`: the values as they stood at this time (decision 125). */
  asOf?: Date;
}

/** A selection checked against a dataset: what the observation query and the transformation take. */
export interface Selection {
  /** dim1..dimN → codes; a dimension left out means its default; '*' means every value. */
  dims: Record<string, string[] | '*'>;
  /** Geo codes; undefined means every geo. */
  countries?: string[];
  /** Period ordinals in the dataset's frequency, inclusive. */
  from?: number;
  to?: number;
  transform?: Transform;
  /** The values as they stood at this time (`as_of`, decision 125): the view loader reads that vintage. */
  asOf?: Date;
}

export type SelectionProblemKind =
  'syntax' | 'unknown_dimension' | 'unknown_value' | 'unknown_country' | 'bad_period' | 'bad_transform' | 'bad_as_of';

/** One thing the query asked for that the dataset cannot give; the API answers 400 with `message`. */
export interface SelectionProblem {
  kind: SelectionProblemKind;
  /** The parameter as the API names it (country, dim2, period_from, transform, base, lag). */
  param: string;
  value: string;
  /** `invalid country: "XX" has no data in prc_hicp_manr` */
  message: string;
}

export interface ParsedSelection {
  /** The selection without the parts that have problems. */
  selection: Selection;
  problems: SelectionProblem[];
}

/** Most periods a change or difference may reach back (a century of months). */
export const MAX_LAG = 1200;

const DIMENSION_KEY = /^dim[1-9]\d*$/;
const CODE = /^[A-Za-z0-9_.\-+]+$/;

function split(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function problem(kind: SelectionProblemKind, param: string, value: string, detail: string): SelectionProblem {
  return { kind, param, value, message: `invalid ${param}: ${detail}` };
}

/**
 * The names a selection is read from, in both spellings (the data API's and the view URL's), as the API documents
 * them; `dimN` stands for dim1, dim2 …. Eurostat's own names are read too by the data API (`geo`, `time`:
 * dataApiQuery).
 */
export const SELECTION_NAMES = [
  'dimN',
  'dimension[]',
  'country',
  'country[]',
  'period_from',
  'period_to',
  'time_start',
  'time_end',
  'transform',
  'base',
  'lag',
  'as_of',
] as const;

/** Eurostat's names for the same ideas (its Statistics API's `geo` and `time`), read by the data API. */
const EUROSTAT_ALIASES = ['geo', 'time'] as const;

/** Whether `names` (a path's documented list) reads `name`: `dimN` stands for dim1, dim2 …, `dimension[]` for both. */
function reads(names: readonly string[], name: string): boolean {
  if (names.includes(name)) return true;
  if (DIMENSION_KEY.test(name)) return names.includes('dimN');
  return name === 'dimension' && names.includes('dimension[]');
}

/**
 * The names links pick up when they are shared (campaign tags, ad and mail click ids, referrers): pages, embeds and
 * chart images accept them and read nothing from them (decision 205). `utm_*` stands for every name beginning so.
 */
export const TRACKING_NAMES = [
  'utm_*',
  'fbclid',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'yclid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  'ref',
] as const;

/** Whether `ignored` lists `name`; an entry ending in `*` stands for every name beginning with what precedes it. */
export function isIgnored(ignored: readonly string[], name: string): boolean {
  return ignored.some((i) => (i.endsWith('*') ? name.startsWith(i.slice(0, -1)) : i === name));
}

/**
 * A problem for each name of `query` that `names` does not read (issue 38): it names the parameter and the names the
 * path reads, so that a misspelt name is a 400, never a silent answer of everything. Names `ignored` lists (a page's
 * TRACKING_NAMES) are accepted and read by nothing.
 */
export function unknownNames(
  query: URLSearchParams,
  names: readonly string[],
  ignored: readonly string[] = [],
): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  const seen = new Set<string>();
  for (const [name, value] of query) {
    if (reads(names, name) || isIgnored(ignored, name) || seen.has(name)) continue;
    seen.add(name);
    const message = `unknown parameter "${name.slice(0, 40)}" (read here: ${names.length ? names.join(', ') : 'none'})`;
    problems.push({ kind: 'syntax', param: name, value, message });
  }
  return problems;
}

/**
 * A data API query in the one vocabulary, strictly (issue 38): a name the API does not read is a problem that names
 * it and the accepted ones, never ignored (a misspelt `countyr=DE` used to answer every country). Eurostat's names
 * are read as ours: `geo` as `country`, `time=2024` as that one period (`period_from` and `period_to`). `extra` are
 * the path's own names; `without` the names of the vocabulary the path does not apply (revisions: no transform).
 */
export function dataApiQuery(
  query: URLSearchParams,
  extra: readonly string[] = [],
  without: readonly string[] = [],
): { query: URLSearchParams; problems: SelectionProblem[] } {
  const names = [...SELECTION_NAMES, ...EUROSTAT_ALIASES, ...extra].filter((n) => !without.includes(n));
  const problems = unknownNames(query, names);
  const out = new URLSearchParams();
  for (const [name, value] of query) {
    if (!reads(names, name)) continue;
    if (name === 'geo') out.append('country', value);
    else if (name !== 'time') out.append(name, value);
  }
  const times = query.getAll('time').map((t) => t.trim());
  if (times.length > 1) {
    const detail = `"${times.join('", "')}" ("time" names one period here: for a range give period_from and period_to)`;
    problems.push(problem('syntax', 'time', times.join(','), detail));
  } else if (times[0]) {
    if (query.has('period_from') || query.has('period_to')) {
      problems.push(problem('syntax', 'time', times[0], '"time" names one period: give it or period_from/period_to'));
    } else {
      out.set('period_from', times[0]);
      out.set('period_to', times[0]);
    }
  }
  return { query: out, problems };
}

/**
 * The names of Eurostat's Statistics API beyond `geo` and `time` (`{dimension}`: a dimension's code, `unit=PC_ACT`),
 * read on its path (`/api/statistics/1.0/data/{code}`, issue 38).
 */
export const STATISTICS_API_NAMES = [
  '{dimension}',
  'freq',
  'sinceTimePeriod',
  'untilTimePeriod',
  'lastTimePeriod',
  'format',
  'lang',
] as const;

/** Most periods `lastTimePeriod` may ask for (a century of months, as MAX_LAG). */
export const MAX_LAST_PERIODS = 1200;

/** What the Statistics API's query asks for, in the one vocabulary, and the periods its repeated `time` lists. */
export interface StatisticsApiQuery {
  /** Our names: `dimN` for each dimension's code (`*` for one left out), `period_from`/`period_to`, `country` …. */
  query: URLSearchParams;
  problems: SelectionProblem[];
  /** Period ordinals of repeated `time` values: the view reads from the first to the last, the path keeps these. */
  periods?: number[];
}

/**
 * Eurostat's Statistics API query read into the data API's vocabulary against a dataset (issue 38), then strictly by
 * dataApiQuery: a dimension's code names its values (repeated: `geo=DE&geo=FR`, `unit=PC_ACT`) and a dimension left
 * out means every value, as at Eurostat; `time` (repeated), `sinceTimePeriod`, `untilTimePeriod` and
 * `lastTimePeriod` (the dataset's last N periods, to `untilTimePeriod` when given) choose the periods, in any
 * spelling of the dataset's frequency; `freq` must be the dataset's; `format` is JSON and `lang` English only.
 */
export function statisticsApiQuery(
  meta: SelectionMeta & Pick<DatasetMeta, 'latest_period'>,
  query: URLSearchParams,
): StatisticsApiQuery {
  const freq = meta.frequency;
  const problems: SelectionProblem[] = [];
  const rest = new URLSearchParams();
  const times: number[] = [];
  let since: number | undefined;
  let until: number | undefined;
  let last: number | undefined;
  const periodOf = (name: string, raw: string): number | undefined => {
    const p = parsePeriod(raw);
    if (p && p.freq === freq) return p.ordinal;
    const like = SOURCE_PERIOD_EXAMPLE[freq];
    problems.push(problem('bad_period', name, raw, `"${raw}" (this dataset's periods look like ${like})`));
    return undefined;
  };
  const periodNames = ['time', 'sinceTimePeriod', 'untilTimePeriod', 'lastTimePeriod'];
  for (const [name, value] of query) {
    const dim = meta.dimensions.find((d) => d.code === name);
    if (dim) {
      rest.append(dim.key, value);
      continue;
    }
    const text = value.trim();
    if (name === 'time') {
      const t = periodOf(name, text);
      if (t !== undefined) times.push(t);
    } else if (name === 'sinceTimePeriod') since = periodOf(name, text);
    else if (name === 'untilTimePeriod') until = periodOf(name, text);
    else if (name === 'lastTimePeriod') {
      const n = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
      if (n >= 1 && n <= MAX_LAST_PERIODS) last = n;
      else
        problems.push(problem('syntax', name, text, `"${text}" (a whole number of periods, 1 to ${MAX_LAST_PERIODS})`));
    } else if (name === 'freq') {
      if (text.toUpperCase() !== freq)
        problems.push(
          problem('unknown_value', name, text, `"${text}" is not a value of freq (this dataset's is ${freq})`),
        );
    } else if (name === 'format') {
      if (text.toUpperCase() !== 'JSON')
        problems.push(problem('syntax', name, text, `"${text}" (this path answers JSON: JSON-stat 2.0)`));
    } else if (name === 'lang') {
      if (text.toUpperCase() !== 'EN')
        problems.push(problem('syntax', name, text, `"${text}" (only English labels are served here: lang=en)`));
    } else rest.append(name, value);
  }
  const given = periodNames.filter((n) => query.has(n));
  if (query.has('time') && given.length > 1)
    problems.push(
      problem('syntax', 'time', query.getAll('time').join(','), `give time or ${given.slice(1).join(', ')}`),
    );
  if (query.has('lastTimePeriod') && query.has('sinceTimePeriod'))
    problems.push(problem('syntax', 'lastTimePeriod', query.get('lastTimePeriod')!, 'give it or sinceTimePeriod'));
  const ours = ['period_from', 'period_to', 'time_start', 'time_end'].filter((n) => query.has(n));
  if (given.length > 0 && ours.length > 0)
    problems.push(problem('syntax', given[0]!, query.get(given[0]!) ?? '', `give ${given[0]} or ${ours.join(', ')}`));
  let from = since;
  let to = until;
  let periods: number[] | undefined;
  if (times.length > 0) {
    periods = [...new Set(times)].sort((a, b) => a - b);
    [from, to] = [periods[0], periods[periods.length - 1]];
  }
  if (last !== undefined) {
    const latest = meta.latest_period ? parsePeriod(meta.latest_period) : null;
    const end = to ?? (latest?.freq === freq ? latest.ordinal : undefined);
    if (end !== undefined) from = end - last + 1;
  }
  if (from !== undefined) rest.set('period_from', formatSourcePeriod(freq, from));
  if (to !== undefined) rest.set('period_to', formatSourcePeriod(freq, to));
  // As at Eurostat, a dimension the query does not name is every value (ours: the main series' value).
  const named = new Set([...rest.keys()].filter((k) => DIMENSION_KEY.test(k)));
  for (const item of [...rest.getAll('dimension[]'), ...rest.getAll('dimension')].flatMap(split))
    named.add(item.split(':', 1)[0]!);
  for (const d of meta.dimensions) if (!named.has(d.key)) rest.set(d.key, '*');
  const extra = ['freq', ...meta.dimensions.map((d) => d.code), ...STATISTICS_API_NAMES.slice(2)];
  const strict = dataApiQuery(rest, extra);
  return { query: strict.query, problems: [...problems, ...strict.problems], ...(periods ? { periods } : {}) };
}

/** Reads the selection parameters of a query (either spelling), without the dataset: syntax problems only. */
export function readSelection(query: SelectionQuery): { request: SelectionRequest; problems: SelectionProblem[] } {
  const problems: SelectionProblem[] = [];
  const dims: Record<string, string[] | '*'> = {};
  const add = (key: string, code: string) => {
    const codes = dims[key];
    if (codes === '*') return;
    if (!codes) dims[key] = [code];
    else if (!codes.includes(code)) codes.push(code);
  };
  // API spelling: dimN=a,b or dimN=*.
  const apiKeys = new Set<string>();
  for (const key of query.keys()) if (DIMENSION_KEY.test(key)) apiKeys.add(key);
  for (const key of [...apiKeys].sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))) {
    for (const raw of query.getAll(key)) {
      if (raw.trim() === '*') dims[key] = '*';
      else for (const code of split(raw)) add(key, code);
    }
  }
  // View spelling: dimension[]=dimN:code, repeated or comma-joined.
  for (const item of [...query.getAll('dimension[]'), ...query.getAll('dimension')].flatMap(split)) {
    const [key = '', code = ''] = item.split(':', 2);
    if (!DIMENSION_KEY.test(key) || !CODE.test(code)) {
      problems.push(problem('syntax', 'dimension', item, `"${item}" (write dimN:code, e.g. dim2:CP00)`));
      continue;
    }
    add(key, code);
  }
  const countries: string[] = [];
  for (const code of [...query.getAll('country[]'), ...query.getAll('country')].flatMap(split)) {
    if (!CODE.test(code)) problems.push(problem('syntax', 'country', code, `"${code}"`));
    else if (!countries.includes(code.toUpperCase())) countries.push(code.toUpperCase());
  }
  const request: SelectionRequest = { dims, countries };
  const from = readPeriod(query, 'period_from', 'time_start', problems);
  const to = readPeriod(query, 'period_to', 'time_end', problems);
  if (from) [request.from, request.fromParam] = from;
  if (to) [request.to, request.toParam] = to;
  const transform = readTransform(query, problems);
  if (transform) request.transform = transform;
  const asOf = query.get('as_of')?.trim();
  if (asOf) {
    const at = readAsOf(asOf);
    if (at) request.asOf = at;
    else problems.push(problem('bad_as_of', 'as_of', asOf, `"${asOf.slice(0, 60)}" (${AS_OF_HINT})`));
  }
  return { request, problems };
}

/**
 * A period parameter: the API's (any spelling parsePeriod reads: 2022-10, 10/2022) or, without it, the view URL's
 * (display spelling only, leading zero dropped). The parameter's name comes along for messages.
 */
function readPeriod(
  query: SelectionQuery,
  apiName: string,
  viewName: string,
  problems: SelectionProblem[],
): [string, string] | undefined {
  const api = query.get(apiName)?.trim();
  if (api) return [api, apiName];
  const view = readViewPeriod(query, viewName, problems);
  return view ? [view, viewName] : undefined;
}

/**
 * A view URL's period parameter in display spelling (time_start, time_end, or `time`, the one period a map or
 * horizontal bar shows), leading zero dropped; a period written otherwise is a problem.
 */
export function readViewPeriod(query: SelectionQuery, name: string, problems: SelectionProblem[]): string | undefined {
  const view = query.get(name)?.trim();
  if (!view) return undefined;
  const p = parsePeriod(view, { spelling: 'display' });
  if (p) return formatPeriod(p.freq, p.ordinal);
  problems.push(problem('syntax', name, view, `"${view}" (${PERIOD_SPELLINGS})`));
  return undefined;
}

function readTransform(query: SelectionQuery, problems: SelectionProblem[]): TransformRequest | undefined {
  const kind = query.get('transform')?.trim() || undefined;
  const base = query.get('base')?.trim() || undefined;
  const lagText = query.get('lag')?.trim() || undefined;
  if (kind === undefined) {
    if (base !== undefined)
      problems.push(problem('bad_transform', 'base', base, `"${base}" (base goes with transform=index)`));
    if (lagText !== undefined)
      problems.push(problem('bad_transform', 'lag', lagText, `"${lagText}" (lag goes with transform=change or diff)`));
    return undefined;
  }
  if (!(TRANSFORM_KINDS as readonly string[]).includes(kind)) {
    problems.push(problem('bad_transform', 'transform', kind, `"${kind}" (one of ${TRANSFORM_KINDS.join(', ')})`));
    return undefined;
  }
  if (kind === 'index') {
    if (lagText !== undefined)
      problems.push(problem('bad_transform', 'lag', lagText, `"${lagText}" (transform=index takes base, not lag)`));
    if (base === undefined) {
      problems.push(problem('bad_transform', 'base', '', 'transform=index needs base=PERIOD (e.g. base=1/2020)'));
      return undefined;
    }
    return { kind: 'index', base };
  }
  if (base !== undefined)
    problems.push(problem('bad_transform', 'base', base, `"${base}" (transform=${kind} takes lag, not base)`));
  if (lagText === undefined) return { kind: kind as 'change' | 'diff', lag: 1 };
  const lag = /^\d{1,5}$/.test(lagText) ? Number(lagText) : NaN;
  if (!(lag >= 1 && lag <= MAX_LAG)) {
    problems.push(
      problem('bad_transform', 'lag', lagText, `"${lagText}" (a whole number of periods, 1 to ${MAX_LAG})`),
    );
    return undefined;
  }
  return { kind: kind as 'change' | 'diff', lag };
}

const PERIOD_EXAMPLE: Record<Frequency, string> = {
  A: '2022',
  S: 'S1/2022',
  Q: 'Q3/2022',
  M: '10/2022',
  W: 'W5/2022',
  D: '2022-10-03',
};

/** The same periods in the source spelling (JSON-stat, SDMX), for the Statistics API's messages. */
const SOURCE_PERIOD_EXAMPLE: Record<Frequency, string> = {
  A: '2022',
  S: '2022-S1',
  Q: '2022-Q3',
  M: '2022-10',
  W: '2022-W05',
  D: '2022-10-03',
};

/** The dataset parts the parser checks a request against. */
export type SelectionMeta = Pick<DatasetMeta, 'dataset_code' | 'frequency' | 'dimensions' | 'available_countries'>;

/** Checks a request against a dataset: each problem names what was left out of the returned selection. */
export function resolveSelection(meta: SelectionMeta, request: SelectionRequest): ParsedSelection {
  const problems: SelectionProblem[] = [];
  const selection: Selection = { dims: {} };
  for (const [key, codes] of Object.entries(request.dims)) {
    const dim = meta.dimensions.find((d) => d.key === key);
    if (!dim) {
      const value = codes === '*' ? '*' : codes.join(',');
      const names = meta.dimensions.map((d) => `${d.key} ${d.code}`).join(', ');
      problems.push(
        problem('unknown_dimension', key, value, `the dataset has ${meta.dimensions.length} dimensions (${names})`),
      );
      continue;
    }
    if (codes === '*') {
      selection.dims[key] = '*';
      continue;
    }
    const known: string[] = [];
    for (const code of codes) {
      if (dim.values.some((v) => v.code === code)) known.push(code);
      else problems.push(problem('unknown_value', key, code, `"${code}" is not a value of ${dim.code}`));
    }
    if (known.length > 0) selection.dims[key] = known;
  }
  if (request.countries.length > 0) {
    const known: string[] = [];
    for (const code of request.countries) {
      if (meta.available_countries.some((g) => g.code === code)) known.push(code);
      else problems.push(problem('unknown_country', 'country', code, `"${code}" has no data in ${meta.dataset_code}`));
    }
    // Every country unknown: an empty list, so the view shows nothing rather than every country.
    selection.countries = known;
  }
  const period = (name: string, raw: string | undefined) => {
    if (raw === undefined) return undefined;
    const p = parsePeriod(raw);
    if (p && p.freq === meta.frequency) return p.ordinal;
    problems.push(
      problem('bad_period', name, raw, `"${raw}" (this dataset's periods look like ${PERIOD_EXAMPLE[meta.frequency]})`),
    );
    return undefined;
  };
  const from = period(request.fromParam ?? 'period_from', request.from);
  const to = period(request.toParam ?? 'period_to', request.to);
  if (from !== undefined) selection.from = from;
  if (to !== undefined) selection.to = to;
  const t = request.transform;
  if (t?.kind === 'index') {
    const base = period('base', t.base);
    if (base !== undefined)
      selection.transform = { kind: 'index', base, baseLabel: formatPeriod(meta.frequency, base) };
  } else if (t) {
    selection.transform = { kind: t.kind, lag: t.lag };
  }
  if (request.asOf) selection.asOf = request.asOf;
  return { selection, problems };
}

/** Reads and checks a query against a dataset: the one parser. */
export function parseSelection(meta: SelectionMeta, query: SelectionQuery): ParsedSelection {
  const read = readSelection(query);
  const resolved = resolveSelection(meta, read.request);
  return { selection: resolved.selection, problems: [...read.problems, ...resolved.problems] };
}

/** A plain object of parameters (`{ country: 'DE,FR' }`) as a query the parser reads. */
export function queryOf(params: Record<string, string | readonly string[] | undefined>): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    for (const item of typeof v === 'string' ? [v] : v) q.append(k, item);
  }
  return q;
}

/** The query pairs of a transformation (`transform=index&base=1/2020`), in the order URLs write them. */
export function transformPairs(t: TransformRequest | undefined): [string, string][] {
  if (!t) return [];
  return t.kind === 'index'
    ? [
        ['transform', 'index'],
        ['base', t.base],
      ]
    : [
        ['transform', t.kind],
        ['lag', String(t.lag)],
      ];
}

/** A resolved transformation as URLs write it. */
export function transformRequestOf(t: Transform | undefined): TransformRequest | undefined {
  if (!t) return undefined;
  return t.kind === 'index' ? { kind: 'index', base: t.baseLabel } : { kind: t.kind, lag: t.lag };
}

/** How a page shows a view whose URL asks for what the dataset lacks (decision 035). */
export interface PageSelection {
  /** The view without the parts that have problems. */
  selection: Selection;
  /** What was left out, each as the API's message ('invalid country: "ZZ" has no data in prc_hicp_manr'). */
  leftOut: string[];
  /**
   * Set when nothing of what the URL asked for is left to show: every country it names (`no_data`), or every code of
   * a dimension it names (`no_series`, which would otherwise fall back to the main series: a different view).
   */
  empty?: 'no_data' | 'no_series';
}

/**
 * Pages read a URL leniently but never silently: the view is shown without what the dataset lacks and says what it
 * left out; when nothing asked for is left, the page says so instead of showing another view.
 */
export function pageSelection(meta: SelectionMeta, query: SelectionQuery): PageSelection {
  const { request, problems } = readSelection(query);
  const page = resolvePageSelection(meta, request);
  return { ...page, leftOut: [...problems.map((p) => p.message), ...page.leftOut] };
}

/** `pageSelection` of a request already read (a page's view spec). */
export function resolvePageSelection(meta: SelectionMeta, request: SelectionRequest): PageSelection {
  const { selection, problems } = resolveSelection(meta, request);
  const out: PageSelection = { selection, leftOut: problems.map((p) => p.message) };
  const droppedDimension = Object.keys(request.dims).some((key) => selection.dims[key] === undefined);
  if (droppedDimension) out.empty = 'no_series';
  else if (selection.countries && selection.countries.length === 0) out.empty = 'no_data';
  return out;
}

/** The note a page shows under a view it left something out of (decision 035). */
export function leftOutNote(leftOut: readonly string[]): string | null {
  if (leftOut.length === 0) return null;
  return `Not shown: ${leftOut.map((m) => m.replace(/^invalid /, '')).join('; ')}`;
}
