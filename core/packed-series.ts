// A view's series in columns for the trip from a page's loader to the browser, read back into the API's rows exactly
// (decision 169): turbo-stream writes a row object's every key and value as an index, three times these columns.
import type { DatasetData, Row, Series } from './schemas/dataset';

/** One series with its rows turned into columns: the periods once, per place its values and its flags. */
export interface PackedSeries {
  id: number;
  series_key: Series['series_key'];
  /** Each row's period, in the rows' order. */
  periods: string[];
  /** Every place the rows name, in an order each row's keys follow (the loader's, by name). */
  places: string[];
  /**
   * Per place (in the order of `places`), its value in each row, separated by commas: the shortest decimal that reads
   * back as the same number (`-0` for negative zero), empty where the row has none; the empties at the end left off.
   */
  values: string[];
  /** Each flag of a place with the rows that carry it: [index in `places`, the flag as published, '0-339' or '3,5-7']. */
  flags: [place: number, flag: string, rows: string][];
}

/** The data response with its series packed; everything else as it was. */
export type PackedDatasetData = Omit<DatasetData, 'data'> & { data: PackedSeries[] };

export function packDatasetData(data: DatasetData): PackedDatasetData {
  return { ...data, data: data.data.map(packSeries) };
}

export function unpackDatasetData(packed: PackedDatasetData): DatasetData {
  return { ...packed, data: packed.data.map(unpackSeries) };
}

export function packSeries(series: Series): PackedSeries {
  const places = placeOrder(series.rows);
  const indexOf = new Map(places.map((place, i) => [place, i]));
  const tokens: string[][] = places.map(() => []);
  const flagRows: Map<string, number[]>[] = places.map(() => new Map());
  series.rows.forEach((row, r) => {
    for (const [place, value] of Object.entries(row.values)) tokens[indexOf.get(place)!]![r] = numberToken(value);
    for (const [place, flag] of Object.entries(row.flags ?? {})) {
      const byFlag = flagRows[indexOf.get(place)!]!;
      const rows = byFlag.get(flag);
      if (rows) rows.push(r);
      else byFlag.set(flag, [r]);
    }
  });
  const flags: PackedSeries['flags'] = [];
  flagRows.forEach((byFlag, place) => {
    for (const [flag, rows] of byFlag) flags.push([place, flag, runsOf(rows)]);
  });
  return {
    id: series.id,
    series_key: series.series_key,
    periods: series.rows.map((row) => row.period),
    places,
    // A row a place has no value in is a hole: join writes it as an empty token, and the array ends at its last value.
    values: tokens.map((t) => t.join(',')),
    flags,
  };
}

export function unpackSeries(packed: PackedSeries): Series {
  const tokens = packed.values.map((v) => v.split(','));
  const flagAt: string[][] = packed.places.map(() => []);
  for (const [place, flag, rows] of packed.flags) for (const r of rowsOf(rows)) flagAt[place]![r] = flag;
  const rows = packed.periods.map((period, r) => {
    const row: Row = { period, values: {} };
    packed.places.forEach((place, p) => {
      const token = tokens[p]![r];
      if (token) row.values[place] = Number(token);
      const flag = flagAt[p]![r];
      if (flag !== undefined) (row.flags ??= {})[place] = flag;
    });
    return row;
  });
  return { id: packed.id, series_key: packed.series_key, rows };
}

/** `String` is the shortest decimal that reads back as the same double, except that it writes -0 as '0'. */
function numberToken(value: number): string {
  return Object.is(value, -0) ? '-0' : String(value);
}

/**
 * The places in an order that each row's keys follow: a place first seen goes right after the row's key before it.
 * The loader's rows all follow one order (by name), which this gives back, so the rows read back with their keys as
 * they were.
 */
function placeOrder(rows: readonly Row[]): string[] {
  const order: string[] = [];
  const position = new Map<string, number>();
  for (const row of rows) {
    let at = 0;
    for (const place of [...Object.keys(row.values), ...Object.keys(row.flags ?? {})]) {
      const known = position.get(place);
      if (known !== undefined) {
        at = Math.max(at, known + 1);
        continue;
      }
      order.splice(at, 0, place);
      for (let i = at; i < order.length; i++) position.set(order[i]!, i);
      at += 1;
    }
  }
  return order;
}

/** Ascending row indices as runs: [0, 1, 2, 5] → '0-2,5'. */
function runsOf(rows: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < rows.length;) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1] === rows[j]! + 1) j++;
    runs.push(i === j ? String(rows[i]) : `${rows[i]}-${rows[j]}`);
    i = j + 1;
  }
  return runs.join(',');
}

function rowsOf(runs: string): number[] {
  if (!runs) return [];
  return runs.split(',').flatMap((run) => {
    const [from, to = from] = run.split('-').map(Number);
    return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i);
  });
}
