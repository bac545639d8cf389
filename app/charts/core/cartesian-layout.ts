// Layout of charts with a vertical value axis (line, bar): legend, unit label, plot box and y scale.
import { scaleLinear } from 'd3-scale';
import { niceValueTicks } from './axis-ticks';
import type { PlacedTick } from './axes';
import { layoutLegend, type LegendItem, type LegendLayout } from './legend-layout';
import { FONT_SIZE } from './palette';
import { estimateTextWidth, maxTextWidth } from './text-width';

export const OUTER_PADDING = 12;

export interface PlotBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface CartesianLayoutInput {
  width: number;
  height: number;
  /** Null when the legend is hidden. */
  legendItems: readonly LegendItem[] | null;
  unit: string;
  min: number;
  max: number;
  includeZero: boolean;
  /** Room below the plot for the category or period labels. */
  bottomAxisHeight: number;
  /** Room right of the plot, e.g. for half of the last period label. */
  rightPadding?: number;
  /** A key to the marks the legend does not explain ('Dashed: aggregate of countries'), above the plot. */
  note?: string | null;
}

/** A key line above the plot: its swatch begins at `x`, its text's centre is at `y`. */
export interface PlacedNote {
  text: string;
  x: number;
  y: number;
}

/** The note's dashed swatch and the gap after it. */
export const NOTE_SWATCH = 18;

export interface CartesianLayout {
  legend: LegendLayout | null;
  legendY: number;
  unitY: number;
  plot: PlotBox;
  yTicks: PlacedTick[];
  /** Pixel y of a value. */
  y: (value: number) => number;
  /** Pixel y of zero when zero is inside the value domain. */
  zeroY: number | null;
  /** The note, right-aligned on the unit's line where both fit, else on a line of its own under it. */
  note: PlacedNote | null;
  /** Room for the unit label on its line. */
  unitWidth: number;
}

/** Places legend, unit label and plot inside width × height, and fits the y axis to the plot's height. */
export function layoutCartesian(input: CartesianLayoutInput): CartesianLayout {
  const { width, height, unit, bottomAxisHeight, rightPadding = 16 } = input;
  const pad = OUTER_PADDING;
  const legend =
    input.legendItems && input.legendItems.length > 0
      ? layoutLegend(input.legendItems, Math.max(0, width - 2 * pad), {
          fontSize: FONT_SIZE.legend,
          maxRows: Math.max(1, Math.min(3, Math.floor(height / 120))),
        })
      : null;
  const legendY = pad;
  let top = pad + (legend && legend.height > 0 ? legend.height + 6 : 0);
  const unitY = top + 8;
  if (unit) top += 22;
  const room = Math.max(0, width - 2 * pad);
  let note: PlacedNote | null = null;
  let unitWidth = room;
  if (input.note) {
    const noteWidth = NOTE_SWATCH + estimateTextWidth(input.note, FONT_SIZE.tick);
    const sameLine = !unit || estimateTextWidth(unit, FONT_SIZE.label) + 16 + noteWidth <= room;
    if (sameLine) {
      note = { text: input.note, x: width - pad - noteWidth, y: unitY };
      if (!unit) top += 22;
      unitWidth = room - noteWidth - 16;
    } else {
      note = { text: input.note, x: pad, y: top + 2 };
      top += 18;
    }
  }
  // Half a tick label of room above the top gridline.
  top += 8;
  const bottom = Math.max(top + 1, height - pad - bottomAxisHeight);
  const ticks = niceValueTicks(input.min, input.max, bottom - top, {
    includeZero: input.includeZero,
    unit,
  });
  const labelWidth = maxTextWidth(ticks.labels, FONT_SIZE.tick);
  const left = Math.min(pad + labelWidth + 8, width / 2);
  const right = Math.max(left + 1, width - pad - rightPadding);
  const scale = scaleLinear().domain(ticks.domain).range([bottom, top]);
  const [d0, d1] = ticks.domain;
  return {
    legend,
    legendY,
    unitY,
    plot: { left, right, top, bottom },
    yTicks: ticks.ticks.map((t, i) => ({ at: scale(t), label: ticks.labels[i] ?? '' })),
    y: (v) => scale(v),
    zeroY: d0 <= 0 && d1 >= 0 ? scale(0) : null,
    note,
    unitWidth,
  };
}
