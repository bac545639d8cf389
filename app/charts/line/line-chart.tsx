// Line chart: scales, axes, legend and layout for a given size; lines drawn by LineMarks.
import { scaleLinear } from 'd3-scale';
import { convertOrdinal, type Frequency } from '#core/periods';
import type { PlacedTick } from '../core/axes';
import { choosePeriodTicks } from '../core/axis-ticks';
import { CartesianFrame } from '../core/cartesian-frame';
import {
  layoutCartesian,
  OUTER_PADDING,
  type CartesianLayout,
  type CartesianLayoutInput,
} from '../core/cartesian-layout';
import { ChartMessage } from '../core/chart-frame';
import { ChartInteraction } from '../core/chart-interaction';
import { useChartInterface, type ChartProps } from '../core/chart-interface';
import { AGGREGATE_NOTE } from '../core/legend';
import { legendHighlightTargets, type HighlightTarget } from '../core/highlight-buttons';
import { FONT_SIZE, seriesColor, type Theme } from '../core/palette';
import { markerShape } from '../core/series-markers';
import { estimateTextWidth, fitLabel } from '../core/text-width';
import { periodTooltip, type TooltipTarget } from '../core/chart-tooltip';
import { buildLineState, describeLine, type LineReadyState, type LineStateInput } from './line-state';
import { placeDirectLabels, type LineEnd, type PlacedLineLabel } from './line-labels';
import { LineLabels, LineMarks, MARK_EVERY_POINT_PX, type PlacedLineSeries } from './line-marks';

/** Interactive: tooltips of every series at the nearest period. */
export interface LineChartProps extends ChartProps, LineStateInput {
  hideLegend?: boolean;
  /**
   * A finer time axis shared with other charts (the workbench's panels, decision 110): its frequency and first and
   * last ordinals. The chart's own periods sit in the middle of the axis periods they cover.
   */
  timeAxis?: TimeAxis;
}

export interface TimeAxis {
  freq: Frequency;
  first: number;
  last: number;
}

const X_AXIS_HEIGHT = 22;
/** Gap between the lines' ends and their direct labels. */
const LABEL_GAP = 6;
/** Direct labels take at most this share of the chart's width; beyond it they use short names, or the legend. */
const LABEL_SHARE = 0.22;

/** The last value of each series and where it is drawn, for its direct label. */
function lineEnds(state: LineReadyState, layout: CartesianLayout, x: XPosition, theme: Theme): LineEnd[] {
  return state.table.series.flatMap((s) => {
    const i = s.values.findLastIndex((v) => v !== null);
    const last = s.values[i];
    if (i < 0 || last === undefined || last === null) return [];
    const end: LineEnd = {
      key: s.key,
      label: s.label,
      color: seriesColor(s.colorIndex, theme),
      x: x(layout, i),
      y: layout.y(last),
    };
    return [s.shortLabel ? { ...end, shortLabel: s.shortLabel } : end];
  });
}

/** Pixel x of the table's i-th period in a layout. */
type XPosition = (layout: CartesianLayout, index: number) => number;

/**
 * Direct labels at the lines' ends where they fit (room is made right of the plot), with their layout; else the
 * layout with a legend above the plot.
 */
function layoutWithKey(
  state: LineReadyState,
  base: Omit<CartesianLayoutInput, 'legendItems' | 'rightPadding'>,
  x: XPosition,
  theme: Theme,
  showKey: boolean,
): { layout: CartesianLayout; labels: PlacedLineLabel[] | null } {
  const { series } = state.table;
  if (showKey) {
    const cap = Math.floor(base.width * LABEL_SHARE);
    const room = Math.ceil(
      series.reduce(
        (w, s) =>
          Math.max(w, estimateTextWidth(fitLabel(s.label, s.shortLabel, cap, FONT_SIZE.legend), FONT_SIZE.legend)),
        0,
      ),
    );
    const layout = layoutCartesian({ ...base, legendItems: null, rightPadding: Math.max(20, room + LABEL_GAP) });
    const labels = placeDirectLabels(lineEnds(state, layout, x, theme), {
      maxWidth: room,
      right: base.width - OUTER_PADDING,
      gap: LABEL_GAP,
      // Labels stay inside the plot, off the period labels under it.
      top: layout.plot.top,
      bottom: layout.plot.bottom - FONT_SIZE.legend * 0.6,
      fontSize: FONT_SIZE.legend,
    });
    if (labels) return { layout, labels };
  }
  const legendItems = showKey
    ? series.map((s) => ({
        key: s.key,
        label: s.label,
        color: seriesColor(s.colorIndex, theme),
        marker: markerShape(s.colorIndex),
        ...(s.shortLabel ? { shortLabel: s.shortLabel } : {}),
        ...(s.aggregate ? { aggregate: true } : {}),
      }))
    : null;
  return { layout: layoutCartesian({ ...base, legendItems, rightPadding: 20 }), labels: null };
}

/** Where the legend entries or direct labels are, for the buttons that highlight a series. */
function highlightTargets(layout: CartesianLayout, labels: PlacedLineLabel[] | null): HighlightTarget[] {
  const rowHeight = Math.round(FONT_SIZE.legend * 1.6);
  if (labels) {
    return labels.map((l) => ({
      key: l.key,
      label: l.label,
      x: l.labelX - 2,
      y: l.labelY - rowHeight / 2,
      width: estimateTextWidth(l.text, FONT_SIZE.legend) + 4,
      height: rowHeight,
    }));
  }
  return legendHighlightTargets(layout);
}

/** Period labels placed on the x scale, without those that would stick out of the SVG. */
function periodTicks(freq: Frequency, ordinals: readonly number[], x: (ordinal: number) => number, width: number) {
  const first = ordinals[0] ?? 0;
  const last = ordinals[ordinals.length - 1] ?? first;
  const pxPerPeriod = ordinals.length > 1 ? Math.abs(x(last) - x(first)) / (ordinals.length - 1) : width;
  return choosePeriodTicks(freq, ordinals, pxPerPeriod, FONT_SIZE.tick)
    .map((t): PlacedTick => ({ at: x(ordinals[t.index] ?? 0), label: t.label }))
    .filter((t) => {
      const half = estimateTextWidth(t.label, FONT_SIZE.tick) / 2;
      return t.at - half >= 0 && t.at + half <= width;
    });
}

/**
 * Where a period of the chart sits on its time axis: on its own axis, at its ordinal; on a finer shared axis (a
 * workbench panel, decision 110), in the middle of the axis periods it covers, so the 2020 value is drawn mid-2020,
 * between the "2020" and "2021" ticks (decision 199).
 */
export function periodPosition(freq: Frequency, axis: TimeAxis | undefined): (ordinal: number) => number {
  if (!axis || axis.freq === freq) return (o) => o;
  return (o) => (convertOrdinal(freq, o, axis.freq, 'start') + convertOrdinal(freq, o, axis.freq, 'end')) / 2;
}

export function LineChart(props: LineChartProps) {
  const chart = useChartInterface(props, {
    view: 'line-chart',
    sliderIndex: props.startIndex,
    build: () => buildLineState(props.data, props),
    highlightable: (s) => s.table.series,
  });
  const { box, state, colors, highlight: lit } = chart;
  if (state.status === 'error') return <ChartMessage {...box} title={state.title} message={state.message} />;

  const { width, height, theme } = box;
  const { table } = state;
  const at = periodPosition(table.freq, props.timeAxis);
  const first = props.timeAxis?.first ?? at(table.ordinals[0] ?? 0);
  const last = props.timeAxis?.last ?? at(table.ordinals[table.ordinals.length - 1] ?? 0);
  const domain = first === last ? [first - 1, first + 1] : [first, last];
  const scaleOf = (layout: CartesianLayout) =>
    scaleLinear().domain(domain).range([layout.plot.left, layout.plot.right]);
  const { layout, labels } = layoutWithKey(
    state,
    {
      width,
      height,
      unit: table.unit,
      min: state.min,
      max: state.max,
      includeZero: false,
      bottomAxisHeight: X_AXIS_HEIGHT,
      note: table.series.some((s) => s.aggregate) ? AGGREGATE_NOTE : null,
    },
    (l, i) => scaleOf(l)(at(table.ordinals[i] ?? 0)),
    theme,
    !props.hideLegend,
  );
  const { plot } = layout;
  const xScale = scaleOf(layout);
  const xOf = (i: number) => xScale(at(table.ordinals[i] ?? 0));
  const axisOrdinals = props.timeAxis
    ? Array.from({ length: props.timeAxis.last - props.timeAxis.first + 1 }, (_, k) => props.timeAxis!.first + k)
    : table.ordinals;
  const placed: PlacedLineSeries[] = table.series.map((s) => ({
    key: s.key,
    label: s.label,
    color: seriesColor(s.colorIndex, theme),
    marker: markerShape(s.colorIndex),
    ...(s.aggregate ? { aggregate: true } : {}),
    points: s.values.map((v, i): [number, number] | null => (v === null ? null : [xOf(i), layout.y(v)])),
  }));
  const targets = (): TooltipTarget[] =>
    table.periods.map((p, i) => {
      const x = xOf(i);
      const ys = table.series.flatMap((s) => (s.values[i] === null ? [] : [layout.y(s.values[i]!)]));
      return {
        key: p,
        at: x,
        x,
        y: ys.length > 0 ? Math.min(...ys) : plot.top,
        content: () => periodTooltip(table, i, state.decimals, chart.flags),
      };
    });

  return (
    <ChartInteraction
      chart={chart}
      targets={targets}
      axis="x"
      label={`${state.title}: line chart. Left and right arrow keys show the values of each period.`}
      rule={{ top: plot.top, bottom: plot.bottom }}
      markers
      highlightTargets={() => highlightTargets(layout, labels)}
    >
      <CartesianFrame
        {...box}
        title={state.title}
        description={describeLine(state, chart.flags)}
        layout={layout}
        unit={table.unit}
        legendMarker="line"
        xTicks={periodTicks(props.timeAxis?.freq ?? table.freq, axisOrdinals, (o) => xScale(o), width)}
        marksUnderAxes={false}
        highlight={lit}
        marks={
          <>
            <LineMarks
              series={placed}
              highlight={lit}
              mutedColor={colors.axis}
              markEvery={table.periods.length < 2 || Math.abs(xOf(1) - xOf(0)) >= MARK_EVERY_POINT_PX}
              halo={colors.background}
            />
            {labels ? (
              <LineLabels
                labels={labels}
                fontSize={FONT_SIZE.legend}
                highlight={lit}
                mutedColor={colors.axis}
                halo={colors.background}
              />
            ) : null}
          </>
        }
      />
    </ChartInteraction>
  );
}
