// First start: imports the catalogue's sample files from the data mirror, with progress in the log.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { datasets } from '../../db/schema';
import { catalogue, mirrorFiles } from './catalogue';
import { seedGeos } from './geos';
import { existsSync } from 'node:fs';
import { repoRoot } from '../config';
import { fetchEurostat } from './fetch-eurostat';
import { importPostFolder } from './posts';
import { importFile, type ImportSummary } from './runner';

export type Log = (line: string) => void;

export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(datasets);
  return (row?.n ?? 0) === 0;
}

/**
 * Imports every sample file the mirror has; without a mirror, downloads the catalogue's datasets from
 * Eurostat's Statistics API. Returns the summaries; what cannot be had is logged and skipped.
 */
export async function seedSampleData(
  db: Db,
  dataMirror: string | null,
  log: Log,
  eurostatApi?: string,
): Promise<ImportSummary[]> {
  await seedGeos(db, dataMirror);
  const done = dataMirror ? await seedFromMirror(db, dataMirror, log) : await seedFromEurostat(db, log, eurostatApi);
  await seedPosts(db, log);
  return done;
}

/** The blog posts that ship with the product (content/posts), so the blog is not empty on a first start. */
async function seedPosts(db: Db, log: Log): Promise<void> {
  const folder = path.join(repoRoot, 'content/posts');
  if (!existsSync(folder)) return;
  const results = await importPostFolder(db, folder);
  const invalid = results.filter((r) => r.outcome === 'invalid');
  log(`blog: ${results.length - invalid.length} post(s) from content/posts`);
  for (const r of invalid) log(`blog: ${r.file} not imported (${r.error})`);
}

async function seedFromMirror(db: Db, dataMirror: string, log: Log): Promise<ImportSummary[]> {
  const files = catalogue.datasets.flatMap((d) => mirrorFiles(d).map((f) => ({ code: d.code, ...f })));
  const done: ImportSummary[] = [];
  const started = performance.now();
  for (const [i, { code, file, released }] of files.entries()) {
    const full = path.join(dataMirror, file);
    const bytes = await readFile(full).catch(() => null);
    if (!bytes) {
      log(`[${i + 1}/${files.length}] ${file}: not in the mirror, skipped`);
      continue;
    }
    // With the mirror, codes the file and the catalogue do not name take the mirror's dictionaries' words (decision 187).
    done.push(await importFile(db, { fileName: file, bytes, code, source: full, released, dataMirror }));
  }
  // One line for the whole import, not one per file: the start log is read by a person (decision 200).
  const codes = [...new Set(done.map((s) => s.code))];
  const values = done.reduce((n, s) => n + s.values, 0);
  const seconds = (performance.now() - started) / 1000;
  log(
    `sample import: ${codes.length} datasets (${codes.join(', ')}), ${values.toLocaleString('en')} values in ` +
      `${seconds.toFixed(0)} s`,
  );
  return done;
}

async function seedFromEurostat(db: Db, log: Log, baseUrl: string | undefined): Promise<ImportSummary[]> {
  log('No data mirror (DATA_MIRROR): downloading the catalogue from Eurostat');
  const done: ImportSummary[] = [];
  for (const [i, { code }] of catalogue.datasets.entries()) {
    const step = `[${i + 1}/${catalogue.datasets.length}] ${code}`;
    try {
      const { fileName, bytes } = await fetchEurostat(code, { baseUrl, signal: AbortSignal.timeout(120_000) });
      const summary = await importFile(db, { fileName, bytes, code, source: `Eurostat API ${code}` });
      log(`${step}: ${summary.values.toLocaleString('en')} values (${summary.seconds.toFixed(1)} s)`);
      done.push(summary);
    } catch (error) {
      log(`${step}: not imported (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  if (done.length === 0) log('Eurostat could not be reached either: the catalogue is empty.');
  return done;
}
