// Line marks: placed series to <path>s of straight segments between the published values, with gaps where values are
// missing, and dots for lone points (decision 199: no curve, nothing drawn beyond the data); each series' marker shape
// at its ends, or at every point when the periods are far enough apart (decision 214).
import { line } from 'd3-shape';
import { AGGREGATE_DASH } from '../core/legend';
import { roundPx } from '../core/pixels';
import { markerPath, type MarkerShape } from '../core/series-markers';
import type { PlacedLineLabel } from './line-labels';

export interface PlacedLineSeries {
  key: string;
  label: string;
  color: string;
  /** One point per period; null where the series has no value. */
  points: readonly ([number, number] | null)[];
  /** An aggregate (EU, euro area): dashed, apart from the countries' solid lines. */
  aggregate?: boolean;
  /** Its marker shape: lines differ by shape as well as colour. Without one, lone points get a dot. */
  marker?: MarkerShape;
}

const pathOf = line<[number, number] | null>()
  .defined((p) => p !== null)
  .x((p) => p?.[0] ?? 0)
  .y((p) => p?.[1] ?? 0)
  .digits(2);

/** Points with no neighbour on either side: a line cannot show them, so they get a dot. */
export function isolatedPoints(points: readonly ([number, number] | null)[]): [number, number][] {
  return points.filter((p, i): p is [number, number] => p !== null && !points[i - 1] && !points[i + 1]);
}

/** Periods at least this far apart (pixels) get a marker at every point; closer, only each series' ends do. */
export const MARK_EVERY_POINT_PX = 18;

/**
 * Where a series' markers go: every point when `every`, else its first and last value and the lone points a line
 * cannot show.
 */
export function markerPoints(points: readonly ([number, number] | null)[], every: boolean): [number, number][] {
  const drawn = points.filter((p): p is [number, number] => p !== null);
  if (every || drawn.length <= 2) return drawn;
  const ends = new Set([drawn[0], drawn[drawn.length - 1], ...isolatedPoints(points)]);
  return drawn.filter((p) => ends.has(p));
}

export interface LineMarksProps {
  series: readonly PlacedLineSeries[];
  strokeWidth?: number;
  /** The highlighted series' key: drawn last (in front), the others in `mutedColor`. */
  highlight?: string | null;
  mutedColor?: string;
  /** Markers at every point (periods at least MARK_EVERY_POINT_PX apart), else at the ends. */
  markEvery?: boolean;
  /** The background: a rim of it around each marker keeps it apart from the lines it sits on. */
  halo?: string;
}

/** The series in drawing order: a highlighted one last, so it runs in front of the others. */
export function drawingOrder<T extends { key: string }>(series: readonly T[], highlight?: string | null): T[] {
  const front = series.filter((s) => s.key === highlight);
  return [...series.filter((s) => s.key !== highlight), ...front];
}

export function LineMarks({
  series,
  strokeWidth = 2,
  highlight,
  mutedColor,
  markEvery = false,
  halo = '#ffffff',
}: LineMarksProps) {
  const lit = highlight != null && series.some((s) => s.key === highlight) ? highlight : null;
  return (
    <g className="line-marks">
      {drawingOrder(series, lit).map((s) => {
        const d = pathOf(s.points as ([number, number] | null)[]);
        const muted = lit !== null && s.key !== lit;
        const color = muted && mutedColor ? mutedColor : s.color;
        const width = s.key === lit ? strokeWidth + 1 : strokeWidth;
        const shape = s.marker;
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
            {shape
              ? markerPoints(s.points, markEvery).map(([x, y]) => (
                  <path
                    key={`${x},${y}`}
                    className="line-marker"
                    d={markerPath(shape)}
                    transform={`translate(${roundPx(x)},${roundPx(y)})`}
                    fill={color}
                    stroke={halo}
                    strokeWidth={1}
                  />
                ))
              : isolatedPoints(s.points).map(([x, y]) => (
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
  fontSize: number;
  highlight?: string | null;
  mutedColor: string;
  /** The background: a label over another line keeps a rim of it, so the text stays readable. */
  halo: string;
}

/** Direct labels, each in its line's colour just right of that line's last value (placeDirectLabels). */
export function LineLabels({ labels, fontSize, highlight, mutedColor, halo }: LineLabelsProps) {
  return (
    <g className="line-labels">
      {labels.map((l) => (
        <text
          key={l.key}
          x={roundPx(l.labelX)}
          y={roundPx(l.labelY)}
          dy="0.35em"
          fontSize={fontSize}
          fill={highlight != null && highlight !== l.key ? mutedColor : l.color}
          stroke={halo}
          strokeWidth={3}
          strokeLinejoin="round"
          paintOrder="stroke"
        >
          {l.text}
        </text>
      ))}
    </g>
  );
}
