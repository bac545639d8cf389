// The frame of every chart with a vertical value axis (line, bar), written once: the SVG root, legend, unit label,
// value gridlines, zero line and period axis around the view's own marks (decision 036).
import type { ReactNode } from 'react';
import { Baseline, CategoryAxisX, UnitLabel, ValueAxisY, type PlacedTick } from './axes';
import { NOTE_SWATCH, OUTER_PADDING, type CartesianLayout } from './cartesian-layout';
import { ChartFrame, type ChartBox } from './chart-frame';
import { Legend } from './legend';
import { FONT_SIZE, themeColors } from './palette';
import { roundPx } from './pixels';
import { AGGREGATE_DASH } from './legend';

export interface CartesianFrameProps extends ChartBox {
  title: string;
  description: string;
  layout: CartesianLayout;
  /** The unit label above the plot ('Annual rate of change (%)', 'Index, 1/2020 = 100'). */
  unit: string;
  legendMarker: 'line' | 'square';
  /** Period labels along the bottom of the plot. */
  xTicks: readonly PlacedTick[];
  xRotate?: boolean;
  xTickMarks?: boolean;
  /**
   * Bars are drawn under the zero line and period axis (the line stays visible across them); lines over them
   * (a line along zero stays visible).
   */
  marksUnderAxes: boolean;
  marks: ReactNode;
  /** The series brought forward from the legend (its key); the other entries are greyed. */
  highlight?: string | null;
}

export function CartesianFrame(props: CartesianFrameProps) {
  const { layout, width, theme } = props;
  const { plot } = layout;
  const colors = themeColors(theme);
  const zeroY = layout.zeroY ?? plot.bottom;
  const axes = (
    <>
      <Baseline x1={plot.left} x2={plot.right} y1={zeroY} y2={zeroY} colors={colors} />
      <CategoryAxisX
        ticks={props.xTicks}
        y={plot.bottom}
        colors={colors}
        fontSize={FONT_SIZE.tick}
        rotate={props.xRotate}
        tickMarks={props.xTickMarks}
      />
    </>
  );
  return (
    <ChartFrame
      id={props.id}
      width={width}
      height={props.height}
      theme={theme}
      title={props.title}
      description={props.description}
    >
      {layout.legend ? (
        <Legend
          layout={layout.legend}
          x={OUTER_PADDING}
          y={layout.legendY}
          fontSize={FONT_SIZE.legend}
          colors={colors}
          marker={props.legendMarker}
          highlight={props.highlight}
        />
      ) : null}
      <UnitLabel
        x={OUTER_PADDING}
        y={layout.unitY}
        text={props.unit}
        colors={colors}
        fontSize={FONT_SIZE.label}
        maxWidth={layout.unitWidth}
      />
      {layout.note ? (
        <g className="chart-note">
          <line
            x1={roundPx(layout.note.x)}
            x2={roundPx(layout.note.x + NOTE_SWATCH - 5)}
            y1={roundPx(layout.note.y)}
            y2={roundPx(layout.note.y)}
            stroke={colors.mutedText}
            strokeWidth={2}
            strokeDasharray={AGGREGATE_DASH}
          />
          <text
            x={roundPx(layout.note.x + NOTE_SWATCH)}
            y={roundPx(layout.note.y)}
            dy="0.35em"
            fontSize={FONT_SIZE.tick}
            fill={colors.mutedText}
          >
            {layout.note.text}
          </text>
        </g>
      ) : null}
      <ValueAxisY ticks={layout.yTicks} from={plot.left} to={plot.right} colors={colors} fontSize={FONT_SIZE.tick} />
      {props.marksUnderAxes ? props.marks : null}
      {axes}
      {props.marksUnderAxes ? null : props.marks}
    </ChartFrame>
  );
}
