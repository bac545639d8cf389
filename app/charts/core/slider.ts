// Time-slider semantics: line and bar pick the start of the shown range; map and horizontal bar pick one period.

import { sliderModeFor, type ChartType } from '#core/view';

// The chart types and their slider modes are the view's (core/view.ts); the chart engine reads them from here too.
export { CHART_TYPES, sliderModeFor, type ChartType, type SliderMode } from '#core/view';

/** How many periods a bar chart shows when the visitor has not moved the slider. */
export const DEFAULT_BAR_PERIODS = 12;

/** The table keeps the slider's value but hides the slider (specification §2). */
export function isSliderVisible(type: ChartType): boolean {
  return type !== 'table';
}

/**
 * Resolves a slider index against `count` periods: -1 (or any negative, or a non-integer) means
 * the last period; otherwise it is clamped into [0, count - 1]. Returns -1 when there are no periods.
 */
export function resolvePeriodIndex(index: number, count: number): number {
  if (count <= 0) return -1;
  if (!Number.isFinite(index) || index < 0) return count - 1;
  return Math.min(Math.floor(index), count - 1);
}

/** Where the slider starts: the first period for line and table, the last 12 for bar, the latest for map and horizontal bar. */
export function defaultSliderIndex(type: ChartType, count: number): number {
  if (count <= 0) return 0;
  if (sliderModeFor(type) === 'period') return count - 1;
  if (type === 'bar') return Math.max(0, count - DEFAULT_BAR_PERIODS);
  return 0;
}

export interface PeriodRange {
  /** First shown period index, inclusive. */
  start: number;
  /** Last shown period index, inclusive. */
  end: number;
}

/** The periods a chart type shows for a slider index; null when there are no periods. */
export function shownRange(type: ChartType, index: number, count: number): PeriodRange | null {
  if (count <= 0) return null;
  const i = resolvePeriodIndex(index, count);
  return sliderModeFor(type) === 'period' ? { start: i, end: i } : { start: i, end: count - 1 };
}
