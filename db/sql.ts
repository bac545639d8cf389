// Small helpers that make raw SQL behave the same on PGlite and on postgres-js.
import type { Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { ReadDb } from './client';
import { readBatchKey } from './replica';

/**
 * Runs a statement and returns its rows, whichever driver answered. With a `signal` (a request's, issue 18), an
 * abandoned request starts no statement, and on PostgreSQL a running one is cancelled (SQLSTATE 57014); PGlite runs in
 * this thread and finishes a statement it has started.
 */
export async function queryRows<T>(db: ReadDb, query: SQL, signal?: AbortSignal): Promise<T[]> {
  signal?.throwIfAborted();
  const client = (db as { $client?: unknown }).$client;
  if (signal && isPostgresJs(client)) {
    const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
    const pending = client.unsafe(text, params);
    const cancel = () => void pending.cancel();
    signal.addEventListener('abort', cancel, { once: true });
    try {
      return (await pending) as T[];
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  }
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}

/** A PostgreSQL array literal ({1,2,NULL} or {"DE","FR"}), passed as one text parameter and cast in SQL. */
/** A timestamptz as ISO 8601 text in UTC, read the same from every driver. */
export function isoText(expr: SQL): SQL {
  return sql`to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

export function pgArray(values: readonly (string | number | null)[]): string {
  const items = values.map((v) => {
    if (v === null) return 'NULL';
    if (typeof v === 'number') return String(v);
    return `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

/** What the code that talks to postgres.js directly uses of its client (bulk COPY, cancellable reads). */
export interface PostgresJsClient {
  unsafe(
    query: string,
    params?: unknown[],
  ): Promise<unknown[]> & {
    cancel(): unknown;
    writable(): Promise<Writable>;
    /** The query's own rejection (an internal of postgres.js's Query, which it calls on the server's refusal). */
    reject: (error: unknown) => void;
  };
}

/** Whether a drizzle handle's client is postgres.js (PostgreSQL) rather than PGlite. */
export function isPostgresJs(client: unknown): client is PostgresJsClient {
  return typeof client === 'function' && typeof (client as { unsafe?: unknown }).unsafe === 'function';
}

/**
 * The batch `db` gathers in this turn of the event loop: made by the turn's first caller, handed to `run` at the next
 * turn (when every request parsed in this turn has asked), then forgotten. Per handle: a transaction has its own; with
 * a replica, reads bound for it and for the primary are batched apart (db/replica.ts), and `run` reads where the first
 * caller's reads go.
 */
export function batchOfTurn<B>(batches: WeakMap<ReadDb, B>, db: ReadDb, make: () => B, run: (batch: B) => void): B {
  const key = readBatchKey(db);
  const pending = batches.get(key);
  if (pending) return pending;
  const batch = make();
  batches.set(key, batch);
  setImmediate(() => {
    batches.delete(key);
    run(batch);
  });
  return batch;
}
