// Map legend, bottom-left: the unit, five colour bands with their labels (and value ranges), and 'No data'.
import type { ColorBands } from '../core/color-bands';
import { roundPx } from '../core/pixels';
import type { ThemeColors } from '../core/palette';
import { estimateTextWidth, maxTextWidth, truncateText } from '../core/text-width';
import { NO_DATA_TEXT } from './map-labels';

export interface MapLegendRow {
  key: string;
  color: string;
  label: string;
  /** '2.9 – 8.4', or '' for 'No data' and where there is no room for ranges. */
  range: string;
  /** Left of the swatch and vertical centre, relative to the legend's top left. */
  x: number;
  y: number;
  /** Where the row's value range is written: its right edge in a stack, its left edge in a grid. */
  rangeX: number;
}

/** 'stack': one band a line with its value range; 'grid': bands in columns under the title, for narrow maps. */
export type MapLegendArrangement = 'stack' | 'grid';

export interface MapLegendLayout {
  arrangement: MapLegendArrangement;
  x: number;
  y: number;
  width: number;
  height: number;
  fontSize: number;
  title: string;
  titleY: number;
  rows: MapLegendRow[];
  swatch: number;
}

const PAD = 8;
const GAP = 6;
const RANGE_GAP = 12;
const COLUMN_GAP = 14;

/** Sizes the legend, bottom-left of a chart: smaller type on small maps, value ranges where they fit. */
export function layoutMapLegend(
  bands: ColorBands,
  unit: string,
  chartWidth: number,
  chartHeight: number,
  margin: number,
  arrangement: MapLegendArrangement = 'stack',
): MapLegendLayout {
  const compact = chartHeight < 300 || chartWidth < 420;
  const fontSize = compact ? 10 : 11;
  const rowHeight = compact ? 13 : 16;
  const swatch = compact ? 9 : 11;
  const items = [
    ...bands.bands.map((b) => ({
      key: `band-${b.index}`,
      color: b.color,
      label: b.label,
      // On a phone the value ranges matter more than the quantiles: 'Very High' rather than 'Very High (Q60-Q80)'.
      short: String(b.label).replace(/\s*\([^)]*\)\s*$/, ''),
      range: b.range,
    })),
    { key: 'no-data', color: bands.noDataColor, label: NO_DATA_TEXT, short: NO_DATA_TEXT, range: '' },
  ];
  const maxWidth = Math.max(60, chartWidth - 2 * margin);
  const titleFull = unit.trim();
  const titleWidth = titleFull ? estimateTextWidth(titleFull, fontSize) + 2 * PAD : 0;
  // Items run down column by column, so the bands read low to high; each column is as wide as its own labels.
  const columnsOf = (count: number, ranges: boolean, short = false) => {
    const lines = Math.ceil(items.length / count);
    let x = PAD;
    return Array.from({ length: count }, (_, c) => {
      const part = items.slice(c * lines, (c + 1) * lines);
      const label =
        swatch +
        GAP +
        maxTextWidth(
          part.map((i) => (short ? i.short : i.label)),
          fontSize,
        );
      const range = ranges
        ? maxTextWidth(
            part.map((i) => i.range),
            fontSize,
          )
        : 0;
      const col = { x, label, width: label + (range > 0 ? RANGE_GAP + range : 0) };
      x += col.width + COLUMN_GAP;
      return col;
    });
  };
  const bodyWidthOf = (cols: { x: number; width: number }[]) => {
    const last = cols[cols.length - 1];
    return last ? last.x + last.width + PAD : 2 * PAD;
  };
  // Columns, value ranges, short labels: the first arrangement that fits; ranges go last of all.
  const options: (readonly [number, boolean, boolean])[] =
    arrangement === 'grid'
      ? [
          [3, true, false],
          [2, true, false],
          [3, true, true],
          [2, true, true],
          [1, true, true],
          [3, false, false],
          [2, false, false],
        ]
      : [
          [1, true, false],
          [1, true, true],
        ];
  const limit = arrangement === 'grid' ? maxWidth : Math.min(maxWidth, chartWidth * (compact ? 0.6 : 0.45));
  const [count, withRanges, short] = options.find(([c, r, sh]) => bodyWidthOf(columnsOf(c, r, sh)) <= limit) ?? [
    1,
    false,
    false,
  ];
  const columns = columnsOf(count, withRanges, short);
  const width = Math.min(maxWidth, Math.max(bodyWidthOf(columns), titleWidth));
  const title = truncateText(titleFull, width - 2 * PAD, fontSize);
  const titleHeight = title ? rowHeight + 2 : 0;
  const lines = Math.ceil(items.length / count);
  const rows = items.map((item, i) => {
    const col = columns[Math.floor(i / lines)] ?? { x: PAD, label: 0, width: 0 };
    const { short: shortLabel, ...rest } = item;
    return {
      ...rest,
      label: short ? shortLabel : item.label,
      range: withRanges ? item.range : '',
      x: col.x,
      y: PAD + titleHeight + (i % lines) * rowHeight + rowHeight / 2,
      rangeX: arrangement === 'grid' ? col.x + col.label + RANGE_GAP : col.x + col.width,
    };
  });
  const height = PAD + titleHeight + lines * rowHeight + PAD - 2;
  return {
    arrangement,
    x: margin,
    y: chartHeight - margin - height,
    width,
    height,
    fontSize,
    title,
    titleY: PAD + rowHeight / 2,
    rows,
    swatch,
  };
}

export interface MapLegendProps {
  layout: MapLegendLayout;
  colors: ThemeColors;
  /** Outline of the swatches, so a no-data swatch shows on the legend's background. */
  swatchStroke: string;
}

export function MapLegend({ layout, colors, swatchStroke }: MapLegendProps) {
  const { fontSize, swatch } = layout;
  return (
    <g className="map-legend" transform={`translate(${roundPx(layout.x)},${roundPx(layout.y)})`}>
      <rect
        width={roundPx(layout.width)}
        height={roundPx(layout.height)}
        rx={4}
        fill={colors.background}
        fillOpacity={0.88}
        stroke={colors.grid}
      />
      {layout.title ? (
        <text x={8} y={roundPx(layout.titleY)} dy="0.35em" fontSize={fontSize} fontWeight={600} fill={colors.text}>
          {layout.title}
        </text>
      ) : null}
      {layout.rows.map((r) => (
        <g key={r.key} className="map-legend-row">
          <rect
            x={roundPx(r.x)}
            y={roundPx(r.y - swatch / 2)}
            width={swatch}
            height={swatch}
            rx={2}
            fill={r.color}
            stroke={swatchStroke}
            strokeWidth={0.5}
          />
          <text x={roundPx(r.x + swatch + 6)} y={roundPx(r.y)} dy="0.35em" fontSize={fontSize} fill={colors.text}>
            {r.label}
          </text>
          {r.range ? (
            <text
              x={roundPx(r.rangeX)}
              y={roundPx(r.y)}
              dy="0.35em"
              textAnchor={layout.arrangement === 'grid' ? 'start' : 'end'}
              fontSize={fontSize}
              fill={colors.mutedText}
            >
              {r.range}
            </text>
          ) : null}
        </g>
      ))}
    </g>
  );
}
