// Direct labels at the ends of lines, in place of a legend far from them: nudged apart where they would overlap,
// given up (the legend comes back) where they cannot fit.
import { fitLabel } from '../core/text-width';

export interface LineEnd {
  key: string;
  label: string;
  /** The place's short name ('EU27'), taken when the full label is wider than the room. */
  shortLabel?: string;
  color: string;
  /** Pixel y of the series' last value. */
  y: number;
}

export interface PlacedLineLabel extends LineEnd {
  /** The label as drawn: full, short or shortened with an ellipsis. */
  text: string;
  /** Pixel y of the label's centre, nudged from `y` so labels keep a line apart. */
  labelY: number;
}

export interface DirectLabelOptions {
  /** Room right of the lines' ends, in pixels. */
  maxWidth: number;
  top: number;
  bottom: number;
  fontSize: number;
  /** More series than this keep the legend: a column of labels stops being read as belonging to lines. */
  maxLabels?: number;
}

/** Shortest label a line may have: below this the legend says more. */
const MIN_TEXT = 3;

/**
 * Labels for the line ends, sorted top to bottom, at least one line of text apart; null when they cannot all be
 * placed between `top` and `bottom` within `maxWidth`, or there are too many of them.
 */
export function placeDirectLabels(ends: readonly LineEnd[], options: DirectLabelOptions): PlacedLineLabel[] | null {
  const { maxWidth, top, bottom, fontSize, maxLabels = 8 } = options;
  if (ends.length === 0 || ends.length > maxLabels) return null;
  const gap = Math.ceil(fontSize * 1.25);
  if (ends.length * gap > bottom - top + gap) return null;
  const placed: PlacedLineLabel[] = [];
  for (const end of [...ends].sort((a, b) => a.y - b.y)) {
    const text = fitLabel(end.label, end.shortLabel, maxWidth, fontSize);
    // An ellipsis that leaves less than a short word does not name the line.
    if ([...text.replace('\u2026', '')].length < Math.min(MIN_TEXT, [...end.label].length)) return null;
    placed.push({ ...end, text, labelY: end.y });
  }
  // Push labels down so each keeps a line from the one above, then up from the bottom edge.
  let previous = top - gap;
  for (const p of placed) {
    p.labelY = Math.max(p.labelY, previous + gap, top);
    previous = p.labelY;
  }
  let next = bottom + gap;
  for (let i = placed.length - 1; i >= 0; i--) {
    const p = placed[i]!;
    p.labelY = Math.min(p.labelY, next - gap, bottom);
    next = p.labelY;
  }
  return placed;
}
