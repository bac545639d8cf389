// Direct labels at the ends of lines, in place of a legend far from them: each beside its own line's last value,
// nudged apart where they would overlap, given up (the legend comes back) where they cannot fit.
import { MIN_TARGET_PX } from '../core/pixels';
import { estimateTextWidth, fitLabel } from '../core/text-width';

export interface LineEnd {
  key: string;
  label: string;
  /** The place's short name ('EU27'), taken when the full label is wider than the room. */
  shortLabel?: string;
  color: string;
  /** Pixel x of the series' last value: its label begins just right of it (decision 199). */
  x: number;
  /** Pixel y of the series' last value. */
  y: number;
}

export interface PlacedLineLabel extends LineEnd {
  /** The label as drawn: full, short or shortened with an ellipsis. */
  text: string;
  /** Pixel x of the label's left edge: `gap` right of its own line's end, never at another period. */
  labelX: number;
  /** Pixel y of the label's centre, nudged from `y` so labels that share some width keep a line apart. */
  labelY: number;
}

export interface DirectLabelOptions {
  /** Room right of the lines that end at the last period, in pixels (the label column's width). */
  maxWidth: number;
  /** Right edge no label may pass (the drawing's width less its padding). */
  right: number;
  /** Between a line's end and its label. */
  gap: number;
  top: number;
  bottom: number;
  fontSize: number;
  /** More series than this keep the legend: a column of labels stops being read as belonging to lines. */
  maxLabels?: number;
}

/** Shortest label a line may have: below this the legend says more. */
const MIN_TEXT = 3;

/** Labels whose widths overlap, in groups: only labels of one group can collide, so only they are nudged apart. */
function overlappingGroups(labels: readonly PlacedLineLabel[], fontSize: number): PlacedLineLabel[][] {
  const spans = labels.map((l) => ({ l, from: l.labelX, to: l.labelX + estimateTextWidth(l.text, fontSize) }));
  spans.sort((a, b) => a.from - b.from);
  const groups: { to: number; members: PlacedLineLabel[] }[] = [];
  for (const s of spans) {
    const last = groups.at(-1);
    if (last && s.from <= last.to + 2) {
      last.members.push(s.l);
      last.to = Math.max(last.to, s.to);
    } else groups.push({ to: s.to, members: [s.l] });
  }
  return groups.map((g) => g.members.sort((a, b) => a.y - b.y));
}

/** Pushes labels down so each keeps `gap` from the one above, then up from the bottom edge. */
function spreadApart(group: PlacedLineLabel[], top: number, bottom: number, gap: number): void {
  let previous = top - gap;
  for (const p of group) {
    p.labelY = Math.max(p.labelY, previous + gap, top);
    previous = p.labelY;
  }
  let next = bottom + gap;
  for (let i = group.length - 1; i >= 0; i--) {
    const p = group[i]!;
    p.labelY = Math.min(p.labelY, next - gap, bottom);
    next = p.labelY;
  }
}

/**
 * Labels for the line ends, each beginning `gap` right of its own line's last value (a line that stops early is named
 * where it stops, with nothing drawn beyond its data), at least one line of text apart from any label it shares some
 * width with; null when they cannot all be placed between `top` and `bottom` and left of `right`, or there are too
 * many of them.
 */
export function placeDirectLabels(ends: readonly LineEnd[], options: DirectLabelOptions): PlacedLineLabel[] | null {
  const { maxWidth, right, gap: xGap, top, bottom, fontSize, maxLabels = 8 } = options;
  if (ends.length === 0 || ends.length > maxLabels) return null;
  // A line of text, and at least the least pointer target: each name is a button that highlights its line.
  const gap = Math.max(MIN_TARGET_PX, Math.ceil(fontSize * 1.25));
  if (ends.length * gap > bottom - top + gap) return null;
  const placed: PlacedLineLabel[] = [];
  for (const end of ends) {
    const labelX = end.x + xGap;
    const text = fitLabel(end.label, end.shortLabel, Math.min(Math.max(maxWidth, 0), right - labelX), fontSize);
    // An ellipsis that leaves less than a short word does not name the line.
    if ([...text.replace('\u2026', '')].length < Math.min(MIN_TEXT, [...end.label].length)) return null;
    placed.push({ ...end, text, labelX, labelY: end.y });
  }
  for (const group of overlappingGroups(placed, fontSize)) spreadApart(group, top, bottom, gap);
  return placed.sort((a, b) => a.labelY - b.labelY);
}
