// Chart legend: wrapped rows of colour swatches and labels, laid out by layoutLegend.
import { roundPx } from './pixels';
import type { LegendLayout } from './legend-layout';
import type { ThemeColors } from './palette';
import { markerBounds, markerPath } from './series-markers';

export interface LegendProps {
  layout: LegendLayout;
  x: number;
  y: number;
  fontSize: number;
  colors: ThemeColors;
  /**
   * A short line for line charts, a square for bars; an item's marker shape on its line, or over a shorter bar as on
   * grouped bars (decision 214).
   */
  marker: 'line' | 'square';
  swatchWidth?: number;
  /** The highlighted series: the other entries are greyed. */
  highlight?: string | null;
}

/** Dashes of an aggregate's line (EU, euro area), on the chart and in its key. */
export const AGGREGATE_DASH = '6 4';

/** The key to the dashed lines, above a line chart that draws an aggregate (decision 199). */
export const AGGREGATE_NOTE = 'Dashed: aggregate of countries';

/** An aggregate's bar (EU, euro area) is a light fill inside its colour's outline, in the legend as on the chart. */
export const AGGREGATE_FILL_OPACITY = 0.35;

/** A grouped bar's swatch: a short bar, its series' marker over it as on the chart. */
const BAR_UNDER_MARKER = { y: 2, height: 6 };

export function Legend({ layout, x, y, fontSize, colors, marker, swatchWidth = 14, highlight }: LegendProps) {
  if (layout.items.length === 0 && !layout.more) return null;
  return (
    <g className="chart-legend" transform={`translate(${roundPx(x)},${roundPx(y)})`}>
      {layout.items.map((item) => {
        const muted = highlight != null && highlight !== item.key;
        const color = muted ? colors.axis : item.color;
        return (
          <g
            key={item.key}
            transform={`translate(${roundPx(item.x)},${roundPx(item.y)})`}
            className={item.aggregate ? 'legend-item legend-aggregate' : 'legend-item'}
          >
            {marker === 'line' ? (
              <>
                <line
                  x1={0}
                  x2={swatchWidth}
                  y1={0}
                  y2={0}
                  stroke={color}
                  strokeWidth={3}
                  strokeLinecap={item.aggregate ? 'butt' : 'round'}
                  strokeDasharray={item.aggregate ? '5 3' : undefined}
                />
                {item.marker ? (
                  <path
                    d={markerPath(item.marker)}
                    transform={`translate(${roundPx(swatchWidth / 2)},0)`}
                    fill={color}
                    stroke={colors.background}
                    strokeWidth={1}
                  />
                ) : null}
              </>
            ) : (
              <>
                <rect
                  x={2}
                  y={item.marker ? BAR_UNDER_MARKER.y : -5}
                  width={10}
                  height={item.marker ? BAR_UNDER_MARKER.height : 10}
                  rx={1.5}
                  fill={color}
                  fillOpacity={item.aggregate ? AGGREGATE_FILL_OPACITY : undefined}
                  stroke={item.aggregate ? color : undefined}
                  strokeWidth={item.aggregate ? 1.5 : undefined}
                />
                {item.marker ? (
                  <path
                    d={markerPath(item.marker)}
                    transform={`translate(7,${roundPx(BAR_UNDER_MARKER.y - 2 - markerBounds(item.marker).bottom)})`}
                    fill={color}
                    stroke={colors.background}
                    strokeWidth={1}
                  />
                ) : null}
              </>
            )}
            <text
              x={swatchWidth + 6}
              y={0}
              dy="0.35em"
              fontSize={fontSize}
              fill={muted ? colors.mutedText : colors.text}
            >
              {item.text}
            </text>
          </g>
        );
      })}
      {layout.more ? (
        <text
          x={roundPx(layout.more.x)}
          y={roundPx(layout.more.y)}
          dy="0.35em"
          fontSize={fontSize}
          fill={colors.mutedText}
        >
          {layout.more.text}
        </text>
      ) : null}
    </g>
  );
}
