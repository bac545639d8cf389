// Horizontal bar state: one period (the slider's, latest by default), countries sorted descending; no pixels.
import { extent } from 'd3-array';
import type { DatasetData } from '../../../core/schemas/dataset';
import { buildChartTable, type ChartSelection } from '../core/chart-series';
import { listValues } from '../core/chart-description';
import { NO_HBAR_DATA_MESSAGE, type ChartErrorState } from '../core/chart-messages';
import { decimalsFor } from '../core/number-format';
import { resolvePeriodIndex } from '../core/slider';
import { sortBarsDescending, type BarDatum } from '../core/bar-datum';

export interface HbarStateInput extends ChartSelection {
  /** The slider: the one period shown; -1 or absent means the latest, otherwise clamped. */
  periodIndex?: number;
  title?: string;
}

export interface HbarReadyState {
  status: 'ok';
  title: string;
  unit: string;
  period: string;
  periodIndex: number;
  /** All periods of the timeline, for the slider's labels. */
  periods: string[];
  /** Highest first. */
  bars: BarDatum[];
  min: number;
  max: number;
  decimals: number;
}

export type HbarState = HbarReadyState | ChartErrorState;

/** The state of a horizontal bar chart: every selected series' value in one period, highest first. */
export function buildHbarState(data: DatasetData, input: HbarStateInput = {}): HbarState {
  const title = input.title || data.dataset.dataset_name;
  const error: ChartErrorState = { status: 'error', title, message: NO_HBAR_DATA_MESSAGE };
  const table = buildChartTable(data, input);
  if (table.series.length === 0 || table.periods.length === 0) return error;
  const periodIndex = resolvePeriodIndex(input.periodIndex ?? -1, table.periods.length);
  const bars = table.series.flatMap((s): BarDatum[] => {
    const value = s.values[periodIndex];
    return value === null || value === undefined
      ? []
      : [
          {
            key: s.key,
            label: s.label,
            colorIndex: s.colorIndex,
            value,
            ...(s.shortLabel ? { shortLabel: s.shortLabel } : {}),
          },
        ];
  });
  if (bars.length === 0) return error;
  const values = bars.map((b) => b.value);
  const [min = 0, max = 0] = extent(values);
  return {
    status: 'ok',
    title,
    unit: table.unit,
    period: table.periods[periodIndex] ?? '',
    periodIndex,
    periods: table.periods,
    bars: sortBarsDescending(bars),
    min,
    max,
    decimals: decimalsFor(values),
  };
}

/** A text alternative of the chart. */
export function describeHbar(state: HbarState): string {
  if (state.status === 'error') return state.message;
  return `Horizontal bar chart of ${state.unit || 'values'} in ${state.period}, highest first: ${listValues(state.bars, state.decimals, 10)}.`;
}
