// Horizontal bar marks: placed bars to <rect>s with the category label left and the value at the bar's end.
import { roundPx } from '../core/pixels';

export interface PlacedHbar {
  key: string;
  label: string;
  /** Category label as drawn (possibly shortened). */
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
  value: { x: number; text: string; anchor: 'start' | 'end' };
}

export interface HbarMarksProps {
  bars: readonly PlacedHbar[];
  /** Right edge of the category labels. */
  labelX: number;
  labelColor: string;
  valueColor: string;
  fontSize: number;
}

export function HbarMarks({ bars, labelX, labelColor, valueColor, fontSize }: HbarMarksProps) {
  return (
    <g className="hbar-marks">
      {bars.map((b) => {
        const cy = roundPx(b.y + b.height / 2);
        return (
          <g key={b.key} className="bar" data-series={b.label}>
            <text x={roundPx(labelX)} y={cy} dy="0.35em" textAnchor="end" fontSize={fontSize} fill={labelColor}>
              {b.text}
            </text>
            <rect
              x={roundPx(b.x)}
              y={roundPx(b.y)}
              width={roundPx(Math.max(1, b.width))}
              height={roundPx(Math.max(1, b.height))}
              fill={b.color}
            />
            <text
              x={roundPx(b.value.x)}
              y={cy}
              dy="0.35em"
              textAnchor={b.value.anchor}
              fontSize={fontSize}
              fill={valueColor}
            >
              {b.value.text}
            </text>
          </g>
        );
      })}
    </g>
  );
}
