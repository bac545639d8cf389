// The import runner: parse a file, store it in one transaction, record the run (also when it fails).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogueEntries, datasets, importRuns } from '../../db/schema';
import { inflatedTooLargeMessage } from '../../core/admin-imports';
import { catalogue } from './catalogue';
import type { CodelistSource } from './codelists';
import { importLabels, loadLabelLists, type ImportLabels } from './labels';
import { detectFormat, parseFiles, sdmxLabelDimensions, startOfFile } from './parsers';
import { InflateLimitError, openTextFile, type OpenedFile, type TextFile } from './parsers/input-text';
import { storeParsed, type Progress } from './store';
import { ImportError, type SourceFormat } from './types';

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
  /** Every dataset stored, this one first, when the file held several (a JSON-stat collection or 1.x bundle). */
  datasets?: Omit<ImportSummary, 'datasets'>[];
}

export interface ImportOptions {
  fileName: string;
  /** The file's content, or where it is on disk (`path`): a TSV on disk is read from there, never whole (decision 163). */
  bytes?: Buffer;
  path?: string;
  /** Dataset code; defaults to the code the file carries, then to one derived from the file name. */
  code?: string;
  /** Where the bytes came from (a path or URL), kept in import_runs. */
  source?: string;
  /**
   * When the source published this release, for formats that do not say (Eurostat TSV); a release time in the
   * file itself (SDMX-CSV LAST UPDATE, JSON-stat updated) wins. Without either, Eurostat's table of contents dates it
   * (the catalogue's "last update of data"); without that, the release has no date (never the import's time).
   */
  released?: Date;
  onProgress?: Progress;
  /**
   * Leave followers' immediate e-mail to the caller (the app notifications and live updates still go out at once):
   * a refresh of several datasets sends each account one digest when it ends (sendDigests), not one per dataset.
   */
  deferMail?: boolean;
  /** Told once the run is on record (committed as 'running'), before any work: the CLI prints it. */
  onRunStarted?: (runId: number) => void;
  /** The data mirror, whose NUTS code list names regions the database does not know yet. */
  dataMirror?: string | null;
  /**
   * Where to fetch Eurostat code lists for label-only SDMX-CSV columns the built-in lists cannot map;
   * fetched lists are cached in the database. Without it only cached lists are used.
   */
  codelists?: CodelistSource;
  /**
   * Told about code lists that could not be fetched and that the mirror's dictionaries do not have either (the
   * labels then fall back to the codes, decisions 051 and 187).
   */
  onCodelistMissing?: (dimension: string, reason: string) => void;
  /** The dataset's title as Eurostat's table of contents gives it (the refresh has it): named when the file is not. */
  title?: string;
  /** Staged rows of a later release compared and merged at a time (server/import/store.ts's releaseSliceRows). */
  sliceRows?: number;
  /**
   * Bounds for a file from someone else (an admin's upload, decision 186): a gzip file decompresses to at most
   * `inflatedBytes` (it is refused the moment it passes them), and a format parsed whole (JSON-stat, SDMX-CSV) to at
   * most `wholeBytes`. Without them (`npm run import`, the refresh from Eurostat) nothing is bounded.
   */
  limits?: ImportLimits;
  /** Where a gzip file's decompressed copy is written (default: the system's temporary folder). */
  tempDir?: string;
}

/**
 * Eurostat's "last update of data" for these codes from the table of contents the catalogue holds (decision 188), for
 * files that carry no date of their own (TSV, SDMX-CSV from the API). A date in the future is no release date.
 */
async function tocLastUpdates(db: Db, codes: readonly string[]): Promise<Map<string, Date>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: catalogueEntries.code, lastUpdate: catalogueEntries.lastUpdate })
    .from(catalogueEntries)
    .where(inArray(catalogueEntries.code, [...codes]));
  const now = Date.now();
  return new Map(
    rows.flatMap((r) => (r.lastUpdate && r.lastUpdate.getTime() <= now ? [[r.code, r.lastUpdate] as const] : [])),
  );
}

export interface ImportLimits {
  inflatedBytes: number;
  wholeBytes: number;
}

export async function importFile(db: Db, opts: ImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const source = opts.source ?? opts.fileName;
  let code = opts.code;
  // The run is on record before any work, in its own commit, so a process killed mid-import leaves it (decision 066).
  await interruptStaleRuns(db);
  const [run] = await db
    .insert(importRuns)
    .values({ source, format: 'unknown', status: 'running' })
    .returning({ id: importRuns.id });
  const runId = run!.id;
  opts.onRunStarted?.(runId);
  let opened: OpenedFile | null = null;
  try {
    if (opts.path !== undefined) opened = await openWithin(opts, opts.path);
    const { format, input } = await parserInput(opts, opened);
    // Label-only CSV columns map back to codes through Eurostat's code lists (fetched once and cached) or the
    // mirror's dictionaries (decision 187).
    const sources = { codelists: opts.codelists, dataMirror: opts.dataMirror };
    const told = new Set<string>();
    const tell = (missing: { dimension: string; reason: string }[]) => {
      for (const m of missing) {
        if (!told.has(m.dimension)) opts.onCodelistMissing?.(m.dimension, m.reason);
        told.add(m.dimension);
      }
    };
    let codelists = new Map<string, Map<string, string>>();
    if (format === 'sdmx-csv' && Buffer.isBuffer(input)) {
      const loaded = await loadLabelLists(db, sdmxLabelDimensions(opts.fileName, input), sources);
      tell(loaded.missing);
      codelists = loaded.lists;
    }
    const files = parseFiles(opts.fileName, input, { codelists });
    const fallback = opts.code ?? codeFromFileName(opts.fileName) ?? undefined;
    // One dataset takes the code it is given, then its own; several take their own, else the file's numbered.
    const codes = files.map((file, i) =>
      files.length === 1 ? (opts.code ?? file.code ?? fallback) : (file.code ?? (fallback && `${fallback}_${i + 1}`)),
    );
    code = codes[0];
    const unnamed = codes.findIndex((c) => !c);
    if (unnamed >= 0) {
      const which =
        files.length > 1
          ? `dataset ${unnamed + 1} of ${files.length} does not name itself`
          : 'the file does not name its dataset';
      throw new ImportError(opts.fileName, null, `${which}: pass --code CODE`);
    }
    const twice = codes.find((c, i) => codes.indexOf(c) !== i);
    if (twice) throw new ImportError(opts.fileName, null, `two datasets of the file are both called "${twice}"`);
    // Titles, dimension names and labels the files do not state, read before the transaction (it may fetch).
    const labels: ImportLabels[] = [];
    for (const [i, file] of files.entries()) {
      const found = await importLabels(db, file, codes[i]!, { ...sources, title: opts.title });
      tell(found.missing);
      labels.push(found.labels);
    }
    const listed = await tocLastUpdates(
      db,
      codes.filter((c): c is string => c !== undefined),
    );
    const summaries = await db.transaction(async (tx) => {
      const done = [];
      for (const [i, file] of files.entries()) {
        // The release's date: the file's own, else the one the caller was told, else Eurostat's table of contents'
        // "last update of data" for the code; never the import's time (decision 200).
        const lastUpdate = file.lastUpdate ?? opts.released ?? listed.get(codes[i]!) ?? null;
        const parsed = lastUpdate === file.lastUpdate ? file : { ...file, lastUpdate };
        const counts = await storeParsed(tx, parsed, {
          code: codes[i]!,
          source,
          fileName: opts.fileName,
          runId: i === 0 ? runId : undefined,
          onProgress: opts.onProgress,
          dataMirror: opts.dataMirror,
          sliceRows: opts.sliceRows,
          labels: labels[i],
        });
        done.push({ code: codes[i]!, format: parsed.format, ...counts });
      }
      return done;
    });
    // Committed: followers, trend rules and open pages hear of it (server/alerts; never fails the import). Loaded only
    // now: with the robot's, these modules are about 45 MB of `npm run import`, which a PGlite import would otherwise
    // carry through its copy (decision 166).
    const { publishDatasetUpdate } = await import('../alerts/publish');
    const { robotAfterImport } = await import('../robot/service');
    for (const s of summaries) {
      const { datasetId, code, runId, added, changed, removed } = s;
      await publishDatasetUpdate(
        db,
        { datasetId, code, importRunId: runId, added, changed, removed },
        { mail: !opts.deferMail },
      );
      // The robot's after-refresh templates write their drafts (decision 142; logs, never fails the import).
      await robotAfterImport(db, { code, added, changed, removed });
    }
    const seconds = (performance.now() - started) / 1000;
    const all = summaries.map((s) => ({ ...s, seconds }));
    return { ...all[0]!, ...(all.length > 1 ? { datasets: all } : {}) };
  } catch (error) {
    await recordFailure(db, runId, code, error);
    throw error;
  } finally {
    await opened?.close();
  }
}

/** Opens the file of `opts.path`, decompressed within `opts.limits`; a file past them fails as an ImportError. */
async function openWithin(opts: ImportOptions, file: string): Promise<OpenedFile> {
  try {
    return await openTextFile(file, { maxInflatedBytes: opts.limits?.inflatedBytes, tempDir: opts.tempDir });
  } catch (error) {
    if (!(error instanceof InflateLimitError)) throw error;
    const problem = error.limitBytes === null ? error.problem : inflatedTooLargeMessage(error.limitBytes);
    throw new ImportError(opts.fileName, null, problem);
  }
}

const formatNames: Record<SourceFormat, string> = {
  'eurostat-tsv': 'Eurostat TSV',
  'eurostat-tsv-legacy': 'Eurostat TSV',
  'sdmx-csv': 'SDMX-CSV',
  'json-stat': 'JSON-stat',
};

/** What the parsers read: the bytes given, or the file on disk: a TSV line by line from there, other formats whole. */
async function parserInput(
  opts: ImportOptions,
  opened: OpenedFile | null,
): Promise<{ format: SourceFormat | null; input: Buffer | TextFile }> {
  if (!opened) {
    if (!opts.bytes) throw new Error('importFile needs the bytes of the file or its path');
    return { format: detectFormat(opts.fileName, opts.bytes), input: opts.bytes };
  }
  const format = detectFormat(opts.fileName, startOfFile(opened.text));
  const lineByLine = format === 'eurostat-tsv' || format === 'eurostat-tsv-legacy';
  if (lineByLine) return { format, input: opened.text };
  const whole = opts.limits?.wholeBytes;
  if (format && whole !== undefined && (await stat(opened.text.path)).size > whole) {
    throw new ImportError(
      opts.fileName,
      null,
      `is read whole (${formatNames[format]}), and decompresses to more than ${megabytes(whole)}: upload it in parts, or import it with npm run import.`,
    );
  }
  return { format, input: await readFile(opened.text.path) };
}

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / 1024 / 1024)} MB` : `${bytes} bytes`;
}

async function recordFailure(db: Db, runId: number, code: string | undefined, error: unknown): Promise<void> {
  const ds = code ? await db.select({ id: datasets.id }).from(datasets).where(eq(datasets.code, code)) : [];
  await db
    .update(importRuns)
    .set({
      datasetId: ds[0]?.id ?? null,
      status: 'failed',
      finishedAt: new Date(),
      error: error instanceof Error ? error.message : String(error),
    })
    .where(eq(importRuns.id, runId));
}

/** How long a run may stay 'running' before another import takes its process for gone (imports take minutes). */
export const staleRunMs = 60 * 60 * 1000;

/**
 * Marks runs left 'running' by a process that ended mid-import as 'interrupted': those started more than `olderThanMs`
 * ago (0 when the caller knows no other process imports, e.g. it holds the PGlite folder's lock). Returns how many.
 */
export async function interruptStaleRuns(db: Db, olderThanMs = staleRunMs): Promise<number> {
  const now = new Date();
  const rows = await db
    .update(importRuns)
    .set({ status: 'interrupted', finishedAt: now, error: 'interrupted: the process ended before the import finished' })
    .where(and(eq(importRuns.status, 'running'), lt(importRuns.startedAt, new Date(now.getTime() - olderThanMs))))
    .returning({ id: importRuns.id });
  return rows.length;
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
