// npm run bench:load: requests per second under 50 concurrent connections (autocannon) for the data API, the
// metadata, a dataset page and an embed, on PGlite and on PostgreSQL, beside a bare node:http server replaying the very
// bytes the product sent for the same address (the ceiling), measured in the same run (issue 18).
//
// Settings (environment): BENCH_SECONDS (per row, default 3), BENCH_CONNECTIONS (default 50), BENCH_DATABASES
// (pglite,postgres), BENCH_POSTGRES_URL (the server a scratch database is made on), BENCH_PROFILE=<dir> (the product
// runs with --cpu-prof into that folder), BENCH_ROWS (comma list of row keys: api,meta,page,embed,unique).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const pgUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PROFILE_DIR = process.env.BENCH_PROFILE;

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
    label: 'unique GET /api/datasets/prc_hicp_manr?dim2=CP00&country=<3 others each time>',
    path: '/api/datasets/prc_hicp_manr?dim2=CP00&country=DE,FR,IT',
    unique: true,
  },
].filter((r) => !process.env.BENCH_ROWS || process.env.BENCH_ROWS.split(',').includes(r.key));

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
}

/** A child process that prints "listening on http://localhost:<port>" once it serves. */
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

/** The product on a database, started as `npm start` does after the build, with the sample datasets imported. */
function startProduct(databaseUrl: string) {
  const args = ['--import', 'tsx'];
  if (PROFILE_DIR) args.push('--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`);
  args.push('server/index.ts');
  return startProcess(args, {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    // The load comes from one address: the Free limit must not be what is measured.
    API_FREE_DAILY_LIMIT: '1000000000',
  });
}

/** The ceiling: bare node:http answering each captured address with the product's body and content type. */
const ceilingSource = `
const http = require('node:http');
const fs = require('node:fs');
const captured = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));
const answers = new Map(captured.map((c) => [c.path, { type: c.type, body: Buffer.from(c.body, 'base64') }]));
const server = http.createServer((req, res) => {
  const a = answers.get(req.url);
  if (!a) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': a.type, 'content-length': a.body.length }).end(a.body);
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://localhost:' + server.address().port));
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

/** Every set of three countries of the dataset but DE,FR,IT, in a fixed order: one per request, none repeated. */
function uniquePaths(countries: string[]): () => string {
  const sets: string[] = [];
  for (let a = 0; a < countries.length; a++)
    for (let b = a + 1; b < countries.length; b++)
      for (let c = b + 1; c < countries.length; c++) {
        const set = [countries[a], countries[b], countries[c]].join(',');
        if (set !== 'DE,FR,IT') sets.push(set);
      }
  let i = 0;
  return () => `/api/datasets/prc_hicp_manr?dim2=CP00&country=${sets[i++ % sets.length]}`;
}

async function load(base: string, row: Row, next?: () => string): Promise<Figures> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 10,
    requests: [
      next
        ? { method: 'GET', path: row.path, setupRequest: (req: { path?: string }) => ({ ...req, path: next() }) }
        : { method: 'GET', path: row.path },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
  };
}

/** A product's figures for every row, and what it answered for each address (for the ceiling). */
async function measureProduct(
  label: string,
  databaseUrl: string,
): Promise<{ figures: Map<string, Figures>; captured: { path: string; type: string; body: string }[] }> {
  console.log(`starting the product on ${label} (imports the sample datasets first)…`);
  const { base, child } = await startProduct(databaseUrl);
  try {
    const captured: { path: string; type: string; body: string }[] = [];
    for (const row of rows) {
      const res = await fetch(base + row.path);
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${row.path} answered ${res.status}`);
      captured.push({
        path: row.path,
        type: res.headers.get('content-type') ?? 'text/plain',
        body: body.toString('base64'),
      });
    }
    const meta = (await (await fetch(`${base}/api/datasets/prc_hicp_manr/meta`)).json()) as {
      available_countries: { code: string }[];
    };
    const countries = meta.available_countries.map((c) => c.code).filter((c) => /^[A-Z]{2}$/.test(c));
    const figures = new Map<string, Figures>();
    for (const row of rows) {
      const f = await load(base, row, row.unique ? uniquePaths(countries) : undefined);
      figures.set(row.key, f);
      console.log(`  ${row.key.padEnd(7)} ${fmt(f)}`);
    }
    return { figures, captured };
  } finally {
    await stopProcess(child);
  }
}

function fmt(f: Figures): string {
  const errors = f.errors ? `, ${f.errors} errors` : '';
  return `${Math.round(f.rps).toLocaleString('en')} req/s (p50 ${f.p50} ms, p99 ${f.p99} ms${errors})`;
}

function cell(f: Figures | undefined, ceiling: Figures | undefined): string {
  if (!f) return '–';
  const ratio = ceiling ? ` = ${(f.rps / ceiling.rps).toFixed(ceiling.rps / f.rps > 100 ? 4 : 2)}` : '';
  return `${Math.round(f.rps).toLocaleString('en')}${ratio} (p50 ${f.p50} ms, p99 ${f.p99} ms${f.errors ? `, ${f.errors} errors` : ''})`;
}

async function main(): Promise<void> {
  const results = new Map<string, Map<string, Figures>>();
  let captured: { path: string; type: string; body: string }[] | undefined;
  if (DATABASES.includes('pglite')) {
    const r = await measureProduct('PGlite (memory:)', 'memory:');
    results.set('pglite', r.figures);
    captured = r.captured;
  }
  if (DATABASES.includes('postgres')) {
    const r = await withScratchDatabase((url) => measureProduct('PostgreSQL (scratch database)', url));
    results.set('postgres', r.figures);
    captured ??= r.captured;
  }
  if (!captured) throw new Error('BENCH_DATABASES names neither pglite nor postgres');

  console.log('starting the ceiling server (bare node:http, the captured bytes)…');
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-load-'));
  const file = path.join(dir, 'captured.json');
  await writeFile(file, JSON.stringify(captured));
  const ceiling = await startProcess(['-e', ceilingSource, file], process.env);
  const ceilingFigures = new Map<string, Figures>();
  try {
    for (const row of rows) {
      const f = await load(ceiling.base, { ...row, unique: false });
      ceilingFigures.set(row.key, f);
      console.log(`  ${row.key.padEnd(7)} ${fmt(f)}`);
    }
  } finally {
    await stopProcess(ceiling.child);
    await rm(dir, { recursive: true, force: true });
  }

  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s per row; req/s = ratio to the ceiling (p50, p99 latency)\n` +
      '| request | size | ceiling req/s | product on PGlite | product on PostgreSQL |\n|---|---:|---:|---|---|',
  );
  for (const row of rows) {
    const c = ceilingFigures.get(row.key)!;
    const size = Buffer.from(captured.find((x) => x.path === row.path)!.body, 'base64').length;
    console.log(
      `| ${row.label} | ${(size / 1024).toFixed(1)} KB | ${Math.round(c.rps).toLocaleString('en')} (p99 ${c.p99} ms) | ${cell(results.get('pglite')?.get(row.key), c)} | ${cell(results.get('postgres')?.get(row.key), c)} |`,
    );
  }
}

await main();
