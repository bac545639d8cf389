// Horizontal bar chart for one period: category labels, value axis with gridlines, value labels at bar ends.
import { scaleLinear } from 'd3-scale';
import { Baseline, UnitLabel, ValueAxisX } from '../core/axes';
import { LABEL_GAP, niceValueTicks } from '../core/axis-ticks';
import { OUTER_PADDING } from '../core/cartesian-layout';
import { ChartFrame, ChartMessage } from '../core/chart-frame';
import { ChartInteraction } from '../core/chart-interaction';
import { useChartInterface, type ChartProps } from '../core/chart-interface';
import { formatNumber } from '../core/number-format';
import { clamp } from '../core/pixels';
import { FONT_SIZE, seriesColor, type Theme } from '../core/palette';
import { fitLabel, maxTextWidth } from '../core/text-width';
import { barTooltip, type TooltipTarget } from '../core/chart-tooltip';
import { categoryHighlightTargets, highlightColor } from '../core/highlight-buttons';
import { buildHbarState, describeHbar, type HbarReadyState } from './hbar-state';
import { HbarMarks, type PlacedHbar } from './hbar-marks';

/** Interactive: tooltips of a bar's value and flag; the names highlight their bar. */
export interface HBarChartProps extends ChartProps {
  /** The slider: the period shown; -1 or absent = the latest. */
  periodIndex?: number;
}

const AXIS_HEIGHT = 22;
const MAX_STEP = 48;
/** The smallest name a place gets (decision 199): a chart too short for it is made taller by its host (hbarHeight). */
const MIN_FONT = 11;

interface HbarLayout {
  bars: PlacedHbar[];
  labelX: number;
  /** From one bar's middle to the next. */
  step: number;
  fontSize: number;
  plot: { left: number; right: number; top: number; bottom: number };
  ticks: { at: number; label: string }[];
  zeroX: number;
}

/**
 * The value axis's ticks, fewer until their labels fit side by side: a unit that names its scale writes its values in
 * full ("10,000,000"), wider than the 70 px a tick is usually given.
 */
function valueTicks(state: HbarReadyState, length: number) {
  const ticksAt = (minSpacing: number) =>
    niceValueTicks(state.min, state.max, length, { includeZero: true, minSpacing, unit: state.unit });
  /** Pixels between two ticks, and how many ticks apart two labels must be to fit side by side. */
  const labelEvery = (ticks: ReturnType<typeof ticksAt>) => {
    const [d0, d1] = ticks.domain;
    const step =
      ticks.ticks.length > 1 ? (Math.abs((ticks.ticks[1] ?? 0) - (ticks.ticks[0] ?? 0)) * length) / (d1 - d0) : 0;
    return step > 0 ? Math.ceil((maxTextWidth(ticks.labels, FONT_SIZE.tick) + LABEL_GAP) / step) : 1;
  };
  let ticks = ticksAt(70);
  for (let spacing = 105; spacing <= length && labelEvery(ticks) > 1; spacing *= 1.5) ticks = ticksAt(spacing);
  // Still too close (wide numbers on a phone): every k-th tick keeps its label, zero among them.
  const every = labelEvery(ticks);
  if (every <= 1) return ticks;
  const zero = Math.max(0, ticks.ticks.indexOf(0));
  return { ...ticks, labels: ticks.labels.map((l, i) => ((i - zero) % every === 0 ? l : '')) };
}

/** Places the bars; with a highlighted place (its key), the other bars in `mutedColor`. */
function layoutHbar(
  state: HbarReadyState,
  width: number,
  height: number,
  theme: Theme,
  highlight: string | null = null,
  mutedColor = '',
): HbarLayout {
  const pad = OUTER_PADDING;
  const top = pad + 30;
  const bottom = Math.max(top + 1, height - pad - AXIS_HEIGHT);
  const n = state.bars.length;
  const step = Math.min(MAX_STEP, (bottom - top) / n);
  const fontSize = clamp(Math.floor(step * 0.75), MIN_FONT, FONT_SIZE.tick + 1);
  const barHeight = Math.max(1, Math.min(step * 0.7, 30));
  const valueTexts = state.bars.map((b) => formatNumber(b.value, state.decimals));
  const valueWidth = maxTextWidth(valueTexts, fontSize) + 6;
  const labelWidth = Math.min(
    maxTextWidth(
      state.bars.map((b) => b.label),
      fontSize,
    ),
    width * 0.35,
  );
  const labelX = pad + labelWidth;
  const left = labelX + 8 + (state.min < 0 ? valueWidth : 0);
  const right = Math.max(left + 1, width - pad - (state.max > 0 ? valueWidth : 0));
  const ticks = valueTicks(state, right - left);
  const x = scaleLinear().domain(ticks.domain).range([left, right]);
  const zeroX = x(0);
  const bars = state.bars.map((b, i): PlacedHbar => {
    const xv = x(b.value);
    const positive = b.value >= 0;
    return {
      key: b.key,
      label: b.label,
      text: fitLabel(b.label, b.shortLabel, labelWidth, fontSize),
      x: Math.min(zeroX, xv),
      y: top + i * step + (step - barHeight) / 2,
      width: Math.abs(xv - zeroX),
      height: barHeight,
      color: highlightColor(b.key, highlight, seriesColor(0, theme), mutedColor),
      value: { x: positive ? xv + 4 : xv - 4, text: valueTexts[i] ?? '', anchor: positive ? 'start' : 'end' },
    };
  });
  const plotBottom = top + n * step;
  return {
    bars,
    labelX,
    step,
    fontSize,
    plot: { left, right, top, bottom: plotBottom },
    ticks: ticks.ticks.map((t, i) => ({ at: x(t), label: ticks.labels[i] ?? '' })),
    zeroX,
  };
}

export function HBarChart(props: HBarChartProps) {
  const chart = useChartInterface(props, {
    view: 'hbar-chart',
    sliderIndex: props.periodIndex,
    build: () => buildHbarState(props.data, props),
    highlightable: (s) => s.bars,
  });
  const { box, state, colors, highlight: lit } = chart;
  if (state.status === 'error') return <ChartMessage {...box} title={state.title} message={state.message} />;

  const layout = layoutHbar(state, box.width, box.height, box.theme, lit, colors.axis);
  const { plot } = layout;
  const heading = [state.unit, state.period].filter(Boolean).join(', ');
  const targets = (): TooltipTarget[] =>
    layout.bars.map((b, i) => {
      const bar = state.bars[i]!;
      return {
        key: b.key,
        at: b.y + b.height / 2,
        x: Math.max(b.x + b.width, layout.zeroX),
        y: b.y + b.height / 2,
        content: () => barTooltip(bar, state.unit, state.period, state.decimals, chart.flags),
      };
    });
  return (
    <ChartInteraction
      chart={chart}
      targets={targets}
      axis="y"
      label={`${state.title}: horizontal bar chart. Up and down arrow keys show each bar's value.`}
      // Over the names left of the bars, which begin 8 px right of them.
      highlightTargets={() =>
        categoryHighlightTargets(
          layout.bars.map((b) => ({ key: b.key, label: b.label, text: b.text, at: b.y + b.height / 2 })),
          { axis: 'y', step: layout.step, from: OUTER_PADDING, to: layout.labelX + 4, fontSize: layout.fontSize },
        )
      }
    >
      <ChartFrame {...box} title={state.title} description={describeHbar(state, chart.flags)}>
        <UnitLabel
          x={OUTER_PADDING}
          y={OUTER_PADDING + 8}
          text={heading}
          colors={colors}
          fontSize={FONT_SIZE.label}
          maxWidth={box.width - 2 * OUTER_PADDING}
        />
        <ValueAxisX ticks={layout.ticks} from={plot.top} to={plot.bottom} colors={colors} fontSize={FONT_SIZE.tick} />
        <HbarMarks
          bars={layout.bars}
          labelX={layout.labelX}
          labelColor={colors.text}
          valueColor={colors.mutedText}
          fontSize={layout.fontSize}
        />
        <Baseline x1={layout.zeroX} x2={layout.zeroX} y1={plot.top} y2={plot.bottom} colors={colors} />
      </ChartFrame>
    </ChartInteraction>
  );
}
