// First start: imports the catalogue's sample files from the data mirror, with progress in the log.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { datasets } from '../../db/schema';
import { catalogue } from './catalogue';
import { seedGeos } from './geos';
import { importFile, type ImportSummary } from './runner';

export type Log = (line: string) => void;

export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(datasets);
  return (row?.n ?? 0) === 0;
}

/** Imports every sample file the mirror has; returns the summaries. Missing files are logged and skipped. */
export async function seedSampleData(db: Db, dataMirror: string | null, log: Log): Promise<ImportSummary[]> {
  await seedGeos(db, dataMirror);
  if (!dataMirror) {
    log('No data mirror (DATA_MIRROR) and no Eurostat fetch on first start: the catalogue is empty.');
    return [];
  }
  const files = catalogue.datasets.flatMap((d) => d.mirror.map((f) => ({ code: d.code, file: f })));
  const done: ImportSummary[] = [];
  for (const [i, { code, file }] of files.entries()) {
    const full = path.join(dataMirror, file);
    const bytes = await readFile(full).catch(() => null);
    if (!bytes) {
      log(`[${i + 1}/${files.length}] ${file}: not in the mirror, skipped`);
      continue;
    }
    const summary = await importFile(db, { fileName: file, bytes, code, source: full });
    log(
      `[${i + 1}/${files.length}] ${code} from ${file}: ${summary.values.toLocaleString('en')} values, ` +
        `${summary.added} added, ${summary.changed} changed, ${summary.removed} removed (${summary.seconds.toFixed(1)} s)`,
    );
    done.push(summary);
  }
  return done;
}
