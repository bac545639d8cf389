// npm run refresh [-- CODE …] [--force]: one refresh from Eurostat, the same code the app's scheduler runs: the table of
// contents compared with what is stored, and only the changed datasets (or the named ones) re-imported.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { loadConfig } from '../server/config';
import { runRefresh, summarize } from '../server/refresh/refresh';

const usage = 'usage: npm run refresh [-- CODE …] [--force]   (EUROSTAT_API sets the source)';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const bad = positionals.find((c) => !/^[A-Za-z0-9_]+$/.test(c));
  if (bad) {
    console.error(`invalid dataset code "${bad}"\n${usage}`);
    return 2;
  }
  if (values.force && positionals.length === 0) {
    console.error(`--force needs the dataset codes to import\n${usage}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL, path.join(config.dataDir, 'db'));
  try {
    console.log(`Refreshing from ${config.EUROSTAT_API}${positionals.length ? ` (${positionals.join(', ')})` : ''}…`);
    const report = await runRefresh(database.db, {
      baseUrl: config.EUROSTAT_API,
      codes: positionals.length ? positionals : undefined,
      force: values.force,
      dataMirror: config.dataMirror,
      onDataset: (e) => {
        if (e.phase === 'downloading') console.log(`${e.code}: downloading`);
        if (e.phase === 'importing') console.log(`${e.code}: import run ${e.runId} started`);
      },
    });
    console.log(summarize(report));
    if (report.outcome === 'busy') return 3;
    return report.outcome === 'failed' || report.failed.length > 0 || report.notListed.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Refresh failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
