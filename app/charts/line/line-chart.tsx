// Line chart: scales, axes, legend and layout for a given size; lines drawn by LineMarks.
import { scaleLinear } from 'd3-scale';
import type { PlacedTick } from '../core/axes';
import { choosePeriodTicks } from '../core/axis-ticks';
import { CartesianFrame } from '../core/cartesian-frame';
import { layoutCartesian, type CartesianLayout, type CartesianLayoutInput } from '../core/cartesian-layout';
import { ChartMessage } from '../core/chart-frame';
import { ChartInteraction } from '../core/chart-interaction';
import { useChartInterface, type ChartProps } from '../core/chart-interface';
import { legendHighlightTargets, type HighlightTarget } from '../core/highlight-buttons';
import { FONT_SIZE, seriesColor, type Theme } from '../core/palette';
import { estimateTextWidth, fitLabel } from '../core/text-width';
import { periodTooltip, type TooltipTarget } from '../core/chart-tooltip';
import { buildLineState, describeLine, type LineReadyState, type LineStateInput } from './line-state';
import { placeDirectLabels, type LineEnd, type PlacedLineLabel } from './line-labels';
import { LineLabels, LineMarks, type PlacedLineSeries } from './line-marks';

/** Interactive: tooltips of every series at the nearest period. */
export interface LineChartProps extends ChartProps, LineStateInput {
  hideLegend?: boolean;
  /**
   * Draw each line through the periods it has no value for, instead of breaking it: a coarser series on a finer
   * timeline (annual values on the workbench's monthly axis, decision 110).
   */
  connectGaps?: boolean;
}

const X_AXIS_HEIGHT = 22;
/** Gap between the lines' ends and their direct labels. */
const LABEL_GAP = 6;
/** Direct labels take at most this share of the chart's width; beyond it they use short names, or the legend. */
const LABEL_SHARE = 0.22;

/** The last value of each series, for its direct label. */
function lineEnds(state: LineReadyState, layout: CartesianLayout, theme: Theme): LineEnd[] {
  return state.table.series.flatMap((s) => {
    const last = s.values.findLast((v) => v !== null);
    if (last === undefined || last === null) return [];
    const end: LineEnd = { key: s.key, label: s.label, color: seriesColor(s.colorIndex, theme), y: layout.y(last) };
    return [s.shortLabel ? { ...end, shortLabel: s.shortLabel } : end];
  });
}

/**
 * Direct labels at the lines' ends where they fit (room is made right of the plot), with their layout; else the
 * layout with a legend above the plot.
 */
function layoutWithKey(
  state: LineReadyState,
  base: Omit<CartesianLayoutInput, 'legendItems' | 'rightPadding'>,
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
    const labels = placeDirectLabels(lineEnds(state, layout, theme), {
      maxWidth: room,
      top: layout.plot.top,
      bottom: layout.plot.bottom,
      fontSize: FONT_SIZE.legend,
    });
    if (labels) return { layout, labels };
  }
  const legendItems = showKey
    ? series.map((s) => ({
        key: s.key,
        label: s.label,
        color: seriesColor(s.colorIndex, theme),
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
      x: layout.plot.right + LABEL_GAP - 2,
      y: l.labelY - rowHeight / 2,
      width: estimateTextWidth(l.text, FONT_SIZE.legend) + 4,
      height: rowHeight,
    }));
  }
  return legendHighlightTargets(layout);
}

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
    },
    theme,
    !props.hideLegend,
  );
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
    ...(s.aggregate ? { aggregate: true } : {}),
    points: s.values
      .map((v, i): [number, number] | null => (v === null ? null : [xScale(table.ordinals[i] ?? 0), layout.y(v)]))
      .filter((p) => !props.connectGaps || p !== null),
  }));
  const targets = (): TooltipTarget[] =>
    table.periods.map((p, i) => {
      const x = xScale(table.ordinals[i] ?? 0);
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
      highlightTargets={() => highlightTargets(layout, labels)}
    >
      <CartesianFrame
        {...box}
        title={state.title}
        description={describeLine(state)}
        layout={layout}
        unit={table.unit}
        legendMarker="line"
        xTicks={periodTicks(state, xScale, plot.right - plot.left, width)}
        marksUnderAxes={false}
        highlight={lit}
        marks={
          <>
            <LineMarks series={placed} highlight={lit} mutedColor={colors.axis} />
            {labels ? (
              <LineLabels
                labels={labels}
                x={plot.right + LABEL_GAP}
                endX={Object.fromEntries(
                  placed.flatMap((s) => {
                    const end = s.points.findLast((p) => p !== null);
                    return end ? [[s.key, end[0]]] : [];
                  }),
                )}
                fontSize={FONT_SIZE.legend}
                highlight={lit}
                mutedColor={colors.axis}
              />
            ) : null}
          </>
        }
      />
    </ChartInteraction>
  );
}
