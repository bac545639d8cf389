// `npm run refresh -- une_rt_m` against the Eurostat peer, and a refresh killed half-way (SIGKILL): the data stay as
// they were, the cut-off run is on record as interrupted, and the next run completes.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { lockFileOf, openDatabase } from '../../db/client';
import { datasets, importRuns, observations, refreshDatasets, refreshState, series } from '../../db/schema';
import { importFile } from '../../server/import/runner';
import { catalogue, mirrorFiles } from '../../server/import/catalogue';
import { mirror } from '../setup/database';
import { startEurostatPeer, TEST_GEOS, trimTsv, type EurostatPeer } from '../setup/eurostat-peer';

const root = path.resolve(import.meta.dirname, '../..');
const folder = mkdtempSync(path.join(tmpdir(), 'refresh-cli-'));
const dbDir = path.join(folder, 'db');
let peer: EurostatPeer;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  peer = await startEurostatPeer({ vintage: 2, datasets: ['une_rt_m', 'tec00118'], geos: { une_rt_m: TEST_GEOS } });
  const database = await openDatabase(`file:${dbDir}`, '');
  await importFile(database.db, {
    fileName: 'une_rt_m.tsv',
    bytes: trimTsv(await readFile(path.join(mirror, 'eurostat/une_rt_m/une_rt_m.tsv')), TEST_GEOS),
    code: 'une_rt_m',
    released: new Date('2025-06-06T23:00:00Z'),
  });
  await database.close();
});

afterAll(async () => {
  await peer?.close();
  rmSync(folder, { recursive: true, force: true });
});

function run(command: string, args: string[], databaseUrl = `file:${dbDir}`) {
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      EUROSTAT_API: peer.url,
      DATA_MIRROR: mirror,
      REFRESH_SCHEDULE: 'off',
    },
    detached: true,
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function stored() {
  const database = await openDatabase(`file:${dbDir}`, '');
  try {
    const rows = await database.db
      .select({ value: observations.value, dims: series.dims })
      .from(observations)
      .innerJoin(series, eq(series.id, observations.seriesId))
      .innerJoin(datasets, eq(datasets.id, series.datasetId))
      .where(and(eq(datasets.code, 'une_rt_m'), eq(observations.geo, 'DE'), eq(observations.period, 2024 * 12 + 1)));
    return {
      deFeb2024: rows.find((r) => r.dims.join() === 'SA,TOTAL,PC_ACT,T')?.value ?? null,
      runs: await database.db.select().from(importRuns).orderBy(importRuns.id),
      state: (await database.db.select().from(refreshState))[0],
      seen: (await database.db.select().from(refreshDatasets))[0],
    };
  } finally {
    await database.close();
  }
}

describe('npm run refresh', () => {
  it('killed half-way (SIGKILL) leaves the data as they were; the next run completes', async () => {
    const killed = run(path.join(root, 'node_modules/.bin/tsx'), ['scripts/refresh.ts', 'une_rt_m']);
    while (!/une_rt_m: import run \d+ started/.test(killed.output())) {
      if (killed.child.exitCode !== null)
        throw new Error(`the refresh ended before its import started:\n${killed.output()}`);
      await sleep(10);
    }
    const holder = (JSON.parse(readFileSync(lockFileOf(dbDir), 'utf8')) as { pid: number }).pid;
    process.kill(-killed.child.pid!, 'SIGKILL');
    await killed.exited;
    while (existsSync(`/proc/${holder}`) && !/\) Z/.test(readFileSync(`/proc/${holder}/stat`, 'utf8'))) await sleep(50);

    const after = await stored();
    expect(after.deFeb2024).toBe(3.3);
    expect(after.state).toMatchObject({ status: 'running' });
    expect(after.runs.at(-1)).toMatchObject({ status: 'interrupted', source: `${peer.url} une_rt_m` });
    expect(after.seen?.sourceUpdated ?? null).toBeNull();

    const again = run('npm', ['run', '--silent', 'refresh', '--', 'une_rt_m']);
    const code = await again.exited;
    expect(again.output()).toMatch(/refresh: 1 dataset\(s\) checked; imported une_rt_m \(\+\d+ ~\d+ -0\)/);
    expect(code).toBe(0);
    const done = await stored();
    expect(done.deFeb2024).toBe(3.2);
    expect(done.state).toMatchObject({ status: 'succeeded' });
    expect(done.seen).toMatchObject({ sourceUpdated: '22.09.2026', failures: 0 });
    expect(done.runs.at(-1)).toMatchObject({ status: 'succeeded', format: 'json-stat' });
  });

  it('two processes at once on one database: exactly one refreshes', async () => {
    const target = await separateDatabase();
    try {
      const database = await openDatabase(target.url, '');
      const first = mirrorFiles(catalogue.datasets.find((d) => d.code === 'tec00118')!)[0]!;
      await importFile(database.db, {
        fileName: path.basename(first.file),
        bytes: await readFile(path.join(mirror, first.file)),
        code: 'tec00118',
        released: first.released,
      });
      await database.close();
      // The first process's download waits until released: it holds the refresh (and, on PGlite, the folder) then.
      const release = peer.hold('tec00118');
      peer.clearRequests();
      const tsx = path.join(root, 'node_modules/.bin/tsx');
      const a = run(tsx, ['scripts/refresh.ts', 'tec00118', '--force'], target.url);
      while (!peer.dataRequests().includes('tec00118')) {
        if (a.child.exitCode !== null) throw new Error(`the first refresh ended early:\n${a.output()}`);
        await sleep(20);
      }
      const b = run(tsx, ['scripts/refresh.ts', 'tec00118', '--force'], target.url);
      const bCode = await b.exited;
      release();
      const aCode = await a.exited;
      if (target.postgres) {
        // PostgreSQL: the advisory lock turns the second away.
        expect(b.output()).toContain('refresh: another process is refreshing; this one skipped');
        expect(bCode).toBe(3);
      } else {
        // PGlite: one process per folder (decision 065) already does.
        expect(b.output()).toMatch(/is in use by process \d+/);
        expect(bCode).toBe(1);
      }
      expect(a.output()).toMatch(/imported tec00118 \(\+0 ~0 -0\)/);
      expect(aCode).toBe(0);
      expect(peer.dataRequests()).toEqual(['tec00118']);
    } finally {
      await target.drop();
    }
  });

  it('says what it needs when called wrongly', async () => {
    const bad = run(path.join(root, 'node_modules/.bin/tsx'), ['scripts/refresh.ts', 'une rt m']);
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toContain('invalid dataset code "une rt m"');
  });
});

/** A database of this test's own: a PostgreSQL copy of the migrated template with geos, or a PGlite folder. */
async function separateDatabase(): Promise<{ url: string; postgres: boolean; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) {
    return { url: `file:${path.join(folder, 'two')}`, postgres: false, drop: async () => {} };
  }
  const name = `t_refresh_${process.pid}_${Date.now()}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject('databaseTemplates').withGeos}`);
  await admin.end();
  return {
    url: Object.assign(new URL(url), { pathname: `/${name}` }).toString(),
    postgres: true,
    drop: async () => {
      const dropper = postgres(url, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
