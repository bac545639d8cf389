// Plain-text summaries of chart data for <desc> and screen readers.
import type { ChartSeries } from './chart-series';
import { formatNumber } from './number-format';

/** 'A', 'A and B', 'A, B, C and 4 more'. */
export function listLabels(labels: readonly string[], max = 3): string {
  if (labels.length <= 1) return labels[0] ?? '';
  if (labels.length <= max) return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
  return `${labels.slice(0, max).join(', ')} and ${labels.length - max} more`;
}

/** The latest non-null value of a series with its period index, or null. */
export function latestValue(series: ChartSeries): { index: number; value: number } | null {
  for (let i = series.values.length - 1; i >= 0; i--) {
    const v = series.values[i];
    if (v !== null && v !== undefined) return { index: i, value: v };
  }
  return null;
}

/** The highest and lowest value across series with where they occur, or null without values. */
export function extremes(series: readonly ChartSeries[]): {
  max: { label: string; index: number; value: number };
  min: { label: string; index: number; value: number };
} | null {
  let max: { label: string; index: number; value: number } | null = null;
  let min: { label: string; index: number; value: number } | null = null;
  for (const s of series) {
    for (let index = 0; index < s.values.length; index++) {
      const v = s.values[index];
      if (v === null || v === undefined) continue;
      if (!max || v > max.value) max = { label: s.label, index, value: v };
      if (!min || v < min.value) min = { label: s.label, index, value: v };
    }
  }
  return max && min ? { max, min } : null;
}

/** 'Germany 2.1, France 0.6 and 3 more' for the first `max` entries. */
export function listValues(entries: readonly { label: string; value: number }[], decimals: number, max = 6): string {
  const shown = entries.slice(0, max).map((e) => `${e.label} ${formatNumber(e.value, decimals)}`);
  const rest = entries.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ');
}
