// Row ids are PostgreSQL `integer`s: a number outside 1…2,147,483,647 names no row, so lookups answer "not found"
// without asking the database (which would fail with "out of range" on 2,147,483,648 and up).

/** The largest value of a PostgreSQL integer column. */
export const maxRowId = 2_147_483_647;

/** Whether a number can be the id of a row. */
export function isRowId(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 1 && n <= maxRowId;
}
