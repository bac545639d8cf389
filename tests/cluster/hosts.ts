// The cluster test's hosts (scripts/cluster-test.sh made one network namespace each): processes started in them with
// their output in a log file, commands waited for, HTTP requests with timings, and a cookie jar.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CookieJar } from '../setup/cookie-jar';
import { until as waitUntil } from '../setup/until';

export type Host = 'pg1' | 'pg2' | 'redis' | 'app1' | 'app2' | 'proxy';

export interface Cluster {
  dir: string;
  logs: string;
  /** `10.77.x`: the bridge is .1, each host has its own address. */
  address: Record<Host | 'bridge', string>;
  namespace(host: Host): string;
}

export function clusterFromEnvironment(): Cluster {
  const need = (name: string): string => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: run npm run test:cluster (scripts/cluster-test.sh)`);
    return value;
  };
  const dir = need('CLUSTER_DIR');
  const net = need('CLUSTER_NET');
  const id = need('CLUSTER_NS');
  const logs = path.join(dir, 'logs');
  mkdirSync(logs, { recursive: true });
  return {
    dir,
    logs,
    address: {
      bridge: `${net}.1`,
      pg1: `${net}.11`,
      pg2: `${net}.12`,
      redis: `${net}.13`,
      app1: `${net}.21`,
      app2: `${net}.22`,
      proxy: `${net}.30`,
    },
    namespace: (host) => `${id}-${host}`,
  };
}

const running = new Set<ChildProcess>();

/** Every process still running is killed when the test ends (the script's trap also empties the namespaces). */
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface Started {
  child: ChildProcess;
  /** What it wrote so far. */
  output(): string;
  exited: Promise<number | null>;
}

/** Starts `argv` in the host's namespace (`ip netns exec` runs it in place: the child's pid is the command's). */
export function startIn(
  cluster: Cluster,
  host: Host,
  argv: string[],
  opts: { log: string; env?: NodeJS.ProcessEnv; cwd?: string },
): Started {
  const file = path.join(cluster.logs, `${opts.log}.log`);
  const out = createWriteStream(file, { flags: 'a' });
  const child = spawn('ip', ['netns', 'exec', cluster.namespace(host), ...argv], {
    env: opts.env ?? process.env,
    cwd: opts.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const keep = (chunk: Buffer) => {
    text += chunk.toString();
    if (text.length > 200_000) text = text.slice(-100_000);
    out.write(chunk);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      out.end();
      resolve(code);
    }),
  );
  return { child, output: () => text, exited };
}

/** Runs `argv` in the host's namespace to its end; throws with its output's tail when it fails. */
export async function runIn(
  cluster: Cluster,
  host: Host,
  argv: string[],
  opts: { log: string; env?: NodeJS.ProcessEnv; cwd?: string },
): Promise<string> {
  const started = startIn(cluster, host, argv, opts);
  const code = await started.exited;
  if (code !== 0) {
    throw new Error(`${argv.join(' ')} (on ${host}) ended with ${code}:\n${started.output().slice(-3000)}`);
  }
  return started.output();
}

/** PostgreSQL's programs refuse root: they run as the postgres user. */
export function asPostgres(argv: string[]): string[] {
  return ['setpriv', '--reuid=postgres', '--regid=postgres', '--clear-groups', ...argv];
}

export function postgresIds(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no postgres user (Debian makes it with the postgresql package)');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  ms: number;
}

/** One request; a network failure answers status 0 with the error as text. */
export async function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<Reply> {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: init.headers,
      body: init.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(init.timeoutMs ?? 20_000),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, ms: performance.now() - started };
  } catch (error) {
    return {
      status: 0,
      headers: new Headers(),
      text: error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error),
      ms: performance.now() - started,
    };
  }
}

/** A browser stand-in: keeps cookies across hosts (they share the site's address), sends the site's Origin on writes. */
export class Jar extends CookieJar {
  constructor(
    private readonly origin: string,
    private readonly clientAddress: string,
  ) {
    super();
  }

  /** A GET without `body`; a POST of JSON, or of a form (multipart) when `body` is FormData. */
  async send(base: string, pathname: string, body?: unknown): Promise<Reply & { body: any }> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.clientAddress };
    if (body !== undefined) {
      if (!(body instanceof FormData)) headers['content-type'] = 'application/json';
      headers.origin = this.origin;
    }
    const cookie = this.header();
    if (cookie) headers.cookie = cookie;
    const started = performance.now();
    const res = await fetch(new URL(pathname, base), {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
    this.keep(res.headers.getSetCookie());
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the text.
    }
    return { status: res.status, headers: res.headers, text, body: parsed, ms: performance.now() - started };
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `ready` answers true (checked every 100 ms; a refusal counts as not yet), or throws after `timeoutMs`. */
export function until(what: string, ready: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  return waitUntil(() => ready().catch(() => false), what, { limitMs: timeoutMs, everyMs: 100 });
}
