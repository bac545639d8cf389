// Starting the product as `npm start` runs it, for browser tests, benches and the attack suite: plain node on the
// server bundle that the build (scripts/build-if-stale.mjs) wrote beside the pages (decision 162).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface AppServer {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`, from the server's own "listening on" line. */
  base: string;
}

export interface StartOptions {
  /** The server's whole environment (NODE_ENV is always production, as `npm start` sets it). */
  env: NodeJS.ProcessEnv;
  /** The build to run (its pages and its server bundle); default BUILD_DIR of env, else `build`. */
  buildDir?: string;
  /** Node flags before the entry, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** Its own process group, so that a kill of the group takes everything it started. */
  detached?: boolean;
  timeoutMs?: number;
}

/**
 * The node flags of package.json's `start` (e.g. decision 177's `--max-semi-space-size=64`): the one place they are
 * written, so that what the tests and benches run cannot drift from what operators run.
 */
export function startNodeFlags(startScript: string): string[] {
  const flags = /\bnode((?:\s+--[\w-]+(?:=\S+)?)*)\s+build\/app-server\/index\.mjs/.exec(startScript)?.[1];
  if (flags === undefined)
    throw new Error(`package.json's start does not run build/app-server/index.mjs: ${startScript}`);
  return flags.split(/\s+/).filter(Boolean);
}

/** The node arguments that run the server bundle of a build (as `npm start` does: without source-mapped stacks). */
function appServerArgs(buildDir: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return [...startNodeFlags(pkg.scripts.start), path.join(buildDir, 'app-server/index.mjs')];
}

/**
 * The port of the server's last start line (server/config.ts readyLine): `listening on http://127.0.0.1:PORT`, or
 * `open PUBLIC_URL (listening on HOST:PORT)` when the public address is another.
 */
export function listeningPort(log: string): string | undefined {
  return /listening on (?:http:\/\/)?(?:\[[^\]]*\]|[^\s:()[\]]+):(\d+)/.exec(log)?.[1];
}

/** Starts the server and resolves once it listens; rejects with its log if it exits or does not listen in time. */
export function startAppServer(options: StartOptions): Promise<AppServer> {
  const buildDir = path.resolve(root, options.buildDir ?? (options.env.BUILD_DIR || 'build'));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...appServerArgs(buildDir)], {
    cwd: root,
    // As `npm start` sets it: a caller passing on a test worker's environment (NODE_ENV=test) would otherwise run
    // React's development build on the server, which does more work per page and is not what operators run.
    env: { ...options.env, NODE_ENV: 'production' },
    detached: options.detached ?? false,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const timeoutMs = options.timeoutMs ?? 300_000;
  return new Promise<AppServer>((resolve, reject) => {
    let log = '';
    let listening = false;
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${timeoutMs / 1000} s:\n${log.slice(-4000)}`)),
      timeoutMs,
    );
    // Read to the end (a full pipe would stop the server); kept only until it listens.
    const onData = (chunk: Buffer) => {
      if (listening) return;
      log += chunk.toString();
      const port = listeningPort(log);
      if (port) {
        listening = true;
        clearTimeout(timer);
        resolve({ child, base: `http://127.0.0.1:${port}` });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log.slice(-4000)}`));
    });
  });
}
