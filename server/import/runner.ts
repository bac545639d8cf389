// The import runner: parse a file, store it in one transaction, record the run (also when it fails).
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { datasets, importRuns } from '../../db/schema';
import { catalogue } from './catalogue';
import { parseFile } from './parsers';
import { storeParsed, type Progress } from './store';
import { ImportError } from './types';

export interface ImportSummary {
  code: string;
  datasetId: number;
  runId: number;
  format: string;
  series: number;
  values: number;
  flagged: number;
  added: number;
  changed: number;
  removed: number;
  seconds: number;
}

export interface ImportOptions {
  fileName: string;
  bytes: Buffer;
  /** Dataset code; defaults to the code the file carries, then to one derived from the file name. */
  code?: string;
  /** Where the bytes came from (a path or URL), kept in import_runs. */
  source?: string;
  /**
   * When the source published this release, for formats that do not say (Eurostat TSV); a release time in the
   * file itself (SDMX-CSV LAST UPDATE, JSON-stat updated) wins. Without either, the import time stands in.
   */
  released?: Date;
  onProgress?: Progress;
}

export async function importFile(db: Db, opts: ImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const source = opts.source ?? opts.fileName;
  let code = opts.code;
  try {
    const file = parseFile(opts.fileName, opts.bytes);
    const parsed = file.lastUpdate || !opts.released ? file : { ...file, lastUpdate: opts.released };
    code = opts.code ?? parsed.code ?? codeFromFileName(opts.fileName) ?? undefined;
    if (!code) {
      throw new ImportError(opts.fileName, null, 'the file does not name its dataset: pass --code CODE');
    }
    const datasetCode = code;
    const counts = await db.transaction((tx) =>
      storeParsed(tx, parsed, { code: datasetCode, source, fileName: opts.fileName, onProgress: opts.onProgress }),
    );
    return { code, format: parsed.format, ...counts, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    await recordFailure(db, code, source, error);
    throw error;
  }
}

async function recordFailure(db: Db, code: string | undefined, source: string, error: unknown): Promise<void> {
  const ds = code ? await db.select({ id: datasets.id }).from(datasets).where(eq(datasets.code, code)) : [];
  await db.insert(importRuns).values({
    datasetId: ds[0]?.id ?? null,
    source,
    format: 'unknown',
    status: 'failed',
    finishedAt: new Date(),
    error: error instanceof Error ? error.message : String(error),
  });
}

/** estat_prc_hicp_manr_filtered.tsv → prc_hicp_manr; a known catalogue code wins when the name starts with it. */
export function codeFromFileName(fileName: string): string | null {
  const base = path
    .basename(fileName)
    .toLowerCase()
    .replace(/(\.(tsv|csv|json|gz|txt))+$/, '')
    .replace(/^estat_/, '');
  const known = catalogue.datasets
    .map((d) => d.code)
    .filter((c) => base === c || base.startsWith(`${c}_`))
    .sort((a, b) => b.length - a.length)[0];
  if (known) return known;
  const cleaned = base.replace(/_(filtered|linear|en)\b/g, '');
  // Eurostat names its downloads estat_<code>; otherwise accept only names shaped like its codes
  // (une_rt_m, tec00118), so that data.tsv is not taken for a dataset called "data".
  const fromEurostat = path.basename(fileName).toLowerCase().startsWith('estat_');
  const codeShaped = /^[a-z]+[0-9]*(_[a-z0-9]+)+$|^[a-z]+[0-9]+$/.test(cleaned);
  return (fromEurostat && /^[a-z][a-z0-9_]*$/.test(cleaned)) || codeShaped ? cleaned : null;
}
