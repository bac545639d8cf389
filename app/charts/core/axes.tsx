// Axis components: value gridlines with labels (vertical or horizontal), period labels and the zero line.
import { truncateText } from './text-width';
import { roundPx } from './pixels';
import type { ThemeColors } from './palette';

export interface PlacedTick {
  /** Pixel position along the axis. */
  at: number;
  label: string;
}

export interface ValueAxisProps {
  ticks: readonly PlacedTick[];
  /** For a vertical value axis: the plot's left and right edges. */
  from: number;
  to: number;
  colors: ThemeColors;
  fontSize: number;
}

/** Horizontal gridlines at each tick with the label to the left of the plot. */
export function ValueAxisY({ ticks, from, to, colors, fontSize }: ValueAxisProps) {
  return (
    <g className="axis-y">
      {ticks.map((t) => (
        <g key={t.label + t.at}>
          <line x1={roundPx(from)} x2={roundPx(to)} y1={roundPx(t.at)} y2={roundPx(t.at)} stroke={colors.grid} />
          <text
            x={roundPx(from - 8)}
            y={roundPx(t.at)}
            dy="0.35em"
            textAnchor="end"
            fontSize={fontSize}
            fill={colors.mutedText}
          >
            {t.label}
          </text>
        </g>
      ))}
    </g>
  );
}

/** Vertical gridlines at each tick with the label below the plot (`from`…`to` is the plot's top and bottom). */
export function ValueAxisX({ ticks, from, to, colors, fontSize }: ValueAxisProps) {
  return (
    <g className="axis-x">
      {ticks.map((t) => (
        <g key={t.label + t.at}>
          <line x1={roundPx(t.at)} x2={roundPx(t.at)} y1={roundPx(from)} y2={roundPx(to)} stroke={colors.grid} />
          <text
            x={roundPx(t.at)}
            y={roundPx(to + 6)}
            dy="0.71em"
            textAnchor="middle"
            fontSize={fontSize}
            fill={colors.mutedText}
          >
            {t.label}
          </text>
        </g>
      ))}
    </g>
  );
}

export interface CategoryAxisProps {
  ticks: readonly PlacedTick[];
  /** The baseline the labels hang from (the plot's bottom). */
  y: number;
  colors: ThemeColors;
  fontSize: number;
  /** Labels turned 45° when they are too wide to stand side by side. */
  rotate?: boolean;
  /** Small tick marks above the labels. */
  tickMarks?: boolean;
}

/**
 * From the axis down to the labels' top (upright) or end (turned 45°): far enough that the first period's label stays
 * clear of the lowest value's label beside the axis (decision 199).
 */
export const CATEGORY_LABEL_GAP = 10;

/** Labels below a horizontal axis: periods for time series, country names for sparse bars. */
export function CategoryAxisX({ ticks, y, colors, fontSize, rotate = false, tickMarks = true }: CategoryAxisProps) {
  return (
    <g className="axis-x">
      {ticks.map((t) => {
        const x = roundPx(t.at);
        const ty = roundPx(y + CATEGORY_LABEL_GAP);
        return (
          <g key={`${t.label}-${x}`}>
            {tickMarks ? <line x1={x} x2={x} y1={roundPx(y)} y2={roundPx(y + 4)} stroke={colors.axis} /> : null}
            {rotate ? (
              <text
                x={x}
                y={ty}
                dy="0.35em"
                textAnchor="end"
                transform={`rotate(-45 ${x} ${ty})`}
                fontSize={fontSize}
                fill={colors.mutedText}
              >
                {t.label}
              </text>
            ) : (
              <text x={x} y={ty} dy="0.71em" textAnchor="middle" fontSize={fontSize} fill={colors.mutedText}>
                {t.label}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}

export interface BaselineProps {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
  colors: ThemeColors;
}

/** The zero line (or the plot's base axis), drawn stronger than gridlines. */
export function Baseline({ x1, x2, y1, y2, colors }: BaselineProps) {
  return (
    <line
      className="zero-line"
      x1={roundPx(x1)}
      x2={roundPx(x2)}
      y1={roundPx(y1)}
      y2={roundPx(y2)}
      stroke={colors.zeroLine}
      strokeWidth={1}
    />
  );
}

export interface UnitLabelProps {
  x: number;
  y: number;
  text: string;
  colors: ThemeColors;
  fontSize: number;
  /** Longer text is shortened with an ellipsis to this many pixels. */
  maxWidth?: number;
}

/** The unit of the value axis, written above it and left-aligned. */
export function UnitLabel({ x, y, text, colors, fontSize, maxWidth }: UnitLabelProps) {
  if (!text) return null;
  // On a phone a long unit is shortened rather than cut by the SVG's edge; the whole text stays as its title.
  const shown = maxWidth && maxWidth > 0 ? truncateText(text, maxWidth, fontSize) : text;
  return (
    <text className="unit-label" x={roundPx(x)} y={roundPx(y)} dy="0.35em" fontSize={fontSize} fill={colors.mutedText}>
      {shown !== text ? <title>{text}</title> : null}
      {shown}
    </text>
  );
}
