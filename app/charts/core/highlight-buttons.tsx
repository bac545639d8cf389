// The legend's entries (a line chart's direct labels, a bar chart's names) as buttons over the SVG: choosing one
// brings its series forward and greys the rest, choosing it again or Escape clears. The SVG stays a plain picture
// for exports.
import { useEffect, useState, type KeyboardEvent } from 'react';
import { OUTER_PADDING, type CartesianLayout } from './cartesian-layout';
import { FONT_SIZE } from './palette';
import { MIN_TARGET_PX } from './pixels';
import { estimateTextWidth } from './text-width';

export interface HighlightTarget {
  key: string;
  /** The series' full name (the drawn text may be its short name). */
  label: string;
  /** The entry's box in SVG pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface HighlightButtonsProps {
  targets: readonly HighlightTarget[];
  highlight: string | null;
  onChange: (key: string | null) => void;
}

/** Where the legend's entries are drawn (swatch and label), for their buttons. */
export function legendHighlightTargets(layout: CartesianLayout, swatchWidth = 14): HighlightTarget[] {
  const rowHeight = Math.round(FONT_SIZE.legend * 1.6);
  return (layout.legend?.items ?? []).map((item) => ({
    key: item.key,
    label: item.label,
    x: OUTER_PADDING + item.x - 2,
    y: layout.legendY + item.y - rowHeight / 2,
    width: swatchWidth + 6 + estimateTextWidth(item.text, FONT_SIZE.legend) + 4,
    height: rowHeight,
  }));
}

/** A name drawn along a category axis: under its bar (axis x) or beside it (axis y). */
export interface CategoryName {
  key: string;
  /** The full name, for the button. */
  label: string;
  /** The text drawn (maybe the short name). */
  text: string;
  /** The middle of its band along the axis, in SVG pixels. */
  at: number;
}

export interface CategoryNameArea {
  axis: 'x' | 'y';
  /** From one drawn name's middle to the next: each box is this long along the axis, centred on its name. */
  step: number;
  /** Where the names' area starts and ends across the axis (below the plot for x, left of it for y). */
  from: number;
  to: number;
  fontSize: number;
  /** Names turned 45° (axis x), each ending under its band at this y: the boxes are squares at their ends. */
  turnedAt?: number;
}

/**
 * Where the names of a bar chart's categories are drawn, for their buttons: a name's band across the names' area,
 * which ends where the bars begin, so the buttons never cover a bar (the tooltips' pointer area).
 */
export function categoryHighlightTargets(names: readonly CategoryName[], area: CategoryNameArea): HighlightTarget[] {
  return names
    .filter((n) => n.text !== '')
    .map((n): HighlightTarget => {
      const name = { key: n.key, label: n.label };
      const across = { from: area.from, size: Math.max(0, area.to - area.from) };
      if (area.axis === 'y') {
        return { ...name, x: across.from, y: n.at - area.step / 2, width: across.size, height: area.step };
      }
      if (area.turnedAt === undefined) {
        return { ...name, x: n.at - area.step / 2, y: across.from, width: area.step, height: across.size };
      }
      // A square over the name's end (the pivot) and the text next to it, upright: a box turned along the whole name
      // would spread its bounding box over the neighbours' and cover them (WCAG 2.5.8, decision 207).
      const side = Math.min(MIN_TARGET_PX, area.step);
      return { ...name, x: n.at + 2 - side, y: area.turnedAt - 2, width: side, height: side };
    });
}

/** A series' colour while `highlight` is chosen: its own when it is the one highlighted or none is, else muted. */
export function highlightColor(key: string, highlight: string | null, color: string, mutedColor: string): string {
  return highlight !== null && highlight !== key ? mutedColor : color;
}

/** The next highlight after choosing `key`: that series, or none when it was already highlighted. */
export function toggleHighlight(current: string | null, key: string): string | null {
  return current === key ? null : key;
}

export function HighlightButtons({ targets, highlight, onChange }: HighlightButtonsProps) {
  // Drawn once the page's script runs: without it they could do nothing (and the server's HTML stays as small).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'Escape' && highlight !== null) {
      e.stopPropagation();
      onChange(null);
    }
  };
  if (!hydrated) return null;
  return (
    <div className="chart-highlight-buttons">
      {targets.map((t) => {
        // At least MIN_TARGET_PX square around the name's middle (WCAG 2.5.8).
        const width = Math.max(MIN_TARGET_PX, Math.round(t.width));
        const height = Math.max(MIN_TARGET_PX, Math.round(t.height));
        const left = Math.round(t.x - (width - t.width) / 2);
        const top = Math.round(t.y - (height - t.height) / 2);
        return (
          <button
            key={t.key}
            type="button"
            aria-pressed={highlight === t.key}
            aria-label={`Highlight ${t.label}`}
            title={t.label}
            onClick={() => onChange(toggleHighlight(highlight, t.key))}
            onKeyDown={onKeyDown}
            onPointerDown={(e) => e.stopPropagation()}
            style={{
              position: 'absolute',
              left,
              top,
              width,
              height,
              padding: 0,
              border: 0,
              background: 'transparent',
              cursor: 'pointer',
              zIndex: 1,
            }}
          />
        );
      })}
    </div>
  );
}
