// npm run bench:scale -- --datasets M --values N (defaults 500 and 100,000,000; issue 42): the product at Eurostat's
// scale on PostgreSQL. Makes the corpus of bench/scale-corpus.mts in a scratch database and measures, in one run:
//   - the import's throughput against PostgreSQL's own COPY of the same rows into a table with the same key, each
//     dataset imported and then copied, one after the other, so both meet the same growing database; disk bytes per
//     value;
//   - the refresh: the mirror's whole table of contents compared with what is held (no change), then a later release
//     of a part of the corpus (a few datasets revised and a period added) found and imported from a local server
//     speaking Eurostat's paths; a full re-import's duration projected from the measured throughput;
//   - the product started as `npm start` runs it: unique data-API queries, pages and embeds of random datasets and
//     selections at 50 connections (autocannon; no address asked twice, so no cache answers), p50 and p99; the app
//     process's resident memory, sampled throughout; search p95 over the whole catalogue; the sitemaps (an index of
//     files of at most 50,000 URLs); country and region statistics pages, each asked once.
// It ends with one line: scale: datasets=…, values=…, import_copy_ratio=…, api_p99_ms=…, page_p99_ms=…, rss_mb=…,
// search_p95_ms=…
//
// Settings (environment): BENCH_POSTGRES_URL (the server the scratch database is made on), BENCH_SECONDS (per load
// row, default 10), BENCH_WARMUP (seconds of load before each row, not counted, default 2), BENCH_CONNECTIONS (default
// 50), BENCH_TOOL (wrk where installed, else autocannon), BENCH_ROWS (api,page,embed), BENCH_PROFILE=<dir> (the
// product runs with --cpu-prof and only the load rows run; their top costs are printed), BENCH_KEEP=1 (keep the
// scratch database).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createReadStream, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql as dsql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase } from '../db/client';
import { listDatasets } from '../db/queries/datasets';
import { maxValuesPerRequest } from '../db/queries/view';
import { queryRows } from '../db/sql';
import { formatSourcePeriod } from '../core/periods';
import { mirrorTocFile } from '../server/catalogue/seed';
import { syncCatalogue } from '../server/catalogue/sync';
import { parseTocTree } from '../server/catalogue/toc';
import { seedGeos } from '../server/import/geos';
import { importFile } from '../server/import/runner';
import { runRefresh } from '../server/refresh/refresh';
import { startAppServer } from '../tests/setup/app-server';
import { mirror } from '../tests/setup/database-templates';
import { startEurostatPeer } from '../tests/setup/eurostat-peer';
import { seededRandom } from '../tests/setup/seeded-random';
import { autocannonLoad, hasWrk, summariseProfile, wrkLoad } from './load-tools.mjs';
import { planCorpus, writeDataset, type ScaleDataset } from './scale-corpus.mjs';

const { values: args } = parseArgs({
  options: { datasets: { type: 'string', default: '500' }, values: { type: 'string', default: '100000000' } },
});
const DATASETS = Number(args.datasets);
const VALUES = Number(args.values);
if (!(DATASETS >= 1) || !(VALUES >= DATASETS)) throw new Error('--datasets must be ≥ 1 and --values ≥ --datasets');
const pgUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** BENCH_TOOL: wrk where it is installed (lighter on two cores), else autocannon. */
const TOOL = process.env.BENCH_TOOL ?? ((await hasWrk()) ? 'wrk' : 'autocannon');
/** Seconds of load before each measured row, not counted (other addresses: nothing is asked twice). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
/** BENCH_ROWS: which load rows run (api, page, embed; default all). */
const ROWS = (process.env.BENCH_ROWS ?? 'api,page,embed').split(',');
/** BENCH_PROFILE=<dir>: the product runs with --cpu-prof into that folder, and the top costs of the load are printed. */
const PROFILE_DIR = process.env.BENCH_PROFILE;

const root = path.resolve(import.meta.dirname, '..');

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits });
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : NaN;
const elapsed = (since: number) => (performance.now() - since) / 1000;

// ---- the scratch database ----

const scratch = `bench_scale_${process.pid}`;
const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
await admin.unsafe(`CREATE DATABASE ${scratch}`);
const dbUrl = Object.assign(new URL(pgUrl), { pathname: `/${scratch}` }).toString();
const work = await mkdtemp(path.join(tmpdir(), 'bench-scale-'));
const [machine] = await admin<{ version: string }[]>`SELECT version()`;
console.log(`scratch database ${scratch} on ${machine!.version.split(',')[0]}; files in ${work}`);

const database = await openDatabase(dbUrl, '');
const db = database.db;
const raw = postgres(dbUrl, { max: 1, onnotice: () => {} });

try {
  await seedGeos(db, mirror);
  const tocText = readFileSync(path.join(mirror, mirrorTocFile), 'utf8');
  let started = performance.now();
  const synced = await syncCatalogue(db, parseTocTree(tocText));
  console.log(`table of contents: ${fmt(synced.listed)} entries listed in ${elapsed(started).toFixed(1)} s`);

  // ---- the corpus, imported and copied dataset by dataset ----
  const plan = planCorpus(DATASETS, VALUES);
  console.log(
    `corpus: ${plan.length} datasets over ${new Set(plan.map((d) => d.theme)).size} themes, ` +
      `${plan.filter((d) => d.regional).length} regional; frequencies ${frequencies(plan)}`,
  );
  await raw`CREATE TABLE copy_target (series_id int, geo text, period int, value float8, flags text,
    PRIMARY KEY (series_id, geo, period))`;
  let importSeconds = 0;
  let copySeconds = 0;
  let generateSeconds = 0;
  let values = 0;
  let rows = 0;
  let flagged = 0;
  let largest = 0;
  /** Each dataset's import and COPY times, for the slowest beside COPY. */
  const each: { d: ScaleDataset; rows: number; importS: number; copyS: number }[] = [];
  /** The bare table's series numbers: each dataset's after the previous one's, as the product's serial gives them. */
  let seriesBase = 0;
  for (const [i, d] of plan.entries()) {
    const tsvPath = path.join(work, `${d.code}.tsv`);
    const copyPath = path.join(work, `${d.code}.copy`);
    started = performance.now();
    const written = await writeDataset(d, 1, tsvPath, copyPath);
    generateSeconds += elapsed(started);
    started = performance.now();
    const importStarted = started;
    const summary = await importFile(db, {
      fileName: `${d.code}.tsv`,
      path: tsvPath,
      code: d.code,
      dataMirror: mirror,
    });
    const importS = elapsed(importStarted);
    importSeconds += importS;
    if (summary.values !== written.values) {
      throw new Error(`${d.code}: the import counted ${summary.values} values, the file has ${written.values}`);
    }
    started = performance.now();
    await copyRows(copyPath, seriesBase);
    seriesBase += Math.ceil(d.series / d.geos.length);
    const copyS = elapsed(started);
    copySeconds += copyS;
    await rm(tsvPath);
    await rm(copyPath);
    values += written.values;
    rows += written.rows;
    flagged += written.flagged;
    largest = Math.max(largest, written.rows);
    each.push({ d, rows: written.rows, importS, copyS });
    if ((i + 1) % 50 === 0 || i + 1 === plan.length) {
      console.log(
        `  ${String(i + 1).padStart(4)} datasets, ${fmt(values)} values: import ${fmt(rows / importSeconds)} values/s, ` +
          `COPY ${fmt(rows / copySeconds)} values/s`,
      );
    }
  }
  const importRate = rows / importSeconds;
  const copyRate = rows / copySeconds;
  const ratio = importRate / copyRate;
  console.log(
    `\nimport: ${fmt(values)} values (${fmt(rows)} observations, ${fmt(flagged)} flagged, the largest dataset ` +
      `${fmt(largest)}) in ${importSeconds.toFixed(0)} s = ${fmt(importRate)} values/s; COPY of the same rows ` +
      `${copySeconds.toFixed(0)} s = ${fmt(copyRate)} values/s; ratio ${ratio.toFixed(2)} (goal ≥ 0.5); ` +
      `files written in ${generateSeconds.toFixed(0)} s`,
  );
  // Where the import is furthest behind COPY: the datasets that cost it the most seconds beyond COPY's.
  const behind = [...each].sort((a, b) => b.importS - b.copyS - (a.importS - a.copyS)).slice(0, 5);
  console.log('the datasets costing the import most beyond COPY:');
  for (const e of behind) {
    const shape = `${fmt(e.d.series)} series × ${e.d.periods.length} periods, ${e.d.geos.length} places`;
    console.log(
      `  ${e.d.code.padEnd(20)} ${fmt(e.rows).padStart(11)} values (${shape}): import ${e.importS.toFixed(1)} s, ` +
        `COPY ${e.copyS.toFixed(1)} s`,
    );
  }
  await raw`VACUUM ANALYZE`;
  const [disk] = await raw<{ all: string; copy: string; observations: string }[]>`
    SELECT pg_database_size(current_database()) AS all, pg_total_relation_size('copy_target') AS copy,
      pg_total_relation_size('observations') AS observations`;
  const productBytes = Number(disk!.all) - Number(disk!.copy);
  console.log(
    `disk: ${(productBytes / 2 ** 30).toFixed(2)} GiB for the product's database = ${(productBytes / rows).toFixed(0)} ` +
      `bytes per value (observations ${(Number(disk!.observations) / rows).toFixed(0)}, the bare COPY table ` +
      `${(Number(disk!.copy) / rows).toFixed(0)})`,
  );
  await raw`DROP TABLE copy_target`;

  // ---- the refresh: nothing changed, then a later release of a part ----
  const revised = plan.filter((_, i) => i % 50 === 7 || (plan.length < 8 && i === 0));
  const later: Record<string, { fileName: string; bytes: Buffer; released: Date }> = {};
  const today = new Date();
  for (const d of revised) {
    const file = path.join(work, `${d.code}-2.tsv`);
    await writeDataset(d, 2, file, null);
    later[d.code] = { fileName: `${d.code}.tsv`, bytes: await readFile(file), released: today };
    await rm(file);
  }
  const day = `${String(today.getUTCDate()).padStart(2, '0')}.${String(today.getUTCMonth() + 1).padStart(2, '0')}.${today.getUTCFullYear()}`;
  const laterToc = tocText
    .split('\n')
    .map((line) => {
      const cells = line.split('\t');
      const code = cells[1]?.replace(/"/g, '');
      if (!code || !later[code]) return line;
      cells[3] = `"${day}"`;
      return cells.join('\t');
    })
    .join('\n');
  const peer = await startEurostatPeer({
    datasets: [],
    laterFiles: later,
    tocText: (v) => (v === 1 ? tocText : laterToc),
  });
  let refreshCompare = NaN;
  let refreshRelease = NaN;
  try {
    started = performance.now();
    const none = await runRefresh(db, { baseUrl: peer.url, dataMirror: mirror });
    refreshCompare = elapsed(started);
    console.log(
      `\nrefresh, nothing new: ${fmt(none.catalogue?.listed ?? 0)} table-of-contents entries compared, ` +
        `${none.checked} datasets checked, ${none.imported.length} imported, in ${refreshCompare.toFixed(1)} s (goal < 10 s)`,
    );
    peer.setVintage(2);
    started = performance.now();
    const release = await runRefresh(db, { baseUrl: peer.url, dataMirror: mirror });
    refreshRelease = elapsed(started);
    const changed = release.imported.reduce((n, r) => n + r.added + r.changed + r.removed, 0);
    const asExpected =
      release.imported
        .map((r) => r.code)
        .sort()
        .join() === Object.keys(later).sort().join();
    console.log(
      `refresh, a later release of ${revised.length} datasets: ${release.imported.length} imported ` +
        `(${asExpected ? 'exactly those' : `NOT those: ${release.imported.map((r) => r.code).join(', ')}`}), ` +
        `${fmt(changed)} values added, changed or removed, ${release.failed.length} failed, ` +
        `${release.unchanged.length} unchanged, in ${refreshRelease.toFixed(1)} s`,
    );
    if (!asExpected || release.failed.length > 0)
      throw new Error('the refresh did not import exactly the later release');
  } finally {
    await peer.close();
  }
  console.log(
    `a full re-import of these ${fmt(rows)} values, projected: ${(rows / importRate / 60).toFixed(1)} min; ` +
      `per 1,000 million values ${(1e9 / importRate / 3600).toFixed(1)} h`,
  );

  // ---- the product ----
  const figures = await measureProduct(plan);
  console.log(
    `\nscale: datasets=${plan.length}, values=${values}, import_copy_ratio=${ratio.toFixed(2)}, ` +
      `api_p99_ms=${figures.apiP99}, page_p99_ms=${figures.pageP99}, rss_mb=${figures.rssMb}, ` +
      `search_p95_ms=${figures.searchP95.toFixed(1)}`,
  );
} finally {
  await raw.end();
  await database.close();
  if (process.env.BENCH_KEEP === '1') console.log(`kept: ${dbUrl}`);
  else await admin.unsafe(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  await admin.end();
  await rm(work, { recursive: true, force: true });
}

function frequencies(plan: ScaleDataset[]): string {
  const counts = new Map<string, number>();
  for (const d of plan) counts.set(d.freq, (counts.get(d.freq) ?? 0) + 1);
  return [...counts].map(([f, n]) => `${f} ${n}`).join(', ');
}

/** The dataset's COPY text into the bare table, its series numbered from `offset` on, apart from every other's. */
async function copyRows(file: string, offset: number): Promise<void> {
  const stream = await raw`COPY copy_target FROM STDIN`.writable();
  await new Promise<void>((resolve, reject) => {
    let rest = '';
    const input = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
    stream.on('error', reject);
    stream.on('finish', resolve);
    input.on('error', reject);
    input.on('data', (chunk) => {
      // Series numbers are per dataset in the file: moved apart here, a line at a time.
      const text = rest + String(chunk);
      const end = text.lastIndexOf('\n') + 1;
      rest = text.slice(end);
      const shifted = text.slice(0, end).replace(/^(\d+)\t/gm, (_, n: string) => `${Number(n) + offset}\t`);
      if (!stream.write(shifted)) {
        input.pause();
        stream.once('drain', () => input.resume());
      }
    });
    input.on('end', () => stream.end(rest));
  });
}

interface ProductFigures {
  apiP99: number;
  pageP99: number;
  rssMb: number;
  searchP95: number;
}

/** The product on the scratch database, as `npm start` runs it after the build. */
async function measureProduct(plan: ScaleDataset[]): Promise<ProductFigures> {
  const app = await startAppServer({
    nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_ON_START: '0',
      REFRESH_SCHEDULE: 'off',
      WEB_CONCURRENCY: '1',
      // The load comes from one address: the Free limit must not be what is measured.
      API_FREE_DAILY_LIMIT: '1000000000',
    },
  });
  const rss = watchMemory(app.child.pid!);
  try {
    const startRss = rss.now();
    console.log(`\nproduct started: ${startRss} MB resident`);
    const rnd = seededRandom(4242);
    const seen = new Set<string>();
    const unique = (make: () => string) => () => {
      for (;;) {
        const address = make();
        if (!seen.has(address)) {
          seen.add(address);
          return address;
        }
      }
    };
    const none = { p50: NaN, p99: NaN };
    const row = (key: string, label: string, next: () => string) =>
      ROWS.includes(key) ? load(app.base, label, unique(next)) : Promise.resolve(none);
    const api = await row('api', 'data API, unique', () => apiAddress(rnd, plan));
    const page = await row('page', 'dataset page, unique', () => pageAddress(rnd, plan, false));
    const embed = await row('embed', 'embed, unique', () => pageAddress(rnd, plan, true));
    // A profiled run measures the load rows alone, so that the profile's last seconds are theirs.
    const searchP95 = PROFILE_DIR ? NaN : await searchFigures();
    if (!PROFILE_DIR) await sitemapFigures(app.base);
    if (!PROFILE_DIR) await statisticsFigures(app.base, rnd);
    const rssMb = rss.max();
    console.log(`the app process's memory: ${startRss} MB at start, at most ${rssMb} MB (goal < 1,024 MB)`);
    return { apiP99: api.p99, pageP99: Math.max(page.p99, embed.p99), rssMb, searchP95 };
  } finally {
    rss.stop();
    app.child.kill('SIGTERM');
    await new Promise((resolve) => app.child.once('exit', resolve));
    if (PROFILE_DIR) console.log(await summariseProfile(PROFILE_DIR, ROWS.length * (SECONDS + WARMUP) * 2));
  }
}

/** The resident memory of the process and its children (the app's cluster workers), sampled every 250 ms. */
function watchMemory(pid: number) {
  const residentMb = () => {
    let kb = 0;
    const pids = [pid];
    try {
      pids.push(...readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number));
    } catch {
      // The process is gone.
    }
    for (const p of pids) {
      try {
        kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
      } catch {
        // Gone between the two reads.
      }
    }
    return Math.round(kb / 1024);
  };
  let max = residentMb();
  const timer = setInterval(() => (max = Math.max(max, residentMb())), 250);
  return { now: residentMb, max: () => Math.max(max, residentMb()), stop: () => clearInterval(timer) };
}

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)]!;
}
function some<T>(rnd: () => number, items: readonly T[], most: number): T[] {
  const n = items.length === 0 ? 0 : 1 + Math.floor(rnd() * Math.min(most, items.length));
  const pool = [...items];
  return Array.from({ length: n }, () => pool.splice(Math.floor(rnd() * pool.length), 1)[0]!);
}

/**
 * The codes of each dimension, and the places, that the file has series for: a file with fewer series than its
 * dimensions allow has the first keys only (bench/scale-corpus.mts), so the first dimensions' later codes are absent.
 */
function present(d: ScaleDataset): { dimensions: string[][]; geos: string[] } {
  const keys = Math.ceil(d.series / d.geos.length);
  let after = 1;
  const dimensions: string[][] = [];
  for (let i = d.dimensions.length - 1; i >= 0; i--) {
    const values = d.dimensions[i]!.values;
    dimensions[i] = values.slice(0, Math.min(values.length, Math.ceil(keys / after)));
    after *= values.length;
  }
  return { dimensions, geos: d.geos.slice(0, Math.min(d.geos.length, d.series)) };
}

/**
 * A data query of a random dataset: one to three codes of each dimension, one to five places; a selection of more values
 * than one answer holds (maxValuesPerRequest: 400 too_many_values) asks for its latest periods only, as a reader told
 * to narrow it would.
 */
function apiAddress(rnd: () => number, plan: ScaleDataset[]): string {
  const d = pick(rnd, plan);
  const has = present(d);
  const codes = has.dimensions.map((values) => some(rnd, values, 3));
  const geos = some(rnd, has.geos, 5);
  const params = codes.map((chosen, i) => `dim${i + 1}=${chosen.join(',')}`);
  params.push(`country=${geos.join(',')}`);
  const periods = Math.max(
    1,
    Math.floor(maxValuesPerRequest / codes.reduce((n, chosen) => n * chosen.length, geos.length)),
  );
  if (periods < d.periods.length)
    params.push(`period_from=${formatSourcePeriod(d.freq, d.periods[d.periods.length - periods]!)}`);
  return `/api/datasets/${d.code}?${params.join('&')}`;
}

/** A dataset page or embed of a random dataset and selection. */
function pageAddress(rnd: () => number, plan: ScaleDataset[], embed: boolean): string {
  const d = pick(rnd, plan);
  const has = present(d);
  const params = has.dimensions.map((values, i) => `dimension[]=dim${i + 1}:${pick(rnd, values)}`);
  for (const geo of some(rnd, has.geos, 4)) params.push(`country[]=${geo}`);
  if (embed) params.unshift('embed=true', `chart_type=${d.periods.length > 1 ? 'line' : 'bar'}`);
  return `/datasets/${d.code}?${params.join('&')}`;
}

async function load(base: string, label: string, next: () => string): Promise<{ p50: number; p99: number }> {
  // The row's addresses are real ones: the first few each answer 200 (asked one at a time, not measured).
  for (let i = 0; i < 10; i++) {
    const address = next();
    const response = await fetch(base + address);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${label}: ${address} answered ${response.status}`);
  }
  const run = (seconds: number) => {
    const settings = { connections: CONNECTIONS, seconds };
    // wrk reads its addresses from a list: more than it can ask in that time at 5,000 a second.
    return TOOL === 'wrk'
      ? wrkLoad(base, Array.from({ length: Math.max(5000, seconds * 5000) }, next), settings)
      : autocannonLoad(base, { next }, settings);
  };
  if (WARMUP > 0) await run(WARMUP);
  const f = await run(SECONDS);
  console.log(
    `${label.padEnd(24)} ${fmt(f.rps, 1).padStart(7)} requests/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ` +
      `${fmt(f.requests)} requests of ${fmt(f.bytes / 1024, 1)} KB, ${f.errors} not 200 or failed (${TOOL})`,
  );
  // Counted and printed, not fatal (wrk names the first ten with their bodies): at 50 connections on two cores a few
  // answers may time out (10 s).
  if (f.errors > 0) console.log(`  ${label}: ${f.errors} of ${fmt(f.requests)} answers not 200 or failed`);
  return { p50: f.p50, p99: f.p99 };
}

/** The search golden sets' queries over the whole catalogue, each once after a warm-up pass, as the API searches. */
async function searchFigures(): Promise<number> {
  const queries = [
    ...(JSON.parse(readFileSync(path.join(root, 'bench/search-catalogue-queries.json'), 'utf8')) as { q: string }[]),
    ...(JSON.parse(readFileSync(path.join(root, 'bench/search-queries.json'), 'utf8')) as { q: string }[]),
  ].map((q) => q.q);
  for (const q of queries.slice(0, 20)) await listDatasets(db, { q, limit: 5, offset: 0, catalogue: true });
  const times: number[] = [];
  for (const q of queries) {
    const at = performance.now();
    await listDatasets(db, { q, limit: 5, offset: 0, catalogue: true });
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  const [count] = await queryRows<{ n: number }>(db, dsql`SELECT count(*)::integer AS n FROM catalogue_entries`);
  const p95 = percentile(times, 0.95);
  console.log(
    `search: ${queries.length} queries over ${fmt(count!.n)} catalogue entries, p50 ` +
      `${percentile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (goal < 50 ms)`,
  );
  return p95;
}

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
}

/** The sitemap index and every file it names: URLs per file. */
async function sitemapFigures(base: string): Promise<void> {
  const started = performance.now();
  const index = await (await fetch(`${base}/api/sitemap.xml`)).text();
  if (!index.includes('<sitemapindex')) throw new Error('/api/sitemap.xml is not a sitemap index');
  let total = 0;
  let most = 0;
  const files = locs(index);
  for (const loc of files) {
    const response = await fetch(base + new URL(loc).pathname);
    if (response.status !== 200) throw new Error(`${loc}: ${response.status}`);
    const n = locs(await response.text()).length;
    total += n;
    most = Math.max(most, n);
  }
  console.log(
    `sitemaps: an index of ${files.length} files, ${fmt(total)} URLs, at most ${fmt(most)} in a file (limit 50,000), ` +
      `all read in ${elapsed(started).toFixed(1)} s`,
  );
  if (most > 50_000) throw new Error('a sitemap file lists more than 50,000 URLs');
}

/** Country and region statistics pages (from the statistics sitemap), each asked once: their build time. */
async function statisticsFigures(base: string, rnd: () => number): Promise<void> {
  const xml = await (await fetch(`${base}/api/sitemap-statistics.xml`)).text();
  const pages = locs(xml)
    .map((l) => new URL(l).pathname)
    .filter((p) => !p.includes('/categories'));
  const countries = pages.filter((p) => p.split('/').length === 3);
  const regions = pages.filter((p) => p.split('/').length > 3);
  const asked = [
    ...['/statistics/germany', '/statistics/france'].filter((p) => countries.includes(p)),
    ...some(rnd, countries, 10),
    ...some(rnd, regions, 20),
  ];
  const times: number[] = [];
  for (const p of new Set(asked)) {
    const at = performance.now();
    const response = await fetch(base + p);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${p}: ${response.status}`);
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  const [places] = await queryRows<{ n: number }>(
    db,
    dsql`SELECT count(DISTINCT s.dataset_id)::integer AS n FROM series s JOIN series_geos g ON g.series_id = s.id
      WHERE g.geo = 'DE'`,
  );
  console.log(
    `statistics pages: ${countries.length} countries and ${regions.length} regions listed; ${times.length} asked ` +
      `once: p50 ${percentile(times, 0.5).toFixed(0)} ms, slowest ${times.at(-1)!.toFixed(0)} ms ` +
      `(${places!.n} datasets have data for Germany)`,
  );
}
