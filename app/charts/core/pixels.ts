// Pixel rounding: every coordinate written into SVG has at most two decimals, so output is deterministic.

/** Rounds to two decimals; non-finite input becomes 0 so no `NaN` reaches an attribute. */
export function roundPx(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const r = Math.round(value * 100) / 100;
  return Object.is(r, -0) ? 0 : r;
}

/**
 * The least pointer target, 24 × 24 CSS pixels (WCAG 2.2, 2.5.8): a series' name that highlights it is at least this
 * big, and names stacked under each other at least this far apart (decision 207).
 */
export const MIN_TARGET_PX = 24;

/** Clamps into [min, max]; with min > max the result is min. */
export function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value));
}
