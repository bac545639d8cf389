// Issue 38 (decision 203): SDMX 2.1 REST at Eurostat's paths, as SDMX clients ask for it: dataflows, data structures
// with their code lists and concepts, constraints, data in SDMX-ML 2.1 (structure-specific and generic) and SDMX-CSV,
// SDMX error messages, strict parameters; read by R's rsdmx (Debian's r-cran-rsdmx) over HTTP for three datasets of
// different shapes, whose data frames equal our SDMX-CSV.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createApp, createAppServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { lowerValueCap } from '../../db/queries/view';
import { databaseWithGeos } from '../setup/database';
import { parseCsv } from '../setup/csv';
import { nextIp } from './auth-harness';

const origin = 'http://localhost:3000';
const base = '/api/sdmx/2.1';
let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await databaseWithGeos(
    'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv',
    'eurostat/tec00115/estat_tec00115_filtered_en.csv',
    'eurostat/tps00203/estat_tps00203.tsv',
  );
  app = createApp({ db: database.db, config: loadConfig({ PUBLIC_URL: origin, TRUST_PROXY: '1' }) });
});
afterAll(() => database.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(`${origin}${path}`, { headers: { 'x-forwarded-for': nextIp(), ...headers } });

/** The values of every `name="…"` attribute of an element in the order they appear. */
const attributeValues = (xml: string, element: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${element}\\b[^>]*\\b${name}="([^"]*)"`, 'g'))].map((m) => m[1]!);

/** The texts of the `<c:Value>` elements in a piece of XML. */
const attributeless = (xml: string) => [...xml.matchAll(/<c:Value>([^<]*)<\/c:Value>/g)].map((m) => m[1]!);

describe('structures', () => {
  it('lists every dataflow of the catalogue at Eurostat’s path, with and without version and trailing slash', async () => {
    for (const path of ['/dataflow/ESTAT/all/latest/', '/dataflow/ESTAT/all/latest', '/dataflow/ESTAT/all']) {
      const res = await get(`${base}${path}`);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.headers.get('content-type')).toContain('application/vnd.sdmx.structure+xml');
      const xml = await res.text();
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<m:Structure /);
      const ids = attributeValues(xml, 's:Dataflow', 'id');
      expect(ids).toEqual(expect.arrayContaining(['PRC_HICP_MANR', 'TEC00115', 'TPS00203']));
    }
    const one = await (await get(`${base}/dataflow/ESTAT/prc_hicp_manr/latest`)).text();
    expect(attributeValues(one, 's:Dataflow', 'id')).toEqual(['PRC_HICP_MANR']);
    expect(one).toContain('<c:Name xml:lang="en">HICP - monthly data (annual rate of change)</c:Name>');
  });

  it('gives a data structure with its code lists and concepts on references=children', async () => {
    const bare = await (await get(`${base}/datastructure/ESTAT/PRC_HICP_MANR/latest/`)).text();
    expect(attributeValues(bare, 's:DataStructure', 'id')).toEqual(['PRC_HICP_MANR']);
    expect(bare).not.toContain('<s:Codelists>');
    const xml = await (await get(`${base}/datastructure/ESTAT/PRC_HICP_MANR/latest/?references=children`)).text();
    // Eurostat's key order: freq, the dataset's dimensions, geo; then the time dimension.
    expect(attributeValues(xml, 's:Dimension', 'id')).toEqual(['freq', 'unit', 'coicop', 'geo']);
    expect(attributeValues(xml, 's:TimeDimension', 'id')).toEqual(['TIME_PERIOD']);
    expect(attributeValues(xml, 's:Codelist', 'id')).toEqual(['FREQ', 'UNIT', 'COICOP', 'GEO', 'OBS_FLAG']);
    expect(xml).toMatch(/<s:Code id="DE"><c:Name xml:lang="en">Germany[^<]*<\/c:Name><\/s:Code>/);
    expect(xml).toContain('<s:Code id="p"><c:Name xml:lang="en">provisional</c:Name></s:Code>');
    expect(attributeValues(xml, 's:Concept', 'id')).toContain('OBS_VALUE');
  });

  it('answers a code list, a concept scheme and what a dataset and a key hold', async () => {
    const geo = await (await get(`${base}/codelist/ESTAT/GEO/latest`)).text();
    expect(attributeValues(geo, 's:Code', 'id')).toEqual(expect.arrayContaining(['DE', 'FR', 'EU27_2020']));
    const cl = await get(`${base}/codelist/ESTAT/CL_FREQ`);
    expect(attributeValues(await cl.text(), 's:Code', 'id')).toEqual(['A', 'S', 'Q', 'M', 'W', 'D']);
    expect((await get(`${base}/conceptscheme/ESTAT/TEC00115/latest`)).status).toBe(200);
    const whole = await (await get(`${base}/contentconstraint/ESTAT/PRC_HICP_MANR/latest`)).text();
    expect(whole).toContain('type="Allowed"');
    const under = await (await get(`${base}/availableconstraint/PRC_HICP_MANR/M.RCH_A.CP00.DE+FR/all/geo`)).text();
    expect(under).toContain('type="Actual"');
    const geos = /<c:KeyValue id="geo">(.*?)<\/c:KeyValue>/.exec(under)![1]!;
    expect(attributeless(geos).sort()).toEqual(['DE', 'FR']);
    expect(under).toMatch(/<c:StartPeriod isInclusive="true">\d{4}-\d{2}<\/c:StartPeriod>/);
  });
});

describe('data', () => {
  const key = '/data/PRC_HICP_MANR/M.RCH_A.CP00.DE+FR/all/?startPeriod=2022-10&endPeriod=2022-12';

  it('answers SDMX-ML structure-specific data by default, as Eurostat does', async () => {
    const res = await get(`${base}${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/vnd.sdmx.structurespecificdata+xml');
    const xml = await res.text();
    expect(attributeValues(xml, 'Series', 'geo')).toEqual(['DE', 'FR']);
    expect(attributeValues(xml, 'Obs', 'TIME_PERIOD')).toEqual([
      '2022-10',
      '2022-11',
      '2022-12',
      '2022-10',
      '2022-11',
      '2022-12',
    ]);
    const csv = parseCsv(await (await get(`${base}${key}&format=csv`)).text());
    expect(attributeValues(xml, 'Obs', 'OBS_VALUE')).toEqual(csv.slice(1).map((r) => r[6]));
  });

  it('answers generic data, flat observations and only series keys when asked', async () => {
    const generic = await get(`${base}${key}`, { accept: 'application/vnd.sdmx.genericdata+xml;version=2.1' });
    expect(generic.headers.get('content-type')).toContain('genericdata+xml');
    const xml = await generic.text();
    expect(xml).toContain('<g:Value id="geo" value="DE"/>');
    expect(attributeValues(xml, 'g:ObsDimension', 'value')).toHaveLength(6);
    const flat = await (await get(`${base}${key}&dimensionAtObservation=AllDimensions`)).text();
    expect(attributeValues(flat, 'Obs', 'geo')).toEqual(['DE', 'DE', 'DE', 'FR', 'FR', 'FR']);
    const keys = await (await get(`${base}${key}&detail=serieskeysonly`)).text();
    expect(keys).not.toContain('<Obs');
    expect(attributeValues(keys, 'Series', 'geo')).toEqual(['DE', 'FR']);
    const last = await (
      await get(`${base}/data/PRC_HICP_MANR/M.RCH_A.CP00.DE?firstNObservations=2&lastNObservations=1`)
    ).text();
    expect(attributeValues(last, 'Obs', 'TIME_PERIOD')).toHaveLength(3);
  });

  it('answers SDMX-CSV 2.0 and codes by label or both, as the SDMX-CSV labels parameter says', async () => {
    const one = `${base}/data/PRC_HICP_MANR/M.RCH_A.CP00.DE?startPeriod=2022-10&endPeriod=2022-10`;
    const v2 = await get(`${one}&format=csv2&labels=both`);
    expect(v2.headers.get('content-type')).toContain('version=2.0.0');
    const [header, row] = parseCsv(await v2.text());
    expect(header!.slice(0, 3)).toEqual(['STRUCTURE', 'STRUCTURE_ID', 'freq: Time frequency']);
    expect(row!.slice(0, 3)).toEqual(['dataflow', 'ESTAT:PRC_HICP_MANR(1.0)', 'M: Monthly']);
    expect(row).toContain('DE: Germany');
    const byAccept = await get(one, { accept: 'application/vnd.sdmx.data+csv;version=2.0.0' });
    expect(parseCsv(await byAccept.text())[0]![0]).toBe('STRUCTURE');
    const names = parseCsv(await (await get(`${one}&format=csv&labels=name`)).text());
    expect(names[1]).toContain('Germany');
    expect(names[1]).not.toContain('DE');
  });

  it('answers errors as SDMX error messages to XML clients and in the API’s shape to CSV clients', async () => {
    const missing = await get(`${base}/data/PRC_HICP_MANR/M.RCH_A.CP00.XX`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<m:ErrorMessage code="100">');
    const typo = await get(`${base}${key}&startPeriode=2020`);
    expect(typo.status).toBe(400);
    const body = await typo.text();
    expect(body).toContain('<m:ErrorMessage code="140">');
    expect(body).toContain('unknown parameter &quot;startPeriode&quot;');
    const csvTypo = await get(`${base}${key}&format=csv&detial=full`);
    expect(csvTypo.status).toBe(400);
    expect(((await csvTypo.json()) as { error: { code: string } }).error.code).toBe('bad_parameter');
    const history = await get(`${base}${key}&includeHistory=true`);
    expect(history.status).toBe(400);
    expect(await history.text()).toContain('includeHistory is not served here');
    expect((await get(`${base}/datastructure/ESTAT/NOPE/latest`)).status).toBe(404);
    expect((await get(`${base}/dataflow/OECD/all/latest`)).status).toBe(404);
    expect((await get(`${base}/datastructure/ESTAT/PRC_HICP_MANR/latest?references=cousins`)).status).toBe(400);
  });
});

/** Rscript, where the machine has R and rsdmx (the test command installs r-cran-rsdmx where it can). */
const rscript = '/usr/bin/Rscript';

describe('R’s rsdmx, over HTTP', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    expect(existsSync(rscript), 'R and rsdmx: apt-get install -y --no-install-recommends r-cran-rsdmx').toBe(true);
    server = createAppServer(app, '127.0.0.1');
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${base}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Runs R with rsdmx's Eurostat provider pointed at us, as sdmx-clients.md describes; returns its CSV output. */
  async function r(body: string): Promise<string[][]> {
    const script = `
      suppressMessages(library(rsdmx))
      p <- findSDMXServiceProvider("ESTAT")
      p@builder@regUrl <- "${url}"
      p@builder@repoUrl <- "${url}"
      # A provider of its own: the built-in ESTAT stays first in rsdmx's list.
      p@agencyId <- "LOCAL"
      addSDMXServiceProvider(p)
      ${body}
    `;
    const { stdout } = await promisify(execFile)(rscript, ['-e', script], { timeout: 60_000 });
    // R ends its lines with LF; parseCsv reads RFC 4180's CRLF.
    return parseCsv(stdout.replace(/\r?\n/g, '\r\n'));
  }

  it('lists our dataflows', async () => {
    const rows = await r(`
      flows <- as.data.frame(readSDMX(providerId = "LOCAL", resource = "dataflow", verbose = FALSE))
      write.csv(flows[, c("id", "Name.en")], stdout(), row.names = FALSE)
    `);
    expect(rows[0]).toEqual(['id', 'Name.en']);
    const ids = rows.slice(1).map((row) => row[0]);
    expect(ids).toEqual(expect.arrayContaining(['PRC_HICP_MANR', 'TEC00115', 'TPS00203']));
  });

  it('reads a data structure with its code lists', async () => {
    const rows = await r(`
      dsd <- readSDMX(providerId = "LOCAL", resource = "datastructure", resourceId = "PRC_HICP_MANR", verbose = FALSE)
      geo <- as.data.frame(slot(dsd, "codelists"), codelistId = "GEO")
      write.csv(geo[, c("id", "label.en")], stdout(), row.names = FALSE)
    `);
    expect(rows.slice(1)).toEqual(expect.arrayContaining([['DE', expect.stringMatching(/^Germany/)]]));
  });

  it.each([
    ['PRC_HICP_MANR', 'M.RCH_A.CP00.DE+FR', 'startPeriod=2022-01&endPeriod=2022-12'],
    ['TEC00115', 'A.CLV_PCH_PRE.B1GQ.DE+FR+IT+AT', 'startPeriod=2015'],
    ['TPS00203', 'all', 'startPeriod=2020'],
  ])('reads %s data into a data frame equal to our SDMX-CSV', async (flow, flowKey, period) => {
    const [start, end] = [/startPeriod=([^&]+)/.exec(period)?.[1], /endPeriod=([^&]+)/.exec(period)?.[1]];
    const rows = await r(`
      sdmx <- readSDMX(providerId = "LOCAL", resource = "data", flowRef = "${flow}", key = "${flowKey}",
                       start = ${start ? `"${start}"` : 'NULL'}, end = ${end ? `"${end}"` : 'NULL'}, verbose = FALSE)
      df <- as.data.frame(sdmx)
      # Structure-specific data keeps the message's names (TIME_PERIOD, OBS_VALUE); generic data says obsTime, obsValue.
      out <- data.frame(geo = df$geo, time = df$TIME_PERIOD, value = df$OBS_VALUE)
      write.csv(out[order(out$geo, out$time), ], stdout(), row.names = FALSE)
    `);
    const csv = parseCsv(await (await get(`${base}/data/${flow}/${flowKey}?${period}&format=csv`)).text());
    const header = csv[0]!;
    const [geo, time, value] = ['geo', 'TIME_PERIOD', 'OBS_VALUE'].map((n) => header.indexOf(n));
    const ours = csv
      .slice(1)
      .filter((row) => row[value!] !== '')
      .map((row) => [row[geo!]!, row[time!]!, String(Number(row[value!]))])
      .sort((a, b) => (a[0]! + a[1]! < b[0]! + b[1]! ? -1 : 1));
    expect(rows[0]).toEqual(['geo', 'time', 'value']);
    expect(ours.length).toBeGreaterThan(5);
    expect(rows.slice(1).map(([g, t, v]) => [g!, t!, String(Number(v))])).toEqual(ours);
  });
});

// Last: it lowers the value cap of this file's database for good.
describe('the value cap', () => {
  it('refuses more values than one request returns with an SDMX error message that says how to narrow', async () => {
    lowerValueCap(database.db, 10);
    const res = await get(`${base}/data/PRC_HICP_MANR/all`);
    expect(res.status).toBe(400);
    const xml = await res.text();
    expect(xml).toContain('<m:ErrorMessage code="140">');
    expect(xml).toContain('startPeriod/endPeriod');
    const csv = await get(`${base}/data/PRC_HICP_MANR/all?format=csv`);
    expect(((await csv.json()) as { error: { code: string } }).error.code).toBe('too_many_values');
  });
});
