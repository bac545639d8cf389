// Five choropleth colour bands (quantiles at 20/40/60/80 %, or an even split) shaded from one series colour.
import { quantileSorted } from 'd3-array';
import { formatAxisTicks } from './number-format';
import { DEFAULT_SERIES_COLOR, NO_DATA_COLOR, type Theme } from './palette';

/** The specification's band labels, lowest first. */
export const BAND_LABELS = [
  'Low (Q0-Q20)',
  'Medium (Q20-Q40)',
  'High (Q40-Q60)',
  'Very High (Q60-Q80)',
  'Extremely High (Q80-Q100)',
] as const;

export type BandLabel = (typeof BAND_LABELS)[number];

/** The quantiles that separate the five bands. */
export const BAND_QUANTILES = [0.2, 0.4, 0.6, 0.8] as const;

/** No-data fill on a dark background: a slate a step above the dark chart background. */
export const NO_DATA_COLOR_DARK = '#1e293b';

export interface ColorBand {
  index: number;
  label: BandLabel;
  color: string;
  /** Lower boundary (rounded); the lowest band starts at the smallest value, rounded down. */
  from: number;
  /** Upper boundary, inclusive (rounded); the highest band ends at the largest value, rounded up. */
  to: number;
  /** 'from – to' as written in the legend. */
  range: string;
}

export interface ColorBands {
  bands: ColorBand[];
  /** The four rounded upper boundaries of the lower bands: a value v is in the first band with v ≤ threshold. */
  thresholds: number[];
  /** 'quantile' with at least 5 distinct values, otherwise an 'even' split of the range. */
  method: 'quantile' | 'even';
  noDataColor: string;
}

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** `#rgb` or `#rrggbb` as lowercase `#rrggbb`; anything else becomes the default series colour. */
export function normalizeHex(color: string | null | undefined): string {
  const c = color && HEX.test(color.trim()) ? color.trim() : DEFAULT_SERIES_COLOR;
  const hex = c.length === 4 ? `#${[...c.slice(1)].map((ch) => ch + ch).join('')}` : c;
  return hex.toLowerCase();
}

/** Mixes two `#rrggbb` colours: t = 0 gives `a`, t = 1 gives `b`. */
export function mixHex(a: string, b: string, t: number): string {
  const pa = normalizeHex(a);
  const pb = normalizeHex(b);
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const out = [0, 1, 2].map((i) => {
    const v = Math.round(channel(pa, i) + (channel(pb, i) - channel(pa, i)) * t);
    return Math.max(0, Math.min(255, v)).toString(16).padStart(2, '0');
  });
  return `#${out.join('')}`;
}

// Tint (towards white) and shade (towards black) amounts, light to dark; the middle band is near the colour itself.
const SHADE_STEPS = [
  { to: '#ffffff', t: 0.72 },
  { to: '#ffffff', t: 0.45 },
  { to: '#ffffff', t: 0.12 },
  { to: '#000000', t: 0.22 },
  { to: '#000000', t: 0.48 },
] as const;

/** Five hex shades of the series colour, light to dark. */
export function bandShades(seriesColor: string = DEFAULT_SERIES_COLOR): string[] {
  const base = normalizeHex(seriesColor);
  return SHADE_STEPS.map((s) => mixHex(base, s.to, s.t));
}

export function noDataColorFor(theme: Theme): string {
  return theme === 'dark' ? NO_DATA_COLOR_DARK : NO_DATA_COLOR;
}

/** The rounding step for boundaries of data spanning `range`: three significant digits of the range. */
export function boundaryStep(range: number, magnitude: number): number {
  const span = Number.isFinite(range) && range > 0 ? range : Math.abs(magnitude);
  if (!Number.isFinite(span) || span === 0) return 1;
  return 10 ** (Math.floor(Math.log10(span)) - 2);
}

/** Rounds to a multiple of `step` without floating-point noise (7.8, not 7.800000000000001). */
export function roundToStep(value: number, step: number): number {
  if (!Number.isFinite(value) || !(step > 0)) return value;
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const r = Number((Math.round(value / step) * step).toFixed(decimals));
  return Object.is(r, -0) ? 0 : r;
}

export interface ColorBandOptions {
  seriesColor?: string;
  theme?: Theme;
  /** The legend's unit: one that names a scale ('Million euro') gets its ranges in full (formatAxisTicks). */
  unit?: string;
}

/**
 * Bands for the given values (non-finite ones are ignored): quantile boundaries at 20/40/60/80 %
 * with at least 5 distinct values, otherwise an even split of [min, max]. Boundaries are rounded
 * to three significant digits of the range. Returns null without any finite value.
 */
export function buildColorBands(values: Iterable<number>, options: ColorBandOptions = {}): ColorBands | null {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const min = sorted[0];
  const max = sorted[sorted.length - 1];
  if (min === undefined || max === undefined) return null;
  const distinct = new Set(sorted).size;
  const method = distinct >= 5 ? 'quantile' : 'even';
  const raw =
    method === 'quantile'
      ? BAND_QUANTILES.map((q) => quantileSorted(sorted, q) ?? min)
      : BAND_QUANTILES.map((q) => min + (max - min) * q);
  const step = boundaryStep(max - min, max);
  const thresholds = raw.map((t) => roundToStep(t, step));
  // The outer edges round outwards, so every value lies inside the legend's ranges.
  const lo = Math.min(roundToStep(Math.floor(min / step + 1e-9) * step, step), thresholds[0] ?? min);
  const hi = Math.max(roundToStep(Math.ceil(max / step - 1e-9) * step, step), thresholds[3] ?? max);
  const edges = [lo, ...thresholds, hi];
  const edgeLabels = formatAxisTicks(edges, options.unit);
  const shades = bandShades(options.seriesColor);
  const bands = BAND_LABELS.map((label, index): ColorBand => ({
    index,
    label,
    color: shades[index] ?? DEFAULT_SERIES_COLOR,
    from: edges[index] ?? lo,
    to: edges[index + 1] ?? hi,
    range: `${edgeLabels[index] ?? ''} \u2013 ${edgeLabels[index + 1] ?? ''}`,
  }));
  return { bands, thresholds, method, noDataColor: noDataColorFor(options.theme ?? 'light') };
}

/** The band of a value: the first whose upper boundary it does not exceed; -1 for a non-finite value. */
export function bandIndexOf(bands: ColorBands, value: number): number {
  if (!Number.isFinite(value)) return -1;
  const i = bands.thresholds.findIndex((t) => value <= t);
  return i < 0 ? bands.thresholds.length : i;
}

/** The fill of a value: its band's colour, or the no-data colour for a missing or non-finite value. */
export function bandColorOf(bands: ColorBands, value: number | null | undefined): string {
  if (value === null || value === undefined) return bands.noDataColor;
  const i = bandIndexOf(bands, value);
  return i < 0 ? bands.noDataColor : (bands.bands[i]?.color ?? bands.noDataColor);
}
