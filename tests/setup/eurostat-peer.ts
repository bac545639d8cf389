// A local stand-in for Eurostat's dissemination API (this machine has no internet, and tests must never reach it):
// a node:http server that answers Eurostat's own paths from the shared sample files in the data mirror.
//
//   const peer = await startEurostatPeer({ vintage: 1 });   // or start({ vintage: 1 })
//   process.env.EUROSTAT_API = peer.url;                      // …/eurostat/api/dissemination, like the real base URL
//   peer.setVintage(2);                                       // Eurostat publishes the next release
//   peer.requests                                             // every request, in order: { method, path, query, at }
//   peer.dataRequests()                                       // the dataset codes whose data were asked for
//   peer.fail('une_rt_m', { status: 503, times: 2 })          // the next two data requests for it answer 503
//   const release = peer.hold('une_rt_m')                     // its data requests wait until release()
//   await peer.close();
//
// Paths served (under peer.url):
//   GET /catalogue/toc/txt?lang=en            the table of contents: tab-separated, quoted, with the columns
//                                             title, code, type, last update of data (DD.MM.YYYY), last table
//                                             structure change, data start, data end, values
//   GET /statistics/1.0/data/{code}?…         the whole dataset as JSON-stat 2.0 (the Statistics API), like
//                                             Eurostat's: ids freq, dimensions…, geo, time; sparse value and status
//   GET /sdmx/2.1/data/{code}?format=SDMX-CSV[&compressed=true]
//                                             the whole dataset as SDMX-CSV 1.0 with codes (gzip when compressed)
//   GET /sdmx/2.1/codelist/ESTAT/{ID}         the code list of a dimension as an SDMX 2.1 structure message, in
//                                             English, from the mirror's dictionary eurostat-metadata/dic/en/{id}.dic
//                                             (404 when the mirror has none)
//   anything else                             404 with Eurostat's JSON error shape
//
// Vintages: 1 is the shared files as the catalogue seeds them (the first mirror file of each dataset, e.g.
// une_rt_m.tsv of June 2025). 2 is Eurostat's later release of une_rt_m: the June 2025 dataset with the values of
// une_rt_m_DE_SA_2024-01_2026-08.json (September 2026) laid over it, same series keys; so DE SA TOTAL T PC_ACT
// 2024-02 goes from 3.3 to 3.2, DE gains 2025-05…2026-07, and every other series is unchanged. Only une_rt_m's
// "last update of data" moves (to 22.09.2026). Every other dataset is the same in both vintages.
//
// The peer reads the files with the project's own parsers (server/import/parsers) and writes the two formats
// back out; a dataset's answer is built once per vintage and kept.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatSourcePeriod, type Frequency } from '../../core/periods';
import { catalogue, mirrorFiles } from '../../server/import/catalogue';
import { parseFiles } from '../../server/import/parsers';
import { Observations } from '../../server/import/observations';
import type { Observation, ParsedFile } from '../../server/import/types';
import { mirror as defaultMirror } from './database-templates';

export type Vintage = 1 | 2;

export interface PeerRequest {
  method: string;
  /** The path below the base URL: /catalogue/toc/txt, /statistics/1.0/data/une_rt_m … */
  path: string;
  /** The query string without "?" ('' when none). */
  query: string;
  at: Date;
}

export interface EurostatPeerOptions {
  vintage?: Vintage;
  /** Dataset codes the peer publishes (default: every catalogue dataset whose files the mirror has). */
  datasets?: string[];
  /** The data mirror (default: DATA_MIRROR or ../shared/data). */
  mirror?: string;
  /** Milliseconds to wait before answering a data request (the dataset is still "downloading"). */
  dataDelayMs?: number;
  /**
   * Publishes only these countries' series of a dataset, in both vintages ({ une_rt_m: TEST_GEOS }): a test imports
   * une_rt_m's rows of TEST_GEOS (trimTsv) in about a second instead of all 491,226 values, and the peer matches them.
   */
  geos?: Record<string, string[]>;
  /**
   * Datasets beyond the catalogue's samples, each from a file (absolute, or relative to the mirror), the same in
   * both vintages and released on 1 June 2025: `{ migr_asyappctza: '/…/tests/fixtures/import/migr_asyappctza.tsv' }`.
   */
  files?: Record<string, string>;
  /**
   * Files of a later release (vintage 2) beside the mirror's, as written ({ code: { fileName, bytes } }): the peer
   * publishes them in vintage 2 instead of vintage 1's, released when `released` says.
   */
  laterFiles?: Record<string, { fileName: string; bytes: Buffer; released: Date }>;
  /** The table of contents to serve, whole (e.g. the mirror's own, dates moved), instead of one made of `codes`. */
  tocText?: (vintage: Vintage) => string;
}

export interface EurostatPeer {
  /** Use as EUROSTAT_API: http://127.0.0.1:PORT/eurostat/api/dissemination */
  url: string;
  readonly vintage: Vintage;
  setVintage(vintage: Vintage): void;
  /** Every request so far, oldest first. */
  readonly requests: PeerRequest[];
  /** The dataset codes whose data (JSON-stat or SDMX) were requested, in order, repeats kept. */
  dataRequests(): string[];
  /** Forgets the request log. */
  clearRequests(): void;
  /**
   * Makes the next `times` (default: every) data requests for `code` (or '*' for any dataset, 'toc' for the table of
   * contents) answer `status` (default 503), optionally only for one API ('jsonstat' or 'sdmx').
   */
  fail(code: string, options?: { status?: number; times?: number; api?: 'jsonstat' | 'sdmx' }): void;
  /** Ends every failure set with fail(). */
  heal(): void;
  /**
   * Holds every data request for `code` unanswered until the returned release() is called (a download "in
   * progress", so a test can act while a refresh holds its lock).
   */
  hold(code: string): () => void;
  /** The JSON-stat body the peer serves for a dataset in a vintage (for comparing with what was imported). */
  jsonStat(code: string, vintage?: Vintage): Buffer;
  close(): Promise<void>;
}

const basePath = '/eurostat/api/dissemination';
const laterUneFile = 'eurostat/jsonstat/une_rt_m_DE_SA_2024-01_2026-08.json';

interface Published {
  parsed: ParsedFile;
  /** When this release was published (the TOC's "last update of data"). */
  released: Date;
}

interface Failure {
  code: string;
  status: number;
  remaining: number;
  api?: 'jsonstat' | 'sdmx';
}

export async function startEurostatPeer(options: EurostatPeerOptions = {}): Promise<EurostatPeer> {
  const mirror = options.mirror ?? defaultMirror;
  const codes = [...(options.datasets ?? catalogue.datasets.map((d) => d.code)), ...Object.keys(options.files ?? {})];
  let vintage: Vintage = options.vintage ?? 1;
  const requests: PeerRequest[] = [];
  const failures: Failure[] = [];
  const holds = new Map<string, Promise<void>>();
  const parsedCache = new Map<string, Published | null>();
  const bodies = new Map<string, Buffer>();

  const published = (code: string, v: Vintage): Published | null => {
    const key = `${code}@${v}`;
    if (parsedCache.has(key)) return parsedCache.get(key)!;
    let result: Published | null = null;
    const later = v === 2 ? options.laterFiles?.[code] : undefined;
    if (later) {
      result = { parsed: { ...parseFiles(later.fileName, later.bytes)[0]!, code }, released: later.released };
    } else if (codes.includes(code)) {
      const file = options.files?.[code];
      if (file) {
        result = { parsed: { ...readParsed(mirror, file), code }, released: new Date('2025-06-01T00:00:00Z') };
      } else if (code === 'une_rt_m' && v === 2) {
        const base = published(code, 1);
        result = base && overlay(base, readParsed(mirror, laterUneFile));
      } else {
        result = firstRelease(mirror, code);
      }
    }
    const geos = options.geos?.[code];
    if (result && geos) result = onlyGeos(result, geos);
    parsedCache.set(key, result);
    return result;
  };

  const body = (code: string, v: Vintage, api: 'jsonstat' | 'sdmx'): Buffer | null => {
    const key = `${code}@${v}/${api}`;
    const cached = bodies.get(key);
    if (cached) return cached;
    const release = published(code, v);
    if (!release) return null;
    const bytes = api === 'jsonstat' ? toJsonStat(code, release) : toSdmxCsv(code, release);
    bodies.set(key, bytes);
    return bytes;
  };

  const takeFailure = (code: string, api: 'jsonstat' | 'sdmx' | 'toc'): number | null => {
    const hit = failures.find(
      (f) => f.remaining > 0 && (f.code === code || (f.code === '*' && api !== 'toc')) && (!f.api || f.api === api),
    );
    if (!hit) return null;
    hit.remaining -= 1;
    return hit.status;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://peer');
    const below = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
    requests.push({ method: request.method ?? 'GET', path: below, query: url.search.slice(1), at: new Date() });
    const notFound = (): void => {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: [{ status: 404, id: 100, label: 'No results found' }] }));
    };
    const failWith = (status: number): void => {
      response
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: [{ status, label: 'peer told to fail' }] }));
    };
    if (!url.pathname.startsWith(basePath) || request.method !== 'GET') return notFound();

    if (below === '/catalogue/toc/txt') {
      const status = takeFailure('toc', 'toc');
      if (status) return failWith(status);
      const text = options.tocText ? options.tocText(vintage) : toc(codes, vintage, published);
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
      return;
    }
    const codelist = /^\/sdmx\/2\.1\/codelist\/ESTAT\/([A-Za-z0-9_]+)\/?$/.exec(below);
    if (codelist) {
      const xml = codelistXml(mirror, codelist[1]!);
      if (!xml) return notFound();
      response.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' }).end(xml);
      return;
    }
    const data = /^\/(statistics\/1\.0\/data|sdmx\/2\.1\/data)\/([A-Za-z0-9_]+)\/?$/.exec(below);
    if (!data) return notFound();
    const api = data[1]!.startsWith('statistics') ? 'jsonstat' : 'sdmx';
    const code = data[2]!.toLowerCase();
    if (options.dataDelayMs) await new Promise((resolve) => setTimeout(resolve, options.dataDelayMs));
    await holds.get(code);
    const status = takeFailure(code, api);
    if (status) return failWith(status);
    const bytes = body(code, vintage, api);
    if (!bytes) return notFound();
    if (api === 'jsonstat') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(bytes);
    } else if (url.searchParams.get('compressed') === 'true') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(gzipSync(bytes));
    } else {
      response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' }).end(bytes);
    }
  };

  const server: Server = createServer((request, response) => {
    // No keep-alive: a client whose event loop is busy importing would otherwise reuse a connection the peer has
    // already closed (ECONNRESET), which real Eurostat, with its long keep-alive, does not provoke.
    response.shouldKeepAlive = false;
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    get vintage() {
      return vintage;
    },
    setVintage(v) {
      vintage = v;
    },
    requests,
    dataRequests: () =>
      requests.flatMap((r) => {
        const m = /^\/(?:statistics\/1\.0|sdmx\/2\.1)\/data\/([A-Za-z0-9_]+)/.exec(r.path);
        return m ? [m[1]!.toLowerCase()] : [];
      }),
    clearRequests() {
      requests.length = 0;
    },
    fail(code, opts = {}) {
      failures.push({ code, status: opts.status ?? 503, remaining: opts.times ?? Infinity, api: opts.api });
    },
    heal() {
      failures.length = 0;
    },
    hold(code) {
      let release = () => {};
      holds.set(code, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(code);
        release();
      };
    },
    jsonStat(code, v = vintage) {
      const bytes = body(code, v, 'jsonstat');
      if (!bytes) throw new Error(`the peer does not publish ${code}`);
      return bytes;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Countries whose une_rt_m series tests import and the peer publishes (DE carries the September 2026 revision). */
export const TEST_GEOS = ['DE', 'FR', 'EA20'];

/** A dimension's code list in the shape of Eurostat's SDMX 2.1 answer, from the mirror's dictionary; null without one. */
function codelistXml(mirror: string, id: string): string | null {
  const file = path.join(mirror, 'eurostat-metadata/dic/en', `${id.toLowerCase()}.dic`);
  if (!existsSync(file)) return null;
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const codes = readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((line) => line.split('\t'))
    .filter(([code, label]) => code && label)
    .map(
      ([code, label]) =>
        `<s:Code id="${escape(code!.trim())}"><c:Name xml:lang="en">${escape(label!.trim())}</c:Name></s:Code>`,
    );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<m:Structure xmlns:m="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message" ' +
    'xmlns:s="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/structure" ' +
    'xmlns:c="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/common">' +
    `<m:Header><m:ID>${escape(id)}</m:ID><m:Prepared>2023-11-01T00:00:00Z</m:Prepared></m:Header>` +
    `<m:Structures><s:Codelists><s:Codelist id="${escape(id.toUpperCase())}" agencyID="ESTAT" version="1.0">` +
    `<c:Name xml:lang="en">${escape(id.toUpperCase())}</c:Name>${codes.join('')}</s:Codelist></s:Codelists>` +
    '</m:Structures></m:Structure>'
  );
}

/** A mirror TSV with only the rows of `geos` (geo is the last key column, as in every Eurostat TSV). */
export function trimTsv(bytes: Buffer, geos: string[]): Buffer {
  const keep = new Set(geos);
  const lines = bytes.toString('utf8').split('\n');
  const kept = lines.filter((line, i) => i === 0 || keep.has(line.slice(0, line.indexOf('\t')).split(',').at(-1)!));
  return Buffer.from(`${kept.join('\n')}\n`);
}

function onlyGeos(release: Published, geos: string[]): Published {
  const keep = new Set(geos);
  const observations = release.parsed.observations.filter((o) => keep.has(o.geo));
  return { ...release, parsed: { ...release.parsed, observations } };
}

function readParsed(mirror: string, file: string): ParsedFile {
  const all = parseFiles(path.basename(file), readFileSync(path.resolve(mirror, file)));
  return all[0]!;
}

/** A dataset's first release: the catalogue's first mirror file, released when the catalogue (or the file) says. */
function firstRelease(mirror: string, code: string): Published | null {
  const entry = catalogue.datasets.find((d) => d.code === code);
  const first = entry ? mirrorFiles(entry)[0] : undefined;
  if (!first) return null;
  let parsed: ParsedFile;
  try {
    parsed = readParsed(mirror, first.file);
  } catch {
    return null;
  }
  const released = parsed.lastUpdate ?? first.released ?? new Date('2025-06-01T00:00:00Z');
  return { parsed: { ...parsed, code }, released };
}

/** The base release with the later file's series laid over it (same dimensions, in the same order). */
function overlay(base: Published, later: ParsedFile): Published {
  const laterDims = later.dimensions.map((d) => d.code);
  const baseDims = base.parsed.dimensions.map((d) => d.code);
  if (laterDims.join() !== baseDims.join()) {
    throw new Error(`the later release's dimensions ${laterDims.join()} differ from ${baseDims.join()}`);
  }
  // Value by value: the later file holds 2024-01…2026-08 only; the series' earlier history stays as it was.
  const keyOf = (o: Observation) => `${o.freq}|${o.dims.join(',')}|${o.geo}|${o.period}`;
  const replaced = new Set(later.observations.toArray().map(keyOf));
  const observations = Observations.of([
    ...base.parsed.observations.toArray().filter((o) => !replaced.has(keyOf(o))),
    ...later.observations,
  ]);
  const dimensions = base.parsed.dimensions.map((d, i) => {
    const known = new Set(d.values.map((v) => v.code));
    const extra = later.dimensions[i]!.values.filter((v) => !known.has(v.code));
    return { ...d, values: [...d.values, ...extra] };
  });
  const geoLabels = new Map([...base.parsed.geoLabels, ...later.geoLabels]);
  return {
    parsed: { ...base.parsed, dimensions, geoLabels, observations, lastUpdate: later.lastUpdate },
    released: later.lastUpdate ?? new Date(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Eurostat's TOC date: DD.MM.YYYY (UTC day). */
const tocDate = (d: Date) => `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;

function toc(codes: string[], vintage: Vintage, published: (code: string, v: Vintage) => Published | null): string {
  const quote = (cells: string[]) => `${cells.map((c) => `"${c}"`).join('\t')}\t\n`;
  let text = quote([
    'title',
    'code',
    'type',
    'last update of data',
    'last table structure change',
    'data start',
    'data end',
    'values',
  ]).replace(/\t\n$/, '\n');
  text += quote(['Database by themes', 'data', 'folder', ' ', ' ', ' ', ' ', ' ']);
  for (const code of codes) {
    const release = published(code, vintage);
    if (!release) continue;
    const entry = catalogue.datasets.find((d) => d.code === code);
    const first = published(code, 1) ?? release;
    const periods = release.parsed.observations;
    const ranges = [...periods.summary.frequencies];
    const freq = ranges[0]?.[0] ?? 'A';
    const lo = Math.min(...ranges.map(([, r]) => r.lo));
    const hi = Math.max(...ranges.map(([, r]) => r.hi));
    text += quote([
      `    ${entry?.name ?? release.parsed.name ?? code}`,
      code,
      'dataset',
      tocDate(release.released),
      tocDate(first.released),
      periods.length ? formatSourcePeriod(freq, lo) : ' ',
      periods.length ? formatSourcePeriod(freq, hi) : ' ',
      String(periods.filter((o) => o.value !== null).length),
    ]);
  }
  return text;
}

/** A whole dataset as the Statistics API writes it: JSON-stat 2.0, sparse value and status objects. */
function toJsonStat(code: string, { parsed, released }: Published): Buffer {
  const freqs: Frequency[] = [];
  const periodsOf = new Map<string, { freq: Frequency; period: number }>();
  const geos = new Set<string>();
  for (const o of parsed.observations) {
    if (!freqs.includes(o.freq)) freqs.push(o.freq);
    const t = formatSourcePeriod(o.freq, o.period);
    if (!periodsOf.has(t)) periodsOf.set(t, { freq: o.freq, period: o.period });
    geos.add(o.geo);
  }
  const times = [...periodsOf.entries()]
    .sort(([, a], [, b]) => (a.freq === b.freq ? a.period - b.period : a.freq.localeCompare(b.freq)))
    .map(([t]) => t);
  const geoCodes = [...geos].sort();
  const dimCodes = parsed.dimensions.map((d) => {
    const used = new Set<string>();
    return { d, used };
  });
  for (const o of parsed.observations) o.dims.forEach((c, i) => dimCodes[i]!.used.add(c));
  const categories: { id: string; label: string; codes: string[]; labels: Record<string, string> }[] = [
    { id: 'freq', label: 'Time frequency', codes: freqs, labels: Object.fromEntries(freqs.map((f) => [f, f])) },
    ...dimCodes.map(({ d, used }) => {
      const values = d.values.filter((v) => used.has(v.code));
      return {
        id: d.code,
        label: d.label ?? d.code,
        codes: values.map((v) => v.code),
        labels: Object.fromEntries(values.map((v) => [v.code, v.label ?? v.code])),
      };
    }),
    {
      id: 'geo',
      label: 'Geopolitical entity (reporting)',
      codes: geoCodes,
      labels: Object.fromEntries(geoCodes.map((g) => [g, parsed.geoLabels.get(g) ?? g])),
    },
    { id: 'time', label: 'Time', codes: times, labels: Object.fromEntries(times.map((t) => [t, t])) },
  ];
  const indexes = categories.map((c) => new Map(c.codes.map((code, i) => [code, i])));
  const size = categories.map((c) => c.codes.length);
  const value: Record<string, number> = {};
  const status: Record<string, string> = {};
  for (const o of parsed.observations) {
    const keys = [o.freq, ...o.dims, o.geo, formatSourcePeriod(o.freq, o.period)];
    const flat = keys.reduce((acc, k, i) => acc * size[i]! + indexes[i]!.get(k)!, 0);
    if (o.value !== null) value[flat] = o.value;
    if (o.flags) status[flat] = o.flags;
  }
  const dimension = Object.fromEntries(
    categories.map((c) => [
      c.id,
      {
        label: c.label,
        category: { index: Object.fromEntries(c.codes.map((k, i) => [k, i])), label: c.labels },
      },
    ]),
  );
  return Buffer.from(
    JSON.stringify({
      version: '2.0',
      class: 'dataset',
      label: parsed.name ?? catalogue.datasets.find((d) => d.code === code)?.name ?? code,
      source: 'ESTAT',
      updated: released.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      value,
      status,
      id: categories.map((c) => c.id),
      size,
      dimension,
      extension: { lang: 'EN', datasetId: code.toUpperCase(), id: code.toUpperCase(), agencyId: 'ESTAT' },
    }),
  );
}

/** A whole dataset as the SDMX 2.1 API's SDMX-CSV 1.0 (codes, not labels). */
function toSdmxCsv(code: string, { parsed, released }: Published): Buffer {
  const d = released;
  const lastUpdate = `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${String(d.getUTCFullYear()).slice(2)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const head = ['DATAFLOW', 'LAST UPDATE', 'freq', ...parsed.dimensions.map((x) => x.code), 'geo', 'TIME_PERIOD'];
  const lines = [[...head, 'OBS_VALUE', 'OBS_FLAG'].join(',')];
  const flow = `ESTAT:${code.toUpperCase()}(1.0)`;
  for (const o of parsed.observations) {
    const value = o.value === null ? '' : o.decimals === null ? String(o.value) : o.value.toFixed(o.decimals);
    const cells = [
      flow,
      lastUpdate,
      o.freq,
      ...o.dims,
      o.geo,
      formatSourcePeriod(o.freq, o.period),
      value,
      o.flags ?? '',
    ];
    lines.push(cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','));
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

// Run directly (`npx tsx tests/setup/eurostat-peer.ts [--vintage 2] [CODE …]`): serves until stopped and prints
// `EUROSTAT_API=<url>` first, so a shell (.ci/readme-commands.sh) can run `npm run refresh` against it offline.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--vintage');
  const vintage = at >= 0 && args[at + 1] === '2' ? 2 : 1;
  const datasets = args.filter((_, i) => at < 0 || (i !== at && i !== at + 1));
  const peer = await startEurostatPeer({ vintage, datasets: datasets.length ? datasets : undefined });
  console.log(`EUROSTAT_API=${peer.url}`);
  const stop = () => void peer.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
