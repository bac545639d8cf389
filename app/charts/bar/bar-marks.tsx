// Bar marks: placed bars to <rect>s, with optional value labels or their series' markers at their ends.
import { AGGREGATE_FILL_OPACITY } from '../core/legend';
import { roundPx } from '../core/pixels';
import type { MarkerShape } from '../core/series-markers';

export interface PlacedBar {
  key: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
  /** A series without a value: only its 'No data' label is drawn. */
  noData?: boolean;
  /** An aggregate (EU, euro area): a light fill inside an outline, apart from the countries' solid bars. */
  aggregate?: boolean;
  /** Value label drawn at the bar's end, when there is room for it. */
  valueLabel?: { x: number; y: number; text: string; anchor: 'start' | 'middle' | 'end' };
  /** Its series' marker (grouped bars, decision 214): the shape's path (markerPath) centred on x, y. */
  marker?: { shape: MarkerShape; d: string; x: number; y: number };
}

export interface BarMarksProps {
  bars: readonly PlacedBar[];
  labelColor: string;
  fontSize: number;
  /** The background: a rim of it around each marker keeps it apart from gridlines and its neighbours. */
  halo?: string;
}

/** Draws bars; a bar thinner than a pixel is still drawn one pixel wide so no value vanishes. */
export function BarMarks({ bars, labelColor, fontSize, halo = '#ffffff' }: BarMarksProps) {
  return (
    <g className="bar-marks">
      {bars.map((b) => (
        <g
          key={b.key}
          className={b.noData ? 'bar bar-no-data' : b.aggregate ? 'bar bar-aggregate' : 'bar'}
          data-series={b.label}
        >
          {b.noData ? null : (
            <rect
              x={roundPx(b.x)}
              y={roundPx(b.y)}
              width={roundPx(Math.max(1, b.width))}
              height={roundPx(Math.max(0, b.height))}
              fill={b.color}
              fillOpacity={b.aggregate ? AGGREGATE_FILL_OPACITY : undefined}
              stroke={b.aggregate ? b.color : undefined}
              strokeWidth={b.aggregate ? 1.5 : undefined}
            />
          )}
          {b.marker ? (
            <path
              className="bar-marker"
              data-shape={b.marker.shape}
              d={b.marker.d}
              transform={`translate(${roundPx(b.marker.x)},${roundPx(b.marker.y)})`}
              fill={b.color}
              stroke={halo}
              strokeWidth={1}
            />
          ) : null}
          {b.valueLabel ? (
            <text
              x={roundPx(b.valueLabel.x)}
              y={roundPx(b.valueLabel.y)}
              dy="0.35em"
              textAnchor={b.valueLabel.anchor}
              fontSize={fontSize}
              fill={labelColor}
            >
              {b.valueLabel.text}
            </text>
          ) : null}
        </g>
      ))}
    </g>
  );
}
