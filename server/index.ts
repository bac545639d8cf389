// Boot: configuration, database (migrated), first-start sample import, HTTP server; with WEB_CONCURRENCY=N, N app
// processes (Node cluster) on one PostgreSQL database.
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { DatabaseLockedError, openDatabase, type Database } from '../db/client';
import { createApp, createAppServer } from './app';
import { tuneKeepAlive } from './keep-alive';
import { loadConfig, publicUrlOf, readyLine, repoRoot, type Config } from './config';
import { seedGeos } from './import/geos';
import { isCatalogueEmpty, seedSampleData } from './import/seed';
import { seedCatalogueList } from './catalogue/seed';
import { mailerFromConfig } from './email/transport';

const log = (line: string) => console.log(`[server] ${line}`);

async function main(): Promise<void> {
  let config = loadConfig();
  if (config.PORT === 0 && !config.PUBLIC_URL) {
    // Links in e-mails and OAuth redirects need the real port, so pick it before building the app.
    const port = await freePort(config.HOST);
    config = { ...config, PORT: port, publicUrl: publicUrlOf({ PORT: port }) };
  }
  if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) return runProcesses(config);
  const database = await openDatabase(config.DATABASE_URL, path.join(config.dataDir, 'db'), {
    readUrl: config.DATABASE_READ_URL,
  });
  log(
    `database: ${database.kind}${config.DATABASE_URL ? '' : ` in ${path.relative(process.cwd(), path.join(config.dataDir, 'db')) || '.'}`}`,
  );
  if (database.replica)
    log(`reads of public pages and the data API: the replica (DATABASE_READ_URL), ${database.replica.state().status}`);
  // Under WEB_CONCURRENCY the first process has imported the samples before starting this one.
  if (cluster.isPrimary) await seedIfEmpty(database.db, config);

  const buildDir = path.resolve(repoRoot, process.env.BUILD_DIR || 'build');
  const buildFile = path.join(buildDir, 'server/index.js');
  if (!existsSync(buildFile)) throw new Error(`No page build at ${buildFile}: run npm run build first`);
  const build: ServerBuild = await import(pathToFileURL(buildFile).href);
  const mailer = mailerFromConfig(config);
  log(`mail: account e-mails go to ${mailer.description}`);
  const app = createApp({ db: database.db, build, clientDir: path.join(buildDir, 'client'), config, mailer });
  // Scheduled refresh from Eurostat (REFRESH_SCHEDULE; every process may run it, one at a time does the work).
  app.refresh.startScheduler();

  const server = createAppServer(app, config.HOST);
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    log(readyLine(config, typeof address === 'object' && address ? address.port : config.PORT));
  });
  // Idle connections outlive the clients' own keep-alive, so no client reuses one as it closes (decision 067).
  tuneKeepAlive(server);
  const stop = () => {
    void app.refresh.stop();
    server.close();
    void database.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** The first start's sample import, when the catalogue is empty. */
async function seedIfEmpty(db: Database['db'], config: Config): Promise<void> {
  await seedCatalogueList(db, {
    dataMirror: config.dataMirror,
    eurostatApi: config.SEED_ON_START === '1' ? config.EUROSTAT_API : undefined,
    log,
  });
  if (!(await isCatalogueEmpty(db))) return;
  if (config.SEED_ON_START === '1') {
    log(
      config.dataMirror
        ? `empty catalogue: importing the sample datasets from ${config.dataMirror}`
        : 'empty catalogue and no data mirror',
    );
    await seedSampleData(db, config.dataMirror, log, config.EUROSTAT_API);
  } else {
    await seedGeos(db, config.dataMirror);
    log('empty catalogue: SEED_ON_START=0, nothing imported');
  }
}

/**
 * WEB_CONCURRENCY=N: this process migrates and seeds the database, then runs N app processes sharing the port (Node
 * cluster), replaces any that dies, and stops them all on SIGINT/SIGTERM. Limits, sessions, rate limits and the
 * response cache's versions all live in PostgreSQL, so the processes need nothing else in common.
 */
async function runProcesses(config: Config): Promise<void> {
  if (!/^postgres(ql)?:\/\//.test(config.DATABASE_URL ?? '')) {
    throw new Error(
      'WEB_CONCURRENCY above 1 needs DATABASE_URL=postgres://…: a PGlite database belongs to one process',
    );
  }
  const database = await openDatabase(config.DATABASE_URL, path.join(config.dataDir, 'db'));
  log(`database: ${database.kind}`);
  await seedIfEmpty(database.db, config);
  await database.close();
  // The port picked above (PORT=0) is the one every process listens on.
  const env = { PORT: String(config.PORT), PUBLIC_URL: config.publicUrl };
  let stopping = false;
  log(`starting ${config.WEB_CONCURRENCY} app processes`);
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) cluster.fork(env);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log(`app process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    cluster.fork(env);
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Asks the operating system for a free TCP port. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

main().catch((error: unknown) => {
  // Another process holds the PGlite folder: its message names it, a stack would only hide that.
  console.error(error instanceof DatabaseLockedError ? `[server] ${error.message}` : error);
  process.exit(1);
});
