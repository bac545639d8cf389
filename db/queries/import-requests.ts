// The queue of imports on demand (decision 188), as admins and the command line see it.
import { sql } from 'drizzle-orm';
import type { ImportRequestStatus } from '../../core/catalogue-imports';
import type { ReadDb } from '../client';
import { queryRows } from '../sql';

export interface QueueCounts {
  waiting: number;
  running: number;
  done: number;
  failed: number;
}

/** How many requests are in each state. */
export async function queueCounts(db: ReadDb): Promise<QueueCounts> {
  const rows = await queryRows<{ status: ImportRequestStatus; n: number }>(
    db,
    sql`SELECT status, count(*)::int AS n FROM import_requests GROUP BY status`,
  );
  const counts: QueueCounts = { waiting: 0, running: 0, done: 0, failed: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

export interface QueueRow {
  code: string;
  status: ImportRequestStatus;
  /** 'visitor' or 'admin'. */
  origin: string;
  requestedAt: string;
  done: number;
  total: number;
  error: string | null;
}

/** The counts, what runs, the next that wait and the latest failures. */
export async function queueOverview(db: ReadDb, shown = 20): Promise<{ counts: QueueCounts; rows: QueueRow[] }> {
  const [counts, rows] = await Promise.all([
    queueCounts(db),
    queryRows<{
      code: string;
      status: ImportRequestStatus;
      priority: number;
      requested_at: unknown;
      done: number;
      total: number;
      error: string | null;
    }>(
      db,
      sql`(SELECT code, status, priority, requested_at, done, total, error FROM import_requests
           WHERE status = 'running')
        UNION ALL
        (SELECT code, status, priority, requested_at, done, total, error FROM import_requests
           WHERE status = 'waiting' ORDER BY priority, requested_at, code LIMIT ${shown})
        UNION ALL
        (SELECT code, status, priority, requested_at, done, total, error FROM import_requests
           WHERE status = 'failed' ORDER BY finished_at DESC NULLS LAST LIMIT ${shown})`,
    ),
  ]);
  return {
    counts,
    rows: rows.map((r) => ({
      code: r.code,
      status: r.status,
      origin: Number(r.priority) === 0 ? 'visitor' : 'admin',
      requestedAt: new Date(String(r.requested_at)).toISOString(),
      done: Number(r.done),
      total: Number(r.total),
      error: r.error,
    })),
  };
}
