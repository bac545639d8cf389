// The load tools of the benches (bench:load, bench:scale): autocannon (npm) or wrk (Debian's package), the same
// connections and duration, the same figures; and the summary of a CPU profile of the product under load.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, time-outs and socket errors. */
  errors: number;
  /** Bytes read per answer. */
  bytes: number;
  /** Answers in all. */
  requests: number;
}

export interface LoadSettings {
  connections: number;
  seconds: number;
}

/** One address asked again and again, or a new one for every request (`next`). */
export type Addresses = { path: string } | { next: () => string };

export async function autocannonLoad(base: string, addresses: Addresses, settings: LoadSettings): Promise<LoadFigures> {
  const result = await autocannon({
    url: base,
    connections: settings.connections,
    duration: settings.seconds,
    timeout: 10,
    requests: [
      'next' in addresses
        ? { method: 'GET', setupRequest: (req: { path?: string }) => ({ ...req, path: addresses.next() }) }
        : { method: 'GET', path: addresses.path },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
    requests: result.requests.total,
  };
}

/** Whether Debian's wrk is installed. */
export function hasWrk(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('wrk', ['--version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', () => resolve(true));
  });
}

/**
 * The same load from wrk (C): on two cores autocannon, a Node process, takes most of a core at a few thousand answers
 * a second, which the product then lacks; wrk takes a fraction of that. One thread; its Lua script goes down `paths`
 * from the top, round again at the end.
 */
export async function wrkLoad(base: string, paths: readonly string[], settings: LoadSettings): Promise<LoadFigures> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-wrk-'));
  try {
    const list = path.join(dir, 'paths.txt');
    await writeFile(list, paths.join('\n'));
    const script = path.join(dir, 'paths.lua');
    await writeFile(
      script,
      `local paths = {}
for line in io.lines(${JSON.stringify(list)}) do paths[#paths + 1] = line end
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
-- The first ten answers that are not 2xx or 3xx are named with the start of their bodies (the API's error shape says
-- why); wrk counts them all.
local shown = 0
response = function(status, headers, body)
  if status >= 400 and shown < 10 then
    shown = shown + 1
    io.stderr:write("wrk: " .. status .. " " .. string.sub(body or "", 1, 300) .. "\\n")
  end
end
`,
    );
    const args = [
      '-t1',
      `-c${settings.connections}`,
      `-d${settings.seconds}s`,
      '--timeout',
      '10s',
      '--latency',
      '-s',
      script,
      base,
    ];
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      let errors = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => {
        errors += chunk.toString();
        process.stderr.write(chunk);
      });
      child.on('error', (error) => reject(new Error(`wrk is needed (apt-get install wrk): ${error.message}`)));
      child.on('exit', (code) => {
        // A script wrk cannot read leaves it asking for / over and over, and saying so on stderr only.
        if (errors.includes(script)) reject(new Error(`wrk could not run its script:\n${errors}`));
        else if (code === 0) resolve(text);
        else reject(new Error(`wrk exited with ${code}:\n${text}`));
      });
    });
    const number = (re: RegExp) => Number(re.exec(out)?.[1] ?? 'NaN');
    const ms = (quantile: string) => {
      const m = new RegExp(`^\\s+${quantile}%\\s+([\\d.]+)(us|ms|s)[ \\t]*$`, 'm').exec(out);
      if (!m) throw new Error(`no ${quantile}% latency in wrk's output:\n${out}`);
      return Number(m[1]) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[m[2]!]!;
    };
    const requests = number(/(\d+) requests in/);
    const read = /requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/.exec(out);
    const bytes = read ? Number(read[1]) * 1024 ** ['B', 'KB', 'MB', 'GB'].indexOf(read[2]!) : NaN;
    const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    if (socketErrors) console.error(`wrk: ${socketErrors[0]}`);
    return {
      rps: number(/Requests\/sec:\s+([\d.]+)/),
      p50: Math.round(ms('50')),
      p99: Math.round(ms('99')),
      errors:
        Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) +
        (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
      bytes: bytes / requests,
      requests,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/**
 * The top costs of the product's main thread during the last `seconds` (the load, not the first start's import):
 * self time per function and time inclusive of callees for the project's and its libraries' functions.
 */
export async function summariseProfile(dir: string, seconds: number, top = 15): Promise<string> {
  const root = path.resolve(import.meta.dirname, '..');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile')).sort();
  // Node names a thread's profile CPU.<date>.<time>.<pid>.<thread>.<seq>: thread 0 is the main one.
  const main = files.filter((f) => /\.0\.\d+\.cpuprofile$/.test(f)).at(-1) ?? files.at(-1);
  if (!main) return 'no profile written';
  const p = JSON.parse(await readFile(path.join(dir, main), 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
    startTime: number;
    endTime: number;
  };
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url
      .replace(/.*node_modules\//, '')
      .replace(root + '/', '')
      .replace(/^file:\/\//, '')}`;
  const from = p.endTime - seconds * 1e6;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let at = p.startTime;
  p.samples.forEach((id, i) => {
    at += p.timeDeltas[i] ?? 0;
    if (at < from) return;
    const dt = p.timeDeltas[i + 1] ?? 0;
    const node = byId.get(id)!;
    total += dt;
    self.set(label(node), (self.get(label(node)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const l = label(byId.get(n)!);
      if (!seen.has(l)) inclusive.set(l, (inclusive.get(l) ?? 0) + dt);
      seen.add(l);
    }
  });
  const pct = (v: number) => `${((v / total) * 100).toFixed(1).padStart(5)}%`;
  const lines = [`${main}, last ${seconds} s — self:`];
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(v)} ${k}`);
  lines.push('inclusive (project and libraries):');
  const ours = /server\/|db\/|app\/|core\/|hono|drizzle|pglite|postgres|react/;
  for (const [k, v] of [...inclusive]
    .sort((a, b) => b[1] - a[1])
    .filter(([k]) => ours.test(k))
    .slice(0, top))
    lines.push(`  ${pct(v)} ${k}`);
  return lines.join('\n');
}
