// Map value labels: compact K/M numbers, the specification's 12/15-character rule, and tooltip text.
import { formatNumber } from '../core/number-format';

export const MAX_LABEL_CHARS = 12;
/** Zoomed in beyond this scale, labels may be longer. */
export const LABEL_ZOOM_THRESHOLD = 1.2;
export const MAX_LABEL_CHARS_ZOOMED = 15;
/** Outlines that never get a value label. */
const UNLABELLED = new Set(['Antarctica']);

/**
 * A value written for a map label: M from 1,000,000 and K from 1,000 with at most one decimal
 * (3.6M, 250K, 1.5K), smaller values with the data's decimals (11.6).
 */
export function formatMapValue(value: number, decimals: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e6) return `${formatNumber(value / 1e6, trimmed(value / 1e6))}M`;
  if (abs >= 1e3) {
    const k = Number((value / 1e3).toFixed(1));
    // 999,960 would read 1000K: write it as 1M.
    if (Math.abs(k) >= 1000) return `${formatNumber(Math.sign(value), 0)}M`;
    return `${formatNumber(k, trimmed(k))}K`;
  }
  return formatNumber(value, decimals);
}

function trimmed(scaled: number): number {
  return Number.isInteger(Number(scaled.toFixed(1))) ? 0 : 1;
}

/** The most characters a label may have at a zoom scale: 12, or 15 above 1.2. */
export function maxLabelChars(zoomScale: number): number {
  return zoomScale > LABEL_ZOOM_THRESHOLD ? MAX_LABEL_CHARS_ZOOMED : MAX_LABEL_CHARS;
}

/** The label of a region's value, or null when it is too long for the zoom, missing, or on Antarctica. */
export function mapValueLabel(
  value: number | null | undefined,
  decimals: number,
  zoomScale: number,
  regionName = '',
): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  if (UNLABELLED.has(regionName)) return null;
  const text = formatMapValue(value, decimals);
  return [...text].length <= maxLabelChars(zoomScale) ? text : null;
}

export const NO_DATA_TEXT = 'No data';

export interface MapTooltipContent {
  name: string;
  /** '11.6' with the unit after it when there is one, or 'No data'. */
  value: string;
  hasData: boolean;
}

/** The hover tooltip: the region's name and its formatted value with the unit, or 'No data'. */
export function tooltipContent(
  name: string,
  value: number | null | undefined,
  decimals: number,
  unit: string,
): MapTooltipContent {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return { name, value: NO_DATA_TEXT, hasData: false };
  }
  const text = formatNumber(value, decimals);
  return { name, value: unit ? `${text} ${unit}` : text, hasData: true };
}
