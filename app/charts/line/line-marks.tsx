// Line marks: placed series to smooth <path>s with gaps where values are missing, and dots for lone points.
import { Fragment } from 'react';
import { line } from 'd3-shape';
import { roundPx } from '../core/pixels';
import type { PlacedLineLabel } from './line-labels';
import { curveMonotoneCardinal } from './monotone-cardinal';

/** Cardinal spline tension of the specification (line tension 0.35), limited so no curve invents an extreme. */
export const LINE_TENSION = 0.35;

export interface PlacedLineSeries {
  key: string;
  label: string;
  color: string;
  /** One point per period; null where the series has no value. */
  points: readonly ([number, number] | null)[];
  /** An aggregate (EU, euro area): dashed, apart from the countries' solid lines. */
  aggregate?: boolean;
}

/** Dashes of an aggregate's line. */
export const AGGREGATE_DASH = '6 4';

const pathOf = line<[number, number] | null>()
  .defined((p) => p !== null)
  .x((p) => p?.[0] ?? 0)
  .y((p) => p?.[1] ?? 0)
  .curve(curveMonotoneCardinal(LINE_TENSION))
  .digits(2);

/** Points with no neighbour on either side: a line cannot show them, so they get a dot. */
export function isolatedPoints(points: readonly ([number, number] | null)[]): [number, number][] {
  return points.filter((p, i): p is [number, number] => p !== null && !points[i - 1] && !points[i + 1]);
}

export interface LineMarksProps {
  series: readonly PlacedLineSeries[];
  strokeWidth?: number;
  /** The highlighted series' key: drawn last (in front), the others in `mutedColor`. */
  highlight?: string | null;
  mutedColor?: string;
}

/** The series in drawing order: a highlighted one last, so it runs in front of the others. */
export function drawingOrder<T extends { key: string }>(series: readonly T[], highlight?: string | null): T[] {
  const front = series.filter((s) => s.key === highlight);
  return [...series.filter((s) => s.key !== highlight), ...front];
}

export function LineMarks({ series, strokeWidth = 2, highlight, mutedColor }: LineMarksProps) {
  const lit = highlight != null && series.some((s) => s.key === highlight) ? highlight : null;
  return (
    <g className="line-marks">
      {drawingOrder(series, lit).map((s) => {
        const d = pathOf(s.points as ([number, number] | null)[]);
        const muted = lit !== null && s.key !== lit;
        const color = muted && mutedColor ? mutedColor : s.color;
        const width = s.key === lit ? strokeWidth + 1 : strokeWidth;
        return (
          <g
            key={s.key}
            className={muted ? 'line-series line-muted' : 'line-series'}
            data-series={s.label}
            data-aggregate={s.aggregate ? 'true' : undefined}
          >
            {d ? (
              <path
                d={d}
                fill="none"
                stroke={color}
                strokeWidth={width}
                strokeLinejoin="round"
                strokeLinecap={s.aggregate ? 'butt' : 'round'}
                strokeDasharray={s.aggregate ? AGGREGATE_DASH : undefined}
              />
            ) : null}
            {isolatedPoints(s.points).map(([x, y]) => (
              <circle key={`${x},${y}`} cx={roundPx(x)} cy={roundPx(y)} r={width + 0.5} fill={color} />
            ))}
          </g>
        );
      })}
    </g>
  );
}

export interface LineLabelsProps {
  labels: readonly PlacedLineLabel[];
  /** Left of the labels: just right of the lines' ends. */
  x: number;
  /** Pixel x of each series' last value, by key: a line that ends early gets a connector to its label. */
  endX?: Readonly<Record<string, number>>;
  fontSize: number;
  highlight?: string | null;
  mutedColor: string;
}

/**
 * Direct labels at the lines' ends, each in its line's colour. A line that ends before the others (no value in the
 * latest periods) gets a thin dotted connector from its last value to its label, so the label still points at it.
 */
export function LineLabels({ labels, x, endX = {}, fontSize, highlight, mutedColor }: LineLabelsProps) {
  return (
    <g className="line-labels">
      {labels.map((l) => {
        const color = highlight != null && highlight !== l.key ? mutedColor : l.color;
        const from = endX[l.key];
        const connect = from !== undefined && x - from > fontSize;
        return (
          <Fragment key={l.key}>
            {connect ? (
              <path
                className="line-label-connector"
                d={`M${roundPx(from + 3)},${roundPx(l.y)}L${roundPx(x - 3)},${roundPx(l.labelY)}`}
                fill="none"
                stroke={color}
                strokeWidth={1}
                strokeDasharray="2 2"
                strokeOpacity={0.7}
              />
            ) : null}
            <text x={roundPx(x)} y={roundPx(l.labelY)} dy="0.35em" fontSize={fontSize} fill={color}>
              {l.text}
            </text>
          </Fragment>
        );
      })}
    </g>
  );
}
