// Issue 13, updates: a refresh reads Eurostat's table of contents (the peer), re-imports only what changed, records the
// revision, retries failures with back-off, and runs once at a time.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { datasets, importRuns, observations, refreshDatasets, refreshState, revisions, series } from '../../db/schema';
import { catalogue, mirrorFiles } from '../../server/import/catalogue';
import { importFile } from '../../server/import/runner';
import { runRefresh } from '../../server/refresh/refresh';
import { databaseWithGeos, mirror } from '../setup/database';
import { startEurostatPeer, TEST_GEOS, trimTsv, type EurostatPeer } from '../setup/eurostat-peer';

let peer: EurostatPeer;
let database: Database;
const codes = ['une_rt_m', 'tec00118'];

/** Imports a dataset's first mirror file with its documented release, as the first start does. */
async function importFirstRelease(db: Database['db'], code: string): Promise<void> {
  const first = mirrorFiles(catalogue.datasets.find((d) => d.code === code)!)[0]!;
  const whole = await readFile(path.join(mirror, first.file));
  const bytes = code === 'une_rt_m' ? trimTsv(whole, TEST_GEOS) : whole;
  await importFile(db, { fileName: path.basename(first.file), bytes, code, released: first.released });
}

async function deFeb2024(db: Database['db']): Promise<number | null> {
  const rows = await db
    .select({ value: observations.value, dims: series.dims })
    .from(observations)
    .innerJoin(series, eq(series.id, observations.seriesId))
    .innerJoin(datasets, eq(datasets.id, series.datasetId))
    .where(and(eq(datasets.code, 'une_rt_m'), eq(observations.geo, 'DE'), eq(observations.period, 2024 * 12 + 1)));
  return rows.find((r) => r.dims.join() === 'SA,TOTAL,PC_ACT,T')?.value ?? null;
}

beforeAll(async () => {
  peer = await startEurostatPeer({ vintage: 1, datasets: codes, geos: { une_rt_m: TEST_GEOS } });
  database = await databaseWithGeos();
  for (const code of codes) await importFirstRelease(database.db, code);
});

afterAll(async () => {
  await peer?.close();
  await database?.close();
});

describe('refresh from Eurostat', () => {
  it('downloads nothing while the table of contents shows the releases we hold', async () => {
    const report = await runRefresh(database.db, { baseUrl: peer.url });
    expect(report).toMatchObject({ outcome: 'done', checked: 2, imported: [], failed: [] });
    expect(report.unchanged.sort()).toEqual(['tec00118', 'une_rt_m']);
    expect(peer.requests.map((r) => r.path)).toEqual(['/catalogue/toc/txt']);
    expect(peer.dataRequests()).toEqual([]);
    const [state] = await database.db.select().from(refreshState);
    expect(state).toMatchObject({ status: 'succeeded', failures: 0 });
  });

  it('re-imports only the dataset Eurostat updated, and records the revision', async () => {
    peer.clearRequests();
    peer.setVintage(2);
    expect(await deFeb2024(database.db)).toBe(3.3);
    const report = await runRefresh(database.db, { baseUrl: peer.url });
    expect(report.unchanged).toEqual(['tec00118']);
    expect(report.imported.map((i) => i.code)).toEqual(['une_rt_m']);
    // Only une_rt_m's data was asked for, as JSON-stat from the Statistics API.
    expect(peer.dataRequests()).toEqual(['une_rt_m']);
    expect(peer.requests.find((r) => r.path.includes('/data/'))?.path).toBe('/statistics/1.0/data/une_rt_m');
    expect(await deFeb2024(database.db)).toBe(3.2);
    const { runId } = report.imported[0]!;
    const [run] = await database.db.select().from(importRuns).where(eq(importRuns.id, runId));
    expect(run).toMatchObject({ status: 'succeeded', format: 'json-stat', source: `${peer.url} une_rt_m` });
    const revised = await database.db
      .select()
      .from(revisions)
      .where(and(eq(revisions.importRunId, runId), eq(revisions.period, 2024 * 12 + 1), eq(revisions.geo, 'DE')));
    expect(revised.find((r) => r.kind === 'changed')).toMatchObject({ oldValue: 3.3, newValue: 3.2 });
    const [seen] = await database.db.select().from(refreshDatasets).where(eq(refreshDatasets.code, 'une_rt_m'));
    expect(seen).toMatchObject({ sourceUpdated: '22.09.2026', failures: 0, lastRunId: runId });

    // The next refresh finds nothing new.
    peer.clearRequests();
    const again = await runRefresh(database.db, { baseUrl: peer.url });
    expect(again.imported).toEqual([]);
    expect(peer.dataRequests()).toEqual([]);
  });

  it('records a failed download, waits its back-off, then retries (SDMX-CSV when the Statistics API fails)', async () => {
    // Eurostat has a newer tec00118 than we hold, and both its APIs fail.
    await database.db
      .update(refreshDatasets)
      .set({ sourceUpdated: '01.01.2020' })
      .where(eq(refreshDatasets.code, 'tec00118'));
    peer.clearRequests();
    peer.fail('tec00118', { status: 503 });
    const t0 = new Date();
    const failed = await runRefresh(database.db, { baseUrl: peer.url, now: () => t0 });
    expect(failed.outcome).toBe('done');
    expect(failed.failed).toHaveLength(1);
    expect(failed.failed[0]!.error).toMatch(/Eurostat answered 503 .*tec00118; the SDMX API as well: .*503/);
    expect(failed.failed[0]!.retryAt.getTime() - t0.getTime()).toBe(5 * 60_000);
    expect(peer.requests.filter((r) => r.path.includes('/data/')).map((r) => r.path)).toEqual([
      '/statistics/1.0/data/tec00118',
      '/sdmx/2.1/data/tec00118',
    ]);
    const [seen] = await database.db.select().from(refreshDatasets).where(eq(refreshDatasets.code, 'tec00118'));
    expect(seen).toMatchObject({ failures: 1, sourceUpdated: '01.01.2020' });
    const [run] = await database.db.select().from(importRuns).where(eq(importRuns.id, seen!.lastRunId!));
    expect(run).toMatchObject({ status: 'failed', source: `${peer.url} tec00118` });
    expect(run!.error).toMatch(/503/);

    // Within the back-off: no download.
    peer.clearRequests();
    const waiting = await runRefresh(database.db, { baseUrl: peer.url, now: () => new Date(t0.getTime() + 60_000) });
    expect(waiting.waiting.map((w) => w.code)).toEqual(['tec00118']);
    expect(peer.dataRequests()).toEqual([]);

    // After it, with the Statistics API still failing: SDMX-CSV.
    peer.heal();
    peer.fail('tec00118', { status: 500, api: 'jsonstat' });
    const later = new Date(t0.getTime() + 5 * 60_000 + 1000);
    const retried = await runRefresh(database.db, { baseUrl: peer.url, now: () => later });
    expect(retried.imported).toMatchObject([{ code: 'tec00118', format: 'sdmx-csv', changed: 0, removed: 0 }]);
    const [after] = await database.db.select().from(refreshDatasets).where(eq(refreshDatasets.code, 'tec00118'));
    expect(after).toMatchObject({ failures: 0, retryAt: null, lastError: null });
    peer.heal();
  });

  it('records an unreachable table of contents as a failed refresh with back-off, then recovers', async () => {
    peer.fail('toc', { status: 502, times: 2 });
    const t0 = new Date();
    const first = await runRefresh(database.db, { baseUrl: peer.url, now: () => t0 });
    expect(first).toMatchObject({ outcome: 'failed' });
    expect(first.error).toMatch(/table of contents answered 502/);
    let [state] = await database.db.select().from(refreshState);
    expect(state).toMatchObject({ status: 'failed', failures: 1 });
    expect(state!.retryAt!.getTime() - t0.getTime()).toBe(5 * 60_000);
    await runRefresh(database.db, { baseUrl: peer.url, now: () => t0 });
    [state] = await database.db.select().from(refreshState);
    expect(state).toMatchObject({ status: 'failed', failures: 2 });
    expect(state!.retryAt!.getTime() - t0.getTime()).toBe(10 * 60_000);
    expect(await runRefresh(database.db, { baseUrl: peer.url })).toMatchObject({ outcome: 'done' });
    [state] = await database.db.select().from(refreshState);
    expect(state).toMatchObject({ status: 'succeeded', failures: 0, retryAt: null });
  });

  it('runs one refresh at a time, also from two connections (processes) on one database', async () => {
    const second = await secondHandle();
    try {
      await database.db
        .update(refreshDatasets)
        .set({ sourceUpdated: 'older' })
        .where(eq(refreshDatasets.code, 'tec00118'));
      peer.clearRequests();
      const reports = await Promise.all([
        runRefresh(database.db, { baseUrl: peer.url }),
        runRefresh(second.db, { baseUrl: peer.url }),
      ]);
      expect(reports.map((r) => r.outcome).sort()).toEqual(['busy', 'done']);
      expect(peer.dataRequests()).toEqual(['tec00118']);
      // A scheduled slot another process has already run is not run again.
      const slot = new Date(Date.now() - 1000);
      await database.db.update(refreshState).set({ startedAt: new Date() });
      expect((await runRefresh(second.db, { baseUrl: peer.url, slot })).outcome).toBe('already-done');
    } finally {
      await second.close();
    }
  });

  it('imports a dataset it does not hold yet when asked for by code, and names codes Eurostat does not list', async () => {
    await database.db.delete(datasets).where(eq(datasets.code, 'tec00118'));
    const report = await runRefresh(database.db, { baseUrl: peer.url, codes: ['tec00118', 'nope_x'], force: true });
    expect(report.imported.map((i) => i.code)).toEqual(['tec00118']);
    expect(report.notListed).toEqual(['nope_x']);
  });
});

/** Another handle on the same database: on PostgreSQL its own connection pool, as a second app process has. */
async function secondHandle(): Promise<{ db: Database['db']; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) return { db: database.db, close: async () => {} };
  const client = (database.db as unknown as { $client: { options: { database: string } } }).$client;
  const name = client.options.database;
  expect(inject('databaseTemplates').kind).toBe('postgres');
  const target = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  return openDatabase(target, '');
}
