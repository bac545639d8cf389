// Small helpers that make raw SQL behave the same on PGlite and on postgres-js.
import type { SQL } from 'drizzle-orm';
import type { ReadDb } from './client';

/** Runs a statement and returns its rows, whichever driver answered. */
export async function queryRows<T>(db: ReadDb, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}

/** A PostgreSQL array literal ({1,2,NULL} or {"DE","FR"}), passed as one text parameter and cast in SQL. */
export function pgArray(values: readonly (string | number | null)[]): string {
  const items = values.map((v) => {
    if (v === null) return 'NULL';
    if (typeof v === 'number') return String(v);
    return `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}
