// First start: the sample import from the mirror, and from Eurostat's API when there is no mirror.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { listDatasets } from '../../db/queries/datasets';
import { seedSampleData } from '../../server/import/seed';
import { freshDatabase, mirror } from '../setup/database';

let database: Database;
let server: Server | undefined;

beforeEach(async () => {
  database = await freshDatabase();
});
afterEach(async () => {
  server?.close();
  server = undefined;
  await database.close();
});

/** A stand-in for Eurostat's Statistics API on loopback that knows one dataset. */
async function localEurostat(): Promise<string> {
  const body = await readFile(path.join(mirror, 'eurostat/jsonstat/une_rt_m_DE_SA_2024-01_2026-08.json'));
  server = createServer((req, res) => {
    if (req.url?.startsWith('/statistics/1.0/data/une_rt_m?')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

it('downloads the catalogue from Eurostat when there is no mirror, and says what it could not get', async () => {
  const lines: string[] = [];
  const done = await seedSampleData(database.db, null, (l) => lines.push(l), await localEurostat());
  expect(done.map((d) => d.code)).toEqual(['une_rt_m']);
  expect(lines[0]).toBe('No data mirror (DATA_MIRROR): downloading the catalogue from Eurostat');
  expect(lines).toContain('[2/7] une_rt_m: 31 values (' + lines.find((l) => l.startsWith('[2/7]'))!.split('(')[1]);
  expect(lines.find((l) => l.startsWith('[1/7] prc_hicp_manr'))).toContain('not imported (Eurostat answered 404');
  const { total } = await listDatasets(database.db, { limit: 10, offset: 0 });
  expect(total).toBe(1);
});

it('starts with an empty catalogue and says so when neither a mirror nor Eurostat can be reached', async () => {
  const lines: string[] = [];
  const done = await seedSampleData(database.db, null, (l) => lines.push(l), 'http://127.0.0.1:9');
  expect(done).toEqual([]);
  expect(lines).toContain('Eurostat could not be reached either: the catalogue is empty.');
  const { total } = await listDatasets(database.db, { limit: 10, offset: 0 });
  expect(total).toBe(0);
});
