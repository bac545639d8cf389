// Opens the database named by DATABASE_URL: PGlite (on disk or in memory) or PostgreSQL, and migrates it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** In-memory PGlite only: start from this dump (`dumpDataDir()`) instead of an empty cluster, e.g. a migrated template. */
  loadDataDir?: Blob;
}

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
    await migrate(db, { migrationsFolder });
    return { db, kind: 'postgres', close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = url === 'memory:' ? undefined : url?.startsWith('file:') ? url.slice('file:'.length) : defaultDir;
  // PGlite creates only the last folder of its path: a fresh clone has no .data yet.
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir ? new PGlite(dir) : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
