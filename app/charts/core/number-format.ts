// Locale-independent number formatting for chart labels, axes, descriptions and tables.

const MAX_DECIMALS = 4;
const EN_DASH = '\u2013';

/** The fewest decimals (at most 4) that write `value` exactly; 0 for non-finite values. */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const tolerance = 1e-9 * Math.max(1, Math.abs(value));
  for (let d = 0; d < MAX_DECIMALS; d++) {
    const f = 10 ** d;
    if (Math.abs(Math.round(value * f) / f - value) < tolerance) return d;
  }
  return MAX_DECIMALS;
}

/** The decimals a data set needs: the most any of its finite values needs (HICP rates: 1). */
export function decimalsFor(values: Iterable<number | null | undefined>): number {
  let max = 0;
  for (const v of values) {
    if (typeof v === 'number' && Number.isFinite(v)) max = Math.max(max, decimalsOf(v));
  }
  return max;
}

/**
 * Writes a number with `,` thousands separators and `.` decimals, whatever the runtime locale.
 * Non-finite values become an en dash, so a chart never prints `NaN`.
 */
export function formatNumber(value: number, decimals: number = decimalsOf(value)): string {
  if (!Number.isFinite(value)) return EN_DASH;
  const d = Math.min(20, Math.max(0, Math.round(decimals)));
  const abs = Math.abs(value);
  if (abs >= 1e21) return String(value);
  const fixed = abs.toFixed(d);
  const [int = '0', frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return sign + grouped + (frac ? `.${frac}` : '');
}

const compactUnits = [
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/** Short form for labels: K from 1,000, M from 1,000,000, B from 1,000,000,000 (1.5K, 3.6M). */
export function formatCompact(value: number, maxDecimals = 1): string {
  if (!Number.isFinite(value)) return EN_DASH;
  const abs = Math.abs(value);
  for (let i = 0; i < compactUnits.length; i++) {
    const unit = compactUnits[i]!;
    if (abs < unit.size) continue;
    const scaled = Number((abs / unit.size).toFixed(maxDecimals));
    // 999,960 rounds to 1000.0K: write it with the next unit up instead.
    const bigger = compactUnits[i - 1];
    if (scaled >= 1000 && bigger) return formatCompact(Math.sign(value) * bigger.size, maxDecimals);
    return `${value < 0 ? '-' : ''}${formatNumber(scaled, Math.min(decimalsOf(scaled), maxDecimals))}${unit.suffix}`;
  }
  return formatNumber(value, Math.min(decimalsOf(value), maxDecimals));
}

/** A unit that states a scale of its own ('Million euro', 'Thousand persons', 'Current prices, million euro'). */
const SCALE_WORDS = /\b(hundreds?|thousands?|millions?|billions?|trillions?)\b/i;

/** True when the unit's label names a scale: its values are already in thousands, millions … */
export function unitNamesScale(unit: string | undefined): boolean {
  return unit !== undefined && SCALE_WORDS.test(unit);
}

/**
 * Labels for a set of axis ticks with one consistent number of decimals; compact (K, M, B) once the largest tick
 * reaches 1,000, unless the axis's unit names a scale of its own: "Million euro" with ticks "3.6M" would state two
 * scales (3.6 million million euro), so such an axis writes its values in full ("3,600,000", decision 199). Zero is
 * always written `0`.
 */
export function formatAxisTicks(ticks: readonly number[], axisUnit?: string): string[] {
  const finite = ticks.filter((t) => Number.isFinite(t));
  const maxAbs = finite.reduce((m, t) => Math.max(m, Math.abs(t)), 0);
  const unit = unitNamesScale(axisUnit) ? undefined : compactUnits.find((u) => maxAbs >= u.size);
  const divisor = unit?.size ?? 1;
  const decimals = decimalsFor(finite.map((t) => t / divisor));
  return ticks.map((t) => {
    if (!Number.isFinite(t)) return EN_DASH;
    if (t === 0) return '0';
    return formatNumber(t / divisor, decimals) + (unit?.suffix ?? '');
  });
}

/** A formatter for a chart's data values: the decimals the data itself carries. */
export function valueFormatter(values: Iterable<number | null | undefined>): (value: number | null) => string {
  const decimals = decimalsFor(values);
  return (value) => (value === null ? EN_DASH : formatNumber(value, decimals));
}
