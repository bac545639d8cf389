// Where a CI run's CPU goes (decision 231): samples /proc every 2 s and adds each process's CPU time to its track
// (which of .ci/run's stages started it, found from its ancestors' command lines) and its kind (chromium, an app
// server, postgres, node …). Run it beside `.ci/run` and stop it after:
//   node .ci/cpu-by-track.mjs /tmp/cpu & CI=true bash .ci/run; kill %1
// It writes <folder>/totals.txt (CPU-seconds by track and kind) and <folder>/idle.txt (idle cores, minute by minute).
// A process that lives less than 2 s between samples is missed, and the last 2 s of each are not counted.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { setInterval } from 'node:timers';

const out = process.argv[2] ?? '.ci/results/cpu';
mkdirSync(out, { recursive: true });
const ticksPerSecond = 100;
const commandLines = new Map();
const lastSeen = new Map();
const totals = new Map();
const idleByMinute = new Map();
const started = Date.now();
let lastIdle = null;

/** The track of a command line, or null when it says nothing. */
function trackOf(command) {
  if (command.includes('--project e2e')) return 'browser files';
  if (command.includes('--project unit')) return 'unit and integration (PGlite)';
  if (command.includes('postgres.json')) return 'integration (PostgreSQL)';
  if (/fresh-copy|smoke-start|readme-commands|npm run (lint|typecheck)/.test(command)) return 'fresh copy';
  if (command.includes('cluster')) return 'cluster test';
  if (command.startsWith('postgres: ') || command.includes('/usr/lib/postgresql')) return 'PostgreSQL server';
  if (command.includes('.ci/run')) return 'ci (npm ci, reports)';
  return null;
}

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      comm: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
      ppid: Number(fields[1]),
      cpu: (Number(fields[11]) + Number(fields[12])) / ticksPerSecond,
      start: fields[19],
    };
  } catch {
    return null;
  }
}

function commandLine(pid) {
  if (!commandLines.has(pid)) {
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      // Ended since the listing.
    }
    commandLines.set(pid, command);
  }
  return commandLines.get(pid);
}

function keyOf(pid, processes) {
  let track = 'other';
  for (let p = pid, depth = 0; p > 1 && depth < 40; p = processes.get(p)?.ppid ?? 0, depth++) {
    const found = trackOf(commandLine(p));
    if (found) {
      track = found;
      break;
    }
  }
  const { comm } = processes.get(pid);
  const command = commandLine(pid);
  const kind = /chrom/.test(comm)
    ? 'chromium'
    : command.includes('app-server')
      ? 'app server'
      : comm === 'postgres'
        ? 'postgres'
        : comm.slice(0, 15);
  return `${track} | ${kind}`;
}

function sample() {
  const processes = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = stat(Number(entry));
    if (s) processes.set(Number(entry), s);
  }
  const first = lastIdle === null;
  for (const [pid, s] of processes) {
    const id = `${pid}:${s.start}`;
    const before = lastSeen.get(id);
    const key = before?.key ?? keyOf(pid, processes);
    lastSeen.set(id, { cpu: s.cpu, key });
    // What ran before the first sample is not this run's.
    if (first) continue;
    totals.set(key, (totals.get(key) ?? 0) + s.cpu - (before?.cpu ?? 0));
  }
  const idle = Number(readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)[4]) / ticksPerSecond;
  if (lastIdle !== null) {
    const minute = Math.floor((Date.now() - started) / 60_000);
    const [sum, seconds] = idleByMinute.get(minute) ?? [0, 0];
    idleByMinute.set(minute, [sum + idle - lastIdle, seconds + 2]);
  }
  lastIdle = idle;
  const rows = [...totals].sort((a, b) => b[1] - a[1]);
  const all = rows.reduce((sum, [, cpu]) => sum + cpu, 0);
  writeFileSync(
    `${out}/totals.txt`,
    [...rows.map(([key, cpu]) => `${cpu.toFixed(1).padStart(8)}  ${key}`), `${all.toFixed(1).padStart(8)}  all`].join(
      '\n',
    ) + '\n',
  );
  writeFileSync(
    `${out}/idle.txt`,
    [...idleByMinute].map(([m, [sum, seconds]]) => `minute ${m}: ${(sum / seconds).toFixed(2)} cores idle`).join('\n') +
      '\n',
  );
}

sample();
setInterval(sample, 2000);
