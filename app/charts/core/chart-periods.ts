// Period helpers for charts: chronological order, contiguous timelines and range picking.
import { convertOrdinal, formatPeriod, parsePeriod, type Frequency } from '#core/periods';

/** The period's first day (days since 1970-01-01), comparable across frequencies; null if unparseable. */
export function periodSortKey(period: string): number | null {
  const p = parsePeriod(period);
  return p ? convertOrdinal(p.freq, p.ordinal, 'D', 'start') : null;
}

/** Rows in chronological order (10/2022 after 9/2022, not before); unparseable periods go last. Stable. */
export function sortRowsChronologically<T extends { period: string }>(rows: readonly T[]): T[] {
  return rows
    .map((row, i) => ({ row, i, key: periodSortKey(row.period) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) return a.key === null ? (b.key === null ? a.i - b.i : 1) : -1;
      return a.key - b.key || a.i - b.i;
    })
    .map((x) => x.row);
}

/** Items from `start` to `end` inclusive (default: the last), with both ends clamped into the list. */
export function pickRange<T>(items: readonly T[], start: number, end: number = items.length - 1): T[] {
  if (items.length === 0) return [];
  const s = Math.max(0, Math.min(Number.isFinite(start) ? Math.floor(start) : 0, items.length - 1));
  const e = Math.max(s, Math.min(Number.isFinite(end) ? Math.floor(end) : items.length - 1, items.length - 1));
  return items.slice(s, e + 1);
}

/** The longest timeline a chart builds, a guard against a stray far-away period. */
export const MAX_TIMELINE = 5000;

/**
 * Every period of `freq` from the earliest to the latest ordinal, so that a period missing from
 * the data becomes a gap rather than being skipped. Returns display labels and ordinals. Days are
 * the exception: only the days some series has a value for, since daily data is published on working
 * days (exchange rates) and a weekend is no gap; the time slider steps from one of them to the next.
 */
export function contiguousTimeline(
  freq: Frequency,
  ordinals: Iterable<number>,
): { ordinals: number[]; labels: string[] } {
  const all = [...ordinals];
  let min = Infinity;
  let max = -Infinity;
  for (const o of all) {
    if (o < min) min = o;
    if (o > max) max = o;
  }
  if (!Number.isFinite(min)) return { ordinals: [], labels: [] };
  let out: number[];
  if (freq === 'D') {
    out = [...new Set(all)].sort((a, b) => a - b).slice(-MAX_TIMELINE);
  } else {
    out = [];
    for (let o = Math.max(min, max - MAX_TIMELINE + 1); o <= max; o++) out.push(o);
  }
  return { ordinals: out, labels: out.map((o) => formatPeriod(freq, o)) };
}
