// Line chart state: the series and periods shown, the value extent and a text summary; no pixels.
import type { DatasetData } from '../../../core/schemas/dataset';
import { buildChartTable, sliceTable, allValues, type ChartSelection, type ChartTable } from '../core/chart-series';
import { extremes, latestValue, listLabels, listValues } from '../core/chart-description';
import { NO_DATA_MESSAGE, NO_MATCHING_SERIES_MESSAGE, type ChartErrorState } from '../core/chart-messages';
import { decimalsFor } from '../core/number-format';
import { resolvePeriodIndex } from '../core/slider';
import { extent } from 'd3-array';

export interface LineStateInput extends ChartSelection {
  /** The slider: first period shown (the range runs to the latest). Default 0. */
  startIndex?: number;
  title?: string;
}

export interface LineReadyState {
  status: 'ok';
  title: string;
  /** The shown range: its periods and the series that have a value in it. */
  table: ChartTable;
  /** Index of the first shown period in the full timeline, and the timeline's length. */
  startIndex: number;
  totalPeriods: number;
  /** Extent of the shown values. */
  min: number;
  max: number;
  /** Decimals the data carries (HICP: 1). */
  decimals: number;
}

export type LineState = LineReadyState | ChartErrorState;

/** The state of a line chart: one line per country (or per series for one country) from the slider's start. */
export function buildLineState(data: DatasetData, input: LineStateInput = {}): LineState {
  const title = input.title || data.dataset.dataset_name;
  const ids = input.seriesIds ?? [];
  if (ids.length > 0 && !data.data.some((s) => ids.includes(s.id))) {
    return { status: 'error', title, message: NO_MATCHING_SERIES_MESSAGE };
  }
  const full = buildChartTable(data, input);
  if (full.series.length === 0 || full.periods.length === 0)
    return { status: 'error', title, message: NO_DATA_MESSAGE };
  const startIndex = resolvePeriodIndex(input.startIndex ?? 0, full.periods.length);
  const table = sliceTable(full, startIndex);
  const values = allValues(table.series);
  if (values.length === 0) return { status: 'error', title, message: NO_DATA_MESSAGE };
  const [min = 0, max = 0] = extent(values);
  return {
    status: 'ok',
    title,
    table,
    startIndex,
    totalPeriods: full.periods.length,
    min,
    max,
    decimals: decimalsFor(values),
  };
}

/** A text alternative of the chart: what is shown, the latest values and the extremes. */
export function describeLine(state: LineState): string {
  if (state.status === 'error') return state.message;
  const { table, decimals } = state;
  const first = table.periods[0] ?? '';
  const last = table.periods[table.periods.length - 1] ?? '';
  const parts = [
    `Line chart of ${table.unit || 'values'} from ${first} to ${last} for ${listLabels(table.series.map((s) => s.label))}.`,
  ];
  const lastIndex = table.periods.length - 1;
  const latest = table.series
    .map((s) => ({ label: s.label, point: latestValue(s) }))
    .filter((e) => e.point?.index === lastIndex)
    .map((e) => ({ label: e.label, value: e.point?.value ?? 0 }));
  if (latest.length > 0) parts.push(`Latest values (${last}): ${listValues(latest, decimals)}.`);
  const ext = extremes(table.series);
  if (ext) {
    parts.push(
      `Highest: ${listValues([ext.max], decimals)} in ${table.periods[ext.max.index]}; ` +
        `lowest: ${listValues([ext.min], decimals)} in ${table.periods[ext.min.index]}.`,
    );
  }
  return parts.join(' ');
}
