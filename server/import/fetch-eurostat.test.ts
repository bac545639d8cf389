import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EurostatFetchError, eurostatDatasetUrl, fetchEurostat } from './fetch-eurostat';
import { parseFile } from './parsers/index';

const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../..', '../shared/data');
const jsonStat = readFileSync(path.join(mirror, 'eurostat/jsonstat/une_rt_m_DE_SA_2024-01_2026-08.json'));
const csv =
  'DATAFLOW,LAST UPDATE,freq,unit,geo,TIME_PERIOD,OBS_VALUE,OBS_FLAG\r\nESTAT:UNE_RT_M(1.0),06/06/25 23:00:00,M,PC_ACT,DE,2024-02,3.3,\r\n';

let server: Server;
let baseUrl: string;
const requests: string[] = [];

beforeAll(async () => {
  // A real HTTP peer standing in for ec.europa.eu, serving the shared JSON-stat file like the Statistics API.
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/api/statistics/1.0/data/une_rt_m' && url.searchParams.get('format') === 'JSON') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(jsonStat);
    } else if (url.pathname === '/api/sdmx/2.1/data/une_rt_m' && url.searchParams.get('compressed') === 'true') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(gzipSync(csv));
    } else {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"status":404}}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetchEurostat', () => {
  it('builds the Statistics API and SDMX 2.1 URLs', () => {
    expect(eurostatDatasetUrl('une_rt_m', 'jsonstat')).toBe(
      'https://ec.europa.eu/eurostat/api/dissemination/statistics/1.0/data/une_rt_m?format=JSON&lang=EN',
    );
    expect(eurostatDatasetUrl('une_rt_m', 'sdmx-csv')).toBe(
      'https://ec.europa.eu/eurostat/api/dissemination/sdmx/2.1/data/une_rt_m?format=SDMX-CSV&compressed=true',
    );
  });

  it('downloads a JSON-stat dataset that parseFile reads', async () => {
    const file = await fetchEurostat('une_rt_m', { baseUrl });
    expect(requests.at(-1)).toBe('/api/statistics/1.0/data/une_rt_m?format=JSON&lang=EN');
    expect(file.fileName).toBe('une_rt_m.json');
    expect(file.bytes.equals(jsonStat)).toBe(true);
    const parsed = parseFile(file.fileName, file.bytes);
    expect(parsed.code).toBe('une_rt_m');
    expect(parsed.observations).toHaveLength(31);
  });

  it('downloads compressed SDMX-CSV', async () => {
    const file = await fetchEurostat('une_rt_m', { baseUrl, format: 'sdmx-csv' });
    expect(file.fileName).toBe('une_rt_m.csv.gz');
    expect(parseFile(file.fileName, file.bytes).observations.toArray()[0]).toMatchObject({
      geo: 'DE',
      value: 3.3,
      decimals: 1,
    });
  });

  it('says what Eurostat answered when it is not 200', async () => {
    const failure = fetchEurostat('nope', { baseUrl });
    await expect(failure).rejects.toThrow(
      new EurostatFetchError('Eurostat answered 404 Not Found for dataset nope', 404),
    );
    await expect(failure).rejects.toMatchObject({ status: 404 });
  });

  it('says when Eurostat cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failure = fetchEurostat('une_rt_m', { baseUrl: `http://127.0.0.1:${port}` });
    await expect(failure).rejects.toThrow(
      /^could not reach Eurostat for dataset une_rt_m: fetch failed \(ECONNREFUSED\)$/,
    );
    await expect(failure).rejects.toMatchObject({ status: null });
  });

  it('refuses a code that would change the URL', async () => {
    await expect(fetchEurostat('../x?y', { baseUrl })).rejects.toThrow('invalid dataset code "../x?y"');
    expect(requests.some((url) => url.includes('x?y'))).toBe(false);
  });
});
