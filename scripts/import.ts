// npm run import -- <file|dataset code> [--code CODE] [--released TIME]: imports one file, or one dataset from Eurostat.
// npm run import -- --theme <folder code> | --all: queues every dataset of a theme of Eurostat's catalogue (or all of
// it) not imported yet and imports them one at a time; stopped (Ctrl-C) and run again, it goes on where it stopped
// (the queue is in the database, decision 188). A running server works the same queue; /app/admin/imports shows it.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { openDatabase } from '../db/client';
import { loadConfig } from '../server/config';
import { fetchEurostat } from '../server/import/fetch-eurostat';
import { importFile } from '../server/import/runner';
import { seedCatalogueList } from '../server/catalogue/seed';
import { createImportQueue } from '../server/refresh/import-queue';
import { queueCounts } from '../db/queries/import-requests';
import { findCategory } from '../db/queries/site';

const usage =
  'usage: npm run import -- <file | dataset code> [--code CODE] [--format jsonstat|sdmx-csv] [--released 2025-06-03T11:00:00Z]\n' +
  '       npm run import -- --theme <folder code, e.g. migr_asy> | --all';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      code: { type: 'string' },
      format: { type: 'string' },
      released: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      theme: { type: 'string' },
      all: { type: 'boolean' },
    },
  });
  if (values.theme !== undefined || values.all) {
    if (positionals.length > 0 || (values.theme !== undefined && values.all)) {
      console.log(usage);
      return 2;
    }
    return importCatalogue(values.all ? { all: true } : { theme: values.theme! });
  }
  const target = positionals[0];
  if (values.help || !target || positionals.length > 1) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  // When Eurostat published a TSV's release (the format does not say); files that state theirs keep it.
  const released = values.released === undefined ? undefined : new Date(values.released);
  if (released && Number.isNaN(released.getTime())) {
    console.error(`invalid --released "${values.released}" (expected an ISO 8601 time such as 2025-06-03T11:00:00Z)`);
    return 2;
  }
  const config = loadConfig();
  const isCode = /^[a-z][a-z0-9_]*$/i.test(target) && !/\.(tsv|csv|json|gz)$/i.test(target);
  let fileName: string;
  // A download is held in memory; a file on disk is read from there (a TSV line by line, decision 163).
  let bytes: Buffer | undefined;
  let filePath: string | undefined;
  let source: string;
  if (isCode) {
    const format = values.format === 'sdmx-csv' ? 'sdmx-csv' : 'jsonstat';
    console.log(`Downloading ${target} from Eurostat (${format})…`);
    ({ fileName, bytes } = await fetchEurostat(target.toLowerCase(), { baseUrl: config.EUROSTAT_API, format }));
    source = `${config.EUROSTAT_API} ${target}`;
  } else {
    source = path.resolve(target);
    await access(source);
    filePath = source;
    fileName = path.basename(source);
  }
  // On PGlite the engine runs in this process: sized for a bulk load, not for the server's reads (decision 166).
  const database = await openDatabase(config.DATABASE_URL, path.join(config.dataDir, 'db'), { purpose: 'bulk-load' });
  try {
    // No seeding of all geos here: the import adds the few the file uses (server start seeds the rest).
    const bar = new SingleBar(
      { format: 'loading {bar} {percentage}% | {value}/{total} values', hideCursor: true },
      Presets.shades_classic,
    );
    let started = false;
    const summary = await importFile(database.db, {
      fileName,
      bytes,
      path: filePath,
      code: values.code ?? (isCode ? target.toLowerCase() : undefined),
      source,
      released,
      dataMirror: config.dataMirror,
      codelists: { baseUrl: config.EUROSTAT_API },
      onCodelistMissing: (dimension, reason) => console.warn(`No Eurostat code list for ${dimension}: ${reason}`),
      onRunStarted: (runId) => console.log(`Import run ${runId} started: ${source}`),
      onProgress: (done, total) => {
        if (!started) bar.start(total, 0);
        started = true;
        bar.update(done);
      },
    });
    if (started) bar.stop();
    for (const one of summary.datasets ?? [summary]) {
      console.log(
        [
          `Imported ${one.code} (${one.format}) in ${one.seconds.toFixed(1)} s`,
          `  series:  ${one.series.toLocaleString('en')}`,
          `  values:  ${one.values.toLocaleString('en')} (${one.flagged.toLocaleString('en')} with flags)`,
          `  added ${one.added.toLocaleString('en')}, changed ${one.changed.toLocaleString('en')}, removed ${one.removed.toLocaleString('en')}`,
        ].join('\n'),
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

/** Queues a theme (or everything) and works the queue in this process until it is empty. */
async function importCatalogue(scope: { theme: string } | { all: true }): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL, path.join(config.dataDir, 'db'), { purpose: 'bulk-load' });
  const log = (line: string) => console.log(line);
  const queue = createImportQueue({
    db: database.db,
    baseUrl: config.EUROSTAT_API,
    dataMirror: config.dataMirror,
    log,
    pollMs: 1000,
  });
  const stop = () => {
    console.log('Stopping after the dataset under way; run the same command again to go on.');
    void queue.stop();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await seedCatalogueList(database.db, { dataMirror: config.dataMirror, eurostatApi: config.EUROSTAT_API, log });
    if ('theme' in scope && !(await findCategory(database.db, scope.theme))) {
      console.error(`No theme "${scope.theme}" in the catalogue (a folder code of Eurostat's table of contents).`);
      return 2;
    }
    const added = await queue.requestMany(scope);
    const counts = await queueCounts(database.db);
    console.log(
      `${added.toLocaleString('en')} dataset(s) queued; ${counts.waiting.toLocaleString('en')} waiting in all. ` +
        'Imported one at a time; Ctrl-C stops after the current one.',
    );
    queue.start();
    await queue.idle();
    await queue.stop();
    const after = await queueCounts(database.db);
    console.log(
      `Done: ${after.done.toLocaleString('en')} imported, ${after.failed.toLocaleString('en')} failed, ` +
        `${after.waiting.toLocaleString('en')} waiting.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
