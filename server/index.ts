// Boot: configuration, database (migrated), first-start sample import, HTTP server.
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { DatabaseLockedError, openDatabase } from '../db/client';
import { createApp } from './app';
import { tuneKeepAlive } from './keep-alive';
import { loadConfig, repoRoot } from './config';
import { seedGeos } from './import/geos';
import { isCatalogueEmpty, seedSampleData } from './import/seed';
import { mailerFromConfig } from './email/transport';

const log = (line: string) => console.log(`[server] ${line}`);

async function main(): Promise<void> {
  let config = loadConfig();
  if (config.PORT === 0 && !config.PUBLIC_URL) {
    // Links in e-mails and OAuth redirects need the real port, so pick it before building the app.
    const port = await freePort(config.HOST);
    config = { ...config, PORT: port, publicUrl: `http://localhost:${port}` };
  }
  const database = await openDatabase(config.DATABASE_URL, path.join(config.dataDir, 'db'));
  log(`database: ${database.kind}${config.DATABASE_URL ? '' : ` in ${path.join(config.dataDir, 'db')}`}`);

  if (await isCatalogueEmpty(database.db)) {
    if (config.SEED_ON_START === '1') {
      log(
        config.dataMirror
          ? `empty catalogue: importing the sample datasets from ${config.dataMirror}`
          : 'empty catalogue and no data mirror',
      );
      await seedSampleData(database.db, config.dataMirror, log, config.EUROSTAT_API);
    } else {
      await seedGeos(database.db, config.dataMirror);
      log('empty catalogue: SEED_ON_START=0, nothing imported');
    }
  }

  const buildFile = path.join(repoRoot, 'build/server/index.js');
  if (!existsSync(buildFile)) throw new Error(`No page build at ${buildFile}: run npm run build first`);
  const build: ServerBuild = await import(pathToFileURL(buildFile).href);
  const mailer = mailerFromConfig(config);
  log(`mail: account e-mails go to ${mailer.description}`);
  const app = createApp({ db: database.db, build, clientDir: path.join(repoRoot, 'build/client'), config, mailer });

  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    log(`listening on http://localhost:${info.port}`);
  });
  // Idle connections outlive the clients' own keep-alive, so no client reuses one as it closes (decision 067).
  tuneKeepAlive(server as Server);
  const stop = () => {
    server.close();
    void database.close().then(() => process.exit(0));
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
