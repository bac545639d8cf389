// Issue 17, item 8: an import killed with SIGKILL leaves its import_runs row ('running', committed before the work),
// and the next import marks such stale rows 'interrupted'; a failed import finishes its own row.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { lockFileOf, openDatabase } from '../../db/client';
import { importRuns } from '../../db/schema';
import { importFile, interruptStaleRuns } from '../../server/import/runner';
import { freshDatabase, importSample, mirror } from '../setup/database';

const root = path.resolve(import.meta.dirname, '../..');
const folder = mkdtempSync(path.join(tmpdir(), 'runs-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `npm run import` (its script) of the regional GDP file and kills its process group as soon as the script says
 * its run is on record: after the run row is committed and before the import's work, whatever the machine's speed.
 */
async function killImportOnceRecorded(dbDir: string): Promise<string> {
  const child = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    ['scripts/import.ts', path.join(mirror, 'eurostat/nama_10r_3gdp/nama_10r_3gdp.tsv.gz')],
    // TMPDIR inside the test's folder: the killed import cannot remove the file's decompressed copy (openTextFile).
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `file:${dbDir}`, DATA_MIRROR: mirror, TMPDIR: folder },
      detached: true,
    },
  );
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  while (!/Import run \d+ started/.test(out)) {
    if (child.exitCode !== null) throw new Error(`the import ended before its run was recorded:\n${out}`);
    await sleep(10);
  }
  // The whole process group: tsx runs the script in a child node process.
  const holder = (JSON.parse(readFileSync(lockFileOf(dbDir), 'utf8')) as { pid: number }).pid;
  process.kill(-child.pid!, 'SIGKILL');
  await exited;
  // SIGKILL is delivered asynchronously: wait until the script's own process is gone too.
  while (existsSync(`/proc/${holder}`) && !/\) Z/.test(readFileSync(`/proc/${holder}/stat`, 'utf8'))) await sleep(50);
  return out;
}

describe('import runs', () => {
  it('keeps the run of an import killed with SIGKILL, and the next start calls it interrupted', async () => {
    const dbDir = path.join(folder, 'db');
    const out = await killImportOnceRecorded(dbDir);
    expect(out).not.toContain('Imported');
    const database = await openDatabase(`file:${dbDir}`, '');
    const runs = await database.db.select().from(importRuns);
    await database.close();
    // Opening the folder (the lock proves no other process runs an import) marks the killed run interrupted.
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'interrupted', format: 'unknown' });
    expect(runs[0]!.source).toContain('nama_10r_3gdp.tsv.gz');
    expect(runs[0]!.finishedAt).not.toBeNull();
    expect(runs[0]!.error).toMatch(/ended before the import finished/);
  });

  it('records a run before the work and finishes that same row', async () => {
    const database = await freshDatabase();
    try {
      await importSample(database, 'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv');
      await expect(
        importFile(database.db, { fileName: 'broken.tsv', bytes: Buffer.from('nothing\n') }),
      ).rejects.toThrow();
      const runs = await database.db.select().from(importRuns).orderBy(asc(importRuns.id));
      expect(runs.map((r) => r.status)).toEqual(['succeeded', 'failed']);
      expect(runs[0]).toMatchObject({ format: 'eurostat-tsv' });
      expect(runs[0]!.datasetId).not.toBeNull();

      // A run left 'running' by a process that died is interrupted once older than the bound, not before.
      const [stale] = await database.db
        .insert(importRuns)
        .values({ source: 'x.tsv', format: 'unknown', status: 'running', startedAt: new Date(Date.now() - 7200_000) })
        .returning();
      const [fresh] = await database.db
        .insert(importRuns)
        .values({ source: 'y.tsv', format: 'unknown', status: 'running' })
        .returning();
      expect(await interruptStaleRuns(database.db)).toBe(1);
      const after = await database.db.select().from(importRuns).orderBy(asc(importRuns.id));
      expect(after.find((r) => r.id === stale!.id)?.status).toBe('interrupted');
      expect(after.find((r) => r.id === fresh!.id)?.status).toBe('running');
    } finally {
      await database.close();
    }
  });
});
