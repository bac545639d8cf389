// Table view: the chart's data as an accessible HTML table with sortable columns (the slider is hidden).
import { useState } from 'react';
import type { ChartDataProps } from '../core/chart-interface';
import { FONT_FAMILY, themeColors } from '../core/palette';
import { buildTableState, LABEL_COLUMN, nextSort, sortRows, type TableSort } from './table-state';
import { DataRow, SortHeader, tableStylesheet } from './table-marks';

/** The HTML table takes the views' data props; it scrolls instead of taking a size. */
export interface TableChartProps extends ChartDataProps {
  /** The slider's kept value: first period shown. */
  startIndex?: number;
  /** Sort before the first click; default: the chart's series order. */
  initialSort?: TableSort;
  /** Told of every sort, so that the table's image export lists the rows in the same order. */
  onSortChange?: (sort: TableSort) => void;
  /** Height after which the table scrolls vertically; it always scrolls horizontally. */
  maxHeight?: number;
}

export function TableChart(props: TableChartProps) {
  const [sort, setSort] = useState<TableSort | null>(props.initialSort ?? null);
  const theme = props.theme ?? 'light';
  const colors = themeColors(theme);
  const state = buildTableState(props.data, props);
  const box = { background: colors.background, color: colors.text, fontFamily: FONT_FAMILY, fontSize: 13 };
  if (state.status === 'error') {
    return (
      <div
        className="chart-table chart-table--empty"
        role="status"
        style={{ ...box, padding: 16, textAlign: 'center' }}
      >
        {state.message}
      </div>
    );
  }
  const rows = sort ? sortRows(state.rows, sort.column, sort.direction) : state.rows;
  const onSort = (column: string) => {
    const next = nextSort(sort, column);
    setSort(next);
    props.onSortChange?.(next);
  };
  return (
    <div className="chart-table" data-theme={theme} style={{ ...box, overflow: 'auto', maxHeight: props.maxHeight }}>
      <style dangerouslySetInnerHTML={{ __html: tableStylesheet(theme, colors) }} />
      <table
        style={{ borderCollapse: 'separate', borderSpacing: 0, fontVariantNumeric: 'tabular-nums', minWidth: '100%' }}
      >
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '4px 10px 8px', color: colors.mutedText }}>
          {/* Title and unit apart, as the table's image writes them: a unit with its own brackets ('Annual rate of
              change (%)') is not put in a second pair (issue 41). */}
          {[state.title, state.unit].filter(Boolean).join(' \u00b7 ')}
        </caption>
        <thead>
          <tr>
            <SortHeader
              column={{ key: LABEL_COLUMN, label: state.rowHeading }}
              sort={sort}
              onSort={onSort}
              sticky
              align="left"
            />
            {state.columns.map((c) => (
              <SortHeader key={c.key} column={c} sort={sort} onSort={onSort} align="right" />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <DataRow key={row.key} row={row} columns={state.columns} decimals={state.decimals} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
