// The attack suite's real-HTTP phase (issue 35): the built server started as `npm start` runs it (PUBLIC_URL unset, as
// on the default start), a real local SMTP peer, and requests over real sockets from several loopback addresses
// (127.0.0.0/8: each client binds its own source address, so the server tells them apart as it would on the internet)
// as anonymous visitors, signed-in users, organization admins and API keys. One group of checks per defect class of
// issue 35; each group counts the requests it sent and the failures it found, printed as one figure line.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startAppServer, type AppServer } from '../setup/app-server';
import { startSmtp, type SmtpPeer } from '../setup/smtp';
import { CookieJar } from '../setup/cookie-jar';

export interface PhaseReport {
  check(ok: boolean, what: string): void;
  figure(line: string): void;
}

/** The Free daily limit the phase's server runs with: small, so that spending it takes a few requests. */
const FREE_LIMIT = 6;
/** The live-stream total of the phase's server (issue 35 item 12 used 40). */
const LIVE_MAX = 40;
const ADMIN = 'attack-admin@example.org';
const PASSWORD = 'Inflation2025!';
/** The largest answer body kept in memory per request (the rest is counted, not kept). */
const KEEP_BYTES = 4 * 1024 * 1024;
/** The issue's bound on another visitor's p99 while one visitor sends heavy requests. */
const PROBE_P99_MS = 200;

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body's first KEEP_BYTES. */
  body: Buffer;
  bytes: number;
  ms: number;
  text(): string;
  json(): any;
}

interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Abort after this many ms (resolves with status 0). */
  timeoutMs?: number;
}

/** Per defect class: requests sent and failures found. */
class Tally {
  readonly sent = new Map<string, number>();
  readonly failures = new Map<string, string[]>();
  constructor(private readonly report: PhaseReport) {}
  count(cls: string): void {
    this.sent.set(cls, (this.sent.get(cls) ?? 0) + 1);
  }
  check(cls: string, ok: boolean, what: string): void {
    this.report.check(ok, `http ${cls}: ${what}`);
    if (!this.failures.has(cls)) this.failures.set(cls, []);
    if (!ok) this.failures.get(cls)!.push(what);
  }
}

/** A client on its own loopback address, with a cookie jar; sends our Origin on writes. */
class Client extends CookieJar {
  constructor(
    private readonly phase: Phase,
    readonly ip: string,
  ) {
    super();
  }

  async send(cls: string, pathname: string, opts: SendOptions = {}): Promise<Answer> {
    const method = opts.method ?? 'GET';
    const headers: Record<string, string> = {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) attack-suite',
      ...opts.headers,
    };
    if (method !== 'GET' && method !== 'HEAD') headers.origin ??= this.phase.publicUrl;
    const cookie = this.header();
    if (cookie) headers.cookie = cookie;
    const answer = await request(this.phase.port, this.ip, method, pathname, headers, opts.body, opts.timeoutMs);
    this.phase.tally.count(cls);
    this.keep(([] as string[]).concat(answer.headers['set-cookie'] ?? []));
    return answer;
  }

  post(cls: string, pathname: string, json: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send(cls, pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(json),
    });
  }
}

function request(
  port: number,
  localAddress: string,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: Buffer | string,
  timeoutMs = 60_000,
): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: pathname, headers, localAddress, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (kept < KEEP_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        res.on('end', () => done(res.statusCode ?? 0, res.headers, Buffer.concat(chunks), bytes));
        res.on('error', () => done(0, {}, Buffer.alloc(0), bytes));
      },
    );
    let settled = false;
    const done = (status: number, h: http.IncomingHttpHeaders, buf: Buffer, bytes: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        status,
        headers: h,
        body: buf,
        bytes,
        ms: performance.now() - t0,
        text: () => buf.toString('utf8'),
        json: () => {
          try {
            return JSON.parse(buf.toString('utf8'));
          } catch {
            return undefined;
          }
        },
      });
    };
    const timer = setTimeout(() => {
      req.destroy();
      done(0, {}, Buffer.alloc(0), 0);
    }, timeoutMs);
    req.on('error', () => done(0, {}, Buffer.alloc(0), 0));
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The server process's resident memory in MB (Linux), or NaN. */
function rssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** A light request repeated from its own address until stopped: another visitor's latency while heavy work runs. */
function probe(client: Client, cls: string, pathname = '/robots.txt') {
  let stop = false;
  const ms: number[] = [];
  const statuses = new Map<number, number>();
  const loop = (async () => {
    while (!stop) {
      const a = await client.send(cls, pathname, { timeoutMs: 30_000 });
      ms.push(a.ms);
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      await sleep(20);
    }
  })();
  return {
    ms,
    statuses,
    async stop() {
      stop = true;
      await loop;
      return { p50: percentile(ms, 50), p99: percentile(ms, 99), n: ms.length };
    },
  };
}

export interface PhaseOptions {
  /** The database the server runs on (a fresh copy of the suite's base template with une_rt_m and the places). */
  url: string;
  /** Its PGlite folder (for the symlinked-lock check), when PGlite. */
  dir?: string;
  /** The data mirror (../shared/data). */
  mirror: string;
  /** Datasets the database holds, largest first: [code of a dataset over the value cap, a small one]. */
  large: string;
  small: string;
}

class Phase {
  server!: AppServer;
  smtp!: SmtpPeer;
  port = 0;
  publicUrl = '';
  readonly tally: Tally;
  private nextHost = 2;
  constructor(
    readonly report: PhaseReport,
    readonly opts: PhaseOptions,
  ) {
    this.tally = new Tally(report);
  }

  /** A client on a loopback address no other client of the phase uses, each in a network (/24) of its own. */
  client(): Client {
    const n = this.nextHost++;
    return new Client(this, `127.${Math.floor(n / 256)}.${n % 256}.2`);
  }

  async start(): Promise<void> {
    this.smtp = await startSmtp();
    this.port = await freePort();
    // PUBLIC_URL unset: the default start, whose documented address is http://localhost:$PORT.
    this.publicUrl = `http://localhost:${this.port}`;
    this.server = await startAppServer({
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        DATABASE_URL: this.opts.url,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        SEED_ON_START: '0',
        REFRESH_SCHEDULE: 'off',
        TRUST_PROXY: '0',
        SMTP_URL: this.smtp.url,
        AUTH_SECRET: 'attack-suite-secret-0123456789abcdef0123456789',
        ADMIN_EMAILS: ADMIN,
        API_FREE_DAILY_LIMIT: String(FREE_LIMIT),
        LIVE_MAX_STREAMS: String(LIVE_MAX),
        DATA_MIRROR: this.opts.mirror,
      },
      detached: true,
      timeoutMs: 120_000,
    });
  }

  async stop(): Promise<void> {
    this.server?.child.kill('SIGTERM');
    if (this.server && this.server.child.exitCode === null) await new Promise((r) => this.server.child.once('exit', r));
    await this.smtp?.close();
  }

  /** A confirmed, signed-in account on its own address. */
  async person(cls: string, email: string): Promise<Client> {
    const c = this.client();
    const up = await c.post(cls, '/api/auth/sign-up/email', { email, password: PASSWORD, name: 'User_ABCDEF' });
    if (up.status !== 200) throw new Error(`sign-up of ${email}: ${up.status} ${up.text().slice(0, 300)}`);
    const mail = await this.smtp.waitFor(email, (m) => m.subject.startsWith('Confirm'));
    const token = new URL(/https?:\/\/\S+\/confirm\?\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    const confirmed = await c.post(cls, '/api/auth/confirm-email', { token });
    if (confirmed.status !== 200) throw new Error(`confirmation of ${email}: ${confirmed.status}`);
    return c;
  }

  figureOf(cls: string, extra = ''): void {
    const failures = this.tally.failures.get(cls) ?? [];
    this.report.figure(
      `http ${cls}: ${this.tally.sent.get(cls) ?? 0} requests sent, ${failures.length} failures found${extra ? `; ${extra}` : ''}`,
    );
  }
}

// ---- the defect classes ------------------------------------------------------------------------------------------

const apiLimitOk = (a: Answer) => a.status === 400 && a.json()?.error?.code === 'too_many_values';

/** 1. One value cap on every path that returns data; four anonymous whole-dataset requests leave others served. */
async function valueCap(p: Phase): Promise<void> {
  const cls = 'value cap';
  const { large } = p.opts;
  // Every value of the dataset: each dimension's `*`, as the issue's /api/datasets/{id}/data comparison did.
  const meta = (await p.client().send(cls, `/api/datasets/${large}/meta`)).json() as { dimensions?: { key: string }[] };
  const all = (meta.dimensions ?? []).map((d) => `${d.key}=*`).join('&');
  const heavy = [
    `/api/sdmx/2.1/data/${large}/all?format=csv`,
    `/api/sdmx/2.1/data/${large}/all?startPeriod=2000&format=csv`,
    `/api/datasets/${large}/data?format=csv&${all}`,
    `/api/datasets/${large}/data?format=jsonstat&${all}`,
    `/api/datasets/${large}?${all}`,
  ];
  // The issue's reproduction: one visitor sends four whole-dataset requests at once, another visitor's light
  // requests must stay fast. Then every heavy URL four times from twenty addresses: all refused, memory flat.
  const refusedOk = (url: string, a: Answer) => {
    const refused = apiLimitOk(a) || (a.status === 413 && /values/i.test(a.text()));
    p.tally.check(cls, refused, `${url} over the cap answers 400 too_many_values (got ${a.status}, ${a.bytes} bytes)`);
  };
  const one = p.client();
  let watcher = probe(p.client(), cls);
  // Batches of four, again and again for two seconds, so that the probe has something to measure.
  const t0 = performance.now();
  let batches = 0;
  while (performance.now() - t0 < 2000) {
    const four = await Promise.all([0, 1, 2, 3].map(() => one.send(cls, heavy[batches % heavy.length]!)));
    // The first batches are refused for their size; once this visitor's daily limit is spent, for that (429).
    for (const a of four) if (a.status !== 429 || batches === 0) refusedOk(heavy[batches % heavy.length]!, a);
    batches++;
  }
  const single = await watcher.stop();
  p.tally.check(
    cls,
    single.p99 < PROBE_P99_MS,
    `another visitor's p99 ${single.p99.toFixed(0)} ms under ${PROBE_P99_MS} ms while one visitor sends four at once`,
  );
  watcher = probe(p.client(), cls);
  const rss0 = rssMb(p.server.child.pid);
  let rssMax = rss0;
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMb(p.server.child.pid))), 100);
  const answers = await Promise.all(
    [0, 1, 2, 3].flatMap(() => heavy.map(async (url) => ({ url, a: await p.client().send(cls, url) }))),
  );
  clearInterval(sampler);
  const many = await watcher.stop();
  for (const { url, a } of answers) refusedOk(url, a);
  p.tally.check(cls, rssMax - rss0 < 300, `RSS grew ${(rssMax - rss0).toFixed(0)} MB (under 300)`);
  p.figureOf(
    cls,
    `probe p50/p99 ${single.p50.toFixed(0)}/${single.p99.toFixed(0)} ms over ${single.n} while one visitor sent ${batches} batches of four; ` +
      `${many.p50.toFixed(0)}/${many.p99.toFixed(0)} ms over ${many.n} while twenty sent ${answers.length}; ` +
      `RSS ${rss0.toFixed(0)} → ${rssMax.toFixed(0)} MB`,
  );
}

/** 2. Map images drawn off the main thread; a full queue answers 503 busy with Retry-After. */
async function images(p: Phase): Promise<void> {
  const cls = 'images';
  const { small } = p.opts;
  const watcher = probe(p.client(), cls);
  const url = (i: number) =>
    `/api/charts/download-png?datasetId=${small}&chart_type=map&width=2400&height=1350&title=t${i}`;
  // One address sending them one at a time, and then twenty at once from twenty addresses.
  const serial = p.client();
  for (let i = 0; i < 4; i++) {
    const a = await serial.send(cls, url(i));
    p.tally.check(cls, a.status === 200 || a.status === 503, `one at a time: ${a.status}`);
  }
  const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => p.client().send(cls, url(100 + i))));
  const probed = await watcher.stop();
  const busy = burst.filter((a) => a.status === 503);
  for (const a of burst) {
    const ok =
      a.status === 200 ||
      (a.status === 503 && a.json()?.error?.code === 'busy' && Number(a.headers['retry-after']) > 0);
    p.tally.check(cls, ok, `burst answer is 200 or 503 busy with Retry-After (${a.status} ${a.text().slice(0, 100)})`);
  }
  p.tally.check(
    cls,
    busy.length > 0,
    `a burst of 20 beyond the pool and its queue gets some 503 busy (${busy.length})`,
  );
  p.tally.check(
    cls,
    probed.p99 < PROBE_P99_MS,
    `another visitor's p99 ${probed.p99.toFixed(0)} ms under ${PROBE_P99_MS} ms`,
  );
  p.figureOf(
    cls,
    `${burst.length - busy.length} drawn and ${busy.length} busy of 20 at once; probe p50/p99 ${probed.p50.toFixed(0)}/${probed.p99.toFixed(0)} ms over ${probed.n}`,
  );
}

/** 3. No absolute URL from the request's Host, so the shared cache cannot be poisoned. */
async function hostHeader(p: Phase): Promise<void> {
  const cls = 'host header';
  const { small } = p.opts;
  const pages = [
    `/datasets/${small}`,
    '/',
    '/datasets',
    '/blog',
    '/blog/feed.xml',
    '/api/public-datasets',
    '/robots.txt',
    '/sitemap.xml',
    '/llms.txt',
    '/.well-known/ai-discovery.json',
    '/api/openapi.json',
    `/embed/${small}`,
    '/statistics/germany',
  ];
  const evil = p.client();
  for (const page of pages) {
    const foreign: Record<string, string>[] = [
      { host: 'evil.example' },
      { host: `localhost:${p.port}`, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      { host: 'evil.example', forwarded: 'host=evil.example' },
    ];
    for (const headers of foreign) {
      const a = await evil.send(cls, page, { headers });
      p.tally.check(
        cls,
        !a.text().includes('evil.example'),
        `${page} with ${JSON.stringify(headers)} names no evil.example`,
      );
      p.tally.check(cls, a.status < 500, `${page} with a foreign Host answers ${a.status}`);
    }
  }
  const visitor = p.client();
  for (const page of pages) {
    const a = await visitor.send(cls, page);
    p.tally.check(cls, !a.text().includes('evil.example'), `${page} for the next visitor names no evil.example`);
  }
  const page = await visitor.send(cls, `/datasets/${small}`);
  p.tally.check(
    cls,
    page.text().includes(`<link rel="canonical" href="${p.publicUrl}/`),
    `the canonical address is the documented default ${p.publicUrl}`,
  );
  p.figureOf(cls);
}

/** 4–6. The daily limit on every data path, per person across organizations, and a removed admin's key. */
async function quotas(p: Phase): Promise<void> {
  const cls = 'daily limit';
  const { small } = p.opts;
  const anonymous = p.client();
  for (let i = 0; i < FREE_LIMIT + 1; i++) await anonymous.send(cls, `/api/datasets/${small}/data?format=json`);
  const spent = await anonymous.send(cls, `/api/datasets/${small}/data?format=json`);
  p.tally.check(cls, spent.status === 429, `the anonymous limit is spent (${spent.status})`);
  const counted = [
    `/api/datasets/${small}`,
    `/api/datasets/${small}/data?format=csv`,
    `/api/datasets/${small}/data?format=jsonstat`,
    `/api/sdmx/2.1/data/${small}/all?format=csv`,
    `/api/workbench?i=${small}&geo=DE,FR&format=csv`,
    `/api/workbench?i=${small}&geo=DE,FR`,
    `/api/charts/download?datasetId=${small}&format=csv&chart_type=table`,
    `/api/charts/download?datasetId=${small}&format=json&chart_type=table`,
    `/datasets/${small}.data`,
  ];
  for (const url of counted) {
    const a = await anonymous.send(cls, url);
    p.tally.check(cls, a.status === 429, `after the 429, ${url} answers 429 (got ${a.status})`);
  }
  p.figureOf(cls);

  const org = 'organization quota';
  const person = await p.person(org, 'attack-shells@example.org');
  const keys: string[] = [];
  const personal = await person.post(org, '/api/account/api-keys', { name: 'mine' });
  if (personal.status === 201) keys.push(personal.json().key);
  for (let i = 0; i < 10; i++) {
    const made = await person.post(org, '/api/organizations', { name: `Shell ${i}` });
    if (made.status !== 201) break;
    const key = await person.post(org, '/api/account/api-keys', {
      name: `shell ${i}`,
      organization_id: made.json().id,
    });
    if (key.status === 201) keys.push(key.json().key);
  }
  let ok = 0;
  const asker = p.client();
  for (let i = 0; i < 5 * FREE_LIMIT; i++) {
    const a = await asker.send(org, `/api/datasets/${small}?dim2=CP00&country=DE`, {
      headers: { authorization: `Bearer ${keys[i % keys.length]}` },
    });
    if (a.status === 200) ok++;
  }
  p.tally.check(
    org,
    ok <= FREE_LIMIT,
    `${keys.length} keys of one person (${keys.length - 1} Free organizations) answer at most the person's ${FREE_LIMIT} (answered ${ok})`,
  );
  p.figureOf(org, `${ok} of ${5 * FREE_LIMIT} answered with ${keys.length} keys`);

  const removed = 'removed admin';
  const owner = await p.person(removed, 'attack-owner@example.org');
  const admin = await p.person(removed, 'attack-removed@example.org');
  const made = await owner.post(removed, '/api/organizations', { name: 'Newsroom' });
  const orgId: string = made.json()?.id;
  await owner.post(removed, '/api/organizations/invite', {
    organization_id: orgId,
    email: 'attack-removed@example.org',
    role: 'admin',
  });
  const invite = await p.smtp.waitFor('attack-removed@example.org', (m) => m.subject.includes('invited you'));
  const token = new URL(/https?:\/\/\S+\/accept-invite\?token=\S+/.exec(invite.text)![0]).searchParams.get('token')!;
  await admin.post(removed, '/api/organizations/complete-invitation', { token });
  const key = await admin.post(removed, '/api/account/api-keys', { name: 'org key', organization_id: orgId });
  const secret: string = key.json()?.key;
  const keyId: string = key.json()?.id;
  const before = await p.client().send(removed, `/api/datasets/${small}?dim2=CP00&country=FR`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  p.tally.check(removed, before.status === 200, `the admin's organization key works while a member (${before.status})`);
  const members = (await owner.send(removed, `/api/organizations/members?organization_id=${orgId}`)).json();
  const adminId = members?.members?.find((m: { email: string }) => m.email === 'attack-removed@example.org')?.user_id;
  const gone = await owner.send(
    removed,
    `/api/organizations/members?organization_id=${encodeURIComponent(orgId)}&user_id=${encodeURIComponent(adminId)}`,
    { method: 'DELETE' },
  );
  p.tally.check(removed, gone.status === 200 || gone.status === 204, `the owner removes the admin (${gone.status})`);
  const after = await p.client().send(removed, `/api/datasets/${small}?dim2=CP00&country=IT`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  p.tally.check(
    removed,
    after.status === 401 || after.status === 403,
    `the removed admin's key is refused (${after.status})`,
  );
  const listed = (await admin.send(removed, '/api/account/api-keys')).json();
  p.tally.check(
    removed,
    !(listed?.keys ?? []).some((k: { id: string }) => k.id === keyId),
    'the removed admin no longer lists the organization key',
  );
  const rotate = await admin.post(removed, `/api/account/api-keys/${keyId}/rotate`, {});
  p.tally.check(
    removed,
    rotate.status === 403 || rotate.status === 404,
    `the removed admin cannot rotate it (${rotate.status})`,
  );
  p.figureOf(removed);
}

/** 7–8. No lockout of another person's reset and verification mail; no account enumeration. */
async function accounts(p: Phase): Promise<void> {
  const cls = 'reset lockout';
  const victim = 'attack-victim@example.org';
  const victimClient = await p.person(cls, victim);
  const mailsBefore = p.smtp.mails.filter((m) => m.to.includes(victim)).length;
  const attackers = [p.client(), p.client(), p.client()];
  for (const attacker of attackers)
    for (let i = 0; i < 4; i++)
      await attacker.post(cls, '/api/auth/request-password-reset', { email: victim, redirectTo: '/reset-password' });
  for (const attacker of attackers)
    for (let i = 0; i < 4; i++) await attacker.post(cls, '/api/auth/send-verification-email', { email: victim });
  const own = await victimClient.post(cls, '/api/auth/request-password-reset', {
    email: victim,
    redirectTo: '/reset-password',
  });
  p.tally.check(
    cls,
    own.status === 200,
    `the owner's own reset request answers 200 after others' tries (${own.status})`,
  );
  await sleep(1000);
  const unwanted = p.smtp.mails.filter((m) => m.to.includes(victim)).length - mailsBefore;
  p.tally.check(cls, unwanted <= 3, `24 strangers' requests put at most 3 mails in the owner's inbox (${unwanted})`);
  p.figureOf(cls, `${unwanted} mails reached the owner`);

  // The specification's sign-in window asks whether an address has an account (POST /api/check-user-exists, decision
  // 185): it answers this site's pages only, and a client a handful of times, so a list of addresses cannot be tried.
  const enumeration = 'enumeration';
  const stranger = p.client();
  for (const email of [victim, 'nobody-here@example.org']) {
    const foreign = await stranger.send(enumeration, '/api/check-user-exists', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email }),
    });
    p.tally.check(enumeration, foreign.status === 403, `a foreign Origin is refused (${foreign.status})`);
    const bare = await request(
      p.port,
      stranger.ip,
      'POST',
      '/api/check-user-exists',
      { 'content-type': 'application/json' },
      JSON.stringify({ email }),
    );
    p.tally.count(enumeration);
    p.tally.check(enumeration, bare.status === 403, `no Origin is refused (${bare.status})`);
  }
  let answered = 0;
  for (let i = 0; i < 50; i++) {
    const a = await stranger.post(enumeration, '/api/check-user-exists', { email: `guess-${i}@example.org` });
    if (a.status === 200) answered++;
  }
  p.tally.check(
    enumeration,
    answered <= 10,
    `one client learns about at most 10 of 50 guessed addresses (${answered})`,
  );
  p.figureOf(enumeration);
}

/** 10. A gzip bomb uploaded by an admin is refused early, with bounded memory and disk. */
async function uploads(p: Phase): Promise<void> {
  const cls = 'gzip upload';
  const admin = await p.person(cls, ADMIN);
  const header = 'freq,unit,geo\\TIME_PERIOD\t2020 \t2021 \n';
  // A multi-member gzip: the header, then 24 members of 64 MB of rows each (about 1.5 GB of TSV in a few MB).
  const rows = gzipSync(Buffer.from('A,PC,DE\t1.0 \t2.0 \n'.repeat((64 * 1024 * 1024) / 20)), { level: 9 });
  const big = Buffer.concat([gzipSync(Buffer.from(header)), ...Array.from({ length: 24 }, () => rows)]);
  const boundary = `----attack${createHash('sha1').update(String(Date.now())).digest('hex').slice(0, 12)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bomb.tsv.gz"\r\nContent-Type: application/gzip\r\n\r\n`,
    ),
    big,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const rss0 = rssMb(p.server.child.pid);
  let rssMax = rss0;
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMb(p.server.child.pid))), 100);
  const a = await admin.send(cls, '/app/admin/imports', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  // The upload starts a job; wait for it to fail.
  const deadline = Date.now() + 60_000;
  let failedJob = false;
  while (Date.now() < deadline) {
    const page = await admin.send(cls, '/app/admin/imports');
    if (/decompress|larger than|too large/i.test(page.text())) {
      failedJob = true;
      break;
    }
    await sleep(500);
  }
  clearInterval(sampler);
  p.tally.check(cls, a.status < 500, `the upload of ${(big.length / 1e6).toFixed(1)} MB of gzip answers ${a.status}`);
  p.tally.check(cls, failedJob, 'the import of the bomb fails, saying the decompressed file is too large');
  p.tally.check(cls, rssMax - rss0 < 300, `RSS grew ${(rssMax - rss0).toFixed(0)} MB (under 300)`);
  p.figureOf(cls, `RSS ${rss0.toFixed(0)} → ${rssMax.toFixed(0)} MB`);
}

/** 11. A second process on a symlink to the same PGlite folder is refused. */
async function symlinkLock(p: Phase): Promise<void> {
  const cls = 'database lock';
  if (!p.opts.dir) return;
  const link = path.join(tmpdir(), `attack-link-${p.port}`);
  rmSync(link, { force: true });
  symlinkSync(p.opts.dir, link);
  let second: AppServer | undefined;
  let refused = false;
  try {
    second = await startAppServer({
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        DATABASE_URL: `file:${link}`,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_ON_START: '0',
        REFRESH_SCHEDULE: 'off',
        AUTH_SECRET: 'attack-suite-secret-0123456789abcdef0123456789',
      },
      timeoutMs: 30_000,
    });
  } catch (error) {
    // Refused for the lock, not for anything else.
    refused = /is in use by process/.test(String(error));
    if (!refused) p.report.figure(`http ${cls}: the second process failed otherwise: ${String(error).slice(-600)}`);
  } finally {
    second?.child.kill('SIGKILL');
    rmSync(link, { force: true });
  }
  p.tally.count(cls);
  p.tally.check(cls, refused, 'a second process on a symlink to the folder in use does not start');
  p.figureOf(cls);
}

/** 12. A few addresses cannot take every live stream. */
async function liveStreams(p: Phase): Promise<void> {
  const cls = 'live streams';
  const open: http.ClientRequest[] = [];
  const openStream = (ip: string) =>
    new Promise<number>((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: p.port,
          path: '/api/live',
          localAddress: ip,
          agent: false,
          headers: { accept: 'text/event-stream' },
        },
        (res) => {
          resolve(res.statusCode ?? 0);
          res.on('data', () => {});
          res.on('error', () => {});
          if (res.statusCode !== 200) res.resume();
        },
      );
      req.on('error', () => resolve(0));
      req.end();
      open.push(req);
    });
  try {
    const greedy = [p.client(), p.client()];
    const greedyStatuses: number[] = [];
    for (const g of greedy)
      for (let i = 0; i < LIVE_MAX / 2; i++) {
        p.tally.count(cls);
        greedyStatuses.push(await openStream(g.ip));
      }
    let others = 0;
    const visitors = Array.from({ length: 10 }, () => p.client());
    for (const v of visitors) {
      p.tally.count(cls);
      if ((await openStream(v.ip)) === 200) others++;
    }
    p.tally.check(
      cls,
      others === visitors.length,
      `after two addresses opened ${LIVE_MAX} streams, ${others} of ${visitors.length} other visitors get one`,
    );
    p.figureOf(
      cls,
      `the two greedy addresses got ${greedyStatuses.filter((s) => s === 200).length} of ${greedyStatuses.length}`,
    );
  } finally {
    for (const req of open) req.destroy();
  }
}

/** Runs every defect class against one started server; the caller's report counts checks and prints figures. */
export async function httpPhase(report: PhaseReport, opts: PhaseOptions): Promise<void> {
  const p = new Phase(report, opts);
  await p.start();
  try {
    for (const step of [hostHeader, valueCap, images, quotas, accounts, liveStreams, uploads, symlinkLock]) {
      try {
        await step(p);
      } catch (error) {
        p.tally.check(step.name, false, `threw ${(error as Error).stack?.slice(0, 500)}`);
      }
    }
  } finally {
    await p.stop();
  }
}
