// Import on demand (issue 36, decision 188): a catalogue entry not imported yet is imported from Eurostat's API when
// a visitor opens it (page or API) or when an admin asks for a theme or everything. Requests wait in the database
// (import_requests), so they survive a restart; each process works them one at a time, visitors' first.
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db, ReadDb } from '../../db/client';
import { pgArray, queryRows } from '../../db/sql';
import { categorySubtree } from '../../db/queries/catalogue-items';
import { staleRunMs } from '../import/runner';
import { importDataset, type DatasetEvent } from './refresh';
import type { CatalogueImports, ImportRequestStatus, ImportState } from '../../core/catalogue-imports';

/** A visitor's failed request is tried again when asked after this long. */
export const RETRY_AFTER_FAILURE_MS = 5 * 60_000;
/** Most requests from visitors waiting at once: past it, a new one is refused until the queue drains. */
export const MAX_WAITING_VISITOR_REQUESTS = 50;
const holderId = () => `${hostname()} pid ${process.pid}`;

export interface ImportQueueOptions {
  db: Db;
  /** EUROSTAT_API. */
  baseUrl: string;
  dataMirror?: string | null;
  log?: (line: string) => void;
  /** Per download (default 10 minutes). */
  downloadTimeoutMs?: number;
  /** How often an idle worker looks for requests other processes added (default 5 s). */
  pollMs?: number;
}

/** A visitor's request is refused (`busy`) when too many wait; an admin's never is. */
export interface ImportQueue extends CatalogueImports {
  /** Asks for every entry of a theme (and the themes below it), or of the whole catalogue: how many were added. */
  requestMany(scope: { theme: string } | { all: true }): Promise<number>;
  /** Starts working requests in this process (the server does; tests may). */
  start(): void;
  /** Stops after the current import; resolves when it has. */
  stop(): Promise<void>;
  /** Resolves when nothing waits or runs in this process (tests, the command line). */
  idle(): Promise<void>;
}

export function createImportQueue(opts: ImportQueueOptions): ImportQueue {
  const { db } = opts;
  const log = opts.log ?? ((line: string) => console.log(`[imports] ${line}`));
  let running = false;
  let working: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  const idleWaiters: (() => void)[] = [];

  const nudge = () => {
    wake?.();
  };

  const loop = async () => {
    await reclaimAbandoned(db);
    while (running) {
      const next = await claimNext(db);
      if (!next) {
        for (const w of idleWaiters.splice(0)) w();
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, opts.pollMs ?? 5000);
        });
        wake = null;
        if (timer) clearTimeout(timer);
        continue;
      }
      await work(next);
    }
  };

  const work = async (code: string) => {
    const entry = await entryOf(db, code);
    if (!entry) {
      await finish(db, code, 'failed', 'Eurostat does not list this dataset.');
      return;
    }
    let lastWrite = 0;
    const onDataset = (e: DatasetEvent) => {
      if (e.phase === 'importing') {
        void db.execute(sql`UPDATE import_requests SET run_id = ${e.runId} WHERE code = ${code}`);
      } else if (e.phase === 'progress') {
        // Progress is written at most twice a second: the page polls it.
        const now = Date.now();
        if (now - lastWrite < 500 && e.done < e.total) return;
        lastWrite = now;
        void db.execute(sql`UPDATE import_requests SET done = ${e.done}, total = ${e.total} WHERE code = ${code}`);
      }
    };
    const outcome = await importDataset(
      db,
      { baseUrl: opts.baseUrl, dataMirror: opts.dataMirror, downloadTimeoutMs: opts.downloadTimeoutMs, onDataset },
      code,
      entry,
    ).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error), runId: null }));
    if ('error' in outcome) {
      log(`${code}: not imported (${outcome.error})`);
      await finish(db, code, 'failed', outcome.error);
      return;
    }
    const s = outcome.summary;
    await db.execute(sql`INSERT INTO refresh_datasets (code, source_updated, checked_at, failures, last_run_id)
      VALUES (${code}, ${entry.lastUpdate || null}, now(), 0, ${s.runId})
      ON CONFLICT (code) DO UPDATE SET source_updated = excluded.source_updated, checked_at = excluded.checked_at,
        failures = 0, retry_at = NULL, last_error = NULL, last_run_id = excluded.last_run_id`);
    log(`${code}: imported on demand, ${s.values.toLocaleString('en')} values (${s.seconds.toFixed(1)} s)`);
    await finish(db, code, 'done', null);
  };

  return {
    async request(code, origin) {
      const id = code.toLowerCase();
      const current = await readState(db, id);
      if (!current || current.status === 'imported' || current.status === 'waiting' || current.status === 'running') {
        return current;
      }
      const priority = origin === 'visitor' ? 0 : 1;
      if (current.status === 'failed' && origin === 'visitor') {
        const [row] = await queryRows<{ recent: boolean }>(
          db,
          sql`SELECT finished_at > now() - ${`${RETRY_AFTER_FAILURE_MS} milliseconds`}::interval AS recent
            FROM import_requests WHERE code = ${id}`,
        );
        if (row?.recent) return current;
      }
      if (origin === 'visitor') {
        const [waiting] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM import_requests WHERE status = 'waiting' AND priority = 0`,
        );
        if ((waiting?.n ?? 0) >= MAX_WAITING_VISITOR_REQUESTS) return { ...current, busy: true };
      }
      await db.execute(sql`INSERT INTO import_requests (code, priority, status, requested_at)
        VALUES (${id}, ${priority}, 'waiting', now())
        ON CONFLICT (code) DO UPDATE SET status = 'waiting', requested_at = now(), error = NULL, done = 0, total = 0,
          priority = least(import_requests.priority, excluded.priority), holder = NULL
        WHERE import_requests.status IN ('done', 'failed')`);
      nudge();
      return readState(db, id);
    },
    async requestMany(scope) {
      const inScope =
        'theme' in scope
          ? sql`e.code IN (SELECT ec.code FROM catalogue_entry_categories ec
              WHERE ec.category_id IN ${categorySubtree(scope.theme)})`
          : sql`TRUE`;
      const rows = await queryRows<{ code: string }>(
        db,
        sql`INSERT INTO import_requests (code, priority, status, requested_at)
          SELECT e.code, 1, 'waiting', now() FROM catalogue_entries e
          WHERE e.withdrawn_at IS NULL AND ${inScope}
            AND NOT EXISTS (SELECT 1 FROM datasets d WHERE d.code = e.code)
          ORDER BY e.code
          ON CONFLICT (code) DO UPDATE SET status = 'waiting', requested_at = now(), error = NULL, holder = NULL
          WHERE import_requests.status = 'failed'
          RETURNING code`,
      );
      nudge();
      return rows.length;
    },
    state: (code) => readState(db, code.toLowerCase()),
    start() {
      if (running) return;
      running = true;
      working = loop().catch((error: unknown) => {
        running = false;
        log(`the import queue stopped: ${String(error)}`);
      });
    },
    async stop() {
      running = false;
      nudge();
      await working;
      working = null;
    },
    idle() {
      // Nothing works requests in this process while it is stopped: nothing to wait for.
      if (!running) return Promise.resolve();
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        nudge();
      });
    },
  };
}

/** The oldest waiting request, visitors' first, marked running by this process; null when none waits. */
async function claimNext(db: Db): Promise<string | null> {
  const rows = await queryRows<{ code: string }>(
    db,
    sql`UPDATE import_requests SET status = 'running', holder = ${holderId()}, started_at = now(),
        attempts = attempts + 1, done = 0, total = 0, error = NULL
      WHERE code = (SELECT code FROM import_requests WHERE status = 'waiting'
                    ORDER BY priority, requested_at, code LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING code`,
  );
  return rows[0]?.code ?? null;
}

/**
 * Requests left running by a process that ended (this host's processes that no longer exist, or any older than an
 * import may take) wait again: the queue resumes after a restart.
 */
async function reclaimAbandoned(db: Db): Promise<void> {
  const rows = await queryRows<{ code: string; holder: string | null; old: boolean }>(
    db,
    sql`SELECT code, holder, started_at < now() - ${`${staleRunMs} milliseconds`}::interval AS old
      FROM import_requests WHERE status = 'running'`,
  );
  const host = hostname();
  const gone = rows.filter((r) => {
    if (r.old) return true;
    const m = /^(.*) pid (\d+)$/.exec(r.holder ?? '');
    if (!m || m[1] !== host) return false;
    if (Number(m[2]) === process.pid) return true;
    try {
      process.kill(Number(m[2]), 0);
      return false;
    } catch {
      return true;
    }
  });
  if (gone.length === 0) return;
  await db.execute(sql`UPDATE import_requests SET status = 'waiting', holder = NULL
    WHERE status = 'running' AND code = ANY(${pgArray(gone.map((g) => g.code))}::text[])`);
}

async function finish(db: Db, code: string, status: 'done' | 'failed', error: string | null): Promise<void> {
  await db.execute(sql`UPDATE import_requests SET status = ${status}, error = ${error}, finished_at = now(),
    holder = NULL WHERE code = ${code}`);
}

async function entryOf(db: ReadDb, code: string) {
  const rows = await queryRows<{ title: string; source_updated: string | null; last_update: unknown }>(
    db,
    sql`SELECT title, source_updated, last_update FROM catalogue_entries WHERE code = ${code}`,
  );
  const row = rows[0];
  if (!row) return null;
  const updatedAt = row.last_update ? new Date(String(row.last_update)) : null;
  return { code, title: row.title, lastUpdate: row.source_updated ?? '', updatedAt };
}

/** The state of a code's data: null when the catalogue does not list it and it is not imported. */
export async function readState(db: ReadDb, code: string): Promise<ImportState | null> {
  const rows = await queryRows<{
    listed: boolean;
    imported: boolean;
    status: ImportRequestStatus | null;
    ahead: number;
    done: number | null;
    total: number | null;
    error: string | null;
  }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM catalogue_entries WHERE code = ${code}) AS listed,
        EXISTS (SELECT 1 FROM datasets WHERE code = ${code}) AS imported,
        r.status, r.done, r.total, r.error,
        (SELECT count(*)::int FROM import_requests w WHERE w.status = 'waiting'
          AND (w.priority, w.requested_at, w.code) < (r.priority, r.requested_at, r.code)) AS ahead
      FROM (SELECT 1) AS one LEFT JOIN import_requests r ON r.code = ${code}`,
  );
  const row = rows[0];
  if (!row || (!row.listed && !row.imported)) return null;
  // Imported by any path (the refresh, an upload, this queue) is imported, whatever an older request says.
  const status = row.imported ? 'imported' : (row.status ?? 'listed');
  const failed = status === 'failed';
  return {
    code,
    status,
    ahead: status === 'waiting' ? row.ahead : 0,
    done: status === 'running' ? (row.done ?? 0) : 0,
    total: status === 'running' ? (row.total ?? 0) : 0,
    error: failed ? (row.error ?? 'the import failed') : null,
    unreachable: failed && isUnreachable(row.error ?? ''),
    busy: false,
  };
}

/** Errors of fetchEurostat that mean Eurostat could not be reached (no answer, a timeout, a 5xx). */
function isUnreachable(message: string): boolean {
  return /could not reach Eurostat|broke off|timeout|aborted|answered 5\d\d/i.test(message);
}
