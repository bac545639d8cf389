// The table view as an SVG image (for the PNG export): the newest periods that fit, rows until the height is used.
import type { DatasetData } from '#core/schemas/dataset';
import { ChartFrame, ChartMessage, safeSize } from '../core/chart-frame';
import { WIDGET_DEFAULT_HEIGHT } from '../core/chart-size';
import { formatNumber } from '../core/number-format';
import { FONT_SIZE, themeColors, type Theme } from '../core/palette';
import { roundPx } from '../core/pixels';
import { chartDomId } from '../core/stable-id';
import { maxTextWidth, truncateText } from '../core/text-width';
import { buildTableState, describeTable, sortRows, type TableReadyState, type TableSort } from '../table/table-state';

export interface TableImageProps {
  data: DatasetData;
  countries?: readonly string[];
  startIndex?: number;
  width: number;
  height?: number;
  theme?: Theme;
  title?: string;
  idPrefix?: string;
  /** The rows in the order the visitor sorted the table. */
  sort?: TableSort | null;
}

const PAD = 12;
const ROW = 22;
const FONT = FONT_SIZE.label;

export interface TableImageLayout {
  labelWidth: number;
  columnWidth: number;
  columns: TableReadyState['columns'];
  rows: TableReadyState['rows'];
  hiddenRows: number;
}

/** How many period columns (newest first) and rows fit in width × height. */
export function layoutTableImage(state: TableReadyState, width: number, height: number): TableImageLayout {
  const labelWidth = Math.min(
    maxTextWidth(
      state.rows.map((r) => r.label),
      FONT,
    ) + 16,
    width * 0.4,
  );
  const sample = state.rows.flatMap((r) => Object.values(r.values)).filter((v): v is number => v !== null);
  const valueWidth = Math.max(
    maxTextWidth(
      sample.slice(0, 500).map((v) => formatNumber(v, state.decimals)),
      FONT,
    ),
    maxTextWidth(
      state.columns.slice(0, 24).map((c) => c.label),
      FONT,
    ),
  );
  const columnWidth = valueWidth + 16;
  const fit = Math.max(1, Math.floor((width - 2 * PAD - labelWidth) / columnWidth));
  const available = Math.max(1, Math.floor((height - 2 * PAD - 28 - ROW) / ROW));
  const tooMany = state.rows.length > available;
  const shown = tooMany ? Math.max(1, available - 1) : state.rows.length;
  return {
    labelWidth,
    columnWidth,
    columns: state.columns.slice(0, fit),
    rows: state.rows.slice(0, shown),
    hiddenRows: state.rows.length - shown,
  };
}

export function TableImage(props: TableImageProps) {
  const width = safeSize(props.width, 800);
  const height = safeSize(props.height ?? WIDGET_DEFAULT_HEIGHT, WIDGET_DEFAULT_HEIGHT);
  const theme = props.theme ?? 'light';
  const state = buildTableState(props.data, props);
  const id =
    props.idPrefix ??
    chartDomId('table-image', [props.data.dataset.id, props.countries, props.startIndex, width, height]);
  if (state.status === 'error') {
    return (
      <ChartMessage id={id} width={width} height={height} theme={theme} title={state.title} message={state.message} />
    );
  }
  const colors = themeColors(theme);
  const sorted = props.sort ? { ...state, rows: sortRows(state.rows, props.sort.column, props.sort.direction) } : state;
  const layout = layoutTableImage(sorted, width, height);
  const top = PAD + 28;
  // As tall as its rows (three countries are not a page of blank stripes), never taller than asked.
  const drawn = Math.min(
    height,
    Math.round(top + ROW * (layout.rows.length + 1 + (layout.hiddenRows > 0 ? 1 : 0)) + PAD),
  );
  const x0 = PAD + layout.labelWidth;
  const caption = [state.title, state.unit].filter(Boolean).join(' \u00b7 ');
  const description = describeTable(state, layout.columns.length);
  return (
    <ChartFrame id={id} width={width} height={drawn} theme={theme} title={state.title} description={description}>
      <text x={PAD} y={PAD + 8} dy="0.35em" fontSize={FONT} fontWeight={600} fill={colors.text}>
        {truncateText(caption, width - 2 * PAD, FONT)}
      </text>
      <rect x={PAD} y={top} width={roundPx(width - 2 * PAD)} height={ROW} fill={colors.headerFill} />
      <text x={PAD + 6} y={roundPx(top + ROW / 2)} dy="0.35em" fontSize={FONT} fontWeight={600} fill={colors.text}>
        {state.rowHeading}
      </text>
      {layout.columns.map((c, i) => (
        <text
          key={c.key}
          x={roundPx(x0 + (i + 1) * layout.columnWidth - 8)}
          y={roundPx(top + ROW / 2)}
          dy="0.35em"
          textAnchor="end"
          fontSize={FONT}
          fontWeight={600}
          fill={colors.text}
        >
          {c.label}
        </text>
      ))}
      {layout.rows.map((r, j) => {
        const y = top + ROW * (j + 1);
        return (
          <g key={r.key} className="table-row">
            {j % 2 === 1 ? (
              <rect x={PAD} y={y} width={roundPx(width - 2 * PAD)} height={ROW} fill={colors.stripeFill} />
            ) : null}
            <text x={PAD + 6} y={roundPx(y + ROW / 2)} dy="0.35em" fontSize={FONT} fill={colors.text}>
              {truncateText(r.label, layout.labelWidth - 12, FONT)}
            </text>
            {layout.columns.map((c, i) => {
              const v = r.values[c.key] ?? null;
              return (
                <text
                  key={c.key}
                  x={roundPx(x0 + (i + 1) * layout.columnWidth - 8)}
                  y={roundPx(y + ROW / 2)}
                  dy="0.35em"
                  textAnchor="end"
                  fontSize={FONT}
                  fill={v === null ? colors.mutedText : colors.text}
                >
                  {v === null ? '\u2013' : formatNumber(v, state.decimals)}
                </text>
              );
            })}
            <line x1={PAD} x2={roundPx(width - PAD)} y1={y + ROW} y2={y + ROW} stroke={colors.grid} />
          </g>
        );
      })}
      {layout.hiddenRows > 0 ? (
        <text
          x={PAD + 6}
          y={roundPx(top + ROW * (layout.rows.length + 1) + ROW / 2)}
          dy="0.35em"
          fontSize={FONT}
          fill={colors.mutedText}
        >
          {`+ ${layout.hiddenRows} more rows`}
        </text>
      ) : null}
    </ChartFrame>
  );
}
