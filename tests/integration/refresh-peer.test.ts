// The Eurostat peer (tests/setup/eurostat-peer.ts) answers like Eurostat: its JSON-stat of a release imports over the
// same release from the shared TSV without a change, and its later vintage of une_rt_m revises only what the
// September 2026 file revises (DE 2/2024: 3.3 → 3.2), with nothing "removed" elsewhere. Both sides hold une_rt_m's
// series of TEST_GEOS only (DE, FR, EA20): the same parsers and comparisons, a twelfth of the values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { datasets, observations, revisions, series } from '../../db/schema';
import type { Database } from '../../db/client';
import { fetchEurostat } from '../../server/import/fetch-eurostat';
import { importFile } from '../../server/import/runner';
import { databaseWithGeos, mirror } from '../setup/database';
import { startEurostatPeer, TEST_GEOS, trimTsv, type EurostatPeer } from '../setup/eurostat-peer';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

let peer: EurostatPeer;
let database: Database;

beforeAll(async () => {
  peer = await startEurostatPeer({ vintage: 1, datasets: ['une_rt_m', 'tec00118'], geos: { une_rt_m: TEST_GEOS } });
  database = await databaseWithGeos();
  const file = 'eurostat/une_rt_m/une_rt_m.tsv';
  await importFile(database.db, {
    fileName: 'une_rt_m.tsv',
    bytes: trimTsv(await readFile(path.join(mirror, file)), TEST_GEOS),
    code: 'une_rt_m',
    released: new Date('2025-06-06T23:00:00Z'),
  });
});

afterAll(async () => {
  await peer?.close();
  await database?.close();
});

async function deFeb2024(): Promise<number | null> {
  const rows = await database.db
    .select({ value: observations.value, dims: series.dims })
    .from(observations)
    .innerJoin(series, eq(series.id, observations.seriesId))
    .innerJoin(datasets, eq(datasets.id, series.datasetId))
    .where(and(eq(datasets.code, 'une_rt_m'), eq(observations.geo, 'DE'), eq(observations.period, 2024 * 12 + 1)));
  return rows.find((r) => r.dims.join() === 'SA,TOTAL,PC_ACT,T')?.value ?? null;
}

describe('Eurostat peer', () => {
  it('lists its datasets in the table of contents with their last update of data', async () => {
    const text = await (await fetch(`${peer.url}/catalogue/toc/txt?lang=en`)).text();
    const lines = text.split('\n');
    expect(lines[0]).toBe(
      '"title"\t"code"\t"type"\t"last update of data"\t"last table structure change"\t"data start"\t"data end"\t"values"',
    );
    expect(text).toMatch(/"une_rt_m"\t"dataset"\t"06\.06\.2025"\t/);
    peer.setVintage(2);
    expect(await (await fetch(`${peer.url}/catalogue/toc/txt?lang=en`)).text()).toMatch(
      /"une_rt_m"\t"dataset"\t"22\.09\.2026"\t/,
    );
    peer.setVintage(1);
    expect(peer.requests.map((r) => r.path)).toEqual(['/catalogue/toc/txt', '/catalogue/toc/txt']);
  });

  it('serves a release as JSON-stat that imports over the same release unchanged', async () => {
    const before = await deFeb2024();
    expect(before).toBe(3.3);
    const file = await fetchEurostat('une_rt_m', { baseUrl: peer.url });
    const summary = await importFile(database.db, { ...file, code: 'une_rt_m' });
    expect(summary).toMatchObject({ changed: 0, removed: 0, added: 0 });
    expect(peer.dataRequests()).toEqual(['une_rt_m']);
  });

  it('serves the later vintage: DE revised, nothing else removed', async () => {
    peer.setVintage(2);
    const file = await fetchEurostat('une_rt_m', { baseUrl: peer.url });
    const summary = await importFile(database.db, { ...file, code: 'une_rt_m' });
    expect(summary.removed).toBe(0);
    expect(summary.changed).toBeGreaterThan(0);
    expect(summary.added).toBeGreaterThan(0);
    expect(await deFeb2024()).toBe(3.2);
    const recorded = await database.db.select().from(revisions).where(eq(revisions.importRunId, summary.runId));
    expect(recorded.every((r) => r.geo === 'DE')).toBe(true);
    expect(recorded.find((r) => r.period === 2024 * 12 + 1)).toMatchObject({ oldValue: 3.3, newValue: 3.2 });
  });

  it('falls back to SDMX-CSV on the SDMX path, and fails on request', async () => {
    const csv = await fetchEurostat('tec00118', { baseUrl: peer.url, format: 'sdmx-csv' });
    expect(csv.fileName).toBe('tec00118.csv.gz');
    peer.fail('tec00118', { status: 503, times: 1 });
    await expect(fetchEurostat('tec00118', { baseUrl: peer.url })).rejects.toThrow(/503/);
    await expect(fetchEurostat('tec00118', { baseUrl: peer.url })).resolves.toMatchObject({
      fileName: 'tec00118.json',
    });
  });
});
