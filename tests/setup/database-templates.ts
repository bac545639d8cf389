// Integration-suite setup: migrates (and seeds geos into) template databases once per run, so that each test file's
// fresh database is a copy of a template instead of a new migration (PGlite: a folder copied on /dev/shm, scratch.ts;
// PostgreSQL: CREATE DATABASE … TEMPLATE). A third template has the sample most files start with imported too.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../../db/client';
import { seedGeos } from '../../server/import/geos';
import { importFile, type ImportSummary } from '../../server/import/runner';
import { scratch } from './scratch';

export interface DatabaseTemplates {
  /** PGlite: data folders; PostgreSQL: database names. */
  kind: 'pglite' | 'postgres';
  migrated: string;
  withGeos: string;
  /** `withGeos` with `seededSample` imported: a copy of it stands for `databaseWithGeos(seededSample, …)`. */
  withSeededSample: string;
}

/**
 * The sample about forty integration files import first, on top of the seeded geography (HICP, 45 places): imported
 * once per run into a template instead of once per file (decision 231).
 */
export const seededSample = 'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../../../shared/data');

/** Imports one shared sample file (path relative to the mirror): the templates' setup and test files alike. */
export async function importSample(database: Database, file: string, code?: string): Promise<ImportSummary> {
  const bytes = await readFile(path.join(mirror, file));
  return importFile(database.db, { fileName: path.basename(file), bytes, code });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url?.startsWith('postgres')) return postgresTemplates(project, url);
  const dir = mkdtempSync(path.join(scratch, 'db-templates-'));
  const templates: DatabaseTemplates = {
    kind: 'pglite',
    migrated: path.join(dir, 'migrated'),
    withGeos: path.join(dir, 'with-geos'),
    withSeededSample: path.join(dir, 'with-seeded-sample'),
  };
  const migrated = await openDatabase(`file:${templates.migrated}`, '');
  await migrated.close();
  cpSync(templates.migrated, templates.withGeos, { recursive: true });
  const withGeos = await openDatabase(`file:${templates.withGeos}`, '');
  await seedGeos(withGeos.db, mirror);
  await withGeos.close();
  cpSync(templates.withGeos, templates.withSeededSample, { recursive: true });
  const withSample = await openDatabase(`file:${templates.withSeededSample}`, '');
  await importSample(withSample, seededSample);
  await withSample.close();
  project.provide('databaseTemplates', templates);
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplates(project: TestProject, url: string): Promise<() => Promise<void>> {
  const run = randomBytes(4).toString('hex');
  const templates: DatabaseTemplates = {
    kind: 'postgres',
    migrated: `tpl_${run}_migrated`,
    withGeos: `tpl_${run}_geos`,
    withSeededSample: `tpl_${run}_sample`,
  };
  const names = [templates.migrated, templates.withGeos, templates.withSeededSample];
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const target = (name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  const drop = async () => {
    for (const name of names) {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  };
  try {
    for (const name of [templates.migrated, templates.withGeos]) {
      await admin.unsafe(`CREATE DATABASE ${name}`);
      const database = await openDatabase(target(name), '');
      if (name === templates.withGeos) await seedGeos(database.db, mirror);
      await database.close();
    }
    await admin.unsafe(`CREATE DATABASE ${templates.withSeededSample} TEMPLATE ${templates.withGeos}`);
    const withSample = await openDatabase(target(templates.withSeededSample), '');
    await importSample(withSample, seededSample);
    await withSample.close();
  } catch (error) {
    await drop();
    throw error;
  } finally {
    await admin.end();
  }
  project.provide('databaseTemplates', templates);
  return async () => {
    const dropper = postgres(url, { max: 1, onnotice: () => {} });
    for (const name of names) {
      await dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    await dropper.end();
  };
}
