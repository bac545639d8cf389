// Browser-test setup: builds the pages, starts the real server on a free port with a fresh database.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
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
  execFileSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'ignore' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: 'memory:', PORT: '0', HOST: '127.0.0.1', ...e2eServerEnv() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in 150 s:\n${log}`)), 150_000);
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
  project.provide('baseUrl', baseUrl);
  return async () => {
    server?.kill('SIGTERM');
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
