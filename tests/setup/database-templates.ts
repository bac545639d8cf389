// Integration-suite setup: migrates (and seeds geos into) template databases once per run, so that each test file's
// fresh database is a copy of a template instead of a new migration (PGlite: a folder copied on /dev/shm, scratch.ts;
// PostgreSQL: CREATE DATABASE … TEMPLATE).
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../db/client';
import { seedGeos } from '../../server/import/geos';
import { scratch } from './scratch';

export interface DatabaseTemplates {
  /** PGlite: data folders; PostgreSQL: database names. */
  kind: 'pglite' | 'postgres';
  migrated: string;
  withGeos: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../../../shared/data');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url?.startsWith('postgres')) return postgresTemplates(project, url);
  const dir = mkdtempSync(path.join(scratch, 'db-templates-'));
  const templates: DatabaseTemplates = {
    kind: 'pglite',
    migrated: path.join(dir, 'migrated'),
    withGeos: path.join(dir, 'with-geos'),
  };
  const migrated = await openDatabase(`file:${templates.migrated}`, '');
  await migrated.close();
  cpSync(templates.migrated, templates.withGeos, { recursive: true });
  const withGeos = await openDatabase(`file:${templates.withGeos}`, '');
  await seedGeos(withGeos.db, mirror);
  await withGeos.close();
  project.provide('databaseTemplates', templates);
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplates(project: TestProject, url: string): Promise<() => Promise<void>> {
  const run = randomBytes(4).toString('hex');
  const templates: DatabaseTemplates = {
    kind: 'postgres',
    migrated: `tpl_${run}_migrated`,
    withGeos: `tpl_${run}_geos`,
  };
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const target = (name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  const drop = async () => {
    for (const name of [templates.migrated, templates.withGeos]) {
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
  } catch (error) {
    await drop();
    throw error;
  } finally {
    await admin.end();
  }
  project.provide('databaseTemplates', templates);
  return async () => {
    const dropper = postgres(url, { max: 1, onnotice: () => {} });
    for (const name of [templates.migrated, templates.withGeos]) {
      await dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    await dropper.end();
  };
}
