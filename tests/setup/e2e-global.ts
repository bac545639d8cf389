// Browser-test setup: builds the pages, starts the real server on a free port with a fresh database.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
let server: ChildProcess | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium is missing at ${chromiumPath}: run apt-get install -y --no-install-recommends chromium`);
  }
  // A production build, as `npm start` serves it: under Vitest NODE_ENV is 'test', which would bundle React's
  // development build (twice the JavaScript) into the pages under test.
  // Each run builds into a folder of its own (inside the repository, so the build resolves node_modules): runs that
  // overlap would otherwise replace each other's pages while a server is serving them.
  const buildDir = path.join(root, '.e2e-builds', String(process.pid));
  execFileSync('npx', ['react-router', 'build'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', BUILD_DIR: buildDir },
  });
  // Servers the suites start themselves (auth-peers.ts) inherit the test workers' environment: they serve this build too.
  process.env.BUILD_DIR = buildDir;
  // The port is chosen here so that PUBLIC_URL (links in mails, OAuth redirects) is the address the browser uses.
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: 'memory:',
      // No scheduled refresh from Eurostat in tests (a test that wants one turns it on).
      REFRESH_SCHEDULE: 'off',
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...e2eServerEnv(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in 300 s:\n${log}`)), 300_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('listening on')) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${log}`)));
  });
  project.provide('baseUrl', baseUrl);
  return async () => {
    server?.kill('SIGTERM');
    rmSync(buildDir, { recursive: true, force: true });
  };
}

/** Extra settings a browser-test suite needs on the server (mail and OpenID peers), from E2E_* variables. */
function e2eServerEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env)
      .filter(([k, v]) => k.startsWith('E2E_SERVER_') && v !== undefined)
      .map(([k, v]) => [k.slice('E2E_SERVER_'.length), v!]),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
