// Horizontal bar state: one period (the slider's, latest by default), countries sorted descending; no pixels.
import type { DatasetData } from '#core/schemas/dataset';
import { describeChart } from '../core/chart-description';
import {
  selectTable,
  valueRange,
  type ChartStateInput,
  type PeriodState,
  type ValueRange,
} from '../core/chart-interface';
import { NO_HBAR_DATA_MESSAGE, type ChartErrorState } from '../core/chart-messages';
import { resolvePeriodIndex } from '../core/slider';
import { sortBarsDescending, type BarDatum } from '../core/bar-datum';

export interface HbarStateInput extends ChartStateInput {
  /** The slider: the one period shown; -1 or absent means the latest, otherwise clamped. */
  periodIndex?: number;
}

export interface HbarReadyState extends PeriodState, ValueRange {
  /** Highest first. */
  bars: BarDatum[];
}

export type HbarState = HbarReadyState | ChartErrorState;

/** The state of a horizontal bar chart: every selected series' value in one period, highest first. */
export function buildHbarState(data: DatasetData, input: HbarStateInput = {}): HbarState {
  // Series not in the data select nothing: the horizontal bar says its one message for that too.
  const selected = selectTable(data, input, { noData: NO_HBAR_DATA_MESSAGE, noMatch: NO_HBAR_DATA_MESSAGE });
  if (selected.status === 'error') return selected;
  const { title, table } = selected;
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
  if (bars.length === 0) return { status: 'error', title, message: NO_HBAR_DATA_MESSAGE };
  return {
    status: 'ok',
    title,
    unit: table.unit,
    period: table.periods[periodIndex] ?? '',
    periodIndex,
    periods: table.periods,
    bars: sortBarsDescending(bars),
    ...valueRange(bars.map((b) => b.value)),
  };
}

/** The chart in words (decision 213): the highest and lowest bar of the period, and the view's place if given. */
export function describeHbar(state: HbarState, flags?: ReadonlyMap<string, string>, place?: string): string {
  if (state.status === 'error') return state.message;
  return describeChart({
    kind: 'ranking',
    title: state.title,
    unit: state.unit,
    decimals: state.decimals,
    period: state.period,
    values: state.bars.map((b) => ({ label: b.label, value: b.value, flag: flags?.get(`${b.key}|${state.period}`) })),
    ...(place ? { place } : {}),
  });
}
