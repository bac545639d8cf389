// Vertical bar chart: sparse bars sorted descending, or grouped bars per period; scales, axes and legend.
import { scaleBand } from 'd3-scale';
import { CATEGORY_LABEL_GAP, type PlacedTick } from '../core/axes';
import { choosePeriodTicks } from '../core/axis-ticks';
import { CartesianFrame } from '../core/cartesian-frame';
import { layoutCartesian, OUTER_PADDING, type CartesianLayout } from '../core/cartesian-layout';
import { ChartMessage } from '../core/chart-frame';
import { ChartInteraction } from '../core/chart-interaction';
import { useChartInterface, type ChartProps } from '../core/chart-interface';
import { formatNumber } from '../core/number-format';
import { FONT_SIZE, seriesColor, type Theme } from '../core/palette';
import { markerAreaFor, markerBounds, markerPath, markerShape } from '../core/series-markers';
import { estimateTextWidth, fitLabel, maxTextWidth } from '../core/text-width';
import { barTooltip, periodTooltip, type TooltipTarget } from '../core/chart-tooltip';
import {
  categoryHighlightTargets,
  highlightColor,
  legendHighlightTargets,
  type CategoryName,
  type HighlightTarget,
} from '../core/highlight-buttons';
import {
  buildBarState,
  describeBar,
  MIN_MARKED_BAR_STEP,
  type GroupedBarState,
  type SparseBarState,
} from './bar-state';
import { BarMarks, type PlacedBar } from './bar-marks';

/** Interactive: tooltips of a bar's value and flag, or of every series in a period. */
export interface BarChartProps extends ChartProps {
  /** The slider: first period shown. Default: the last 12 periods. */
  startIndex?: number;
  /** The slider's end thumb: last period shown; -1 or absent = the latest. */
  endIndex?: number;
  hideLegend?: boolean;
}

const SIN45 = Math.SQRT1_2;
const MAX_SPARSE_STEP = 120;
/** The band key of the gap between aggregates and countries. */
const AGGREGATE_GAP = '\u0000gap';
/** What a bar chart writes where a series has no value in the shown period. */
export const NO_DATA_LABEL = 'No data';
/** Pixels between a bar's end and its marker. */
const MARKER_GAP = 2;

interface Placed {
  bars: PlacedBar[];
  ticks: PlacedTick[];
  rotate: boolean;
  /** Sparse bars: the names drawn under a bar (their buttons), and the distance between two drawn names. */
  names?: { list: CategoryName[]; step: number };
}

function zeroOf(layout: CartesianLayout): number {
  return layout.zeroY ?? layout.plot.bottom;
}

/**
 * Whether a mark of a bar's value (its value label, its series' marker) reaching `reach` px past the bar's end goes
 * under a bar down: not when that would leave the plot for the names below it (Austria's −1.0 on the "Austria" label);
 * then it goes over the zero line, where the bar leaves room (decision 199). A bar up has it over its end.
 */
function markUnder(layout: CartesianLayout, value: number, end: number, reach: number): boolean {
  return value < 0 && end + reach <= layout.plot.bottom;
}

function barBetween(layout: CartesianLayout, value: number): { y: number; height: number } {
  const y0 = zeroOf(layout);
  const yv = layout.y(value);
  return { y: Math.min(y0, yv), height: Math.abs(yv - y0) };
}

/** Room under the plot for country labels: upright when they fit their bars, else turned 45°. */
function sparseAxis(state: SparseBarState, width: number, height: number): { rotate: boolean; size: number } {
  const step = (width - 2 * OUTER_PADDING - 50) / Math.max(1, state.bars.length + state.missing.length);
  // A name that does not fit its bar is written short where it has a short form ('EU27').
  const widest = maxTextWidth(
    [...state.bars, ...state.missing].map((b) =>
      estimateTextWidth(b.label, FONT_SIZE.tick) + 4 <= step || !b.shortLabel ? b.label : b.shortLabel,
    ),
    FONT_SIZE.tick,
  );
  if (widest + 4 <= step) return { rotate: false, size: 22 };
  return { rotate: true, size: Math.min(widest * SIN45 + 18, Math.round(height * 0.3)) };
}

/** Sparse bars; with a highlighted place (its key), the other bars in `mutedColor`. */
function placeSparse(
  state: SparseBarState,
  layout: CartesianLayout,
  theme: Theme,
  rotate: boolean,
  axis: number,
  highlight: string | null = null,
  mutedColor = '',
): Placed {
  const { plot } = layout;
  // A few bars stay a readable width instead of stretching across a wide chart.
  const all = [...state.bars, ...state.missing];
  // An empty band between the aggregates (drawn first) and the countries.
  const apart =
    state.bars.some((b) => b.aggregate) && (state.bars.some((b) => !b.aggregate) || state.missing.length > 0);
  const domain = all.map((b) => b.key);
  if (apart) domain.splice(state.bars.filter((b) => b.aggregate).length, 0, AGGREGATE_GAP);
  const inset = Math.max(0, (plot.right - plot.left - domain.length * MAX_SPARSE_STEP) / 2);
  const x = scaleBand<string>()
    .domain(domain)
    .range([plot.left + inset, plot.right - inset])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  const bw = x.bandwidth();
  const labelFits = state.bars.every(
    (b) => estimateTextWidth(formatNumber(b.value, state.decimals), FONT_SIZE.value) <= x.step(),
  );
  const maxLabel = rotate ? Math.max(0, (axis - 18) / SIN45) : x.step();
  const bars = state.bars.map((b): PlacedBar => {
    const left = x(b.key) ?? plot.left;
    const { y, height } = barBetween(layout, b.value);
    const above = !markUnder(layout, b.value, y + height, 8 + FONT_SIZE.value / 2);
    const y0 = zeroOf(layout);
    return {
      key: b.key,
      label: b.label,
      x: left,
      y,
      width: bw,
      height,
      color: highlightColor(b.key, highlight, seriesColor(0, theme), mutedColor),
      ...(b.aggregate ? { aggregate: true } : {}),
      valueLabel: labelFits
        ? {
            x: left + bw / 2,
            y: b.value >= 0 ? y - 8 : above ? y0 - 8 : y + height + 8,
            text: formatNumber(b.value, state.decimals),
            anchor: 'middle',
          }
        : undefined,
    };
  });
  // A series without a value keeps its place at the end, with 'No data' where its bar would stand, or a dash where
  // that does not fit; where not even the dash fits (hundreds of regions), the tooltip says it.
  const noDataFits = estimateTextWidth(NO_DATA_LABEL, FONT_SIZE.value) <= x.step();
  const dashFits = estimateTextWidth('\u2013', FONT_SIZE.value) + 2 <= x.step();
  const missing = state.missing.map((m): PlacedBar => {
    const left = x(m.key) ?? plot.left;
    const y0 = zeroOf(layout);
    return {
      key: m.key,
      label: m.label,
      x: left,
      y: y0,
      width: bw,
      height: 0,
      color: 'none',
      noData: true,
      ...(dashFits
        ? {
            valueLabel: {
              x: left + bw / 2,
              y: y0 - 8,
              text: noDataFits ? NO_DATA_LABEL : '\u2013',
              anchor: 'middle' as const,
            },
          }
        : {}),
    };
  });
  // Names closer than a line of text would pile up (40 countries on a phone): every k-th is named, the tooltip
  // names the rest. Turned 45°, two names are their distance times sin 45° apart.
  const lineOfText = (FONT_SIZE.tick + 3) / (rotate ? SIN45 : 1);
  const every = x.step() > 0 ? Math.max(1, Math.ceil(lineOfText / x.step())) : all.length;
  const named = all.flatMap((b, i): CategoryName[] =>
    i % every === 0
      ? [
          {
            key: b.key,
            label: b.label,
            text: fitLabel(b.label, b.shortLabel, maxLabel, FONT_SIZE.tick),
            at: (x(b.key) ?? plot.left) + bw / 2,
          },
        ]
      : [],
  );
  const ticks = named.map((n) => ({ at: n.at, label: n.text }));
  // A place without a value has no bar to bring forward.
  const list = named.filter((n) => state.bars.some((b) => b.key === n.key));
  return { bars: [...bars, ...missing], ticks, rotate, names: { list, step: x.step() * every } };
}

/** Whether grouped bars carry their series' markers: where there are series to tell apart (decision 214). */
function marksSeries(state: GroupedBarState): boolean {
  return state.table.series.length > 1;
}

/**
 * Grouped bars; with a highlighted series (its key), the other series' bars in `mutedColor`. With several series each
 * bar carries its series' marker, beyond its end: over a bar up, under a bar down, or over the zero line where a bar
 * down reaches the period labels (decision 214).
 */
function placeGrouped(
  state: GroupedBarState,
  layout: CartesianLayout,
  theme: Theme,
  highlight: string | null = null,
  mutedColor = '',
): Placed {
  const { plot } = layout;
  const { table } = state;
  const outer = scaleBand<number>()
    .domain(table.periods.map((_, i) => i))
    .range([plot.left, plot.right])
    .paddingInner(table.series.length > 1 ? 0.25 : 0.2)
    .paddingOuter(0.1);
  const inner = scaleBand<string>()
    .domain(table.series.map((s) => s.key))
    .range([0, outer.bandwidth()])
    .paddingInner(outer.bandwidth() / table.series.length > 6 ? 0.08 : 0);
  // Bars too thin for a legible shape go without (the legend and the tooltip still show the series' markers).
  const shapes =
    marksSeries(state) && inner.step() >= MIN_MARKED_BAR_STEP ? table.series.map((s) => markerShape(s.colorIndex)) : [];
  // One size for every marker of the chart, no wider than a bar and the gap beside it.
  const area = markerAreaFor(shapes, inner.step());
  const bars = table.series.flatMap((s, k) => {
    const shape = shapes[k];
    const d = shape ? markerPath(shape, area) : '';
    const bounds = shape ? markerBounds(shape, area) : null;
    return s.values.flatMap((v, i): PlacedBar[] => {
      if (v === null) return [];
      const x = (outer(i) ?? 0) + (inner(s.key) ?? 0);
      const { y, height } = barBetween(layout, v);
      let markerY = 0;
      if (bounds) {
        const over = (edge: number) => edge - MARKER_GAP - bounds.bottom;
        markerY = markUnder(layout, v, y + height, MARKER_GAP + bounds.bottom - bounds.top)
          ? y + height + MARKER_GAP - bounds.top
          : over(v >= 0 ? y : zeroOf(layout));
      }
      return [
        {
          key: `${s.key}@${table.periods[i]}`,
          label: s.label,
          x,
          y,
          width: inner.bandwidth(),
          height,
          color: highlightColor(s.key, highlight, seriesColor(s.colorIndex, theme), mutedColor),
          ...(s.aggregate ? { aggregate: true } : {}),
          ...(shape ? { marker: { shape, d, x: x + inner.bandwidth() / 2, y: markerY } } : {}),
        },
      ];
    });
  });
  const ticks = choosePeriodTicks(table.freq, table.ordinals, outer.step(), FONT_SIZE.tick).map((t) => ({
    at: (outer(t.index) ?? 0) + outer.bandwidth() / 2,
    label: t.label,
  }));
  return { bars, ticks, rotate: false };
}

export function BarChart(props: BarChartProps) {
  const chart = useChartInterface(props, {
    view: 'bar-chart',
    sliderIndex: props.startIndex,
    build: ({ width }) => buildBarState(props.data, { ...props, width }),
    // Grouped bars highlight a series from the legend, sparse bars a place from its name under the bar.
    highlightable: (s) => (s.mode === 'grouped' ? s.table.series : s.bars),
  });
  const { box, state, colors, highlight: lit } = chart;
  if (state.status === 'error') return <ChartMessage {...box} title={state.title} message={state.message} />;

  const { width, height, theme } = box;
  const { table } = state;
  const sparse = state.mode === 'sparse' ? sparseAxis(state, width, height) : null;
  const showLegend = !props.hideLegend && state.mode === 'grouped';
  const unit = state.mode === 'sparse' ? [table.unit, state.period].filter(Boolean).join(', ') : table.unit;
  const layout = layoutCartesian({
    width,
    height,
    legendItems: showLegend
      ? table.series.map((s) => ({
          key: s.key,
          label: s.label,
          color: seriesColor(s.colorIndex, theme),
          ...(marksSeries(state) ? { marker: markerShape(s.colorIndex) } : {}),
          ...(s.shortLabel ? { shortLabel: s.shortLabel } : {}),
          ...(s.aggregate ? { aggregate: true } : {}),
        }))
      : null,
    unit,
    min: state.min,
    max: state.max,
    includeZero: true,
    bottomAxisHeight: sparse?.size ?? 22,
  });
  const placed =
    state.mode === 'sparse'
      ? placeSparse(state, layout, theme, sparse?.rotate ?? false, sparse?.size ?? 22, lit, colors.axis)
      : placeGrouped(state, layout, theme, lit, colors.axis);

  return (
    <ChartInteraction
      chart={chart}
      targets={() => barTargets(state, placed, chart.flags)}
      axis="x"
      markers={state.mode === 'grouped' && marksSeries(state)}
      label={`${state.title}: bar chart. Left and right arrow keys show the values.`}
      highlightTargets={() =>
        placed.names ? nameHighlightTargets(placed, layout, sparse?.size ?? 22) : legendHighlightTargets(layout)
      }
    >
      <CartesianFrame
        {...box}
        title={state.title}
        description={describeBar(state, chart.flags)}
        layout={layout}
        unit={unit}
        legendMarker="square"
        xTicks={placed.ticks}
        xRotate={placed.rotate}
        xTickMarks={state.mode === 'grouped'}
        marksUnderAxes
        highlight={lit}
        marks={
          <BarMarks bars={placed.bars} labelColor={colors.text} fontSize={FONT_SIZE.value} halo={colors.background} />
        }
      />
    </ChartInteraction>
  );
}

/** The names under sparse bars as buttons: below the plot, so that they never cover a bar. */
function nameHighlightTargets(placed: Placed, layout: CartesianLayout, axis: number): HighlightTarget[] {
  const { bottom } = layout.plot;
  return categoryHighlightTargets(placed.names?.list ?? [], {
    axis: 'x',
    step: placed.names?.step ?? 0,
    from: bottom + 1,
    to: bottom + axis,
    fontSize: FONT_SIZE.tick,
    ...(placed.rotate ? { turnedAt: bottom + CATEGORY_LABEL_GAP } : {}),
  });
}

/** Sparse bars: one target per bar (value and flag); grouped bars: one per period (every series). */
function barTargets(
  state: SparseBarState | GroupedBarState,
  placed: Placed,
  flags: ReadonlyMap<string, string>,
): TooltipTarget[] {
  const { table } = state;
  if (state.mode === 'sparse') {
    const values = new Map(state.bars.map((b) => [b.key, b.value]));
    return placed.bars.map((b) => {
      const centre = b.x + b.width / 2;
      const series = table.series.find((s) => s.key === b.key);
      return {
        key: b.key,
        at: centre,
        x: centre,
        y: b.y,
        content: () =>
          barTooltip(
            { key: b.key, label: b.label, value: values.get(b.key) ?? null, colorIndex: series?.colorIndex },
            table.unit,
            state.period,
            state.decimals,
            flags,
          ),
      };
    });
  }
  return table.periods
    .map((p, i) => {
      const group = placed.bars.filter((b) => b.key.endsWith(`@${p}`));
      const left = Math.min(...group.map((b) => b.x));
      const right = Math.max(...group.map((b) => b.x + b.width));
      const centre = group.length > 0 ? (left + right) / 2 : 0;
      return {
        key: p,
        at: centre,
        x: centre,
        y: group.length > 0 ? Math.min(...group.map((b) => b.y)) : 0,
        content: () => periodTooltip(table, i, state.decimals, flags),
      };
    })
    .filter((t, i) => placed.bars.some((b) => b.key.endsWith(`@${table.periods[i]}`)));
}
