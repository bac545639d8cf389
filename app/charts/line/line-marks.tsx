// Line marks: placed series to smooth <path>s with gaps where values are missing, and dots for lone points.
import { curveCardinal, line } from 'd3-shape';
import { roundPx } from '../core/pixels';

/** Cardinal spline tension of the specification (line tension 0.35). */
export const LINE_TENSION = 0.35;

export interface PlacedLineSeries {
  key: string;
  label: string;
  color: string;
  /** One point per period; null where the series has no value. */
  points: readonly ([number, number] | null)[];
}

const pathOf = line<[number, number] | null>()
  .defined((p) => p !== null)
  .x((p) => p?.[0] ?? 0)
  .y((p) => p?.[1] ?? 0)
  .curve(curveCardinal.tension(LINE_TENSION))
  .digits(2);

/** Points with no neighbour on either side: a line cannot show them, so they get a dot. */
export function isolatedPoints(points: readonly ([number, number] | null)[]): [number, number][] {
  return points.filter((p, i): p is [number, number] => p !== null && !points[i - 1] && !points[i + 1]);
}

export interface LineMarksProps {
  series: readonly PlacedLineSeries[];
  strokeWidth?: number;
}

export function LineMarks({ series, strokeWidth = 2 }: LineMarksProps) {
  return (
    <g className="line-marks">
      {series.map((s) => {
        const d = pathOf(s.points as ([number, number] | null)[]);
        return (
          <g key={s.key} className="line-series" data-series={s.label}>
            {d ? (
              <path
                d={d}
                fill="none"
                stroke={s.color}
                strokeWidth={strokeWidth}
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            ) : null}
            {isolatedPoints(s.points).map(([x, y]) => (
              <circle key={`${x},${y}`} cx={roundPx(x)} cy={roundPx(y)} r={strokeWidth + 0.5} fill={s.color} />
            ))}
          </g>
        );
      })}
    </g>
  );
}
