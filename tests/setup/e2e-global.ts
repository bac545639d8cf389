// Browser-test setup: builds the pages and, meanwhile, the template databases; starts the real server on a free port
// with a copy of the seeded one.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { lockFileOf, openDatabase } from '../../db/client';
import { seedGeos } from '../../server/import/geos';
import { seedSampleData } from '../../server/import/seed';
import { seedCatalogueList } from '../../server/catalogue/seed';
import { copyTemplate } from '../e2e/auth-peers';
import { startAppServer } from './app-server';
import { chromiumPath } from './browser';
import { mirror } from './database-templates';

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
  // The build script makes the pages and the server bundle the servers run, as `npm start` does.
  const built = run(process.execPath, ['scripts/build-if-stale.mjs', '--always'], {
    NODE_ENV: 'production',
    BUILD_DIR: buildDir,
  });
  // Meanwhile (the build runs in its own process), the databases every server of this run starts from: migrated with
  // the places, and that plus the sample datasets and posts the first start imports. A server copies its folder
  // (about a second) instead of migrating (5 s) or importing the samples (a minute) again.
  const templates = mkdtempSync(path.join(tmpdir(), 'e2e-db-'));
  const bare = path.join(templates, 'bare');
  const seeded = path.join(templates, 'seeded');
  await makeTemplate(bare, false);
  await makeTemplate(seeded, true);
  await built;
  // Servers the suites start themselves (auth-peers.ts) inherit the test workers' environment: they serve this build
  // and copy these folders.
  process.env.BUILD_DIR = buildDir;
  process.env.E2E_DB_BARE = bare;
  process.env.E2E_DB_SEEDED = seeded;
  // The port is chosen here so that PUBLIC_URL (links in mails, OAuth redirects) is the address the browser uses.
  const port = await freePort();
  const dir = copyTemplate(seeded);
  const { child, base: baseUrl } = await startAppServer({
    buildDir,
    env: {
      ...process.env,
      DATABASE_URL: `file:${dir}`,
      // No scheduled refresh from Eurostat in tests (a test that wants one turns it on).
      REFRESH_SCHEDULE: 'off',
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...e2eServerEnv(),
    },
  });
  server = child;
  project.provide('baseUrl', baseUrl);
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    server?.kill('SIGTERM');
    await exited;
    for (const folder of [buildDir, templates, path.dirname(dir)]) rmSync(folder, { recursive: true, force: true });
    rmSync(lockFileOf(dir), { force: true });
  };
}

/** A PGlite folder migrated with the places, and with `samples` what the first start imports (datasets, posts). */
async function makeTemplate(dir: string, samples: boolean): Promise<void> {
  const database = await openDatabase(`file:${dir}`, '');
  try {
    if (samples) await seedSampleData(database.db, mirror, () => {});
    else await seedGeos(database.db, mirror);
    // The catalogue's list too (Eurostat's 6,953 entries and their search documents), as a first start makes it:
    // every server of the run would otherwise sync it again on start (4–5 s each on a busy machine).
    await seedCatalogueList(database.db, { dataMirror: mirror, log: () => {} });
  } finally {
    await database.close();
  }
  rmSync(lockFileOf(dir), { force: true });
}

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...env },
    });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${err.slice(-4000)}`)),
    );
  });
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
