// Table cells: sortable header cells with aria-sort and rows whose missing values show an en dash.
import type { CSSProperties } from 'react';
import { formatNumber } from '../core/number-format';
import type { ThemeColors } from '../core/palette';
import { ariaSortOf, type TableColumn, type TableRow, type TableSort } from './table-state';

export interface SortHeaderProps {
  column: TableColumn;
  sort: TableSort | null;
  onSort: (column: string) => void;
  colors: ThemeColors;
  sticky?: boolean;
  align: 'left' | 'right';
}

const ARROWS = { ascending: '\u25B2', descending: '\u25BC', none: '\u2195' } as const;

function stickyStyle(colors: ThemeColors, fill: string): CSSProperties {
  return { position: 'sticky', left: 0, background: fill, zIndex: 1, borderRight: `1px solid ${colors.grid}` };
}

export function SortHeader({ column, sort, onSort, colors, sticky = false, align }: SortHeaderProps) {
  const state = ariaSortOf(sort, column.key);
  return (
    <th
      scope="col"
      aria-sort={state}
      style={{
        textAlign: align,
        padding: 0,
        whiteSpace: 'nowrap',
        borderBottom: `2px solid ${colors.axis}`,
        ...(sticky ? stickyStyle(colors, colors.headerFill) : { background: colors.headerFill }),
      }}
    >
      <button
        type="button"
        onClick={() => onSort(column.key)}
        style={{
          font: 'inherit',
          fontWeight: 600,
          color: colors.text,
          background: 'transparent',
          border: 0,
          cursor: 'pointer',
          padding: '6px 10px',
          width: '100%',
          textAlign: align,
        }}
      >
        {column.label}{' '}
        <span aria-hidden="true" style={{ color: state === 'none' ? colors.axis : colors.text, fontSize: '0.75em' }}>
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
  colors: ThemeColors;
  striped: boolean;
}

export function DataRow({ row, columns, decimals, colors, striped }: DataRowProps) {
  const fill = striped ? colors.stripeFill : colors.background;
  const cell: CSSProperties = { padding: '5px 10px', borderBottom: `1px solid ${colors.grid}`, background: fill };
  return (
    <tr>
      <th
        scope="row"
        style={{ ...cell, ...stickyStyle(colors, fill), textAlign: 'left', fontWeight: 500, whiteSpace: 'nowrap' }}
      >
        {row.label}
      </th>
      {columns.map((c) => {
        const v = row.values[c.key] ?? null;
        return (
          <td key={c.key} style={{ ...cell, textAlign: 'right', color: v === null ? colors.mutedText : colors.text }}>
            {v === null ? '\u2013' : formatNumber(v, decimals)}
          </td>
        );
      })}
    </tr>
  );
}
