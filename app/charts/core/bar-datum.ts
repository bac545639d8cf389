// One bar of a single-period bar chart (sparse bars, horizontal bars) and its sort order.

export interface BarDatum {
  key: string;
  label: string;
  colorIndex: number;
  value: number;
  /** An aggregate (EU27_2020, EA20): set apart from the countries. */
  aggregate?: boolean;
  /** The place's short name ('EU27') for where the label does not fit. */
  shortLabel?: string;
}

/** Bars sorted by value, highest first; equal values keep alphabetical label order. Does not modify its input. */
export function sortBarsDescending<T extends BarDatum>(bars: readonly T[]): T[] {
  return [...bars].sort((a, b) => b.value - a.value || a.label.localeCompare(b.label, 'en'));
}

/** Aggregates (EU, euro area) before the countries, each group in its order: a reference, not a rank. */
export function aggregatesFirst<T extends { aggregate?: boolean }>(bars: readonly T[]): T[] {
  return [...bars.filter((b) => b.aggregate), ...bars.filter((b) => !b.aggregate)];
}
