// The comparison workbench (/app/statistics, decision 110): its URL, the shared period axis and the combined table.
// Pure and isomorphic: the page, its loader and the export API read and write the same URL and build the same table.
import { convertOrdinal, formatPeriod, parsePeriod, periodsPerYear, PERIOD_SPELLINGS, type Frequency } from './periods';
import type { Row } from './schemas/dataset';

/** One indicator: a dataset and one value per dimension (dimN → code); a dimension left out is the main series'. */
export interface Indicator {
  dataset: string;
  dims: Record<string, string>;
}

/** What the workbench shows: a URL names it completely. */
export interface WorkbenchSelection {
  indicators: Indicator[];
  /** Geo codes, in the order chosen. */
  places: string[];
  /** The period range in display spelling (YYYY, Q{n}/YYYY, M/YYYY, W{n}/YYYY, YYYY-MM-DD), inclusive; absent: where every indicator has data, to the newest. */
  from?: string;
  to?: string;
}

export const MAX_INDICATORS = 6;
export const MAX_PLACES = 12;

const CODE = /^[A-Za-z0-9_.\-+]+$/;
const DIMENSION_KEY = /^dim[1-9]\d*$/;

/** Minimal read access to query parameters, satisfied by URLSearchParams. */
export interface WorkbenchQueryReader {
  get(name: string): string | null;
  getAll(name: string): string[];
}

/** `une_rt_m,dim1:SA,dim3:PC_ACT`: the dataset code, then dimN:code pairs in dimension order. */
export function indicatorToken(ind: Indicator): string {
  const dims = Object.keys(ind.dims)
    .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))
    .map((k) => `${k}:${ind.dims[k]}`);
  return [ind.dataset, ...dims].join(',');
}

/** Reads an indicator token; a problem text for one that is not `code[,dimN:code…]`. */
export function parseIndicatorToken(token: string): Indicator | { problem: string } {
  const [dataset = '', ...pairs] = token.split(',').map((p) => p.trim());
  if (!CODE.test(dataset))
    return { problem: `invalid indicator: "${token}" (write code,dimN:value, e.g. une_rt_m,dim1:SA)` };
  const dims: Record<string, string> = {};
  for (const pair of pairs) {
    const [key = '', code = ''] = pair.split(':', 2);
    if (!DIMENSION_KEY.test(key) || !CODE.test(code) || dims[key] !== undefined) {
      return { problem: `invalid indicator: "${token}" (write code,dimN:value, e.g. une_rt_m,dim1:SA)` };
    }
    dims[key] = code;
  }
  return { dataset, dims };
}

export function sameIndicator(a: Indicator, b: Indicator): boolean {
  return indicatorToken(a) === indicatorToken(b);
}

function validPeriod(raw: string | null): string | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  const p = parsePeriod(text);
  return p ? formatPeriod(p.freq, p.ordinal) : undefined;
}

/**
 * The workbench URL: repeated `i` (indicator tokens), `geo` (codes, comma lists or repeated), `from` and `to`.
 * Invalid parts are dropped and reported, never thrown; duplicates are dropped; lists are cut at their maximum.
 */
export function parseWorkbenchQuery(query: WorkbenchQueryReader): {
  selection: WorkbenchSelection;
  problems: string[];
} {
  const problems: string[] = [];
  const indicators: Indicator[] = [];
  for (const token of query.getAll('i').filter((t) => t.trim())) {
    const parsed = parseIndicatorToken(token);
    if ('problem' in parsed) problems.push(parsed.problem);
    else if (indicators.some((i) => sameIndicator(i, parsed))) continue;
    else if (indicators.length >= MAX_INDICATORS)
      problems.push(`at most ${MAX_INDICATORS} indicators: "${token}" left out`);
    else indicators.push(parsed);
  }
  const places: string[] = [];
  for (const code of query
    .getAll('geo')
    .flatMap((g) => g.split(','))
    .map((g) => g.trim())
    .filter(Boolean)) {
    const upper = code.toUpperCase();
    if (!CODE.test(code)) problems.push(`invalid geo: "${code}"`);
    else if (places.includes(upper)) continue;
    else if (places.length >= MAX_PLACES) problems.push(`at most ${MAX_PLACES} places: "${code}" left out`);
    else places.push(upper);
  }
  const selection: WorkbenchSelection = { indicators, places };
  for (const name of ['from', 'to'] as const) {
    const raw = query.get(name);
    const period = validPeriod(raw);
    if (period) selection[name] = period;
    else if (raw?.trim()) problems.push(`invalid ${name}: "${raw}" (${PERIOD_SPELLINGS})`);
  }
  return { selection, problems };
}

/** The canonical query string of a selection (no leading ?), readable: `i=une_rt_m,dim1:SA&geo=DE,FR&from=2015`. */
export function workbenchQuery(sel: WorkbenchSelection): string {
  const enc = (v: string) => encodeURIComponent(v).replace(/%3A/gi, ':').replace(/%2F/gi, '/').replace(/%2C/gi, ',');
  const parts = sel.indicators.map((i) => `i=${enc(indicatorToken(i))}`);
  if (sel.places.length) parts.push(`geo=${enc(sel.places.join(','))}`);
  if (sel.from) parts.push(`from=${enc(sel.from)}`);
  if (sel.to) parts.push(`to=${enc(sel.to)}`);
  return parts.join('&');
}

/** The shared axis's frequency: the finest of the indicators' (monthly with HICP beside annual GDP growth). */
export function axisFrequency(freqs: readonly Frequency[]): Frequency {
  return freqs.reduce<Frequency>((best, f) => (periodsPerYear(f) > periodsPerYear(best) ? f : best), 'A');
}

/**
 * Where a period sits on the axis: at its last sub-period (2024 → 12/2024, Q3/2024 → 9/2024), the moment its
 * value is complete. A coarser value is shown once there, never repeated over its months or interpolated.
 */
export function onAxis(freq: Frequency, ordinal: number, axis: Frequency): number {
  return convertOrdinal(freq, ordinal, axis, 'end');
}

/** The range as axis ordinals: `from` at its first sub-period, `to` at its last (from=2015 → 1/2015, to=2024 → 12/2024). */
export function axisRange(
  sel: Pick<WorkbenchSelection, 'from' | 'to'>,
  axis: Frequency,
): { from?: number; to?: number } {
  const at = (text: string | undefined, edge: 'start' | 'end') => {
    const p = text ? parsePeriod(text) : null;
    return p ? convertOrdinal(p.freq, p.ordinal, axis, edge) : undefined;
  };
  return { from: at(sel.from, 'start'), to: at(sel.to, 'end') };
}

/** An axis range in a dataset's own frequency: the periods whose axis position can fall inside it. */
export function rangeInFrequency(range: { from?: number; to?: number }, axis: Frequency, freq: Frequency) {
  return {
    from: range.from === undefined ? undefined : convertOrdinal(axis, range.from, freq, 'start'),
    to: range.to === undefined ? undefined : convertOrdinal(axis, range.to, freq, 'start'),
  };
}

/** One stored value of an indicator, in its dataset's own frequency. */
export interface IndicatorPoint {
  geo: string;
  geoName: string;
  period: number;
  value: number;
  decimals: number | null;
  flags: string | null;
}

export interface IndicatorColumn {
  /** The URL token, also the column's name in the exports. */
  token: string;
  dataset: string;
  label: string;
  unit: string;
  freq: Frequency;
  points: IndicatorPoint[];
}

export interface CombinedCell {
  value: number;
  /** As published: 13.0 stays 13.0. */
  text: string;
  /** The value's own period (2024 for an annual value on the 12/2024 row). */
  period: string;
  flags: string | null;
}

export interface CombinedRow {
  /** The axis period (M/YYYY on a monthly axis). */
  period: string;
  geo: string;
  geoName: string;
  /** One cell per indicator, in the indicators' order; null where it has no value for this period and place. */
  cells: (CombinedCell | null)[];
}

export interface CombinedTable {
  axis: Frequency;
  /** Axis ordinals of the range shown, first and last (null without data). */
  first: number | null;
  last: number | null;
  columns: Omit<IndicatorColumn, 'points'>[];
  rows: CombinedRow[];
}

export function publishedText(value: number, decimals: number | null): string {
  return decimals === null ? String(value) : value.toFixed(decimals);
}

/**
 * Every indicator on the shared axis: one row per axis period and place that has at least one value, ordered by
 * period, then by the places' chosen order. Values outside the range are left out.
 */
export function combineIndicators(
  columns: readonly IndicatorColumn[],
  places: readonly string[],
  range: { from?: number; to?: number },
): CombinedTable {
  const axis = axisFrequency(columns.map((c) => c.freq));
  const byKey = new Map<string, CombinedRow>();
  const order = new Map(places.map((p, i) => [p, i]));
  let first: number | null = null;
  let last: number | null = null;
  const keyed: { at: number; row: CombinedRow }[] = [];
  columns.forEach((col, ci) => {
    for (const p of col.points) {
      const at = onAxis(col.freq, p.period, axis);
      if ((range.from !== undefined && at < range.from) || (range.to !== undefined && at > range.to)) continue;
      const key = `${at}|${p.geo}`;
      let row = byKey.get(key);
      if (!row) {
        row = { period: formatPeriod(axis, at), geo: p.geo, geoName: p.geoName, cells: columns.map(() => null) };
        byKey.set(key, row);
        keyed.push({ at, row });
      }
      row.cells[ci] = {
        value: p.value,
        text: publishedText(p.value, p.decimals),
        period: formatPeriod(col.freq, p.period),
        flags: p.flags,
      };
      first = first === null ? at : Math.min(first, at);
      last = last === null ? at : Math.max(last, at);
    }
  });
  const rank = (geo: string) => order.get(geo) ?? places.length;
  keyed.sort((a, b) => a.at - b.at || rank(a.row.geo) - rank(b.row.geo) || a.row.geoName.localeCompare(b.row.geoName));
  return {
    axis,
    first,
    last,
    columns: columns.map(({ points: _points, ...c }) => c),
    rows: keyed.map((k) => k.row),
  };
}

/**
 * One indicator's rows for a line chart of its panel: its values at their own periods (2020, not the 12/2020 row the
 * table puts it on), keyed by place name as the data API keys them. The panel draws them on the shared axis, each in
 * the middle of the axis periods it covers, over the table's whole range (`first` … `last`), so that every panel spans
 * the same range and a period sits at the same x in each (decision 199).
 */
export function panelRows(table: CombinedTable, column: number): Row[] {
  const rows = new Map<string, Row>();
  for (const r of table.rows) {
    const cell = r.cells[column];
    if (!cell) continue;
    let row = rows.get(cell.period);
    if (!row) {
      row = { period: cell.period, values: {} };
      rows.set(cell.period, row);
    }
    row.values[r.geoName] = cell.value;
    if (cell.flags) (row.flags ??= {})[r.geoName] = cell.flags;
  }
  return [...rows.values()];
}
