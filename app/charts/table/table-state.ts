// Table state: one row per series (country), one column per period of the range, newest first; sorting; no pixels.
import type { DatasetData } from '#core/schemas/dataset';
import { describeChart } from '../core/chart-description';
import { sliceTable, allValues } from '../core/chart-series';
import { selectTable, type ChartReadyState, type ChartStateInput } from '../core/chart-interface';
import { barTooltip, flagIndex, tooltipRowTexts, tooltipText, type TooltipContent } from '../core/chart-tooltip';
import { NO_DATA_MESSAGE, type ChartErrorState } from '../core/chart-messages';
import { decimalsFor } from '../core/number-format';
import { resolvePeriodIndex } from '../core/slider';

export type SortDirection = 'ascending' | 'descending';

/** The key of the row-label column; every other column is keyed by its period (10/2022). */
export const LABEL_COLUMN = 'label';

export interface TableSort {
  column: string;
  direction: SortDirection;
}

export interface TableColumn {
  key: string;
  label: string;
}

export interface TableRow {
  key: string;
  label: string;
  /** Period → value; null where the series has no value. */
  values: Record<string, number | null>;
  /** Period → the value's observation flags (e, p, b …), for the values that carry any. */
  flags: Record<string, string>;
}

export interface TableStateInput extends ChartStateInput {
  /** The (hidden) slider keeps its value: the first period shown; the range runs to the latest. */
  startIndex?: number;
}

export interface TableReadyState extends ChartReadyState {
  unit: string;
  /** 'Country' when rows are countries of one series, 'Series' otherwise. */
  rowHeading: string;
  /** Period columns, newest first so the latest value is read without scrolling. */
  columns: TableColumn[];
  rows: TableRow[];
  decimals: number;
}

export type TableState = TableReadyState | ChartErrorState;

/** The state of the table view: the chart's data as text, rows in the chart's series order. */
export function buildTableState(data: DatasetData, input: TableStateInput = {}): TableState {
  const selected = selectTable(data, input);
  if (selected.status === 'error') return selected;
  const { title, table: full } = selected;
  // Every series of the selection keeps its row: one without values in the range shows empty cells.
  const table = sliceTable(full, resolvePeriodIndex(input.startIndex ?? 0, full.periods.length), undefined, {
    keepEmpty: true,
  });
  if (table.series.length === 0) return { status: 'error', title, message: NO_DATA_MESSAGE };
  const oneSeries = new Set(table.series.map((s) => s.seriesId)).size === 1;
  const flags = flagIndex(data);
  return {
    status: 'ok',
    title,
    unit: table.unit,
    rowHeading: oneSeries ? 'Country' : 'Series',
    columns: [...table.periods].reverse().map((p) => ({ key: p, label: p })),
    rows: table.series.map((s) => ({
      key: s.key,
      label: s.label,
      values: Object.fromEntries(table.periods.map((p, i) => [p, s.values[i] ?? null])),
      flags: Object.fromEntries(
        table.periods.flatMap((p) => {
          const f = flags.get(`${s.key}|${p}`);
          return f ? [[p, f]] : [];
        }),
      ),
    })),
    decimals: decimalsFor(allValues(table.series)),
  };
}

function compareLabels(a: TableRow, b: TableRow): number {
  return a.label.localeCompare(b.label, 'en', { sensitivity: 'base' });
}

/**
 * Rows sorted by a column: by label for LABEL_COLUMN, else by the period's value. Missing values go
 * last in either direction; ties keep label order. Does not modify its input.
 */
export function sortRows(rows: readonly TableRow[], column: string, direction: SortDirection): TableRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (column === LABEL_COLUMN) return sign * compareLabels(a, b);
    const va = a.values[column] ?? null;
    const vb = b.values[column] ?? null;
    if (va === null || vb === null) return va === vb ? compareLabels(a, b) : va === null ? 1 : -1;
    return sign * (va - vb) || compareLabels(a, b);
  });
}

/**
 * The sort after a click on a column header: the same column flips its direction; a new column starts
 * ascending for labels and descending for values (highest first, as the bar charts are).
 */
export function nextSort(current: TableSort | null, column: string): TableSort {
  if (current?.column === column) {
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { column, direction: column === LABEL_COLUMN ? 'ascending' : 'descending' };
}

/** The aria-sort value of a column header. */
export function ariaSortOf(sort: TableSort | null, column: string): SortDirection | 'none' {
  return sort?.column === column ? sort.direction : 'none';
}

/** The table in words (decision 213): what it lists, for which rows and periods; an image says how many it shows. */
export function describeTable(state: TableState, shownPeriods?: number): string {
  if (state.status === 'error') return state.message;
  return describeChart({
    kind: 'table',
    title: state.title,
    unit: state.unit,
    rows: state.rows.map((r) => r.label),
    // Columns are newest first; the description reads the range in time order.
    periods: state.columns.map((c) => c.label).reverse(),
    ...(shownPeriods !== undefined ? { shownPeriods } : {}),
  });
}

/** A cell as a bar's tooltip (its row the bar, its column the period): what the keyboard's walk says of it. */
function cellTooltip(state: TableReadyState, row: TableRow, column: string): TooltipContent {
  const flag = row.flags[column];
  const flags = new Map(flag ? [[`${row.key}|${column}`, flag]] : []);
  return barTooltip(
    { key: row.key, label: row.label, value: row.values[column] ?? null },
    state.unit,
    column,
    state.decimals,
    flags,
  );
}

/**
 * A data cell in words, as the table's walk says it when the keyboard reaches the cell (decision 214): the bar
 * tooltip's text, 'Germany; Annual rate of change (%), May 2025; 2.1 (estimated)' (place; unit, period in full; value,
 * flags in words, or 'No data').
 */
export function cellText(state: TableReadyState, row: TableRow, column: string): string {
  return tooltipText(cellTooltip(state, row, column));
}

/** Where the embed's script (embed-runtime.ts, whose text names them too) puts a row's place and a cell's value. */
const PLACE_SLOT = '{place}';
const VALUE_SLOT = '{value}';

/**
 * The embed's table (no chart code in its script): a column's words with slots, 'PLACE_SLOT; Annual rate of change (%),
 * May 2025; VALUE_SLOT', and each cell's value in words (`valueWords`) where its text is not already them; the script
 * fills the slots, so what it says is `cellText`'s sentence without a word of its own.
 */
export function columnWords(state: TableReadyState, column: string): string {
  const content = cellTooltip(state, { key: '', label: PLACE_SLOT, values: {}, flags: {} }, column);
  return tooltipText({ ...content, rows: content.rows.map((r) => ({ ...r, value: VALUE_SLOT, flag: '' })) });
}

/** A cell's value as said: '2.1 (estimated)', 'No data', '2.1'. */
export function valueWords(state: TableReadyState, row: TableRow, column: string): string {
  return tooltipRowTexts(cellTooltip(state, row, column))[0] ?? '';
}
