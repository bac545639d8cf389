// npm run import -- <file|dataset code> [--code CODE] [--released TIME]: imports one file, or one dataset from Eurostat.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { openDatabase } from '../db/client';
import { loadConfig } from '../server/config';
import { fetchEurostat } from '../server/import/fetch-eurostat';
import { importFile } from '../server/import/runner';

const usage =
  'usage: npm run import -- <file | dataset code> [--code CODE] [--format jsonstat|sdmx-csv] [--released 2025-06-03T11:00:00Z]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      code: { type: 'string' },
      format: { type: 'string' },
      released: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
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
  const database = await openDatabase(config.DATABASE_URL, path.join(config.dataDir, 'db'), { bulkLoad: true });
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

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
