// npm run test:cluster (scripts/cluster-test.sh makes the namespaces and cleans up): issue 42's deployment past one
// machine, built here and checked, each check printed with what it measured. Exits 0 only when every check held.
//
//   pg1   PostgreSQL primary              app1, app2  the server bundle: DATABASE_URL=pg1, DATABASE_READ_URL=pg2,
//   pg2   its streaming hot standby                   REDIS_URL, PROXY_PURGE_URL and PUBLIC_URL = the proxy
//   redis live updates between the hosts  proxy       Varnish with deploy/varnish/default.vcl, balancing app1 and app2
import { appendFileSync, chownSync, chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../../db/client';
import { seedCatalogueList } from '../../server/catalogue/seed';
import { importFile } from '../../server/import/runner';
import { issuePageToken } from '../../server/keys/page-token';
import { openLiveStream, type LiveStream } from '../setup/live-stream';
import { linkIn, startSmtp } from '../setup/smtp';
import {
  asPostgres,
  clusterFromEnvironment,
  Jar,
  postgresIds,
  request,
  runIn,
  sleep,
  startIn,
  until,
  type Host,
  type Reply,
  type Started,
} from './hosts';

const began = Date.now();
const cluster = clusterFromEnvironment();
const { address: at, dir } = cluster;
const root = path.resolve(import.meta.dirname, '../..');
const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const buildDir = process.env.CLUSTER_BUILD ?? path.join(root, 'build');
const mirror = path.resolve(root, '../shared/data');

/** A small dataset of the mirror (1,281 values) and a later release of it that revises every 2024 value to 87.6. */
const CODE = 'tps00203';
const FIRST_RELEASE = path.join(mirror, 'eurostat/tps00203/estat_tps00203.tsv');
const REVISED = '87.6';
const SECRET = 'cluster-test-auth-secret-0123456789abcdef';
/** The Free daily limit on the hosts: the check spends it with one key across both. */
const LIMIT = 20;
const publicUrl = `http://${at.proxy}`;
/** The account the checks sign up: an admin of the hosts (ADMIN_EMAILS), who uploads the release. */
const adminEmail = `cluster-${process.pid}@example.org`;
const admin = new Jar(publicUrl, '198.51.100.42');
const base = { app1: `http://${at.app1}:3000`, app2: `http://${at.app2}:3000`, proxy: publicUrl } as const;
type Entry = keyof typeof base;
const primaryUrl = `postgres://postgres@${at.pg1}:5432/statpub`;
const replicaUrl = `postgres://postgres@${at.pg2}:5432/statpub`;
/** Our pages' token: the data API polls below count against its budget, not the Free limit the check spends. */
const pageToken = () => ({ 'X-Page-Token': issuePageToken(SECRET) });

const log = (line: string) => console.log(`[cluster] ${line}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Check {
  name: string;
  ok: boolean;
  figures: string;
}
const checks: Check[] = [];
function report(name: string, ok: boolean, figures: string): void {
  checks.push({ name, ok, figures });
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}: ${figures}`);
}

async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const value = await work();
  log(`${what} (${seconds(Date.now() - started)})`);
  return value;
}

// ---------------------------------------------------------------------------------------------------------------------
// The hosts

const { uid, gid } = postgresIds();
const pgData = { pg1: path.join(dir, 'pg1'), pg2: path.join(dir, 'pg2') };
/** Each server's socket folder, apart from its data (pg_basebackup would copy a lock file of the primary's). */
const pgSockets = { pg1: path.join(dir, 'sockets-pg1'), pg2: path.join(dir, 'sockets-pg2') };
for (const folder of [cluster.logs, ...Object.values(pgSockets)]) {
  mkdirSync(folder, { recursive: true });
  chownSync(folder, uid, gid);
}

function postgresSettings(host: 'pg1' | 'pg2'): string {
  return [
    '',
    '# npm run test:cluster',
    `listen_addresses = '${at[host]}'`,
    'port = 5432',
    `unix_socket_directories = '${pgSockets[host]}'`,
    // A test's cluster: nothing to keep across a crash, and two cores to share.
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    'shared_buffers = 32MB',
    'max_connections = 60',
    'wal_level = replica',
    'max_wal_senders = 4',
    'hot_standby = on',
    'wal_receiver_status_interval = 1s',
    '',
  ].join('\n');
}

async function startPrimary(): Promise<void> {
  mkdirSync(pgData.pg1, { mode: 0o700 });
  chownSync(pgData.pg1, uid, gid);
  await runIn(
    cluster,
    'pg1',
    asPostgres([
      `${pgBin}/initdb`,
      '-D',
      pgData.pg1,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]),
    { log: 'initdb' },
  );
  appendFileSync(path.join(pgData.pg1, 'postgresql.conf'), postgresSettings('pg1'));
  appendFileSync(
    path.join(pgData.pg1, 'pg_hba.conf'),
    `host all all ${at.bridge}/24 trust\nhost replication all ${at.bridge}/24 trust\n`,
  );
  await pgCtl('pg1', 'start');
  const admin = postgres(`postgres://postgres@${at.pg1}:5432/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe('CREATE DATABASE statpub');
  await admin.end();
}

async function startReplica(): Promise<void> {
  mkdirSync(pgData.pg2, { mode: 0o700 });
  chownSync(pgData.pg2, uid, gid);
  await runIn(
    cluster,
    'pg2',
    asPostgres([
      `${pgBin}/pg_basebackup`,
      '-h',
      at.pg1,
      '-U',
      'postgres',
      '-D',
      pgData.pg2,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]),
    { log: 'pg_basebackup' },
  );
  // The copy's settings are the primary's: this host's own address and socket folder come after them.
  appendFileSync(path.join(pgData.pg2, 'postgresql.conf'), postgresSettings('pg2'));
  await pgCtl('pg2', 'start');
}

function pgCtl(host: 'pg1' | 'pg2', action: 'start' | 'stop'): Promise<string> {
  const argv = [`${pgBin}/pg_ctl`, '-D', pgData[host], '-w', '-t', '60'];
  if (action === 'start') argv.push('-l', path.join(cluster.logs, `${host}.log`), 'start');
  else argv.push('-m', 'fast', 'stop');
  return runIn(cluster, host, asPostgres(argv), { log: `pg_ctl-${host}` });
}

/** TCP connects within the namespaces' network. */
async function listening(host: string, port: number): Promise<boolean> {
  const { createConnection } = await import('node:net');
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function appEnvironment(host: 'app1' | 'app2', smtpUrl: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? '/root',
    LANG: 'C.UTF-8',
    NODE_ENV: 'production',
    PORT: '3000',
    HOST: at[host],
    DATABASE_URL: primaryUrl,
    DATABASE_READ_URL: replicaUrl,
    REDIS_URL: `redis://${at.redis}:6379`,
    PUBLIC_URL: publicUrl,
    PROXY_PURGE_URL: `${publicUrl}/`,
    TRUST_PROXY: '1',
    AUTH_SECRET: SECRET,
    SMTP_URL: smtpUrl,
    SEED_ON_START: '0',
    REFRESH_SCHEDULE: 'off',
    API_FREE_DAILY_LIMIT: String(LIMIT),
    ADMIN_EMAILS: adminEmail,
    BUILD_DIR: buildDir,
    DATA_MIRROR: mirror,
  };
}

/**
 * What the hosts find when they start: Eurostat's table of contents as the catalogue's list, as a first start makes it
 * (server/catalogue/seed.ts), and the dataset's first release. Made once here, not by both hosts at once.
 */
async function seedDatabase(): Promise<void> {
  const database = await openDatabase(primaryUrl, '');
  try {
    await seedCatalogueList(database.db, { dataMirror: mirror, log: (line) => log(line) });
    await importFile(database.db, {
      fileName: path.basename(FIRST_RELEASE),
      bytes: readFileSync(FIRST_RELEASE),
      dataMirror: mirror,
    });
  } finally {
    await database.close();
  }
}

function startApp(host: 'app1' | 'app2', smtpUrl: string): Started {
  return startIn(cluster, host, ['node', '--max-semi-space-size=64', path.join(buildDir, 'app-server/index.mjs')], {
    log: host,
    env: appEnvironment(host, smtpUrl),
    cwd: root,
  });
}

function backendsVcl(): string {
  const backend = (name: Host) => `backend ${name} {
    .host = "${at[name]}";
    .port = "3000";
    .probe = health;
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 60s;
}
`;
  return `${backend('app1')}
${backend('app2')}
sub vcl_init {
    new hosts = directors.shard();
    hosts.add_backend(app1);
    hosts.add_backend(app2);
    hosts.reconfigure();
}

acl purgers {
    "localhost";
    "${at.bridge.replace(/\.1$/, '.0')}"/24;
}
`;
}

function startProxy(): Started {
  const varnishDir = path.join(dir, 'varnish');
  mkdirSync(varnishDir, { recursive: true });
  chmodSync(varnishDir, 0o755);
  writeFileSync(path.join(varnishDir, 'backends.vcl'), backendsVcl());
  return startIn(
    cluster,
    'proxy',
    [
      'varnishd',
      '-F',
      '-a',
      `${at.proxy}:80`,
      '-f',
      path.join(root, 'deploy/varnish/default.vcl'),
      '-p',
      `vcl_path=${varnishDir}:${path.join(root, 'deploy/varnish')}`,
      '-n',
      path.join(varnishDir, 'work'),
      '-s',
      'malloc,64m',
    ],
    { log: 'varnish' },
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// The checks

async function health(entry: Entry): Promise<{ status: number; body: any }> {
  const reply = await request(`${base[entry]}/api/health`, { timeoutMs: 5000 });
  let body: any = null;
  try {
    body = JSON.parse(reply.text);
  } catch {
    // Not JSON: a proxy's error page.
  }
  return { status: reply.status, body };
}

/** A request is served by either host: the proxy names the host that made each answer (X-Upstream). */
async function eitherHost(): Promise<void> {
  const served = new Map<string, number>();
  let failed = 0;
  for (let i = 0; i < 20; i++) {
    const reply = await request(`${publicUrl}/api/health`);
    if (reply.status !== 200) failed++;
    const upstream = reply.headers.get('x-upstream') ?? 'none';
    served.set(upstream, (served.get(upstream) ?? 0) + 1);
  }
  const page1 = await request(`${publicUrl}/datasets/${CODE}`);
  const page2 = await request(`${publicUrl}/datasets/${CODE}`);
  report(
    'a request is served by either host',
    failed === 0 && (served.get('app1') ?? 0) > 0 && (served.get('app2') ?? 0) > 0,
    `20 requests through the proxy: app1 ${served.get('app1') ?? 0}, app2 ${served.get('app2') ?? 0}, failed ${failed}`,
  );
  report(
    "the proxy keeps an anonymous page for the app's Cache-Control",
    page1.status === 200 && page2.status === 200 && page2.headers.get('x-cache') === 'HIT',
    `Cache-Control "${page2.headers.get('cache-control')}", Vary "${page2.headers.get('vary')}", ` +
      `first ${page1.headers.get('x-cache')} (made by ${page1.headers.get('x-upstream')}), then ` +
      `${page2.headers.get('x-cache')} with Age ${page2.headers.get('age')}`,
  );
}

/** Sign up on one host, confirm and sign in on the other, use the session on the first; a key's limit across both. */
async function sessionsAndLimits(smtp: Awaited<ReturnType<typeof startSmtp>>): Promise<void> {
  const jar = admin;
  const email = adminEmail;
  const signUp = await jar.send(base.app1, '/api/auth/sign-up/email', {
    email,
    password: 'Inflation2025!',
    name: 'Cluster_Tester',
  });
  const wroteCookie = signUp.headers.getSetCookie().some((c) => c.startsWith('statpub.recent_write='));
  const mail = await smtp.waitFor(email, (m) => m.subject.startsWith('Confirm'), 20_000);
  const token = linkIn(mail, '/confirm').searchParams.get('token');
  const confirmed = await jar.send(base.app2, '/api/auth/confirm-email', { token });
  const session = await jar.send(base.app1, '/api/auth/get-session');
  const sessionHeld = signUp.status === 200 && confirmed.body?.signedIn === true && session.body?.user?.email === email;
  report(
    'a session made on one host holds on the other',
    sessionHeld && wroteCookie,
    `signed up on app1 (${signUp.status}), confirmed and signed in on app2 (${confirmed.status}), ` +
      `the session read on app1: ${session.status} ${session.body?.user?.email === email ? 'same account' : 'NOT the account'}; ` +
      `answers to writes set statpub.recent_write (reads from the primary for a few seconds): ${wroteCookie}`,
  );

  const created = await jar.send(base.app2, '/api/account/api-keys', { name: 'cluster' });
  const key = created.body?.key as string | undefined;
  const statuses: Record<Entry, number[]> = { app1: [], app2: [], proxy: [] };
  let answered = 0;
  let refusedFirstAt = -1;
  for (let i = 0; i < LIMIT + 4; i++) {
    const entry: Entry = i % 2 === 0 ? 'app1' : 'app2';
    const reply = await request(`${base[entry]}/api/datasets/${CODE}/meta`, {
      headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': `198.51.100.${100 + i}` },
    });
    statuses[entry].push(reply.status);
    if (reply.status === 200) answered++;
    else if (reply.status === 429 && refusedFirstAt < 0) refusedFirstAt = i;
  }
  const refusedOnBoth = statuses.app1.at(-1) === 429 && statuses.app2.at(-1) === 429;
  report(
    "an API key's daily limit is counted across both hosts",
    created.status === 201 && answered === LIMIT && refusedFirstAt === LIMIT && refusedOnBoth,
    `API_FREE_DAILY_LIMIT=${LIMIT}: ${LIMIT + 4} requests alternating app1/app2 (each from another address): ` +
      `${answered} answered 200, request ${refusedFirstAt + 1} and the later ones refused 429 ` +
      `(app1 ${statuses.app1.join(',')}; app2 ${statuses.app2.join(',')})`,
  );
}

interface Surface {
  name: string;
  poll?: () => Promise<boolean>;
  stream?: LiveStream;
  seenAt?: number;
}

/** The release reaches every surface on both hosts and through the proxy, and the proxy keeps nothing stale. */
async function releaseReachesEverything(): Promise<void> {
  const meta = JSON.parse((await request(`${base.app1}/api/datasets/${CODE}/meta`, { headers: pageToken() })).text);
  const datasetId = meta.dataset?.id ?? meta.id;
  const pages = { page: `/datasets/${CODE}`, embed: `/datasets/${CODE}?embed=true` };
  const api = `/api/datasets/${CODE}/data?geo=AT`;
  const isRevised = async (entry: Entry, pathname: string): Promise<boolean> => {
    const reply = await request(`${base[entry]}${pathname}`, { headers: pageToken() });
    return reply.status === 200 && reply.text.includes(REVISED);
  };
  // The proxy holds both pages before the release: what it keeps must not outlive it.
  for (const pathname of Object.values(pages)) {
    await request(`${publicUrl}${pathname}`);
    await request(`${publicUrl}${pathname}`);
  }
  const warm = await request(`${publicUrl}${pages.embed}`);
  const before = await Promise.all(
    (['app1', 'app2', 'proxy'] as Entry[]).flatMap((entry) =>
      [...Object.values(pages), api].map((p) => isRevised(entry, p)),
    ),
  );
  const surfaces: Surface[] = [];
  for (const entry of ['proxy', 'app1', 'app2'] as Entry[]) {
    for (const [kind, pathname] of Object.entries({ ...pages, api })) {
      surfaces.push({ name: `${kind} via ${entry}`, poll: () => isRevised(entry, pathname) });
    }
    const { stream } = await openLiveStream(fetch, `${base[entry]}/api/live?datasets=${datasetId}`, {
      'X-Forwarded-For': `198.51.100.${entry === 'app1' ? 201 : entry === 'app2' ? 202 : 203}`,
    });
    await stream.next((e) => e.event === 'joined', 10_000);
    surfaces.push({ name: `live stream via ${entry}`, stream });
  }

  const release = path.join(dir, 'release', path.basename(FIRST_RELEASE));
  mkdirSync(path.dirname(release), { recursive: true });
  const lines = readFileSync(FIRST_RELEASE, 'utf8').split('\n');
  const last = lines[0]!.split('\t').length - 1;
  writeFileSync(
    release,
    lines
      .map((line, i) => {
        const cells = line.split('\t');
        if (i === 0 || cells.length <= last || cells[last]!.trim() === ':') return line;
        cells[last] = `${REVISED} `;
        return cells.join('\t');
      })
      .join('\n'),
  );

  // The admin uploads the release on app1's imports page (/app/admin/imports): app1 imports it into the primary.
  const form = new FormData();
  form.set('intent', 'upload');
  form.set('file', new File([readFileSync(release)], path.basename(release)));
  form.set('code', '');
  const started = Date.now();
  const upload = await admin.send(base.app1, '/app/admin/imports', form);
  // Each surface is asked on its own, every 50 ms, until it shows the revised value.
  await Promise.all(
    surfaces.map(async (s) => {
      if (s.stream) {
        const heard = await s.stream
          .next((e) => e.event === 'dataset.updated', 60_000)
          .then(
            () => true,
            () => false,
          );
        if (heard) s.seenAt = Date.now();
        s.stream.close();
        return;
      }
      while (Date.now() - started < 60_000) {
        if (await s.poll!()) return void (s.seenAt = Date.now());
        await sleep(50);
      }
    }),
  );
  const db = postgres(primaryUrl, { max: 1, onnotice: () => {} });
  const [run] = await db<{ finished_at: Date; source: string }[]>`
    SELECT finished_at, source FROM import_runs WHERE status = 'succeeded' ORDER BY id DESC LIMIT 1`;
  await db.end();
  const committed = run!.finished_at.getTime();
  const late = surfaces.filter((s) => s.seenAt === undefined);
  const after = surfaces.filter((s) => s.seenAt !== undefined).map((s) => (s.seenAt! - committed) / 1000);
  report(
    'a release imported on one host reaches pages, embeds, the API and live streams on both hosts and the proxy',
    upload.status === 200 &&
      run!.source.startsWith('upload') &&
      late.length === 0 &&
      before.every((b) => !b) &&
      Math.max(...after) < 10,
    `uploaded on app1's imports page (${upload.status}), committed ${seconds(committed - started)} later; then, after the commit: ` +
      surfaces.map((s) => `${s.name} ${s.seenAt === undefined ? 'NEVER' : seconds(s.seenAt - committed)}`).join(', ') +
      ` (slowest ${Math.max(...after).toFixed(2)} s)`,
  );

  // Every host purges once the replica holds the release, and again when every process's versions are new.
  await sleep(2000);
  const stale: string[] = [];
  const proxied: Reply[] = [];
  for (const pathname of [...Object.values(pages), api, `/api/og-image?path=${encodeURIComponent(pages.page)}`]) {
    for (let i = 0; i < 3; i++) {
      const reply = await request(`${publicUrl}${pathname}`, { headers: pageToken() });
      proxied.push(reply);
      if (reply.status !== 200) stale.push(`${pathname} answered ${reply.status}`);
      else if (!pathname.startsWith('/api/og-image') && !reply.text.includes(REVISED)) stale.push(pathname);
    }
  }
  const bans = await runIn(cluster, 'proxy', ['varnishadm', '-n', path.join(dir, 'varnish/work'), 'ban.list'], {
    log: 'varnishadm',
  });
  const banned = bans.split('\n').filter((l) => /dataset:|site|shared/.test(l)).length;
  report(
    'no stale answer is left in the proxy after the release',
    stale.length === 0 && warm.headers.get('x-cache') === 'HIT',
    `before: the embed was a proxy ${warm.headers.get('x-cache')}; after: page, embed, API and sharing card ` +
      `through the proxy 3 times each: ${stale.length ? `stale: ${stale.join(', ')}` : 'all new'} ` +
      `(${proxied.filter((r) => r.headers.get('x-cache') === 'HIT').length} of ${proxied.length} from its cache); ` +
      `bans the proxy holds: ${banned}`,
  );
}

/** The replica's server processes (its postmaster, then the processes it started), for freezing it. */
function replicaProcesses(): number[] {
  const postmaster = Number(readFileSync(path.join(pgData.pg2, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8')
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return [postmaster, ...children];
}

/**
 * The replica frozen (SIGSTOP: its connections stay open and nothing answers, as with a hung host or a cut network):
 * reads waiting on it go to the primary once a check has waited REPLICA_CHECK_TIMEOUT_MS, every read answers, and the
 * replica is read again once it thaws.
 */
async function replicaFrozen(): Promise<void> {
  const healthBefore = await Promise.all([health('app1'), health('app2')]);
  const processes = replicaProcesses();
  const frozenAt = Date.now();
  for (const pid of processes) process.kill(pid, 'SIGSTOP');
  const replies: Reply[] = [];
  let healthAfter: { status: number; body: any }[] = [];
  try {
    for (let i = 0; i < 4; i++) {
      for (const entry of ['app1', 'app2'] as Entry[]) {
        const geo = ['BE', 'DE', 'FR', 'IT'][i]!;
        replies.push(
          await request(`${base[entry]}/api/datasets/${CODE}/data?geo=${geo}&time=${2005 + i}`, {
            headers: pageToken(),
          }),
        );
      }
    }
    healthAfter = await Promise.all([health('app1'), health('app2')]);
  } finally {
    for (const pid of processes) process.kill(pid, 'SIGCONT');
  }
  const thawedAt = Date.now();
  await until(
    'the replica read again',
    async () =>
      (await Promise.all([health('app1'), health('app2')])).every((h) => h.body?.replica?.status === 'current'),
    30_000,
  );
  const slowest = Math.max(...replies.map((r) => r.ms));
  report(
    'the replica frozen: reads wait at most a check, then go to the primary',
    healthBefore.every((h) => h.body?.replica?.status === 'current') &&
      replies.every((r) => r.status === 200) &&
      healthAfter.every((h) => h.status === 200 && h.body?.replica?.status === 'down') &&
      slowest < 10_000,
    `${processes.length} replica processes stopped for ${seconds(thawedAt - frozenAt)}; ` +
      `${replies.filter((r) => r.status === 200).length}/${replies.length} uncached API reads 200 ` +
      `(${replies.map((r) => r.status).join(',')}), the first ` +
      `${replies[0]!.ms.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms; health: replica ` +
      `${healthAfter.map((h) => h.body?.replica?.status).join('/')} (${healthAfter.map((h) => h.body?.replica?.lastError).join(' / ')}); ` +
      `current again ${seconds(Date.now() - thawedAt)} after thawing`,
  );
}

/** With the replica stopped, both hosts answer pages and the API from the primary, with no added wait. */
async function replicaStopped(): Promise<void> {
  const healthBefore = await Promise.all([health('app1'), health('app2')]);
  const unique = (i: number) => [
    `/api/datasets/${CODE}/data?geo=${['BE', 'DE', 'FR', 'IT', 'ES', 'NL'][i % 6]}&time=${2013 + (i % 12)}`,
    `/datasets/${CODE}?embed=true&utm_source=replica-${i}`,
  ];
  const sample = async (tag: number): Promise<Reply[]> => {
    const replies: Reply[] = [];
    for (let i = 0; i < 6; i++) {
      for (const entry of ['app1', 'app2'] as Entry[]) {
        for (const pathname of unique(tag + i)) {
          replies.push(await request(`${base[entry]}${pathname}`, { headers: pageToken() }));
        }
      }
    }
    return replies;
  };
  const up = await sample(0);
  const stoppedAt = Date.now();
  await pgCtl('pg2', 'stop');
  const stopTook = Date.now() - stoppedAt;
  const down = await sample(100);
  const healthAfter = await Promise.all([health('app1'), health('app2')]);
  const median = (replies: Reply[]) => {
    const ms = replies.map((r) => r.ms).sort((a, b) => a - b);
    return ms[Math.floor(ms.length / 2)]!;
  };
  const ok200 = (replies: Reply[]) => replies.filter((r) => r.status === 200).length;
  report(
    'the replica stopped: reads fall back to the primary',
    healthBefore.every((h) => h.body?.replica?.status === 'current') &&
      ok200(down) === down.length &&
      healthAfter.every((h) => h.status === 200 && h.body?.replica?.status === 'down'),
    `before: replica ${healthBefore.map((h) => h.body?.replica?.status).join('/')} on app1/app2, ` +
      `${ok200(up)}/${up.length} uncached pages and API reads 200, median ${up.length ? median(up).toFixed(0) : '?'} ms; ` +
      `pg_ctl stop took ${seconds(stopTook)}; then ${ok200(down)}/${down.length} 200, median ${median(down).toFixed(0)} ms, ` +
      `slowest ${Math.max(...down.map((r) => r.ms)).toFixed(0)} ms; ` +
      `health: replica ${healthAfter.map((h) => h.body?.replica?.status).join('/')}, ` +
      `statements sent to the primary again ${healthAfter.map((h) => h.body?.replica?.fallbacks).join('/')}`,
  );
}

/**
 * app1 killed (SIGKILL) in the middle of a bounded load through the proxy: app2 keeps serving; only requests in flight
 * at the kill may fail (a request app1 had begun to answer cannot be asked again), none sent after it.
 */
async function hostKilledUnderLoad(app1: Started): Promise<void> {
  const total = 400;
  const concurrency = 8;
  let next = 0;
  let inFlight = 0;
  let inFlightAtKill = 0;
  let killedAt = 0;
  const failedInFlight: string[] = [];
  const failedAfter: string[] = [];
  const servedAfter = new Map<string, number>();
  const paths = ['/api/health', '/robots.txt'];
  const worker = async () => {
    for (let i = next++; i < total; i = next++) {
      if (i === 100 && killedAt === 0) {
        inFlightAtKill = inFlight;
        killedAt = Date.now();
        app1.child.kill('SIGKILL');
      }
      inFlight++;
      const sentAfterKill = killedAt > 0;
      const reply = await request(`${publicUrl}${paths[i % paths.length]}`, { timeoutMs: 15_000 });
      inFlight--;
      if (reply.status !== 200) {
        const what = `${reply.status} ${reply.text.replace(/\s+/g, ' ').slice(0, 60)}`;
        (sentAfterKill ? failedAfter : failedInFlight).push(what);
      }
      if (sentAfterKill) {
        const upstream = reply.headers.get('x-upstream') ?? 'none';
        servedAfter.set(upstream, (servedAfter.get(upstream) ?? 0) + 1);
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const took = Date.now() - started;
  const exit = await Promise.race([app1.exited, sleep(2000).then(() => 'still running')]);
  const finalReplies = await Promise.all(
    Array.from({ length: 6 }, () => request(`${publicUrl}/datasets/${CODE}?embed=true&utm_source=after-kill`)),
  );
  const listed = (failed: string[]) => (failed.length ? ` (${failed.join('; ')})` : '');
  report(
    'one app host killed under load: the other keeps serving, only in-flight requests fail',
    exit !== 'still running' &&
      failedAfter.length === 0 &&
      failedInFlight.length <= inFlightAtKill &&
      (servedAfter.get('app2') ?? 0) > 0 &&
      finalReplies.every((r) => r.status === 200),
    `${total} requests through the proxy, ${concurrency} at a time, in ${seconds(took)}; app1 killed (SIGKILL) after ` +
      `100 with ${inFlightAtKill} in flight; failed: ${failedInFlight.length} of those in flight` +
      `${listed(failedInFlight)}, ${failedAfter.length} of the ${total - 100 - inFlightAtKill} sent after` +
      `${listed(failedAfter)}; those sent after answered by app2 ${servedAfter.get('app2') ?? 0}, ` +
      `app1 ${servedAfter.get('app1') ?? 0}; pages after: ${finalReplies.map((r) => r.status).join(',')}`,
  );
}

// ---------------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  log(
    `hosts on ${at.bridge}/24 in namespaces ${cluster.namespace('pg1').replace(/-pg1$/, '-*')}; logs in ${cluster.logs}`,
  );
  await timed(`primary on ${at.pg1}`, startPrimary);
  await timed(`hot standby on ${at.pg2} (pg_basebackup -R)`, startReplica);
  startIn(
    cluster,
    'redis',
    [
      'redis-server',
      '--bind',
      at.redis,
      '--port',
      '6379',
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'no',
    ],
    { log: 'redis' },
  );
  const smtp = await startSmtp(at.bridge);
  // The proxy first: the hosts purge it as they start (they cannot know what changed while they were away).
  startProxy();
  await until('redis', () => listening(at.redis, 6379), 20_000);
  await timed(`the catalogue's list (Eurostat's table of contents) and the first release of ${CODE}`, seedDatabase);
  const app1 = startApp('app1', smtp.url);
  const app2 = startApp('app2', smtp.url);
  await timed('app1 and app2 answering /api/health', () =>
    Promise.all(
      (['app1', 'app2'] as const).map((host) =>
        until(`${host} /api/health`, async () => (await health(host)).status === 200, 90_000),
      ),
    ),
  );
  const hostsUp = Date.now();
  await timed(`Varnish on ${at.proxy}:80 with both hosts healthy`, () =>
    until(
      'the proxy reaching both hosts',
      async () => {
        const seen = new Set<string>();
        for (let i = 0; i < 4; i++) {
          const reply = await request(`${publicUrl}/api/health`, { timeoutMs: 3000 });
          if (reply.status === 200) seen.add(reply.headers.get('x-upstream') ?? '');
        }
        return seen.has('app1') && seen.has('app2');
      },
      30_000,
    ),
  );
  // A host that starts purges the proxy of everything, and again 1.5 s later (server/http/proxy-purge.ts): the checks
  // of what the proxy keeps begin after that.
  await sleep(Math.max(0, hostsUp + 2000 - Date.now()));
  log(`set up in ${seconds(Date.now() - began)}`);

  const steps: [string, () => Promise<void>][] = [
    ['either host', eitherHost],
    ['sessions and limits', () => sessionsAndLimits(smtp)],
    ['release', releaseReachesEverything],
    ['replica frozen', replicaFrozen],
    ['replica stopped', replicaStopped],
    ['host killed', () => hostKilledUnderLoad(app1)],
  ];
  for (const [name, step] of steps) {
    const started = Date.now();
    try {
      await step();
    } catch (error) {
      report(name, false, `failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
    log(`${name}: ${seconds(Date.now() - started)}`);
  }
  await smtp.close();
  void app2;
  // Requests failed above are counted by the checks; a host must not have failed one on its own (a 500).
  const unhandled = (['app1', 'app2'] as const).map((host) => {
    const text = readFileSync(path.join(cluster.logs, `${host}.log`), 'utf8');
    return text.split('\n').filter((line) => /Unhandled error|unhandledRejection|uncaughtException/.test(line));
  });
  report(
    'the hosts logged no unhandled error',
    unhandled.every((lines) => lines.length === 0),
    `app1 ${unhandled[0]!.length}, app2 ${unhandled[1]!.length}` +
      (unhandled.flat().length ? `: ${unhandled.flat().slice(0, 3).join(' | ')}` : ''),
  );
  const failed = checks.filter((c) => !c.ok);
  console.log(
    `test:cluster: ${checks.length - failed.length} of ${checks.length} checks held, in ${seconds(Date.now() - began)}` +
      (failed.length ? `; failed: ${failed.map((c) => c.name).join('; ')}` : ''),
  );
  if (failed.length) showLogs();
  process.exit(failed.length ? 1 : 0);
}

/** The ends of the hosts' logs: the folder goes with the namespaces when the test ends. */
function showLogs(): void {
  for (const name of ['app1', 'app2', 'varnish', 'import-release', 'pg1', 'pg2']) {
    let text: string;
    try {
      text = readFileSync(path.join(cluster.logs, `${name}.log`), 'utf8');
    } catch {
      continue;
    }
    const tail = text.trimEnd().split('\n').slice(-25).join('\n');
    console.log(`--- ${name}.log (last lines)\n${tail}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  showLogs();
  console.error('test:cluster: could not finish');
  process.exit(1);
});
