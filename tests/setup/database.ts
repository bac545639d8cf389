// A fresh database per test file: in-memory PGlite, or a new PostgreSQL database when DATABASE_URL says so.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../db/client';
import { seedGeos } from '../../server/import/geos';
import { importFile, type ImportSummary } from '../../server/import/runner';

export const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../../../shared/data');

export async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) return openDatabase('memory:', '');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
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

export async function databaseWithGeos(): Promise<Database> {
  const database = await freshDatabase();
  await seedGeos(database.db, mirror);
  return database;
}
