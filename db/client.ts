// Opens the database named by DATABASE_URL: PGlite (on disk or in memory) or PostgreSQL, and migrates it.
import { closeSync, mkdirSync, openSync, readFileSync, realpathSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { projectRoot } from './project-root';
import { REPLICA_CONNECT_TIMEOUT_S, routedHandle, type ReplicaRouting, type SqlClient } from './replica';
import * as schema from './schema';

export type Schema = typeof schema;
/** A handle that may write. Query functions that only read take `ReadDb`. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** Read-only by convention: functions that take it never write. */
export type ReadDb = Omit<Db, 'insert' | 'update' | 'delete' | 'transaction'>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** With a read URL: where the handle's reads go, and the replica's state (db/replica.ts, decision 218). */
  replica?: ReplicaRouting;
}

const migrationsFolder = path.join(projectRoot, 'db/migrations');

export interface OpenOptions {
  /** In-memory PGlite only: start from this dump (`dumpDataDir()`) instead of an empty cluster (bench:search's catalogue). */
  loadDataDir?: Blob;
  /**
   * On-disk PGlite only: what the process opens the folder for, when it is not to serve it. Either gets a 16 MB buffer
   * pool instead of 128 MB, for that process only (`pglitePurposeSettings`):
   * - `'bulk-load'`: the process streams files in and exits (`npm run import`); a bulk load fills the pool with pages it
   *   does not read again (decision 166), and its index builds sort in 4 MB;
   * - `'scratch'`: a copy that lives for a few queries and goes (a test file's database). The engine zeroes its whole
   *   pool at every start: 128 MB took about 0.75 CPU-seconds to start, 16 MB about 0.27 (decision 233).
   * The server keeps 128 MB for its reads.
   */
  purpose?: PglitePurpose;
  /**
   * PostgreSQL only (DATABASE_READ_URL): a hot standby of the database, which the reads of work run through
   * `readFromReplica` (db/replica.ts) use while it is current; everything else reads and writes the primary.
   */
  readUrl?: string;
}

/** The advisory lock's two keys: this application (as server/refresh/lock.ts), and its migrations. */
const migrationLockKeys = [0x53545054, 2] as const;

/**
 * PostgreSQL settings for each purpose, passed on PGlite's command line for this process only: its `postgresqlconf`
 * option would rewrite the folder's postgresql.conf with just these lines, for every later open (decision 166).
 */
const smallPool = ['-c', 'shared_buffers=16MB'];
type PglitePurpose = 'bulk-load' | 'scratch';
const pglitePurposeSettings: Record<PglitePurpose, string[]> = {
  'bulk-load': [...smallPool, '-c', 'maintenance_work_mem=4MB'],
  scratch: smallPool,
};

/**
 * url: undefined → PGlite in `defaultDir`; `memory:` → in-memory PGlite; `file:<dir>` → PGlite in dir;
 * `postgres://…` → PostgreSQL.
 */
export async function openDatabase(
  url: string | undefined,
  defaultDir: string,
  options: OpenOptions = {},
): Promise<Database> {
  if (url?.startsWith('postgres')) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    const client = postgres(url, { max: 10, onnotice: () => {} });
    const db = drizzle(client, { schema });
    // Hosts that start together migrate one after the other: the second finds nothing left to apply.
    const lock = await client.reserve();
    try {
      await lock`SELECT pg_advisory_lock(${migrationLockKeys[0]}, ${migrationLockKeys[1]})`;
      await migrate(db, { migrationsFolder });
    } finally {
      await lock`SELECT pg_advisory_unlock(${migrationLockKeys[0]}, ${migrationLockKeys[1]})`.catch(() => undefined);
      lock.release();
    }
    if (!options.readUrl) return { db, kind: 'postgres', close: () => client.end() };
    const replica = postgres(options.readUrl, {
      max: 10,
      onnotice: () => {},
      connect_timeout: REPLICA_CONNECT_TIMEOUT_S,
    });
    const { db: routed, routing } = routedHandle({
      primary: client as unknown as SqlClient,
      replica: replica as unknown as SqlClient,
      makeDb: (c) => drizzle(c as unknown as typeof client, { schema }),
      primaryDb: db,
    });
    // Known before the first request: current, or left out until a check finds it so.
    await routing.check();
    return { db: routed as Db, kind: 'postgres', close: () => routing.close(), replica: routing };
  }
  if (options.readUrl) throw new Error('DATABASE_READ_URL needs DATABASE_URL=postgres://… (a PostgreSQL primary)');
  const { PGlite } = await import('@electric-sql/pglite');
  // The search's extensions (decision 055), contrib modules PGlite ships; PostgreSQL has them in its contrib package.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const extensions = { pg_trgm, unaccent };
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = url === 'memory:' ? undefined : url?.startsWith('file:') ? url.slice('file:'.length) : defaultDir;
  // PGlite creates only the last folder of its path: a fresh clone has no .data yet.
  if (dir) mkdirSync(dir, { recursive: true });
  // One process per folder: a second one would abort or silently lose what it wrote (issue 17, decision 065).
  const release = dir ? lockFolder(dir) : () => {};
  try {
    const settings = options.purpose ? pglitePurposeSettings[options.purpose] : [];
    const client = dir
      ? new PGlite(dir, {
          extensions,
          ...(settings.length ? { startParams: [...PGlite.defaultStartParams, ...settings] } : {}),
        })
      : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir, extensions } : { extensions });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    // Holding the folder's lock proves no other process is importing: every run still 'running' was cut off.
    if (dir) await interruptRunsOfDeadProcesses(db);
    return {
      db,
      kind: 'pglite',
      close: () => client.close().finally(release),
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function interruptRunsOfDeadProcesses(db: Db): Promise<void> {
  await db
    .update(schema.importRuns)
    .set({
      status: 'interrupted',
      finishedAt: new Date(),
      error: 'interrupted: the process ended before the import finished',
    })
    .where(eq(schema.importRuns.status, 'running'));
}

/** Another live process holds the PGlite folder. */
export class DatabaseLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
    readonly holder: string,
  ) {
    super(
      `The database folder ${dir} is in use by process ${pid} (${holder}). ` +
        'Stop that process first (one process at a time may open a PGlite folder), or use PostgreSQL (DATABASE_URL=postgres://…) to share a database.',
    );
    this.name = 'DatabaseLockedError';
  }
}

/**
 * The lock file beside a PGlite folder (not inside: PGlite wants an empty folder to create a cluster in), named from
 * the folder's real path: a symlink to it, `a/../db` or a trailing slash name the same lock (decision 186). A folder
 * that does not exist yet goes by its resolved path (`lockFolder` makes it first).
 */
export function lockFileOf(dir: string): string {
  let real: string;
  try {
    real = realpathSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    real = path.resolve(dir);
  }
  return `${real}.lock`;
}

/**
 * Takes the folder's lock file (`<real path of dir>.lock`, holding the pid and command line; the folder is made when
 * missing), or throws DatabaseLockedError when a live process holds it. A lock whose process is gone (kill -9, a crash) is taken over. Returns the release.
 */
export function lockFolder(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = lockFileOf(dir);
  const holder =
    process.argv
      .slice(1, 3)
      .map((a) => path.basename(a))
      .join(' ') || 'node';
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = readLock(file);
      if (held && processAlive(held.pid)) throw new DatabaseLockedError(path.resolve(dir), held.pid, held.holder);
      // Stale (its process is gone) or half-written by a process that died at once: take it over.
      try {
        unlinkSync(file);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
      continue;
    }
    writeSync(fd, JSON.stringify({ pid: process.pid, holder, since: new Date().toISOString() }));
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      const held = readLock(file);
      if (held?.pid === process.pid) unlinkSync(file);
    };
    process.on('exit', release);
    return release;
  }
  throw new Error(`Could not take the lock ${file}: other processes keep taking it`);
}

function readLock(file: string): { pid: number; holder: string } | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; holder?: unknown };
    if (typeof parsed.pid !== 'number') return null;
    return { pid: parsed.pid, holder: typeof parsed.holder === 'string' ? parsed.holder : 'unknown' };
  } catch {
    return null;
  }
}

/** Whether a process with this pid runs (EPERM: it does, owned by another user); a zombie (killed, not reaped) does not. */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // Linux: the state follows the command name in parentheses; Z is a zombie.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}
