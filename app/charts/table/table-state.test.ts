import { describe, expect, it } from 'vitest';
import { loadHicp } from '../core/test-fixtures';
import {
  ariaSortOf,
  buildTableState,
  cellText,
  columnWords,
  LABEL_COLUMN,
  nextSort,
  sortRows,
  valueWords,
  type TableRow,
} from './table-state';

const hicp = loadHicp(['DE', 'FR', 'EA20', 'EE']);

const rows: TableRow[] = [
  { key: 'de', label: 'Germany', values: { '5/2025': 2.1, '4/2025': 2.2 }, flags: {} },
  { key: 'ea', label: 'Euro area (20)', values: { '5/2025': null, '4/2025': 2.2 }, flags: {} },
  { key: 'ee', label: 'Estonia', values: { '5/2025': 4.6, '4/2025': 4.4 }, flags: {} },
  { key: 'fr', label: 'france', values: { '5/2025': 0.6, '4/2025': 0.9 }, flags: {} },
];

describe('sortRows', () => {
  it('sorts by a period column in either direction, missing values last', () => {
    expect(sortRows(rows, '5/2025', 'descending').map((r) => r.key)).toEqual(['ee', 'de', 'fr', 'ea']);
    expect(sortRows(rows, '5/2025', 'ascending').map((r) => r.key)).toEqual(['fr', 'de', 'ee', 'ea']);
  });

  it('breaks ties by label', () => {
    expect(sortRows(rows, '4/2025', 'descending').map((r) => r.key)).toEqual(['ee', 'ea', 'de', 'fr']);
  });

  it('sorts labels alphabetically, ignoring case', () => {
    expect(sortRows(rows, LABEL_COLUMN, 'ascending').map((r) => r.label)).toEqual([
      'Estonia',
      'Euro area (20)',
      'france',
      'Germany',
    ]);
    expect(sortRows(rows, LABEL_COLUMN, 'descending')[0]?.label).toBe('Germany');
  });

  it('treats an unknown column as all missing and leaves its input alone', () => {
    expect(sortRows(rows, '1/1900', 'ascending').map((r) => r.label)).toEqual([
      'Estonia',
      'Euro area (20)',
      'france',
      'Germany',
    ]);
    expect(rows[0]?.key).toBe('de');
  });
});

describe('nextSort and ariaSortOf', () => {
  it('toggles ascending and descending on the same column', () => {
    const first = nextSort(null, '5/2025');
    expect(first).toEqual({ column: '5/2025', direction: 'descending' });
    expect(nextSort(first, '5/2025')).toEqual({ column: '5/2025', direction: 'ascending' });
    expect(nextSort(nextSort(first, '5/2025'), '5/2025')).toEqual(first);
  });

  it('starts labels ascending and a new column afresh', () => {
    expect(nextSort({ column: '5/2025', direction: 'ascending' }, LABEL_COLUMN)).toEqual({
      column: LABEL_COLUMN,
      direction: 'ascending',
    });
  });

  it('reports aria-sort for the sorted column only', () => {
    const sort = { column: '5/2025', direction: 'ascending' } as const;
    expect(ariaSortOf(sort, '5/2025')).toBe('ascending');
    expect(ariaSortOf(sort, LABEL_COLUMN)).toBe('none');
    expect(ariaSortOf(null, LABEL_COLUMN)).toBe('none');
  });
});

describe('buildTableState', () => {
  it('has one row per country and one column per period of the range, newest first', () => {
    const s = buildTableState(hicp, { startIndex: 329 });
    if (s.status !== 'ok') throw new Error(s.message);
    expect(s.rowHeading).toBe('Country');
    expect(s.rows.map((r) => r.label)).toEqual(['Germany', 'France', 'Euro area (20)', 'Estonia']);
    expect(s.columns.map((c) => c.key)).toHaveLength(12);
    expect(s.columns[0]?.key).toBe('5/2025');
    expect(s.columns[11]?.key).toBe('6/2024');
    expect(s.rows[0]?.values['10/2024']).toBe(2.4);
    expect(s.rows[2]?.values['5/2025']).toBeNull();
    expect(s.decimals).toBe(1);
  });

  it("carries each value's flags from the data's rows (5/2025 is an estimate)", () => {
    const s = buildTableState(hicp, { startIndex: 329 });
    if (s.status !== 'ok') throw new Error(s.message);
    // Only the latest month of the release is flagged: the other eleven columns carry none.
    expect(s.rows[0]).toMatchObject({ label: 'Germany', flags: { '5/2025': 'e' } });
    expect(Object.keys(s.rows[0]!.flags)).toEqual(['5/2025']);
    expect(s.rows[3]).toMatchObject({ label: 'Estonia', flags: { '5/2025': 'e' } });
    expect(s.rows[2]?.flags).toEqual({}); // Euro area: no value in 5/2025, no flags in the range
  });

  it('covers the whole timeline by default', () => {
    const s = buildTableState(hicp);
    if (s.status !== 'ok') throw new Error(s.message);
    expect(s.columns).toHaveLength(341);
    expect(s.columns[340]?.key).toBe('1/1997');
  });

  it('names rows by series when one country has several series', () => {
    const s = buildTableState(loadHicp(['DE'], ['CP00', 'CP01']));
    expect(s).toMatchObject({ status: 'ok', rowHeading: 'Series' });
  });

  it("answers the specification's messages when there is nothing to show", () => {
    expect(buildTableState(hicp, { countries: ['XX'] })).toMatchObject({ message: 'No data found for this dataset' });
    expect(buildTableState(hicp, { seriesIds: [7] })).toMatchObject({
      message: 'No matching data series found for the specified dimensions',
    });
  });
});

describe('cellText, columnWords and valueWords (the walk of the cells, decision 214)', () => {
  const s = buildTableState(hicp, { startIndex: 329 });
  if (s.status !== 'ok') throw new Error(s.message);
  const [germany, , euroArea] = s.rows;

  it("says a cell as a bar's tooltip: place; unit, period in full; value with its flags in words", () => {
    expect(cellText(s, germany!, '5/2025')).toBe('Germany; Annual rate of change (%), May 2025; 2.1 (estimated)');
    expect(cellText(s, germany!, '4/2025')).toBe('Germany; Annual rate of change (%), April 2025; 2.2');
    expect(cellText(s, euroArea!, '5/2025')).toBe('Euro area (20); Annual rate of change (%), May 2025; No data');
  });

  it("gives the embed a column's words with slots that make the same sentence", () => {
    expect(columnWords(s, '5/2025')).toBe('{place}; Annual rate of change (%), May 2025; {value}');
    for (const row of s.rows) {
      for (const { key } of s.columns) {
        const said = columnWords(s, key)
          .replace('{place}', row.label)
          .replace('{value}', valueWords(s, row, key));
        expect(said).toBe(cellText(s, row, key));
      }
    }
    expect(valueWords(s, germany!, '5/2025')).toBe('2.1 (estimated)');
    expect(valueWords(s, euroArea!, '5/2025')).toBe('No data');
  });
});
