// Line chart state: the series and periods shown, the value extent and a text summary; no pixels.
import type { DatasetData } from '#core/schemas/dataset';
import { sliceTable, allValues } from '../core/chart-series';
import { describeChart, describedSeries } from '../core/chart-description';
import { selectTable, valueRange, type ChartStateInput, type RangeState } from '../core/chart-interface';
import { NO_DATA_MESSAGE, type ChartErrorState } from '../core/chart-messages';
import { resolvePeriodIndex } from '../core/slider';

export interface LineStateInput extends ChartStateInput {
  /** The slider: first period shown. Default 0. */
  startIndex?: number;
  /** The slider's end thumb: last period shown; -1 or absent = the latest (decision 199). */
  endIndex?: number;
}

/** The shown range: its periods and the series that have a value in it. */
export type LineReadyState = RangeState;

export type LineState = LineReadyState | ChartErrorState;

/** The state of a line chart: one line per country (or per series for one country) from the slider's start. */
export function buildLineState(data: DatasetData, input: LineStateInput = {}): LineState {
  const selected = selectTable(data, input);
  if (selected.status === 'error') return selected;
  const { title, table: full } = selected;
  const startIndex = resolvePeriodIndex(input.startIndex ?? 0, full.periods.length);
  const endIndex = Math.max(startIndex, resolvePeriodIndex(input.endIndex ?? -1, full.periods.length));
  const table = sliceTable(full, startIndex, endIndex);
  const values = allValues(table.series);
  if (values.length === 0) return { status: 'error', title, message: NO_DATA_MESSAGE };
  return { status: 'ok', title, table, startIndex, totalPeriods: full.periods.length, ...valueRange(values) };
}

/** The chart in words (decision 213): per series its start, a notable peak or low and its latest value. */
export function describeLine(state: LineState, flags?: ReadonlyMap<string, string>): string {
  if (state.status === 'error') return state.message;
  const { table } = state;
  return describeChart({
    kind: 'series',
    title: state.title,
    unit: table.unit,
    decimals: state.decimals,
    periods: table.periods,
    series: describedSeries(table, flags),
  });
}
