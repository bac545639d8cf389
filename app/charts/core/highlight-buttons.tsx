// The legend's entries (or a line chart's direct labels) as buttons over the SVG: choosing one brings its series
// forward and greys the rest, choosing it again or Escape clears. The SVG stays a plain picture for exports.
import { useEffect, useState, type KeyboardEvent } from 'react';
import { OUTER_PADDING, type CartesianLayout } from './cartesian-layout';
import { FONT_SIZE } from './palette';
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
      {targets.map((t) => (
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
            left: Math.round(t.x),
            top: Math.round(t.y),
            width: Math.round(t.width),
            height: Math.round(t.height),
            padding: 0,
            border: 0,
            background: 'transparent',
            cursor: 'pointer',
            zIndex: 1,
          }}
        />
      ))}
    </div>
  );
}
