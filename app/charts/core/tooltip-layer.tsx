// Tooltips on the line, bar and horizontal-bar charts: by mouse (hover), touch (tap) and keyboard (arrow keys); in
// the embed, by keyboard through its script (WalkLayer, decision 214).
import { useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { nearestTarget, tooltipRowTexts, tooltipText, type TooltipTarget } from './chart-tooltip';
import { pointStep } from './key-walk';
import { FONT_FAMILY, seriesColor, themeColors, type Theme, type ThemeColors } from './palette';
import { markerPath, markerShape } from './series-markers';

export interface TooltipLayerProps {
  width: number;
  height: number;
  theme: Theme;
  /** Targets in the order the arrow keys step through them. */
  targets: readonly TooltipTarget[];
  /** The axis targets are spread along: x for line and bars, y for horizontal bars. */
  axis: 'x' | 'y';
  /** Names the chart for the keyboard ('Line chart: arrow keys show the values of each period'). */
  label: string;
  /** Draws a vertical rule at the active target (line chart). */
  rule?: { top: number; bottom: number };
  /** Rows show their series' marker shape instead of a square (line chart, decision 214). */
  markers?: boolean;
  children: ReactNode;
}

/**
 * Wraps a chart's SVG: the pointer shows the nearest target's tooltip, a tap shows it on touch screens (and a tap
 * outside the targets hides it), and once the chart has focus the arrow keys, Home and End move between targets
 * and Escape hides the tooltip. The text is also announced to screen readers.
 */
export function TooltipLayer({
  width,
  height,
  theme,
  targets,
  axis,
  label,
  rule,
  markers,
  children,
}: TooltipLayerProps) {
  const [active, setActive] = useState<number | null>(null);
  const colors = themeColors(theme);
  const target = active === null ? undefined : targets[active];
  const content = target?.content();
  const pick = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const scale = box.width > 0 ? width / box.width : 1;
    const at = axis === 'x' ? (e.clientX - box.left) * scale : (e.clientY - box.top) * scale;
    setActive(nearestTarget(targets, at));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = pointStep(e.key, active, targets.length, axis);
    if (next === undefined) return;
    e.preventDefault();
    setActive(next);
  };
  return (
    <div
      {...chartHost(label, targets.length > 0)}
      style={{ position: 'relative', width, height, outlineOffset: 2 }}
      onPointerMove={(e) => e.pointerType === 'mouse' && pick(e)}
      onPointerDown={(e) => e.pointerType !== 'mouse' && pick(e)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setActive(null)}
      onKeyDown={onKeyDown}
      onBlur={() => setActive(null)}
    >
      {children}
      {target && rule ? (
        <div
          className="chart-tooltip-rule"
          aria-hidden="true"
          style={{
            position: 'absolute',
            left: Math.round(target.x),
            top: rule.top,
            height: Math.max(0, rule.bottom - rule.top),
            width: 1,
            background: colors.mutedText,
            pointerEvents: 'none',
          }}
        />
      ) : null}
      {target && content ? (
        <div
          className="chart-tooltip"
          role="tooltip"
          style={{ position: 'absolute', ...tooltipPlacement(target, width, height), ...tooltipBox(colors) }}
        >
          <div style={{ fontWeight: 600 }}>{content.title}</div>
          {content.subtitle ? <div style={{ color: colors.mutedText, fontSize: 11 }}>{content.subtitle}</div> : null}
          {content.rows.slice(0, TOOLTIP_MAX_ROWS).map((r) => (
            <div key={r.key} className="chart-tooltip-row" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              {r.label && r.colorIndex !== undefined && markers ? (
                <svg aria-hidden="true" width={10} height={10} viewBox="-5 -5 10 10" style={{ flex: 'none' }}>
                  <path d={markerPath(markerShape(r.colorIndex), 30)} fill={seriesColor(r.colorIndex, theme)} />
                </svg>
              ) : r.label && r.colorIndex !== undefined ? (
                <span
                  aria-hidden="true"
                  style={{
                    width: 8,
                    height: 8,
                    borderRadius: 2,
                    flex: 'none',
                    background: seriesColor(r.colorIndex, theme),
                  }}
                />
              ) : null}
              {r.label ? (
                <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>{r.label}</span>
              ) : null}
              <span
                style={{
                  fontVariantNumeric: 'tabular-nums',
                  fontWeight: r.label ? 500 : 600,
                  color: r.hasData ? colors.text : colors.mutedText,
                }}
              >
                {r.value}
                {r.flag ? (
                  <>
                    {' '}
                    <abbr style={{ color: colors.mutedText }}>{r.flag}</abbr>
                  </>
                ) : null}
              </span>
            </div>
          ))}
          {content.rows.length > TOOLTIP_MAX_ROWS ? (
            <div style={{ color: colors.mutedText }}>{moreRows(content.rows.length)}</div>
          ) : null}
        </div>
      ) : null}
      <div aria-live="polite" style={SPOKEN}>
        {content ? tooltipText(content) : ''}
      </div>
    </div>
  );
}

/** Most rows a tooltip lists (a 45-country line): the rest are counted. */
export const TOOLTIP_MAX_ROWS = 12;

/** 'and 33 more': the rows past TOOLTIP_MAX_ROWS, counted. */
function moreRows(rows: number): string {
  return `and ${rows - TOOLTIP_MAX_ROWS} more`;
}

/** The live region that says the tooltip: there for screen readers, not drawn. */
const SPOKEN: CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' };

/**
 * What the page's chart (TooltipLayer) and the embed's (WalkLayer) are to the keyboard and to assistive technology: one
 * tab stop when there is something to walk, and an application, so that a screen reader in browse mode hands the arrow
 * keys to the chart once it has focus.
 */
function chartHost(label: string, walkable: boolean) {
  return {
    className: 'chart-tooltip-host',
    tabIndex: walkable ? 0 : undefined,
    role: 'application',
    'aria-roledescription': 'chart',
    'aria-label': label,
  } as const;
}

/** The tooltip's box: the theme's background, border and text, the charts' type (the map's tooltip's too). */
export function tooltipBox(colors: ThemeColors): CSSProperties {
  return {
    pointerEvents: 'none',
    padding: '6px 8px',
    borderRadius: 6,
    border: `1px solid ${colors.grid}`,
    background: colors.background,
    color: colors.text,
    boxShadow: '0 2px 8px #00000026',
    fontFamily: FONT_FAMILY,
    fontSize: 12,
    lineHeight: 1.35,
    zIndex: 2,
  };
}

/**
 * Where a target's tooltip stands: beside it, turned away from the chart's right and bottom edges; a phone has no room
 * beside the point, so there the tooltip spans the chart's top instead of leaving its edge. `scaled`: the point's place
 * in percent of the chart, for the embed, whose SVG the browser scales down to a narrow frame.
 */
function tooltipPlacement(
  target: { x: number; y: number },
  width: number,
  height: number,
  scaled = false,
): CSSProperties {
  if (width < 480) return { left: 4, right: 4, top: 4 };
  const flipX = target.x > width * 0.6;
  const flipY = target.y > height * 0.6;
  const at = (v: number, of: number, flip: boolean) =>
    scaled ? `calc(${percent(v / of)}% ${flip ? '-' : '+'} 12px)` : v + (flip ? -12 : 12);
  return {
    left: at(target.x, width, flipX),
    top: at(target.y, height, flipY),
    transform: `translate(${flipX ? '-100%' : '0'}, ${flipY ? '-100%' : '0'})`,
    whiteSpace: 'nowrap',
    maxWidth: Math.max(160, width - 24),
  };
}

/** A share as a percentage with two decimals. */
function percent(share: number): number {
  return Math.round(share * 10000) / 100;
}

/** JSON for an inline script element: `<` escaped so the text cannot close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** One target as the embed's script shows and says it (`data-walk-points`). */
export interface WalkPoint {
  /** The tooltip as said (tooltipText). */
  said: string;
  /** The tooltip's lines: title, subtitle (may be ''), and its rows in words, the rows past the most counted. */
  lines: string[];
  /** Where the point is across the chart, in percent (the line chart's rule). */
  x: number;
  /** Where the pointer picks it along the chart's axis, in the drawing's pixels (TooltipTarget's `at`). */
  at: number;
  /** The tooltip's place (tooltipPlacement, scaled), CSS values by property. */
  place: Record<string, string>;
}

/**
 * The tooltip layer of a chart in the embed (decision 214), which ships no React: drawn on the server with the same
 * name, role and keys as TooltipLayer, and each target's words and tooltip written out for the embed's script
 * (embed-runtime.ts), which moves between them by `pointStep` and picks the one under the pointer by `nearestTarget`,
 * as the page does, and shows and says them.
 */
export function WalkLayer({
  width,
  height,
  theme,
  targets,
  axis,
  label,
  rule,
  children,
}: Omit<TooltipLayerProps, 'markers'>) {
  const colors = themeColors(theme);
  const points = targets.map((t): WalkPoint => {
    const content = t.content();
    const rows = tooltipRowTexts(content);
    const shown = rows.length > TOOLTIP_MAX_ROWS ? [...rows.slice(0, TOOLTIP_MAX_ROWS), moreRows(rows.length)] : rows;
    const place = Object.entries(tooltipPlacement(t, width, height, true)).map(([k, v]) => [
      k,
      typeof v === 'number' ? `${v}px` : String(v),
    ]);
    return {
      said: tooltipText(content),
      lines: [content.title, content.subtitle, ...shown],
      x: percent(t.x / width),
      at: Math.round(t.at * 10) / 10,
      place: Object.fromEntries(place),
    };
  });
  return (
    <div
      {...chartHost(label, points.length > 0)}
      data-walk={axis}
      data-walk-width={width}
      style={{ position: 'relative', width, maxWidth: '100%', outlineOffset: 2 }}
    >
      {children}
      {rule ? (
        <div
          className="chart-tooltip-rule"
          aria-hidden="true"
          hidden
          style={{
            position: 'absolute',
            top: `${percent(rule.top / height)}%`,
            height: `${percent(Math.max(0, rule.bottom - rule.top) / height)}%`,
            width: 1,
            background: colors.mutedText,
            pointerEvents: 'none',
          }}
        />
      ) : null}
      {/* Its lines are written by the script: the title bold, the subtitle in the muted colour. */}
      <div
        className="chart-tooltip"
        role="tooltip"
        hidden
        style={{ position: 'absolute', ...tooltipBox(colors), ['--muted' as string]: colors.mutedText }}
      />
      <script type="application/json" data-walk-points dangerouslySetInnerHTML={{ __html: scriptJson(points) }} />
      <div aria-live="polite" style={SPOKEN} />
    </div>
  );
}
