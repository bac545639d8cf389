// Table cells: sortable header cells with aria-sort, rows whose missing values show an en dash, and their stylesheet;
// the data cells take the keyboard's walk (decision 214) by a roving tabindex.
import { describeFlags } from '#core/flags';
import { formatNumber } from '../core/number-format';
import type { ThemeColors } from '../core/palette';
import { ariaSortOf, type TableColumn, type TableRow, type TableSort } from './table-state';

export interface SortHeaderProps {
  column: TableColumn;
  sort: TableSort | null;
  onSort: (column: string) => void;
  sticky?: boolean;
  align: 'left' | 'right';
  /** The embed: the column's words with slots for its script's walk (`columnWords`). */
  said?: string;
}

const ARROWS = { ascending: '\u25B2', descending: '\u25BC', none: '\u2195' } as const;

/**
 * The table's cell styles as one stylesheet, scoped to its theme: a table of 45 rows and 341 months has
 * 15,000 cells, and inline styles on each would make it megabytes of HTML. Rows stripe by position, so a
 * sorted table stays striped.
 */
export function tableStylesheet(theme: string, colors: ThemeColors): string {
  const t = `.chart-table[data-theme="${theme}"]`;
  return [
    `${t} th[scope=col]{padding:0;white-space:nowrap;border-bottom:2px solid ${colors.axis};background:${colors.headerFill};text-align:right}`,
    `${t} th[scope=col] button{font:inherit;font-weight:600;color:${colors.text};background:transparent;border:0;cursor:pointer;padding:6px 10px;width:100%;text-align:inherit}`,
    `${t} th[scope=col] .arrow{color:${colors.axis};font-size:.75em}`,
    `${t} th[aria-sort=ascending] .arrow,${t} th[aria-sort=descending] .arrow{color:${colors.text}}`,
    `${t} td,${t} th[scope=row]{padding:5px 10px;border-bottom:1px solid ${colors.grid};background:${colors.background}}`,
    `${t} tbody tr:nth-child(even)>*{background:${colors.stripeFill}}`,
    `${t} td{text-align:right;color:${colors.text}}`,
    `${t} td.na,${t} td .flag{color:${colors.mutedText}}`,
    `${t} td .flag{font-size:.8em;text-decoration:none}`,
    `${t} th[scope=row]{text-align:left;font-weight:500;min-width:10em;max-width:16em}`,
    `${t} .sticky{position:sticky;left:0;z-index:1;border-right:1px solid ${colors.grid};text-align:left}`,
    // A cell the walk scrolls to is not left under the sticky row headers (at most 16em and their padding; 2.4.11).
    `${t}{scroll-padding-left:calc(16em + 21px)}`,
  ].join('\n');
}

export function SortHeader({ column, sort, onSort, sticky = false, align, said }: SortHeaderProps) {
  const state = ariaSortOf(sort, column.key);
  return (
    <th
      scope="col"
      data-column={column.key}
      data-said={said}
      aria-sort={state}
      className={sticky ? 'sticky' : undefined}
      style={align === 'left' ? { textAlign: 'left' } : undefined}
    >
      <button type="button" onClick={() => onSort(column.key)}>
        {column.label}{' '}
        <span aria-hidden="true" className="arrow">
          {ARROWS[state]}
        </span>
      </button>
    </th>
  );
}

export interface DataRowProps {
  row: TableRow;
  columns: readonly TableColumn[];
  decimals: number;
  /** The column of the row's cell in the tab order (the walk's one stop in the table), if it is in this row. */
  tabStop?: string;
  /** The embed: a cell's value in words where its text is not them already (a flag, a missing value). */
  valueSaid?: (column: string) => string;
}

/**
 * A row of values, each followed by its observation flags (e, p, b …) with their meaning as a tooltip. Every data cell
 * is focusable for the walk; one of the table's (`tabStop`) is in the tab order.
 */
export function DataRow({ row, columns, decimals, tabStop, valueSaid }: DataRowProps) {
  return (
    <tr>
      <th scope="row" className="sticky">
        {row.label}
      </th>
      {columns.map((c) => {
        const v = row.values[c.key] ?? null;
        const flag = v === null ? undefined : row.flags[c.key];
        return (
          // data-value: what the embed's script sorts by (it has no chart code to read the rows with).
          <td
            key={c.key}
            className={v === null ? 'na' : undefined}
            data-value={v === null ? undefined : v}
            data-said={valueSaid && (v === null || flag) ? valueSaid(c.key) : undefined}
            tabIndex={c.key === tabStop ? 0 : -1}
          >
            {v === null ? '\u2013' : formatNumber(v, decimals)}
            {flag ? (
              <>
                {' '}
                <abbr className="flag" title={describeFlags(flag)}>
                  {flag}
                </abbr>
              </>
            ) : null}
          </td>
        );
      })}
    </tr>
  );
}
