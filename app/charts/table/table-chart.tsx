// Table view: the chart's data as an accessible HTML table with sortable columns (the slider is hidden), whose data
// cells the arrow keys walk, saying each (decision 214).
import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { ChartDataProps } from '../core/chart-interface';
import { cellStep } from '../core/key-walk';
import { FONT_FAMILY, themeColors } from '../core/palette';
import {
  buildTableState,
  cellText,
  columnWords,
  LABEL_COLUMN,
  nextSort,
  sortRows,
  valueWords,
  type TableSort,
} from './table-state';
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
  /** The embed: the cells' words are written out for its script's walk (embed-runtime.ts), which has no chart code. */
  keyWalk?: boolean;
}

/** A data cell by its row's and column's keys. */
interface CellKey {
  row: string;
  column: string;
}

/** The data cell an event happened in, by its place among the body's rows and the data columns. */
function cellOf(target: EventTarget): { row: number; column: number } | undefined {
  const td = target instanceof Element ? target.closest('td') : null;
  const tr = td?.parentElement;
  if (!td || !(tr instanceof HTMLTableRowElement)) return undefined;
  return { row: tr.sectionRowIndex, column: td.cellIndex - 1 };
}

export function TableChart(props: TableChartProps) {
  const [sort, setSort] = useState<TableSort | null>(props.initialSort ?? null);
  // The walk's cell (the table's one tab stop) and what was said of it; the first cell until the keyboard moves it.
  const [cursor, setCursor] = useState<CellKey | null>(null);
  const [said, setSaid] = useState('');
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
  // The tab stop keeps to its cell's row and column through a sort (the cell moves with its row, as in the embed), the
  // first cell as first drawn until a cell takes the focus; a cell the table no longer has (another range) gives the
  // stop back to that first cell.
  const drawn = props.initialSort
    ? sortRows(state.rows, props.initialSort.column, props.initialSort.direction)
    : state.rows;
  const first = drawn[0] && state.columns[0] ? { row: drawn[0].key, column: state.columns[0].key } : null;
  const stop =
    cursor && rows.some((r) => r.key === cursor.row) && state.columns.some((c) => c.key === cursor.column)
      ? cursor
      : first;
  // A cell that takes the focus (by Tab, a key or a click) becomes the stop and is said.
  const onFocus = (e: FocusEvent<HTMLTableSectionElement>) => {
    const at = cellOf(e.target);
    const row = at && rows[at.row];
    const column = at && state.columns[at.column];
    if (!row || !column) return;
    setCursor({ row: row.key, column: column.key });
    setSaid(cellText(state, row, column.key));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const at = cellOf(e.target);
    const to = at && cellStep(e.key, e.ctrlKey || e.metaKey, at.row, at.column, rows.length, state.columns.length);
    if (!to) return;
    e.preventDefault();
    (e.currentTarget.children[to[0]]?.children[to[1] + 1] as HTMLElement | undefined)?.focus();
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
              <SortHeader
                key={c.key}
                column={c}
                sort={sort}
                onSort={onSort}
                align="right"
                said={props.keyWalk ? columnWords(state, c.key) : undefined}
              />
            ))}
          </tr>
        </thead>
        <tbody onFocus={onFocus} onKeyDown={onKeyDown}>
          {rows.map((row) => (
            <DataRow
              key={row.key}
              row={row}
              columns={state.columns}
              decimals={state.decimals}
              tabStop={stop?.row === row.key ? stop.column : undefined}
              valueSaid={props.keyWalk ? (column) => valueWords(state, row, column) : undefined}
            />
          ))}
        </tbody>
      </table>
      {/* The walked cell in words (the embed's script writes it there too). */}
      <div className="sr-only" aria-live="polite">
        {said}
      </div>
    </div>
  );
}
