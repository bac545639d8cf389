// npm run bench:load: requests per second under 50 concurrent connections (autocannon) for the data API, the
// metadata, a dataset page and an embed, on PGlite and on PostgreSQL, beside a bare node:http server replaying the very
// bytes the product sent for the same address (the ceiling), measured in the same run (issue 18).
//
// Settings (environment): BENCH_SECONDS (per row, default 3), BENCH_WARMUP (seconds of load before each row, not
// counted, default 1), BENCH_CONNECTIONS (default 50), BENCH_DATABASES (pglite,postgres), BENCH_POSTGRES_URL (the
// server a scratch database is made on), BENCH_PGLITE_URL (file:<dir>, a PGlite folder with the samples, instead of
// memory: and importing them at start), BENCH_PROFILE=<dir> (the product runs with --cpu-prof into that folder),
// BENCH_ROWS (comma list of row keys: api,meta,page,embed,unique), BENCH_TOOL (autocannon, or wrk where Debian's
// package is installed), BENCH_SCALE=<pairs> (instead of the table: the unique row on PostgreSQL with one process and
// with two, alternating, that many pairs, each beside a node:http baseline with one cluster worker and two, and the
// ratios). WEB_CONCURRENCY and VALUE_BLOCKS reach the product.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { startAppServer } from '../tests/setup/app-server';
import { autocannonLoad, summariseProfile, wrkLoad, type LoadFigures } from './load-tools.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/**
 * Seconds of load before each measured row, not counted (BENCH_WARMUP, default 1), per app process: N processes share
 * the warm-up's requests, so each warms its own code and value blocks with as many as one process gets in that time.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
/** BENCH_SCALE=<pairs>: one process against two on the unique row (issue 18's 1.6×), alternating; 0 for the table. */
const SCALE_PAIRS = Number(process.env.BENCH_SCALE ?? 0);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const pgUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The PGlite run's database: in memory (the samples imported at start), or a folder that already holds them. */
const pgliteUrl = process.env.BENCH_PGLITE_URL ?? 'memory:';
const PROFILE_DIR = process.env.BENCH_PROFILE;
/**
 * The load tool: autocannon (default), or wrk where it is installed (BENCH_TOOL=wrk: lighter on two cores). BENCH_SCALE
 * takes wrk unless told: autocannon, a Node process, would take much of the core a second app process needs.
 */
const TOOL = process.env.BENCH_TOOL ?? (SCALE_PAIRS > 0 ? 'wrk' : 'autocannon');

interface Row {
  key: string;
  label: string;
  path: string;
  /** A different address per request (no cache can answer): the ceiling replays the first one's bytes. */
  unique?: boolean;
}

const rows: Row[] = [
  {
    key: 'api',
    label: 'GET /api/datasets/prc_hicp_manr?dim2=CP00&country=DE,FR,IT',
    path: '/api/datasets/prc_hicp_manr?dim2=CP00&country=DE,FR,IT',
  },
  { key: 'meta', label: 'GET /api/datasets/prc_hicp_manr/meta', path: '/api/datasets/prc_hicp_manr/meta' },
  { key: 'page', label: 'page /datasets/prc_hicp_manr', path: '/datasets/prc_hicp_manr' },
  {
    key: 'embed',
    label: 'embed …?embed=true&chart_type=line&country[]=DE&country[]=FR',
    path: '/datasets/prc_hicp_manr?embed=true&chart_type=line&country[]=DE&country[]=FR',
  },
  {
    key: 'unique',
    label: 'unique GET /api/datasets/prc_hicp_manr?dim2=<5 groups>&country=<3 others each time>',
    path: '/api/datasets/prc_hicp_manr?dim2=CP00&country=DE,FR,IT',
    unique: true,
  },
].filter((r) => !process.env.BENCH_ROWS || process.env.BENCH_ROWS.split(',').includes(r.key));

interface Figures extends LoadFigures {
  /** The unique row: how many of its addresses were asked a second time (printed when any were). */
  repeated?: number;
}

/** The ceiling's child process, which prints "listening on http://localhost:<port>" once it serves. */
async function startProcess(args: string[], env: NodeJS.ProcessEnv): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const base = await new Promise<string>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in 300 s:\n${log}`)), 300_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const m = /listening on http:\/\/localhost:(\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${log}`)));
  });
  return { base, child };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** How many app processes the product runs (WEB_CONCURRENCY, as the product reads it). */
const PROCESSES = Number(process.env.WEB_CONCURRENCY || 1);

/** The product on a database, started as `npm start` does after the build, with the sample datasets imported. */
function startProduct(databaseUrl: string, profileDir?: string, processes = PROCESSES) {
  return startAppServer({
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    env: {
      ...process.env,
      WEB_CONCURRENCY: String(processes),
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      // The load comes from one address: the Free limit must not be what is measured.
      API_FREE_DAILY_LIMIT: '1000000000',
    },
  });
}

/**
 * The ceiling: bare node:http answering each captured address with the product's bytes: its body and every header it
 * sent but those node:http writes itself (date, connection, keep-alive, the length).
 */
const ceilingSource = `
const http = require('node:http');
const fs = require('node:fs');
const captured = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));
const answers = new Map(captured.map((c) => [c.path, { headers: c.headers, body: Buffer.from(c.body, 'base64') }]));
const server = http.createServer((req, res) => {
  const a = answers.get(req.url);
  if (!a) return res.writeHead(404).end();
  res.writeHead(200, { ...a.headers, 'content-length': a.body.length }).end(a.body);
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://localhost:' + server.address().port));
`;

/**
 * BENCH_SCALE's baseline: the machine's own scaling for a Node server whose every request costs CPU, with the load tool
 * on the same cores. A bare node:http server (N cluster workers sharing the port) that serialises the product's unique
 * answer four times for each request (about the product's CPU per request), and sends it.
 */
const scaleBaselineSource = `
const cluster = require('node:cluster');
const http = require('node:http');
const fs = require('node:fs');
const [file, workers] = [process.argv[2], Number(process.argv[3])];
if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i++) cluster.fork();
  let told = 0;
  cluster.on('listening', (worker, address) => {
    if (++told === workers) console.log('listening on http://localhost:' + address.port);
  });
} else {
  const answer = JSON.parse(fs.readFileSync(file, 'utf8'));
  const server = http.createServer((req, res) => {
    let body = '';
    for (let i = 0; i < 4; i++) body = JSON.stringify({ ...answer, address: req.url });
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  server.listen(0, '127.0.0.1', () => cluster.isPrimary && console.log('listening on http://localhost:' + server.address().port));
}
`;

async function withScratchDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_load_${process.pid}`;
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * The unique row's addresses, none asked twice in a row (its warm-up included) while they last: every set of three of
 * the dataset's countries but DE,FR,IT, for each of the five product groups whose series cover nearly every country
 * in the samples (about 49,400 addresses, answers of 26–31 KB), the groups interleaved so that every stretch of the row
 * asks each about as often. Until 2026-11-28 the row went round the 9,880 sets of CP00 alone, and its measured seconds
 * asked again what its warm-up had asked: the response cache kept some of those answers and answered them.
 */
class UniqueAddresses {
  static readonly groups = ['CP00', 'CP01', 'CP011', 'CP0111', 'CP01111'];
  readonly all: string[] = [];
  /** Addresses handed out so far (wrk's runs: an upper bound, the answers plus those in flight at its end). */
  asked = 0;

  constructor(countries: string[]) {
    for (let a = 0; a < countries.length; a++)
      for (let b = a + 1; b < countries.length; b++)
        for (let c = b + 1; c < countries.length; c++) {
          const set = [countries[a], countries[b], countries[c]].join(',');
          if (set === 'DE,FR,IT') continue;
          for (const group of UniqueAddresses.groups)
            this.all.push(`/api/datasets/prc_hicp_manr?dim2=${group}&country=${set}`);
        }
  }

  next = (): string => this.all[this.asked++ % this.all.length]!;

  /** The addresses from the next one on, once round the list. */
  ahead(): string[] {
    const i = this.asked % this.all.length;
    return [...this.all.slice(i), ...this.all.slice(0, i)];
  }

  /** How many addresses were asked a second time: more than 0 means some answers may have come from a cache. */
  get repeated(): number {
    return Math.max(0, this.asked - this.all.length);
  }
}

async function load(base: string, row: Row, unique?: UniqueAddresses, processes = 1): Promise<Figures> {
  const run = TOOL === 'wrk' ? loadWithWrk : loadWithAutocannon;
  // Not counted: the first seconds of a row warm what a steady load finds warm (compiled code, a new process's
  // blocks), as long for each process as for one alone.
  if (WARMUP > 0) await run(base, row, unique, WARMUP * processes);
  const figures = await run(base, row, unique, SECONDS);
  return unique ? { ...figures, repeated: unique.repeated } : figures;
}

function loadWithAutocannon(
  base: string,
  row: Row,
  unique: UniqueAddresses | undefined,
  seconds: number,
): Promise<Figures> {
  return autocannonLoad(base, unique ? { next: unique.next } : { path: row.path }, {
    connections: CONNECTIONS,
    seconds,
  });
}

/** The same load from wrk (bench/load-tools.mts): the unique row's addresses from the next one on. */
async function loadWithWrk(
  base: string,
  row: Row,
  unique: UniqueAddresses | undefined,
  seconds: number,
): Promise<Figures> {
  const figures = await wrkLoad(base, unique ? unique.ahead() : [row.path], { connections: CONNECTIONS, seconds });
  // wrk went down the list from the top: its answers, and at most one more in flight per connection at its end.
  if (unique) unique.asked += figures.requests + CONNECTIONS;
  return figures;
}

/** What the product answered for each address (for the ceiling): its headers, and its body in base64. */
type Captured = { path: string; headers: Record<string, string>; body: string }[];

/** Headers node:http writes on its own (or the ceiling sets): not replayed. */
const ownHeaders = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** An answer as autocannon gets it: plain HTTP/1.1, no Accept-Encoding (so no compression), no cookie. */
function capture(
  base: string,
  address: string,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(base + address, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (!ownHeaders.has(name) && value !== undefined)
            headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}

/** The ceiling server, started once from the first product's bytes and kept for the whole run. */
let ceiling: { base: string; child: ChildProcess; dir: string } | undefined;

async function startCeiling(captured: Captured): Promise<string> {
  if (ceiling) return ceiling.base;
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-load-'));
  const file = path.join(dir, 'captured.json');
  await writeFile(file, JSON.stringify(captured));
  const started = await startProcess(['-e', ceilingSource, file], process.env);
  ceiling = { ...started, dir };
  return started.base;
}

/** The unique row's countries: those of the HICP dataset's metadata with a two-letter code. */
async function countriesOf(base: string): Promise<string[]> {
  const meta = (await (await fetch(`${base}/api/datasets/prc_hicp_manr/meta`)).json()) as {
    available_countries: { code: string }[];
  };
  return meta.available_countries.map((c) => c.code).filter((c) => /^[A-Z]{2}$/.test(c));
}

/**
 * BENCH_SCALE: the unique row on one PostgreSQL database with one app process, then two, `pairs` times, each start a
 * fresh product (empty caches) warmed as long per process. The machine's speed moves from minute to minute, so a ratio
 * is taken only within a pair, and the pairs are summed up by their median.
 */
async function measureScaling(pairs: number): Promise<void> {
  const row = rows.find((r) => r.unique);
  if (!row) throw new Error('BENCH_SCALE measures the unique row: BENCH_ROWS must include unique');
  const ratios: number[] = [];
  const baselineRatios: number[] = [];
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-scale-'));
  const answerFile = path.join(dir, 'answer.json');
  const baselineFile = path.join(dir, 'baseline.cjs');
  await writeFile(baselineFile, scaleBaselineSource);
  /** Figures of one start of a server (the product, or the baseline), stopped after them. */
  const measured = async (
    started: Promise<{ base: string; child: ChildProcess }>,
    measure: (base: string) => Promise<Figures>,
  ): Promise<Figures> => {
    const { base, child } = await started;
    try {
      return await measure(base);
    } finally {
      await stopProcess(child);
    }
  };
  try {
    await withScratchDatabase(async (url) => {
      console.log('one process against two on PostgreSQL (the first start imports the sample datasets)…');
      let countries: string[] | undefined;
      for (let pair = 1; pair <= pairs; pair++) {
        const product = (processes: number) =>
          measured(startProduct(url, undefined, processes), async (base) => {
            if (!countries) {
              // The first start: the countries of the unique row, and the answer the baseline serialises.
              const { status, body } = await capture(base, row.path);
              if (status !== 200) throw new Error(`${row.path} answered ${status}`);
              await writeFile(answerFile, body);
              countries = await countriesOf(base);
            }
            return load(base, row, new UniqueAddresses(countries), processes);
          });
        const baseline = (workers: number) =>
          measured(startProcess([baselineFile, answerFile, String(workers)], process.env), (base) =>
            load(base, { ...row, unique: false }, undefined, workers),
          );
        const [one, two] = [await product(1), await product(2)];
        const [baseOne, baseTwo] = [await baseline(1), await baseline(2)];
        ratios.push(two.rps / one.rps);
        baselineRatios.push(baseTwo.rps / baseOne.rps);
        const rps = (f: Figures) => Math.round(f.rps).toLocaleString('en');
        console.log(
          `  pair ${pair}: one process ${fmt(one)}; two ${fmt(two)}: ${ratios.at(-1)!.toFixed(2)}×; the baseline ` +
            `${rps(baseOne)} → ${rps(baseTwo)} req/s: ${baselineRatios.at(-1)!.toFixed(2)}×`,
        );
      }
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const list = (xs: number[]) => `${xs.map((r) => `${r.toFixed(2)}×`).join(', ')} (median ${median(xs).toFixed(2)}×)`;
  console.log(
    `\n${row.label}, ${CONNECTIONS} connections, ${WARMUP} s warm-up per process, ${SECONDS} s measured, ${TOOL}\n` +
      `two processes against one: ${list(ratios)}; issue 18 asks at least 1.6×\n` +
      `the baseline (node:http, two cluster workers against one, the same CPU-bound answer): ${list(baselineRatios)}`,
  );
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
}

/**
 * A product's figures for every row, each followed at once by the ceiling's for the same bytes: on a machine shared
 * with other work the load changes from minute to minute, and a ratio holds only between neighbouring measurements.
 */
async function measureProduct(
  label: string,
  databaseUrl: string,
): Promise<{ figures: Map<string, Figures>; ceilings: Map<string, Figures>; captured: Captured }> {
  console.log(`starting the product on ${label} (imports the sample datasets first)…`);
  const profileDir = PROFILE_DIR ? path.join(PROFILE_DIR, label.split(' ')[0]!.toLowerCase()) : undefined;
  const { base, child } = await startProduct(databaseUrl, profileDir);
  try {
    const captured: Captured = [];
    for (const row of rows) {
      const { status, headers, body } = await capture(base, row.path);
      if (status !== 200) throw new Error(`${row.path} answered ${status}`);
      captured.push({ path: row.path, headers, body: body.toString('base64') });
    }
    const ceilingBase = await startCeiling(captured);
    const countries = await countriesOf(base);
    const figures = new Map<string, Figures>();
    const ceilings = new Map<string, Figures>();
    for (const row of rows) {
      const f = await load(base, row, row.unique ? new UniqueAddresses(countries) : undefined, PROCESSES);
      figures.set(row.key, f);
      const c = await load(ceilingBase, { ...row, unique: false });
      ceilings.set(row.key, c);
      console.log(`  ${row.key.padEnd(7)} ${fmt(f)}; ceiling ${fmt(c)}`);
    }
    return { figures, ceilings, captured };
  } finally {
    await stopProcess(child);
    if (profileDir) console.log(await summariseProfile(profileDir, rows.length * (SECONDS + WARMUP) * 2));
  }
}

/** ", 3 errors, 1,200 addresses asked twice": what makes a row's figures not what they claim, when anything does. */
function caveats(f: Figures): string {
  const errors = f.errors ? `, ${f.errors} errors` : '';
  return f.repeated ? `${errors}, ${f.repeated.toLocaleString('en')} addresses asked twice` : errors;
}

function fmt(f: Figures): string {
  // Bytes read per answer, headers included: the product's and the ceiling's should match.
  return `${Math.round(f.rps).toLocaleString('en')} req/s (p50 ${f.p50} ms, p99 ${f.p99} ms${caveats(f)}, ${Math.round(f.bytes).toLocaleString('en')} B each)`;
}

function cell(f: Figures | undefined, ceiling: Figures | undefined): string {
  if (!f) return '–';
  const ratio = ceiling ? ` = ${(f.rps / ceiling.rps).toFixed(ceiling.rps / f.rps > 100 ? 4 : 2)}` : '';
  return `${Math.round(f.rps).toLocaleString('en')}${ratio} (p50 ${f.p50} ms, p99 ${f.p99} ms${caveats(f)})`;
}

async function main(): Promise<void> {
  if (SCALE_PAIRS > 0) return measureScaling(SCALE_PAIRS);
  const results = new Map<string, { figures: Map<string, Figures>; ceilings: Map<string, Figures> }>();
  let captured: Captured | undefined;
  try {
    if (DATABASES.includes('pglite')) {
      const r = await measureProduct(`PGlite (${pgliteUrl})`, pgliteUrl);
      results.set('pglite', r);
      captured = r.captured;
    }
    if (DATABASES.includes('postgres')) {
      const r = await withScratchDatabase((url) => measureProduct('PostgreSQL (scratch database)', url));
      results.set('postgres', r);
      captured ??= r.captured;
    }
  } finally {
    if (ceiling) {
      await stopProcess(ceiling.child);
      await rm(ceiling.dir, { recursive: true, force: true });
    }
  }
  if (!captured) throw new Error('BENCH_DATABASES names neither pglite nor postgres');

  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s per row; req/s = ratio to the ceiling measured right after it ` +
      '(p50, p99 latency)\n' +
      '| request | size | ceiling req/s (PGlite run / PostgreSQL run) | product on PGlite | product on PostgreSQL |\n' +
      '|---|---:|---:|---|---|',
  );
  for (const row of rows) {
    const size = Buffer.from(captured.find((x) => x.path === row.path)!.body, 'base64').length;
    const pg = results.get('pglite');
    const post = results.get('postgres');
    const ceilings = [pg, post]
      .map((r) => r?.ceilings.get(row.key))
      .map((c) => (c ? Math.round(c.rps).toLocaleString('en') : '–'))
      .join(' / ');
    console.log(
      `| ${row.label} | ${(size / 1024).toFixed(1)} KB | ${ceilings} | ${cell(pg?.figures.get(row.key), pg?.ceilings.get(row.key))} | ${cell(post?.figures.get(row.key), post?.ceilings.get(row.key))} |`,
    );
  }
}

await main();
