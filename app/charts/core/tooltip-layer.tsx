// Tooltips on the line, bar and horizontal-bar charts: by mouse (hover), touch (tap) and keyboard (arrow keys).
import { useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { nearestTarget, tooltipText, type TooltipTarget } from './chart-tooltip';
import { FONT_FAMILY, seriesColor, themeColors, type Theme } from './palette';
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
    if (targets.length === 0) return;
    const last = targets.length - 1;
    const back = axis === 'x' ? 'ArrowLeft' : 'ArrowUp';
    const forward = axis === 'x' ? 'ArrowRight' : 'ArrowDown';
    let next: number | null;
    if (e.key === back) next = Math.max(0, (active ?? last + 1) - 1);
    else if (e.key === forward) next = Math.min(last, (active ?? -1) + 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = last;
    else if (e.key === 'Escape') next = null;
    else return;
    e.preventDefault();
    setActive(next);
  };
  const narrow = width < 480;
  const flipX = target ? target.x > width * 0.6 : false;
  const flipY = target ? target.y > height * 0.6 : false;
  return (
    <div
      className="chart-tooltip-host"
      tabIndex={targets.length > 0 ? 0 : undefined}
      // An application: a screen reader in browse mode hands the arrow keys to the chart once it has focus.
      role="application"
      aria-roledescription="chart"
      aria-label={label}
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
          style={{
            position: 'absolute',
            // A phone has no room beside the point: the tooltip spans the chart's top instead of leaving its edge.
            ...(narrow
              ? { left: 4, right: 4, top: 4 }
              : {
                  left: flipX ? target.x - 12 : target.x + 12,
                  top: flipY ? target.y - 12 : target.y + 12,
                  transform: `translate(${flipX ? '-100%' : '0'}, ${flipY ? '-100%' : '0'})`,
                  whiteSpace: 'nowrap',
                  maxWidth: Math.max(160, width - 24),
                }),
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
          }}
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
            <div style={{ color: colors.mutedText }}>{`and ${content.rows.length - TOOLTIP_MAX_ROWS} more`}</div>
          ) : null}
        </div>
      ) : null}
      <div
        aria-live="polite"
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {content ? tooltipText(content) : ''}
      </div>
    </div>
  );
}

/** Most rows a tooltip lists (a 45-country line): the rest are counted. */
export const TOOLTIP_MAX_ROWS = 12;
