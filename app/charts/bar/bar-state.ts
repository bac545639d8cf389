// Bar chart state: sparse bars (one period, sorted descending) or grouped bars per period; no pixels.
import type { DatasetData } from '#core/schemas/dataset';
import { sliceTable, allValues, type ChartTable } from '../core/chart-series';
import { OUTER_PADDING } from '../core/cartesian-layout';
import { describeChart, describedSeries } from '../core/chart-description';
import { selectTable, valueRange, type ChartStateInput, type RangeState } from '../core/chart-interface';
import { NO_DATA_MESSAGE, type ChartErrorState } from '../core/chart-messages';
import { defaultSliderIndex, resolvePeriodIndex } from '../core/slider';
import { aggregatesFirst, sortBarsDescending, type BarDatum } from '../core/bar-datum';

/** Least pixels per bar, gap included, before a range is cut short. */
export const MIN_BAR_STEP = 4;
/**
 * Least pixels per bar, gap included, for grouped bars of several series to carry their series' markers (decision 214):
 * a shape about 3.5 px wide, told apart at a phone's two or three device pixels a pixel. Narrower, the bars go without
 * (the legend and the tooltip still show the markers); the range is not cut shorter for them.
 */
export const MIN_MARKED_BAR_STEP = 4;
/** Horizontal room a bar chart keeps off its bars: outer padding on both sides and the value axis. */
const BAR_CHART_SIDES = 2 * OUTER_PADDING + 60;

/** The most bars a bar chart of this width draws. */
function maxBarsFor(width: number): number {
  return Math.floor(Math.max(0, width - BAR_CHART_SIDES) / MIN_BAR_STEP);
}

/**
 * The last period index a bar chart draws from `startIndex`: grouped bars of `seriesCount` series stop after
 * the periods that fit the width, so that the slider's label and the view's URL name the bars drawn.
 */
export function barRangeEnd(
  startIndex: number,
  total: number,
  seriesCount: number,
  width: number,
  chosenEnd: number = total - 1,
): number {
  const fits = Math.max(1, Math.floor(maxBarsFor(width) / Math.max(1, seriesCount)));
  return Math.min(total - 1, chosenEnd, startIndex + fits - 1);
}

export interface BarStateInput extends ChartStateInput {
  /** The slider: first period shown. Default: the last 12 periods (see defaultSliderIndex). */
  startIndex?: number;
  /** The slider's end thumb: last period shown; -1 or absent = the latest (decision 199). */
  endIndex?: number;
  /** The chart's width: the range is cut short after the periods whose bars fit it (barRangeEnd). */
  width?: number;
}

interface BarCommon extends RangeState {
  /** Last shown period in the full timeline; below totalPeriods - 1 when the range was cut short. */
  endIndex: number;
}

/** A series of the chart without a value in the shown period: it keeps its place, labelled 'No data'. */
export interface MissingBar {
  key: string;
  label: string;
  colorIndex: number;
  shortLabel?: string;
}

/** One period: one bar per series, highest first; series without a value there last, as 'No data'. */
export interface SparseBarState extends BarCommon {
  mode: 'sparse';
  period: string;
  bars: BarDatum[];
  missing: MissingBar[];
}

/** Several periods: a group of bars (one per series) for each period. */
export interface GroupedBarState extends BarCommon {
  mode: 'grouped';
}

export type BarState = SparseBarState | GroupedBarState | ChartErrorState;

/**
 * The state of a bar chart from the slider's start. When the shown range holds values for only one
 * period the bars are sparse: one per series, sorted descending. Otherwise bars are grouped by period.
 */
export function buildBarState(data: DatasetData, input: BarStateInput = {}): BarState {
  const selected = selectTable(data, input);
  if (selected.status === 'error') return selected;
  const { title, table: full } = selected;
  const total = full.periods.length;
  const startIndex = resolvePeriodIndex(input.startIndex ?? defaultSliderIndex('bar', total), total);
  const chosenEnd = Math.max(startIndex, resolvePeriodIndex(input.endIndex ?? -1, total));
  const endIndex =
    input.width && input.width > 0
      ? barRangeEnd(startIndex, total, full.series.length, input.width, chosenEnd)
      : chosenEnd;
  // Series without a value in the range stay (as 'No data'): a euro area that has not reported is not dropped.
  const table = sliceTable(full, startIndex, endIndex, { keepEmpty: true });
  const values = allValues(table.series);
  if (values.length === 0) return { status: 'error', title, message: NO_DATA_MESSAGE };
  const common: BarCommon = {
    status: 'ok',
    title,
    table,
    startIndex,
    endIndex,
    totalPeriods: total,
    ...valueRange(values),
  };
  const withValues = table.periods.map((_, i) => i).filter((i) => table.series.some((s) => s.values[i] !== null));
  const only = withValues.length === 1 ? withValues[0] : undefined;
  if (only === undefined) return { ...common, mode: 'grouped' };
  const bars = table.series.flatMap((s) => {
    const value = s.values[only];
    return value === null || value === undefined
      ? []
      : [{ key: s.key, label: s.label, colorIndex: s.colorIndex, value, ...placeOf(s) }];
  });
  const missing = table.series
    .filter((s) => s.values[only] === null || s.values[only] === undefined)
    .map((s) => ({ key: s.key, label: s.label, colorIndex: s.colorIndex, ...placeOf(s) }));
  return {
    ...common,
    mode: 'sparse',
    period: table.periods[only] ?? '',
    bars: aggregatesFirst(sortBarsDescending(bars)),
    missing,
  };
}

/** Whether a series is an aggregate, and its short name, where it has them. */
function placeOf(s: ChartTable['series'][number]): { aggregate?: boolean; shortLabel?: string } {
  return { ...(s.aggregate ? { aggregate: true } : {}), ...(s.shortLabel ? { shortLabel: s.shortLabel } : {}) };
}

/** The chart in words (decision 213): one period as a ranking, a range per series as the line chart says it. */
export function describeBar(state: BarState, flags?: ReadonlyMap<string, string>): string {
  if (state.status === 'error') return state.message;
  const { table, decimals, title } = state;
  if (state.mode === 'sparse') {
    return describeChart({
      kind: 'ranking',
      title,
      unit: table.unit,
      decimals,
      period: state.period,
      values: state.bars.map((b) => ({ label: b.label, value: b.value, flag: flags?.get(`${b.key}|${state.period}`) })),
      missing: state.missing.map((m) => m.label),
    });
  }
  return describeChart({
    kind: 'series',
    title,
    unit: table.unit,
    decimals,
    periods: table.periods,
    series: describedSeries(table, flags),
    cutShort: state.endIndex < state.totalPeriods - 1,
  });
}
