// Line chart: scales, axes, legend and layout for a given size; lines drawn by LineMarks.
import { scaleLinear } from 'd3-scale';
import type { DatasetData } from '../../../core/schemas/dataset';
import type { PlacedTick } from '../core/axes';
import { choosePeriodTicks } from '../core/axis-ticks';
import { CartesianFrame } from '../core/cartesian-frame';
import { layoutCartesian } from '../core/cartesian-layout';
import { ChartMessage, chartBox } from '../core/chart-frame';
import { FONT_SIZE, seriesColor, type Theme } from '../core/palette';
import { chartDomId } from '../core/stable-id';
import { estimateTextWidth } from '../core/text-width';
import { flagIndex, periodTooltip, type TooltipTarget } from '../core/chart-tooltip';
import { TooltipLayer } from '../core/tooltip-layer';
import { buildLineState, describeLine, type LineReadyState, type LineStateInput } from './line-state';
import { LineMarks, type PlacedLineSeries } from './line-marks';

export interface LineChartProps extends LineStateInput {
  data: DatasetData;
  width: number;
  height?: number;
  theme?: Theme;
  hideLegend?: boolean;
  /** Overrides the id derived from the props (two identical charts on one page). */
  idPrefix?: string;
  /** Tooltips by mouse, touch and keyboard: every series at the nearest period. */
  interactive?: boolean;
  /**
   * Draw each line through the periods it has no value for, instead of breaking it: a coarser series on a finer
   * timeline (annual values on the workbench's monthly axis, decision 110).
   */
  connectGaps?: boolean;
}

const X_AXIS_HEIGHT = 22;

/** Period labels placed on the x scale, without those that would stick out of the SVG. */
function periodTicks(state: LineReadyState, x: (ordinal: number) => number, plotWidth: number, width: number) {
  const { ordinals, freq } = state.table;
  const pxPerPeriod = ordinals.length > 1 ? plotWidth / (ordinals.length - 1) : plotWidth;
  return choosePeriodTicks(freq, ordinals, pxPerPeriod, FONT_SIZE.tick)
    .map((t): PlacedTick => ({ at: x(ordinals[t.index] ?? 0), label: t.label }))
    .filter((t) => {
      const half = estimateTextWidth(t.label, FONT_SIZE.tick) / 2;
      return t.at - half >= 0 && t.at + half <= width;
    });
}

export function LineChart(props: LineChartProps) {
  const { width, height, theme } = chartBox(props);
  const state = buildLineState(props.data, props);
  const id =
    props.idPrefix ??
    chartDomId('line-chart', [
      props.data.dataset.id,
      props.seriesIds,
      props.countries,
      props.startIndex,
      width,
      height,
    ]);
  if (state.status === 'error') {
    return (
      <ChartMessage id={id} width={width} height={height} theme={theme} title={state.title} message={state.message} />
    );
  }

  const { table } = state;
  const layout = layoutCartesian({
    width,
    height,
    legendItems: props.hideLegend
      ? null
      : table.series.map((s) => ({ key: s.key, label: s.label, color: seriesColor(s.colorIndex, theme) })),
    unit: table.unit,
    min: state.min,
    max: state.max,
    includeZero: false,
    bottomAxisHeight: X_AXIS_HEIGHT,
    rightPadding: 20,
  });
  const { plot } = layout;
  const first = table.ordinals[0] ?? 0;
  const last = table.ordinals[table.ordinals.length - 1] ?? first;
  const xScale = scaleLinear()
    .domain(first === last ? [first - 1, first + 1] : [first, last])
    .range([plot.left, plot.right]);
  const placed: PlacedLineSeries[] = table.series.map((s) => ({
    key: s.key,
    label: s.label,
    color: seriesColor(s.colorIndex, theme),
    points: s.values
      .map((v, i): [number, number] | null => (v === null ? null : [xScale(table.ordinals[i] ?? 0), layout.y(v)]))
      .filter((p) => !props.connectGaps || p !== null),
  }));

  const chart = (
    <CartesianFrame
      id={id}
      width={width}
      height={height}
      theme={theme}
      title={state.title}
      description={describeLine(state)}
      layout={layout}
      unit={table.unit}
      legendMarker="line"
      xTicks={periodTicks(state, xScale, plot.right - plot.left, width)}
      marksUnderAxes={false}
      marks={<LineMarks series={placed} />}
    />
  );
  if (!props.interactive) return chart;
  const flags = flagIndex(props.data);
  const targets: TooltipTarget[] = table.periods.map((p, i) => {
    const x = xScale(table.ordinals[i] ?? 0);
    const ys = table.series.flatMap((s) => (s.values[i] === null ? [] : [layout.y(s.values[i]!)]));
    return {
      key: p,
      at: x,
      x,
      y: ys.length > 0 ? Math.min(...ys) : plot.top,
      content: () => periodTooltip(table, i, state.decimals, flags),
    };
  });
  return (
    <TooltipLayer
      width={width}
      height={height}
      theme={theme}
      targets={targets}
      axis="x"
      label={`${state.title}: line chart. Left and right arrow keys show the values of each period.`}
      rule={{ top: plot.top, bottom: plot.bottom }}
    >
      {chart}
    </TooltipLayer>
  );
}
