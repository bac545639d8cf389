// npm run test:attack: the standing attack-and-fault suite of issue 17 (decision 068).
//
// 1. A seeded fuzzer driven by the OpenAPI document (/api/openapi.json) and the route table (the page build's routes,
//    i.e. app/routes.ts) sends ATTACK_REQUESTS generated requests in-process (createApp(...).request()) with hostile
//    strings, NUL, huge and negative numbers, repeated and array parameters, bad bodies and content types and large
//    bodies: no answer may be a 500 (nor any 5xx but 503 "busy"), and no log line may pass 10 KB.
// 2. Faults: `npm run import` killed with SIGKILL at random points, then integrity checks (the SHA-256 of every
//    dataset's CSV is the one before or the one of the new release; no run left 'running'); the server killed with
//    SIGKILL under load, restarted (recovery seconds measured) and the same checks.
// 3. Real HTTP (issue 35, tests/attack/http-phase.ts): the built server with PUBLIC_URL unset and a real SMTP peer,
//    requests over real sockets from many loopback addresses (127.0.0.0/8) as anonymous visitors, signed-in users,
//    organization admins and API keys, one group per defect class of issue 35 (value cap, images, Host header, daily
//    limit, organization quota, removed admin, reset lockout, enumeration, live streams, gzip upload, database lock),
//    each printing "N requests sent, N failures found". ATTACK_HTTP=0 skips it.
// 4. Only with ATTACK_PG_RESTART=1 and ATTACK_PG_RESTART_CMD (e.g. "sudo systemctl restart postgresql"): PostgreSQL
//    restarted under load, recovery measured. Never by default: other test runs share that server.
//
// Each database in turn: PGlite (in memory for the fuzzer, a folder for the faults), and PostgreSQL when DATABASE_URL
// is postgres://… (scratch databases made and dropped on that server). Settings: ATTACK_SEED (default 17),
// ATTACK_REQUESTS (per database, default 20000), ATTACK_DATABASES (pglite,postgres), ATTACK_IMPORT_KILLS (default 2),
// ATTACK_SERVER_KILLS (default 1), ATTACK_FAULTS=0 to skip the faults. Prints figures and a closing line
// "N passed, N failed"; exits 1 on any failure. A failure names the seed and the request, so it reproduces.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import type { ServerBuild } from 'react-router';
import { lockFileOf, openDatabase, type Database, type Db } from '../../db/client';
import { getDatasetMeta } from '../../db/queries/datasets';
import { selectObservations } from '../../db/queries/observations';
import { datasets, importRuns } from '../../db/schema';
import { toCsv } from '../../server/datasets/data-formats';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Mailer } from '../../server/email/transport';
import { seedGeos } from '../../server/import/geos';
import { importFile } from '../../server/import/runner';
import { startAppServer, type AppServer } from '../setup/app-server';
import { httpPhase } from './http-phase';
import { seededRandom } from '../setup/seeded-random';

const root = path.resolve(import.meta.dirname, '../..');
const mirror = process.env.DATA_MIRROR ?? path.resolve(root, '../shared/data');
const SEED = Number(process.env.ATTACK_SEED ?? 17);
const REQUESTS = Number(process.env.ATTACK_REQUESTS ?? 20_000);
const IMPORT_KILLS = Number(process.env.ATTACK_IMPORT_KILLS ?? 2);
const SERVER_KILLS = Number(process.env.ATTACK_SERVER_KILLS ?? 1);
const FAULTS = process.env.ATTACK_FAULTS !== '0';
const HTTP = process.env.ATTACK_HTTP !== '0';
const pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const DATABASES = (process.env.ATTACK_DATABASES ?? (pgUrl ? 'pglite,postgres' : 'pglite'))
  .split(',')
  .filter((d) => d === 'pglite' || (d === 'postgres' && pgUrl)) as ('pglite' | 'postgres')[];
const MAX_LOG_LINE = 10 * 1024;
/** A fuzzed request must be answered in full within this (a page under six concurrent workers takes well under 1 s). */
const REQUEST_DEADLINE_MS = 30_000;
/** The share of requests that are pages (server rendering costs ten times an API call). */
const PAGE_SHARE = Number(process.env.ATTACK_PAGE_SHARE ?? 0.1);
const origin = 'http://localhost:3000';
const authSecret = 'attack-suite-secret-0123456789abcdef0123456789';
const baseRelease = 'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv';

/**
 * A "new release" of the base file, written to `folder`: some values revised, some rows withdrawn, so that the data
 * after a complete import differs from the data before (a killed import must leave one or the other).
 */
function writeNewRelease(folder: string): string {
  const lines = readFileSync(path.join(mirror, baseRelease), 'utf8').split('\n');
  const out = lines
    .filter((_, i) => i === 0 || i % 10 !== 5)
    .map((line, i) =>
      i > 0 && i % 4 === 1 ? line.replace(/\t(\d+)\.(\d)/, (_m, a, b) => `\t${Number(a) + 1}.${b}`) : line,
    );
  const file = path.join(folder, path.basename(baseRelease));
  writeFileSync(file, out.join('\n'));
  return file;
}

let passed = 0;
let failed = 0;
const figures: string[] = [];
function check(ok: boolean, what: string): void {
  if (ok) passed++;
  else {
    failed++;
    console.error(`FAIL ${what}`);
  }
}
function figure(line: string): void {
  figures.push(line);
  real.log(line);
}

// ---- console capture: every line the app logs, measured ----------------------------------------------------------
const real = { log: console.log.bind(console), error: console.error.bind(console) };
let longestLog = 0;
let longLines = 0;
let logLines = 0;
function captureConsole(): () => void {
  const saved = {
    log: console.log,
    info: console.info,
    warn: console.warn,
    error: console.error,
    debug: console.debug,
  };
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    console[method] = (...args: unknown[]) => {
      const line = args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? a.stack : safeJson(a))).join(' ');
      logLines++;
      longestLog = Math.max(longestLog, line.length);
      if (line.length > MAX_LOG_LINE) {
        longLines++;
        if (longLines <= 3) real.error(`log line of ${line.length} characters: ${line.slice(0, 300)}…`);
      }
    };
  }
  return () => Object.assign(console, saved);
}
function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const hostile = [
  '',
  ' ',
  "'",
  '"',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%',
  '%%',
  '%zz',
  '%00',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '💥',
  'ü',
  '-1',
  '0',
  '1',
  '-2147483649',
  '2147483647',
  '2147483648',
  '9223372036854775808',
  '9'.repeat(400),
  '1e309',
  '-1e309',
  '1.5',
  'NaN',
  'Infinity',
  '0x10',
  '*',
  ',',
  ',,,,',
  'DE,FR,IT',
  'DE',
  'EA20',
  'de',
  'CP00',
  'dim2:CP00',
  'dim1:*',
  'prc_hicp_manr',
  'tec00115',
  '1/2020',
  '13/2020',
  'Q5/2020',
  '2020',
  '0/0',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "' OR 1=1--",
  '1; DROP TABLE users',
  '${7*7}',
  '{{7*7}}',
  '\r\nX-Injected: 1',
  'javascript:alert(1)',
  '//evil.example',
  '/\\evil.example',
  '/.//evil.example',
  'https://evil.example/',
  'x'.repeat(3000),
  'a@example.com',
  `${'a'.repeat(2800)}@example.com`,
  'line\nbreak',
  '\t=cmd|calc',
];

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: string }[];
  body: boolean;
  bodyProps: string[];
}

/** The API's operations from its OpenAPI document, and the pages from the build's route table. */
async function targets(app: ReturnType<typeof createApp>, build: ServerBuild | undefined) {
  const doc = (await (await app.request(`${origin}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, any>>;
  };
  const ops: Operation[] = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = ((op.parameters ?? []) as { name: string; in: string }[]).map((x) => ({ name: x.name, in: x.in }));
      const schema = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path: p,
        params,
        body: Boolean(op.requestBody) || method !== 'get',
        bodyProps: Object.keys(schema?.properties ?? {}),
      });
    }
  }
  // Auth routes Better Auth serves outside the document, by their real names.
  for (const p of [
    'sign-in/email',
    'sign-up/email',
    'request-password-reset',
    'reset-password',
    'verify-email',
    'two-factor/verify-totp',
    'get-session',
    'sign-out',
  ]) {
    ops.push({
      method: p === 'get-session' || p === 'verify-email' ? 'GET' : 'POST',
      path: `/api/auth/${p}`,
      params: [
        { name: 'token', in: 'query' },
        { name: 'callbackURL', in: 'query' },
      ],
      body: true,
      bodyProps: ['email', 'password', 'name', 'token', 'code', 'newPassword', 'callbackURL', 'redirectTo'],
    });
  }
  const pages: string[] = ['/'];
  if (build) {
    const routes = build.routes as Record<string, { path?: string; parentId?: string; index?: boolean }>;
    const full = (id: string): string => {
      const r = routes[id]!;
      const parent = r.parentId ? full(r.parentId) : '';
      return r.path ? `${parent.replace(/\/$/, '')}/${r.path}` : parent;
    };
    for (const id of Object.keys(routes)) pages.push(full(id) || '/');
  }
  return { ops, pages: [...new Set(pages)] };
}

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)]!;
}

function hostileValue(rnd: () => number): string {
  const r = rnd();
  if (r < 0.7) return pick(rnd, hostile);
  if (r < 0.8) return String(Math.floor((rnd() - 0.5) * 10 ** Math.floor(rnd() * 25)));
  if (r < 0.9) return pick(rnd, hostile) + pick(rnd, hostile);
  return 'x'.repeat(Math.floor(rnd() * 20_000));
}

/** Percent-encodes, or now and then leaves raw what a URL can carry raw. */
function enc(rnd: () => number, value: string): string {
  try {
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must not go raw
    if (rnd() < 0.15 && !/[\s#?&\u0000-\u001f]/.test(value)) return value.replace(/[^\x21-\x7e]/g, encodeURIComponent);
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as bytes
  }
}

interface Generated {
  method: string;
  url: string;
  init: RequestInit & { duplex?: string };
  describe: string;
}

function generate(rnd: () => number, ops: Operation[], pages: string[], i: number): Generated {
  const headers = new Headers({ 'x-forwarded-for': `198.51.100.${i % 40}` });
  let method: string;
  let pathname: string;
  const query: string[] = [];
  let names: string[] = [];
  if (rnd() < PAGE_SHARE) {
    // A page from the route table, parameters filled with hostile segments.
    method = rnd() < 0.85 ? 'GET' : pick(rnd, ['POST', 'HEAD', 'PUT', 'DELETE']);
    pathname = pick(rnd, pages).replace(/:(\w+)\??|\*/g, () => enc(rnd, hostileValue(rnd)).slice(0, 2000));
    names = ['q', 'next', 'embed', 'chart_type', 'country[]', 'page', 'token', 'callbackURL', 'error'];
  } else {
    const op = pick(rnd, ops);
    method = rnd() < 0.9 ? op.method : pick(rnd, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']);
    pathname = op.path.replace(/\{(\w+)\}/g, () =>
      rnd() < 0.3 ? pick(rnd, ['prc_hicp_manr', '1', 'tec00115', '2']) : enc(rnd, hostileValue(rnd)).slice(0, 3000),
    );
    names = op.params.filter((p) => p.in === 'query').map((p) => p.name);
    if (op.body) names.push(...op.bodyProps);
  }
  const count = Math.floor(rnd() * 5);
  for (let k = 0; k < count; k++) {
    const name = rnd() < 0.85 && names.length > 0 ? pick(rnd, names) : enc(rnd, hostileValue(rnd)).slice(0, 100);
    const repeat = rnd() < 0.2 ? 1 + Math.floor(rnd() * 4) : 1;
    for (let r = 0; r < repeat; r++) {
      const shaped = rnd() < 0.1 ? `${name}[]` : rnd() < 0.05 ? `${name}[0]` : name;
      query.push(`${enc(rnd, shaped)}=${enc(rnd, hostileValue(rnd))}`);
    }
  }
  let body: BodyInit | undefined;
  let bodyKind = 'none';
  if (!['GET', 'HEAD'].includes(method) && rnd() < 0.9) {
    headers.set('origin', rnd() < 0.92 ? origin : pick(rnd, ['https://evil.example', 'null', '']));
    const kind = rnd();
    const fields: Record<string, unknown> = {};
    for (const n of names.slice(0, 8)) if (rnd() < 0.6) fields[n] = jsonValue(rnd);
    if (kind < 0.45) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(fields);
      bodyKind = 'json';
    } else if (kind < 0.55) {
      headers.set('content-type', 'application/json');
      body = pick(rnd, ['{', '[', '"', 'nul', '{"a":', '\u0000', '{"email":"a\\u0000b"}', '[[[[[[[[[[[[[[[[[[[[[[[[']);
      bodyKind = 'malformed json';
    } else if (kind < 0.65) {
      headers.set(
        'content-type',
        pick(rnd, ['text/plain', 'application/xml', 'image/png', 'application/octet-stream']),
      );
      body = hostileValue(rnd);
      bodyKind = 'wrong type';
    } else if (kind < 0.75) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = Object.entries(fields)
        .map(([k, v]) => `${enc(rnd, k)}=${enc(rnd, String(v))}`)
        .join('&');
      bodyKind = 'form';
    } else if (kind < 0.82) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
      body = form;
      bodyKind = 'multipart';
    } else if (kind < 0.9) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify({ ...fields, pad: 'x'.repeat(Math.floor(rnd() * 400_000)) });
      bodyKind = 'large json';
    } else if (kind < 0.95) {
      headers.set('content-type', 'application/json');
      // 5,000 levels of nesting (written out: JSON.stringify itself would overflow the stack).
      body = `{"email":"a@example.com","deep":${'['.repeat(5000)}1${']'.repeat(5000)}}`;
      bodyKind = 'deep json';
    } else {
      headers.set('content-type', 'multipart/form-data; boundary=nope');
      body = '--nope\r\nContent-Disposition: form-data; name="x"\r\n\r\n';
      bodyKind = 'broken multipart';
    }
  }
  if (rnd() < 0.05)
    headers.set(
      'authorization',
      `Bearer ${hostileValue(rnd)
        .replace(/[^\x20-\x7e]/g, '')
        .slice(0, 500)}`,
    );
  if (rnd() < 0.03) headers.set('if-none-match', 'W/"x", *');
  const url = `${origin}${pathname}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  return {
    method,
    url,
    init: { method, headers, body, redirect: 'manual' },
    describe: `#${i} ${method} ${url.slice(0, 300)}${url.length > 300 ? '…' : ''} body: ${bodyKind}`,
  };
}

function jsonValue(rnd: () => number): unknown {
  const r = rnd();
  if (r < 0.6) return hostileValue(rnd);
  if (r < 0.7) return Math.floor((rnd() - 0.5) * 2 ** 60);
  if (r < 0.75) return -1;
  if (r < 0.8) return null;
  if (r < 0.85) return true;
  if (r < 0.92) return [hostileValue(rnd), hostileValue(rnd)];
  return { nested: hostileValue(rnd), __proto__: { polluted: true } };
}

const dropMail: Mailer = { send: async () => {}, description: 'nowhere (attack suite)' };

// ---- databases ---------------------------------------------------------------------------------------------------
type Kind = 'pglite' | 'postgres';

/** A database of a phase: its URL, its PGlite folder, and how to remove it. */
interface Scratch {
  url: string;
  dir?: string;
  drop(): Promise<void>;
}

async function adminQuery(query: string): Promise<void> {
  const admin = postgres(pgUrl!, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(query);
  } finally {
    await admin.end();
  }
}

/** An empty database on the suite's PostgreSQL server (DATABASE_URL), or a copy of `template`. */
async function scratchPostgres(template?: string): Promise<Scratch & { name: string }> {
  const name = `attack_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const u = new URL(pgUrl!);
  u.pathname = `/${name}`;
  return { name, url: u.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

interface Template extends Scratch {
  name: string;
  /** Every dataset's CSV hash in the template, and so in every fresh copy of it. */
  hashes: Map<string, string>;
}

const templates = new Map<Kind, Promise<Template>>();

/**
 * What every phase starts from, made once per kind: migrated, with the places and the base release. Each phase gets a
 * copy (a folder copy on PGlite, CREATE DATABASE … TEMPLATE on PostgreSQL) instead of migrating, seeding and
 * importing again.
 */
function baseTemplate(kind: Kind): Promise<Template> {
  let made = templates.get(kind);
  if (!made) {
    made = (async () => {
      const folder = kind === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'attack-template-')) : undefined;
      const scratch = folder
        ? {
            name: folder,
            url: `file:${path.join(folder, 'db')}`,
            dir: path.join(folder, 'db'),
            drop: async () => rmSync(folder, { recursive: true, force: true }),
          }
        : await scratchPostgres();
      const database = await openDatabase(scratch.url, '');
      let hashes: Map<string, string>;
      try {
        await seedGeos(database.db, mirror);
        await importMirror(database.db, baseRelease);
        hashes = await datasetHashes(database.db);
      } finally {
        await database.close();
      }
      if (scratch.dir) rmSync(lockFileOf(scratch.dir), { force: true });
      return { ...scratch, hashes };
    })();
    templates.set(kind, made);
  }
  return made;
}

/** A fresh copy of the kind's base template for one phase. */
async function baseCopy(kind: Kind): Promise<Scratch> {
  const template = await baseTemplate(kind);
  if (kind === 'postgres') return scratchPostgres(template.name);
  const folder = mkdtempSync(path.join(tmpdir(), 'attack-'));
  const dir = path.join(folder, 'db');
  cpSync(template.dir!, dir, { recursive: true });
  return { url: `file:${dir}`, dir, drop: async () => rmSync(folder, { recursive: true, force: true }) };
}

async function importMirror(db: Db, file: string): Promise<void> {
  await importFile(db, {
    fileName: path.basename(file),
    bytes: readFileSync(path.join(mirror, file)),
    dataMirror: mirror,
  });
}

/** SHA-256 of every dataset's CSV export (every value of every series), by code. */
async function datasetHashes(db: Db): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const row of await db.select().from(datasets).orderBy(datasets.code)) {
    const meta = await getDatasetMeta(db, row);
    const dims = Object.fromEntries(meta.dimensions.map((d) => [d.key, '*' as const]));
    const rows = await selectObservations(db, meta, { dims });
    out.set(row.code, createHash('sha256').update(toCsv(meta, rows)).digest('hex'));
  }
  return out;
}

async function runningRuns(db: Db): Promise<number> {
  return (await db.select().from(importRuns).where(eq(importRuns.status, 'running'))).length;
}

// ---- 1. the fuzzer -----------------------------------------------------------------------------------------------
async function fuzz(kind: Kind, build: ServerBuild | undefined): Promise<void> {
  const scratch = await baseCopy(kind);
  const database: Database = await openDatabase(scratch.url, '');
  const restore = captureConsole();
  const started = performance.now();
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  const slow = new Map<string, number>();
  try {
    await importMirror(database.db, 'eurostat/tec00115/estat_tec00115_filtered_en.csv');
    const config = loadConfig({ PUBLIC_URL: origin, TRUST_PROXY: '1', AUTH_SECRET: authSecret, DATA_MIRROR: mirror });
    const app = createApp({ db: database.db, build, config, mailer: dropMail });
    const { ops, pages } = await targets(app, build);
    const rnd = seededRandom(SEED);
    const requests = Array.from({ length: REQUESTS }, (_, i) => generate(rnd, ops, pages, i));
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const g = requests[next++]!;
        let status: number;
        const t = performance.now();
        // A request that never ends is a defect too (and would hang the suite): each gets a deadline. An event
        // stream (GET /api/live) stays open by design: its first event is read, then the stream is cancelled.
        const deadline = AbortSignal.timeout(REQUEST_DEADLINE_MS);
        try {
          const res = await app.request(g.url, { ...g.init, signal: deadline });
          status = res.status;
          if (res.headers.get('content-type')?.startsWith('text/event-stream') && res.body) {
            const reader = res.body.getReader();
            await reader.read();
            await reader.cancel();
          } else await res.arrayBuffer();
        } catch (error) {
          status = -1;
          failures.push(
            deadline.aborted
              ? `${g.describe}: no complete answer in ${REQUEST_DEADLINE_MS / 1000} s`
              : `${g.describe}: threw ${String(error).slice(0, 300)}`,
          );
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const ms = performance.now() - t;
        const bucket = `${g.method} ${new URL(g.url).pathname.split('/').slice(0, 3).join('/')}`;
        slow.set(bucket, (slow.get(bucket) ?? 0) + ms);
        if (status >= 500 && status !== 503) failures.push(`${g.describe}: ${status}`);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    const seconds = (performance.now() - started) / 1000;
    restore();
    const summary = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    figure(
      `fuzz ${kind}: ${REQUESTS} requests (seed ${SEED}, ${ops.length} API operations, ${pages.length} page routes) ` +
        `in ${seconds.toFixed(1)} s; statuses ${summary}; ${logLines} log lines, longest ${longestLog} characters`,
    );
    for (const f of failures.slice(0, 10)) real.error(`  ${f}`);
    if (process.env.ATTACK_PROFILE === '1') {
      const top = [...slow].sort(([, a], [, b]) => b - a).slice(0, 12);
      for (const [k, ms] of top) real.log(`  ${k}: ${(ms / 1000).toFixed(1)} s`);
    }
    check(failures.length === 0, `fuzz ${kind}: ${failures.length} answers of 5xx or exceptions (seed ${SEED})`);
    check(longLines === 0, `fuzz ${kind}: ${longLines} log lines over ${MAX_LOG_LINE} characters`);
    check(statuses.size > 3, `fuzz ${kind}: the requests reached handlers (statuses ${summary})`);
  } finally {
    restore();
    longLines = 0;
    longestLog = 0;
    logLines = 0;
    await database.close();
    await scratch.drop();
  }
}

// ---- 2. faults ---------------------------------------------------------------------------------------------------
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function childEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: databaseUrl, DATA_MIRROR: mirror, AUTH_SECRET: authSecret, ...extra };
}

/** Resolves when the import CLI says its run started (or it exited, or a minute passed). */
function runStarted(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    let out = '';
    const timer = setTimeout(resolve, 60_000);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/Import run \d+ started/.test(out)) done();
    });
    child.once('exit', done);
  });
}

function killGroup(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) =>
    child.exitCode !== null ? resolve() : child.on('exit', () => resolve()),
  );
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
  return exited;
}

/** Waits until no process holds a PGlite folder (a killed one may take a moment to be gone). */
async function folderFree(dir: string): Promise<void> {
  for (let i = 0; i < 200 && existsSync(lockFileOf(dir)); i++) {
    try {
      const { pid } = JSON.parse(readFileSync(lockFileOf(dir), 'utf8')) as { pid: number };
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (/\) Z/.test(stat)) return;
    } catch {
      return;
    }
    await sleep(50);
  }
}

async function withDb<T>(url: string, dir: string | undefined, fn: (db: Db) => Promise<T>): Promise<T> {
  if (dir) await folderFree(dir);
  const database = await openDatabase(url, '');
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

async function importKills(kind: Kind, rnd: () => number): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'attack-import-'));
  const scratch = await baseCopy(kind);
  const { url, dir } = scratch;
  try {
    // The hashes before, and those of the new release (imported fully into a reference copy).
    const { hashes: before } = await baseTemplate(kind);
    const releaseDir = path.join(folder, 'release');
    mkdirSync(releaseDir);
    const newRelease = writeNewRelease(releaseDir);
    const referenceCopy = await baseCopy(kind);
    const reference = await openDatabase(referenceCopy.url, '');
    // How long storing the release takes here: the kills below land at random points within that time.
    const storeStarted = Date.now();
    await importFile(reference.db, { fileName: path.basename(newRelease), bytes: readFileSync(newRelease) });
    const storeMs = Date.now() - storeStarted;
    const after = await datasetHashes(reference.db);
    await reference.close();
    await referenceCopy.drop();
    check(
      [...after].some(([c, h]) => before.get(c) !== h),
      `import kill ${kind}: the new release changes the data`,
    );
    let survived = 0;
    for (let k = 0; k < IMPORT_KILLS; k++) {
      const child = spawn('npm', ['run', 'import', '--', newRelease], {
        cwd: root,
        env: childEnv(url),
        detached: true,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      // A random point of the store: after the run is recorded ('Import run N started'), within the time the same
      // store took in the reference database. A fixed delay from spawn would mostly land after the end now that
      // start-up and store take a few seconds.
      await runStarted(child);
      const delay = Math.floor(rnd() * storeMs);
      await sleep(delay);
      const finished = child.exitCode !== null;
      await killGroup(child);
      const { hashes, running } = await withDb(url, dir, async (db) => ({
        hashes: await datasetHashes(db),
        running: await runningRuns(db),
      }));
      const ok = [...hashes].every(([code, h]) => h === before.get(code) || h === after.get(code));
      check(
        ok && hashes.size === before.size,
        `import kill ${kind} #${k + 1} at ${delay} ms: every CSV as before or as the new release`,
      );
      // On PostgreSQL a killed run stays 'running' until the bound (an hour); under the PGlite lock it is interrupted.
      if (kind === 'pglite') check(running === 0, `import kill ${kind} #${k + 1}: no run left 'running' (${running})`);
      if (ok) survived++;
      figure(
        `import kill ${kind} #${k + 1}: SIGKILL ${delay} ms into the store (${storeMs} ms in the reference)${finished ? ' (had finished)' : ''}; ` +
          `datasets ${[...hashes].map(([c, h]) => `${c}=${h === before.get(c) ? 'before' : h === after.get(c) ? 'new release' : 'CORRUPT'}`).join(', ')}`,
      );
    }
    figure(`import kills ${kind}: ${survived} of ${IMPORT_KILLS} survived with intact data`);
  } finally {
    await scratch.drop();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function startServer(url: string): Promise<AppServer> {
  return startAppServer({
    env: childEnv(url, { PORT: '0', HOST: '127.0.0.1', SEED_ON_START: '0', NODE_ENV: 'production', TRUST_PROXY: '1' }),
    detached: true,
    timeoutMs: 120_000,
  });
}

/** Light and heavier requests from 20 clients until stopped; counts statuses and connection errors. */
function load(getBase: () => string) {
  let stop = false;
  const statuses = new Map<string, number>();
  /** Answers of 5xx by status and path ("503 /api/datasets"). */
  const failedPaths = new Map<string, number>();
  const paths = [
    '/api/datasets',
    '/api/datasets/prc_hicp_manr/meta',
    '/api/datasets/prc_hicp_manr?dim2=CP00&country=DE,FR',
    '/api/datasets/prc_hicp_manr/data?format=csv&dim2=*',
    '/datasets/prc_hicp_manr',
    '/robots.txt',
  ];
  let i = 0;
  const client = async () => {
    while (!stop) {
      const p = paths[i++ % paths.length]!;
      let key: string;
      try {
        const res = await fetch(getBase() + p, {
          headers: { 'x-forwarded-for': `203.0.113.${i % 200}` },
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        key = String(res.status);
        if (res.status >= 500) failedPaths.set(`${res.status} ${p}`, (failedPaths.get(`${res.status} ${p}`) ?? 0) + 1);
      } catch {
        key = 'connection error';
        await sleep(100);
      }
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
  };
  const clients = Array.from({ length: 20 }, client);
  return {
    statuses,
    failedPaths,
    stop: async () => {
      stop = true;
      await Promise.all(clients);
    },
  };
}

async function firstOk(base: string): Promise<void> {
  for (;;) {
    try {
      const res = await fetch(`${base}/api/datasets`, { signal: AbortSignal.timeout(5000) });
      if (res.status === 200) return;
    } catch {
      // Not yet.
    }
    await sleep(100);
  }
}

async function serverKills(kind: Kind, rnd: () => number): Promise<void> {
  const scratch = await baseCopy(kind);
  const { url, dir } = scratch;
  let server: AppServer | undefined;
  try {
    const { hashes: before } = await baseTemplate(kind);
    server = await startServer(url);
    let base = server.base;
    const traffic = load(() => base);
    for (let k = 0; k < SERVER_KILLS; k++) {
      await sleep(2000 + Math.floor(rnd() * 3000));
      const killedAt = performance.now();
      await killGroup(server.child);
      if (dir) await folderFree(dir);
      server = await startServer(url);
      base = server.base;
      await firstOk(base);
      const recovery = (performance.now() - killedAt) / 1000;
      figure(
        `server kill ${kind} #${k + 1}: SIGKILL under load (20 clients), serving again after ${recovery.toFixed(1)} s`,
      );
      await sleep(2000);
    }
    await traffic.stop();
    const counts = [...traffic.statuses].map(([s, n]) => `${s}: ${n}`).join(', ');
    figure(`server kills ${kind}: load answers ${counts}`);
    check(!traffic.statuses.has('500'), `server kills ${kind}: no 500 under load (${counts})`);
    server.child.kill('SIGTERM');
    await new Promise((r) => server!.child.on('exit', r));
    server = undefined;
    const hashes = await withDb(url, dir, (db) => datasetHashes(db));
    const same = [...before].every(([code, h]) => hashes.get(code) === h);
    check(same, `server kills ${kind}: every dataset's CSV unchanged after ${SERVER_KILLS} kills`);
    figure(`server kills ${kind}: ${same ? SERVER_KILLS : 0} of ${SERVER_KILLS} survived with every CSV unchanged`);
  } finally {
    if (server) await killGroup(server.child);
    await scratch.drop();
  }
}

// ---- 4. real HTTP from several loopback addresses (issue 35) -----------------------------------------------------
/** The base template plus a whole dataset over the value cap (une_rt_m, 491,241 values), served over real sockets. */
async function realHttp(kind: Kind): Promise<void> {
  const scratch = await baseCopy(kind);
  try {
    await withDb(scratch.url, scratch.dir, (db) => importMirror(db, 'eurostat/une_rt_m/une_rt_m.tsv'));
    await httpPhase(
      { check, figure },
      { url: scratch.url, dir: scratch.dir, mirror, large: 'une_rt_m', small: 'prc_hicp_manr' },
    );
  } finally {
    await scratch.drop();
  }
}

async function postgresRestart(): Promise<void> {
  const command = process.env.ATTACK_PG_RESTART_CMD;
  if (!command) {
    check(false, 'ATTACK_PG_RESTART=1 needs ATTACK_PG_RESTART_CMD (the command that restarts PostgreSQL)');
    return;
  }
  const scratch = await baseCopy('postgres');
  let server: AppServer | undefined;
  try {
    server = await startServer(scratch.url);
    const base = server.base;
    const traffic = load(() => base);
    await sleep(3000);
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) =>
      spawn('sh', ['-c', command], { stdio: 'inherit' }).on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`)),
      ),
    );
    await firstOk(base);
    const recovery = (performance.now() - t0) / 1000;
    await sleep(2000);
    await traffic.stop();
    const counts = [...traffic.statuses].map(([s, n]) => `${s}: ${n}`).join(', ');
    const failedAt = [...traffic.failedPaths].map(([k, n]) => `${k}: ${n}`).join(', ');
    figure(
      `postgres restart under load: serving again ${recovery.toFixed(1)} s after the restart began; answers ${counts}` +
        (failedAt ? ` (${failedAt})` : ''),
    );
    // It recovered by itself (firstOk above returned) and answered 503 "unavailable", never 500, while the database
    // was away.
    check(!traffic.statuses.has('500'), `postgres restart: no 500 while the database restarted (${failedAt})`);
  } finally {
    if (server) await killGroup(server.child);
    await scratch.drop();
  }
}

// ---- main --------------------------------------------------------------------------------------------------------
async function main(): Promise<void> {
  const t0 = performance.now();
  const buildFile = path.join(root, 'build/server/index.js');
  const build = existsSync(buildFile) ? ((await import(pathToFileURL(buildFile).href)) as ServerBuild) : undefined;
  if (!build) real.log('No page build (npm run build): pages are not fuzzed, the server faults are skipped.');
  const rnd = seededRandom(SEED + 1);
  try {
    for (const kind of DATABASES) {
      const k0 = performance.now();
      await fuzz(kind, build);
      if (FAULTS) {
        await importKills(kind, rnd);
        if (build) await serverKills(kind, rnd);
      }
      if (HTTP && build) await realHttp(kind);
      figure(`${kind}: ${((performance.now() - k0) / 1000).toFixed(0)} s`);
    }
    if (process.env.ATTACK_PG_RESTART === '1' && pgUrl) await postgresRestart();
  } finally {
    for (const template of templates.values()) await (await template).drop();
  }
  figure(`total ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  real.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  real.error(error);
  real.log(`${passed} passed, ${failed + 1} failed`);
  process.exit(1);
});
