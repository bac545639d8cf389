// A fresh database per test file, copied from a template the suite's setup migrated once (database-templates.ts):
// in-memory PGlite, or a new PostgreSQL database when DATABASE_URL says so.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { importFile, type ImportSummary } from '../../server/import/runner';
import { mirror } from './database-templates';

export { mirror };

/** A migrated database with no rows. */
export function freshDatabase(): Promise<Database> {
  return copyOf('migrated');
}

/** A migrated database with the geography (countries, aggregates, NUTS regions) seeded, as every start has. */
export function databaseWithGeos(): Promise<Database> {
  return copyOf('withGeos');
}

async function copyOf(template: 'migrated' | 'withGeos'): Promise<Database> {
  const templates = inject('databaseTemplates');
  if (templates.kind === 'pglite') {
    const dump = await readFile(templates[template]);
    return openDatabase('memory:', '', { loadDataDir: new Blob([dump]) });
  }
  const url = process.env.DATABASE_URL!;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${templates[template]}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase(target.toString(), '');
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

/** Imports one shared sample file (path relative to the mirror). */
export async function importSample(database: Database, file: string, code?: string): Promise<ImportSummary> {
  const bytes = await readFile(path.join(mirror, file));
  return importFile(database.db, { fileName: path.basename(file), bytes, code });
}
