// One bar of a single-period bar chart (sparse bars, horizontal bars) and its sort order.

export interface BarDatum {
  key: string;
  label: string;
  colorIndex: number;
  value: number;
}

/** Bars sorted by value, highest first; equal values keep alphabetical label order. Does not modify its input. */
export function sortBarsDescending<T extends BarDatum>(bars: readonly T[]): T[] {
  return [...bars].sort((a, b) => b.value - a.value || a.label.localeCompare(b.label, 'en'));
}
