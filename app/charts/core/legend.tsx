// Chart legend: wrapped rows of colour swatches and labels, laid out by layoutLegend.
import { roundPx } from './pixels';
import type { LegendLayout } from './legend-layout';
import type { ThemeColors } from './palette';

export interface LegendProps {
  layout: LegendLayout;
  x: number;
  y: number;
  fontSize: number;
  colors: ThemeColors;
  /** A short line for line charts, a square for bars. */
  marker: 'line' | 'square';
  swatchWidth?: number;
}

export function Legend({ layout, x, y, fontSize, colors, marker, swatchWidth = 14 }: LegendProps) {
  if (layout.items.length === 0 && !layout.more) return null;
  return (
    <g className="chart-legend" transform={`translate(${roundPx(x)},${roundPx(y)})`}>
      {layout.items.map((item) => (
        <g key={item.key} transform={`translate(${roundPx(item.x)},${roundPx(item.y)})`}>
          {marker === 'line' ? (
            <line x1={0} x2={swatchWidth} y1={0} y2={0} stroke={item.color} strokeWidth={3} strokeLinecap="round" />
          ) : (
            <rect x={2} y={-5} width={10} height={10} rx={1.5} fill={item.color} />
          )}
          <text x={swatchWidth + 6} y={0} dy="0.35em" fontSize={fontSize} fill={colors.text}>
            {item.text}
          </text>
        </g>
      ))}
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
