// Transformations of a view's values (decision 034): index to a base period, percent change and difference over N
// periods. Pure, applied by the one view loader (db/queries/view.ts), so the API, exports, embeds, images and pages
// all serve the same derived values. A derived value carries the flags of every value it comes from.
import { PERIOD_NAME, periodsPerYear, type Frequency } from './periods';
import type { Transform, TransformRequest } from './selection';

/** One stored value of one series and geo, as the observation query returns it. */
export interface TransformableRow {
  seriesId: number;
  geo: string;
  period: number;
  value: number | null;
  decimals: number | null;
  flags: string | null;
}

/** Decimals of an index and of a percent change. */
export const DERIVED_DECIMALS = 1;

/**
 * The periods a transformation needs read besides the shown range: `from - lag` for changes and differences, the
 * base period for an index.
 */
export function readRange(
  t: Transform | undefined,
  range: { from?: number; to?: number },
): { from?: number; to?: number } {
  if (!t) return range;
  if (t.kind === 'index') {
    return {
      from: range.from === undefined ? undefined : Math.min(range.from, t.base),
      to: range.to === undefined ? undefined : Math.max(range.to, t.base),
    };
  }
  return { from: range.from === undefined ? undefined : range.from - t.lag, to: range.to };
}

/** The flags of a value derived from two: every flag of either, each once ('p' and 'e' → 'pe'). */
export function combineFlags(a: string | null, b: string | null): string | null {
  if (!a) return b || null;
  if (!b) return a;
  let out = a;
  for (const ch of b) if (!out.includes(ch)) out += ch;
  return out;
}

function round(value: number, decimals: number | null): number {
  const places = decimals ?? 10;
  const factor = 10 ** places;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/**
 * The transformed rows: one per (series, geo, period) whose inputs have values (an index needs the base period's
 * value, a change or difference the value `lag` periods before; a change from 0 has none). Order is kept.
 */
export function applyTransform<R extends TransformableRow>(rows: readonly R[], t: Transform | undefined): R[] {
  if (!t) return [...rows];
  const byKey = new Map<string, R>();
  for (const r of rows) if (r.value !== null) byKey.set(`${r.seriesId}\u0000${r.geo}\u0000${r.period}`, r);
  const out: R[] = [];
  for (const r of rows) {
    if (r.value === null) continue;
    const refPeriod = t.kind === 'index' ? t.base : r.period - t.lag;
    const ref = byKey.get(`${r.seriesId}\u0000${r.geo}\u0000${refPeriod}`);
    if (!ref || ref.value === null) continue;
    let value: number;
    let decimals: number | null;
    if (t.kind === 'diff') {
      value = r.value - ref.value;
      decimals = r.decimals === null || ref.decimals === null ? null : Math.max(r.decimals, ref.decimals);
    } else {
      if (ref.value === 0) continue;
      value = t.kind === 'index' ? (r.value / ref.value) * 100 : ((r.value - ref.value) / Math.abs(ref.value)) * 100;
      decimals = DERIVED_DECIMALS;
    }
    out.push({ ...r, value: round(value, decimals), decimals, flags: combineFlags(r.flags, ref.flags) });
  }
  return out;
}

/** How a lag reads: 'previous month', 'a year earlier' (52 weeks, 365 days), '3 quarters'. */
function lagWords(freq: Frequency, lag: number): { on: string } {
  const name = PERIOD_NAME[freq];
  if (lag === 1) return { on: `on previous ${name}` };
  if (freq !== 'A' && lag === periodsPerYear(freq)) return { on: `on same ${name} a year earlier` };
  return { on: `over ${lag} ${name}s` };
}

/**
 * The unit a transformation shows: 'Index, 1/2020 = 100', '% change on previous month', '% change on same month a
 * year earlier'; a difference keeps the unit of its values ('Difference on previous year, Thousand persons').
 */
export function transformUnit(t: TransformRequest, freq: Frequency, unit: string): string {
  if (t.kind === 'index') return `Index, ${t.base} = 100`;
  const { on } = lagWords(freq, t.lag);
  if (t.kind === 'change') return `% change ${on}`;
  return unit ? `Difference ${on}, ${unit}` : `Difference ${on}`;
}
