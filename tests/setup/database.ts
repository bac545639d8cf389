// A fresh database per test file, copied from a template the suite's setup migrated once (database-templates.ts):
// a PGlite folder on /dev/shm (scratch.ts), or a new PostgreSQL database when DATABASE_URL says so.
import { randomBytes } from 'node:crypto';
import { cpSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { importSample, mirror, seededSample } from './database-templates';
import { scratch } from './scratch';

export { importSample, mirror };

/** A migrated database with no rows but those of the given shared sample files, imported in that order. */
export function freshDatabase(...samples: string[]): Promise<Database> {
  return withSamples('migrated', samples);
}

/**
 * A migrated database with the geography (countries, aggregates, NUTS regions) seeded, as every start has, and the
 * given shared sample files imported in that order (paths relative to the mirror).
 */
export function databaseWithGeos(...samples: string[]): Promise<Database> {
  return withSamples('withGeos', samples);
}

/**
 * A copy of a suite template, with the given shared sample files imported in that order: the seeded geography with
 * `seededSample` first is a copy of the template that has it already (the same rows, imported once per run).
 */
async function withSamples(base: 'migrated' | 'withGeos', samples: string[]): Promise<Database> {
  const templates = inject('databaseTemplates');
  const seeded = base === 'withGeos' && samples[0] === seededSample;
  const database = await copyOf(seeded ? templates.withSeededSample : templates[base]);
  try {
    for (const file of seeded ? samples.slice(1) : samples) await importSample(database, file);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** A new database copied from a template: a PGlite data folder, or a PostgreSQL template database's name. */
async function copyOf(template: string): Promise<Database> {
  if (inject('databaseTemplates').kind === 'pglite') {
    const dir = await mkdtemp(path.join(scratch, 'db-'));
    // The synchronous copy: about 60 ms for the migrated folder's 1,200 files, against 400-550 ms for fs/promises' cp,
    // which pays an asynchronous round trip per file (decision 224).
    cpSync(template, dir, { recursive: true });
    // A small buffer pool: PGlite zeroes all of it at every start, and a test file's data fits in 16 MB (decision 233).
    const database = await openDatabase(`file:${dir}`, '', { purpose: 'scratch' });
    return { ...database, close: () => database.close().finally(() => rm(dir, { recursive: true, force: true })) };
  }
  const url = process.env.DATABASE_URL!;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    // A test database need not wait for its commits to reach the disk: without the wait the suite's two workers keep
    // the cores busy instead of idling on WAL flushes. Nothing a test checks depends on it.
    await admin.unsafe(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase(databaseUrl(name), '');
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = postgres(url, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

function databaseUrl(name: string): string {
  const target = new URL(process.env.DATABASE_URL!);
  target.pathname = `/${name}`;
  return target.toString();
}
