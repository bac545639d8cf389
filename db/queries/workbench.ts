// The workbench's loader (decision 110): each indicator's dataset, its series and its values for the places and the
// period range, read through the one view loader (db/queries/view.ts) and put on the shared axis. The page and the
// export API both read through here.
import { convertOrdinal, frequencySchema, type Frequency } from '../../core/periods';
import type { DatasetMeta } from '../../core/schemas/dataset';
import {
  axisFrequency,
  axisRange,
  combineIndicators,
  indicatorToken,
  rangeInFrequency,
  type CombinedTable,
  type Indicator,
  type IndicatorColumn,
  type WorkbenchSelection,
} from '../../core/workbench';
import type { ReadDb } from '../client';
import { loadView, openDataset, valueCapOf } from './view';

export interface LoadedIndicator {
  indicator: Indicator;
  token: string;
  meta: DatasetMeta;
  /** Every dimension's code (the main series' where the URL left one out). */
  dims: Record<string, string>;
}

export interface WorkbenchData {
  indicators: LoadedIndicator[];
  /** The places the indicators know, in the chosen order (a code no dataset has is left out and reported). */
  places: { code: string; name: string }[];
  table: CombinedTable;
  /** Indicators and places that were left out, as sentences. */
  problems: string[];
}

/** Resolves an indicator against the catalogue: its dataset and a known value for every dimension. */
export async function resolveIndicator(
  db: ReadDb,
  indicator: Indicator,
): Promise<{ value: LoadedIndicator } | { problem: string }> {
  const token = indicatorToken(indicator);
  const opened = await openDataset(db, indicator.dataset);
  if (!opened) return { problem: `No dataset ${indicator.dataset}: "${token}" left out` };
  const { meta } = opened;
  const dims: Record<string, string> = {};
  for (const d of meta.dimensions) dims[d.key] = indicator.dims[d.key] ?? d.default;
  for (const [key, code] of Object.entries(indicator.dims)) {
    const dim = meta.dimensions.find((d) => d.key === key);
    if (!dim || !dim.values.some((v) => v.code === code)) {
      return { problem: `${meta.dataset_code} has no ${key} value ${code}: "${token}" left out` };
    }
  }
  return { value: { indicator: { dataset: meta.dataset_code, dims: indicator.dims }, token, meta, dims } };
}

/** A label naming the indicator's series: the dataset, then the dimension values it does not take by default. */
export function indicatorLabel(meta: DatasetMeta, dims: Record<string, string>): string {
  const chosen = meta.dimensions
    .filter((d) => dims[d.key] !== d.default)
    .map((d) => d.values.find((v) => v.code === dims[d.key])?.label ?? dims[d.key]);
  return [meta.dataset_name, ...chosen].join(' · ');
}

export async function loadWorkbench(db: ReadDb, sel: WorkbenchSelection): Promise<WorkbenchData> {
  const problems: string[] = [];
  const indicators: LoadedIndicator[] = [];
  for (const ind of sel.indicators) {
    const resolved = await resolveIndicator(db, ind);
    if ('problem' in resolved) problems.push(resolved.problem);
    else indicators.push(resolved.value);
  }
  const known = new Map<string, string>();
  for (const i of indicators) for (const c of i.meta.available_countries) known.set(c.code, c.name);
  const places = sel.places.filter((p) => known.has(p) || indicators.length === 0);
  for (const p of sel.places) if (!places.includes(p)) problems.push(`No indicator has data for ${p}: left out`);
  const freqs = indicators.map((i) => frequencySchema.parse(i.meta.frequency));
  const axis = axisFrequency(freqs);
  const range = axisRange(sel, axis);
  const columns: IndicatorColumn[] = [];
  // One value cap for the whole table (db/queries/view.ts): each indicator reads at most what the others left; more
  // throw ViewTooLarge (the API's 400 too_many_values). The workbench's own limits keep within it: at most 6
  // indicators × 12 places × a monthly series since 1942 is about 73,000 values.
  let budget = valueCapOf(db);
  for (const [n, i] of indicators.entries()) {
    const freq: Frequency = freqs[n]!;
    const own = rangeInFrequency(range, axis, freq);
    // Without places nothing is read: the page asks for them first. At most 12 places of one series: bounded.
    const rows =
      places.length === 0
        ? []
        : (
            await loadView(
              db,
              i.meta,
              {
                dims: Object.fromEntries(Object.entries(i.dims).map(([k, v]) => [k, [v]])),
                countries: places,
                from: own.from,
                to: own.to,
              },
              { maxValues: budget },
            )
          ).rows;
    budget -= rows.length;
    columns.push({
      token: i.token,
      dataset: i.meta.dataset_code,
      label: indicatorLabel(i.meta, i.dims),
      unit: i.meta.unit,
      freq,
      points: rows.flatMap((r) =>
        r.value === null
          ? []
          : [
              {
                geo: r.geo,
                geoName: r.geoName,
                period: r.period,
                value: r.value,
                decimals: r.decimals,
                flags: r.flags,
              },
            ],
      ),
    });
  }
  // Without a range asked for, the axis starts where every indicator has data (a shared start), up to the newest.
  const shared = sel.from === undefined ? sharedStart(columns, axis) : range.from;
  const table = combineIndicators(columns, places, { from: shared, to: range.to });
  return {
    indicators,
    places: places.map((code) => ({ code, name: known.get(code) ?? code })),
    table,
    problems,
  };
}

/** The latest of the indicators' first periods (at its first sub-period): before it, some panels would be empty. */
function sharedStart(columns: readonly IndicatorColumn[], axis: Frequency): number | undefined {
  const firsts = columns
    .filter((c) => c.points.length > 0)
    .map((c) => convertOrdinal(c.freq, Math.min(...c.points.map((p) => p.period)), axis, 'start'));
  return firsts.length ? Math.max(...firsts) : undefined;
}
