// Exactly one refresh at a time. PostgreSQL (several app processes, several hosts): a session advisory lock on a
// connection of its own, which the server releases when the holder's connection ends, a killed process included.
// PGlite belongs to one process (decision 065): a flag in that process is enough.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/sql';

/** The advisory lock's two keys: this application, and the refresh within it. */
const lockKeys = [0x53545054, 1] as const;

interface ReservedSql {
  (strings: TemplateStringsArray, ...values: unknown[]): Promise<Record<string, unknown>[]>;
  release(): void;
}
interface PostgresClient {
  reserve(): Promise<ReservedSql>;
}

const busy = new WeakSet<object>();

/** Runs `work` holding the refresh lock; returns `{ ran: false }` at once when another refresh holds it. */
export async function withRefreshLock<T>(
  db: Db,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPostgres(client)) {
    const connection = await client.reserve();
    try {
      const [row] = await connection`SELECT pg_try_advisory_lock(${lockKeys[0]}, ${lockKeys[1]}) AS taken`;
      if (!row?.taken) return { ran: false };
      try {
        return { ran: true, value: await work() };
      } finally {
        await connection`SELECT pg_advisory_unlock(${lockKeys[0]}, ${lockKeys[1]})`.catch(() => undefined);
      }
    } finally {
      connection.release();
    }
  }
  const key = (client ?? db) as object;
  if (busy.has(key)) return { ran: false };
  busy.add(key);
  try {
    return { ran: true, value: await work() };
  } finally {
    busy.delete(key);
  }
}

/** Whether some process holds the refresh lock now (a refresh marked running is really running). */
export async function refreshLockHeld(db: Db): Promise<boolean> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPostgres(client)) {
    const [row] = await queryRows<{ held: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted
        AND classid = ${lockKeys[0]} AND objid = ${lockKeys[1]} AND objsubid = 2) AS held`,
    );
    return Boolean(row?.held);
  }
  return busy.has((client ?? db) as object);
}

function isPostgres(client: unknown): client is PostgresClient {
  return typeof client === 'function' && typeof (client as { reserve?: unknown }).reserve === 'function';
}
