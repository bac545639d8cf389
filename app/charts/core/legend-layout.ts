// Legend layout without a DOM: items flow left to right and wrap into rows within the given width.
import { MIN_TARGET_PX } from './pixels';
import type { MarkerShape } from './series-markers';
import { estimateTextWidth, fitLabel } from './text-width';

export interface LegendItem {
  key: string;
  label: string;
  /** The place's short name ('EU27'), drawn when the full label does not fit. */
  shortLabel?: string;
  color: string;
  /** An aggregate (EU, euro area): drawn apart from countries, dashed or hatched. */
  aggregate?: boolean;
  /** The series' marker shape, drawn in its swatch as on its line or over its bars (decision 214). */
  marker?: MarkerShape;
}

export interface PlacedLegendItem extends LegendItem {
  /** Left of the swatch, relative to the legend's origin. */
  x: number;
  /** Vertical centre of the row, relative to the legend's origin. */
  y: number;
  /** The label as drawn: the short name, or shortened with an ellipsis, when it alone is wider than the legend. */
  text: string;
}

export interface LegendLayout {
  items: PlacedLegendItem[];
  /** Items that did not fit within `maxRows`; drawn as a '+ N more' note. */
  hiddenCount: number;
  /** Position of the '+ N more' note, when there is one. */
  more: { x: number; y: number; text: string } | null;
  height: number;
  rows: number;
}

export interface LegendOptions {
  fontSize: number;
  swatchWidth?: number;
  maxRows?: number;
}

const SWATCH_GAP = 6;
const ITEM_GAP = 16;

/** Places legend items in rows no wider than `width`; at most `maxRows` rows (default 4). */
export function layoutLegend(items: readonly LegendItem[], width: number, options: LegendOptions): LegendLayout {
  const { fontSize, swatchWidth = 14, maxRows = 4 } = options;
  // Rows no closer than the least pointer target: each entry is a button that highlights its series.
  const rowHeight = Math.max(MIN_TARGET_PX, Math.round(fontSize * 1.6));
  const maxLabel = Math.max(0, width - swatchWidth - SWATCH_GAP);
  const placed: PlacedLegendItem[] = [];
  let x = 0;
  let row = 0;
  let hiddenCount = 0;
  for (const item of items) {
    const text = fitLabel(item.label, item.shortLabel, maxLabel, fontSize);
    const w = swatchWidth + SWATCH_GAP + estimateTextWidth(text, fontSize);
    if (x > 0 && x + w > width) {
      row++;
      x = 0;
    }
    if (row >= maxRows) {
      hiddenCount = items.length - placed.length;
      break;
    }
    placed.push({ ...item, text, x, y: row * rowHeight + rowHeight / 2 });
    x += w + ITEM_GAP;
  }
  let more: LegendLayout['more'] = null;
  if (hiddenCount > 0) {
    // Make room for the note on the last row by dropping items from its end.
    const note = (n: number) => `+ ${n} more`;
    const lastRowY = (maxRows - 1) * rowHeight + rowHeight / 2;
    for (;;) {
      const lastRow = placed.filter((p) => p.y === lastRowY);
      const tail = lastRow[lastRow.length - 1];
      const endX = tail ? tail.x + swatchWidth + SWATCH_GAP + estimateTextWidth(tail.text, fontSize) + ITEM_GAP : 0;
      if (!tail || endX + estimateTextWidth(note(hiddenCount), fontSize) <= width) {
        more = { x: endX, y: lastRowY, text: note(hiddenCount) };
        break;
      }
      placed.pop();
      hiddenCount++;
    }
  }
  const rows = placed.length === 0 && !more ? 0 : Math.min(row + 1, maxRows);
  return { items: placed, hiddenCount, more, height: rows * rowHeight, rows };
}
