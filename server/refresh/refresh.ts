// One refresh: read Eurostat's table of contents, compare each dataset's "last update of data" with what we hold,
// and re-import only what changed (JSON-stat from the Statistics API, SDMX-CSV as the fallback), each dataset in the
// import runner's one transaction. Failures are recorded (import_runs, refresh_datasets) and retried with back-off.
import { hostname } from 'node:os';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { datasets, importRuns, refreshDatasets, refreshState } from '../../db/schema';
import { sendDigests } from '../alerts/publish';
import { EurostatFetchError, fetchEurostat, type FetchedFile } from '../import/fetch-eurostat';
import { importFile, type ImportSummary } from '../import/runner';
import { withRefreshLock } from './lock';
import { describeSync, syncCatalogue, type CatalogueSyncReport } from '../catalogue/sync';
import { datedEntries, fetchToc, type TocEntry } from '../catalogue/toc';

export interface RefreshOptions {
  /** EUROSTAT_API. */
  baseUrl: string;
  /** Only these dataset codes (the command's arguments, an admin's button); default: every stored dataset Eurostat lists. */
  codes?: string[];
  /** Import the named codes even when the table of contents shows no change (an admin's "refresh now", a new dataset). */
  force?: boolean;
  /** The scheduled time this run is for: when another process has already run for it, this one does nothing. */
  slot?: Date;
  dataMirror?: string | null;
  log?: (line: string) => void;
  /** Told when a dataset's download starts, its import run is on record, and how far its values are stored. */
  onDataset?: (event: DatasetEvent) => void;
  now?: () => Date;
  /** Per download; the whole dataset arrives in one answer (default 10 minutes). */
  downloadTimeoutMs?: number;
}

export type DatasetEvent =
  | { code: string; phase: 'downloading' }
  | { code: string; phase: 'importing'; runId: number }
  | { code: string; phase: 'progress'; done: number; total: number };

export interface RefreshReport {
  /** done: the run happened; busy: another process is refreshing; already-done: another did this slot; failed: no catalogue. */
  outcome: 'done' | 'busy' | 'already-done' | 'failed';
  checked: number;
  imported: (Pick<ImportSummary, 'code' | 'runId' | 'added' | 'changed' | 'removed' | 'seconds'> & {
    format: string;
  })[];
  unchanged: string[];
  /** Changed at the source but waiting for their back-off after earlier failures. */
  waiting: { code: string; retryAt: Date }[];
  failed: { code: string; error: string; retryAt: Date }[];
  /** Codes asked for that Eurostat's table of contents does not list. */
  notListed: string[];
  error?: string;
  /** What the table of contents changed in the catalogue. */
  catalogue?: CatalogueSyncReport;
  /** After a failed run: when the scheduler tries again. */
  retryAt?: Date;
}

/** Back-off after the n-th failure in a row: 5 min, 10, 20 … at most 6 hours. */
export function backoffMs(failures: number): number {
  return Math.min(5 * 60_000 * 2 ** Math.max(0, failures - 1), 6 * 60 * 60_000);
}

const holder = () => `${hostname()} pid ${process.pid}`;

export async function runRefresh(db: Db, opts: RefreshOptions): Promise<RefreshReport> {
  const empty = (outcome: RefreshReport['outcome']): RefreshReport => ({
    outcome,
    checked: 0,
    imported: [],
    unchanged: [],
    waiting: [],
    failed: [],
    notListed: [],
  });
  const locked = await withRefreshLock(db, async () => {
    const now = opts.now ?? (() => new Date());
    const [state] = await db.select().from(refreshState).where(eq(refreshState.id, 1));
    // Another process has already made (or failed) the run this slot is for.
    if (opts.slot && state?.startedAt && state.startedAt >= opts.slot && state.status !== 'running') {
      return empty('already-done');
    }
    // We hold the lock, so a refresh still marked running was cut off (a killed process): its import is interrupted.
    if (state?.status === 'running') await interruptCutOffRun(db);
    const startedAt = now();
    const values = { startedAt, finishedAt: null, status: 'running', holder: holder(), summary: null };
    await db
      .insert(refreshState)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: refreshState.id, set: values });
    const report = await refreshOnce(db, opts, now).catch((error: unknown): RefreshReport => {
      const failures = (state?.failures ?? 0) + 1;
      return {
        ...empty('failed'),
        error: error instanceof Error ? error.message : String(error),
        retryAt: new Date(now().getTime() + backoffMs(failures)),
      };
    });
    const failed = report.outcome === 'failed';
    await db
      .update(refreshState)
      .set({
        finishedAt: now(),
        status: failed ? 'failed' : 'succeeded',
        summary: summarize(report),
        failures: failed ? (state?.failures ?? 0) + 1 : 0,
        retryAt: report.retryAt ?? null,
      })
      .where(eq(refreshState.id, 1));
    return report;
  });
  const report = locked.ran ? locked.value : empty('busy');
  // One e-mail per follower for the whole refresh, however many of their datasets it imported (the imports left
  // the mail to us: deferMail). Never fails the refresh: unsent notifications wait for the next digest.
  if (report.imported.length > 0) {
    await sendDigests(db, { due: 'immediate' }).catch((error: unknown) =>
      opts.log?.(`refresh digests failed, kept for the next attempt: ${String(error)}`),
    );
  }
  // Runs that did something (or failed) are logged, one line each; a skipped one is not worth a line.
  if (report.outcome === 'done' || report.outcome === 'failed') opts.log?.(summarize(report));
  return report;
}

async function refreshOnce(db: Db, opts: RefreshOptions, now: () => Date): Promise<RefreshReport> {
  const tree = await fetchToc(opts.baseUrl, AbortSignal.timeout(120_000));
  // The catalogue follows Eurostat's: new datasets appear, withdrawn ones are marked (decision 188).
  const catalogue = await syncCatalogue(db, tree, now());
  const toc = datedEntries(tree);
  const stored = await db.select({ code: datasets.code, lastUpdate: datasets.lastUpdate }).from(datasets);
  const asked = opts.codes?.map((c) => c.toLowerCase());
  const candidates = asked ?? stored.map((d) => d.code).filter((c) => toc.has(c));
  const report: RefreshReport = {
    outcome: 'done',
    catalogue,
    checked: 0,
    imported: [],
    unchanged: [],
    waiting: [],
    failed: [],
    notListed: [],
  };
  const known = new Map(
    (candidates.length
      ? await db.select().from(refreshDatasets).where(inArray(refreshDatasets.code, candidates))
      : []
    ).map((r) => [r.code, r]),
  );
  for (const code of candidates) {
    const entry = toc.get(code);
    if (!entry) {
      report.notListed.push(code);
      continue;
    }
    report.checked += 1;
    const seen = known.get(code);
    const dataset = stored.find((d) => d.code === code);
    const changed = opts.force || isChanged(entry, seen?.sourceUpdated ?? null, dataset?.lastUpdate ?? null);
    const checkedAt = now();
    if (!changed) {
      // The release we hold: its "last update of data" is the baseline the next comparison is made against.
      await upsert(db, code, {
        sourceUpdated: entry.lastUpdate,
        checkedAt,
        failures: 0,
        retryAt: null,
        lastError: null,
      });
      report.unchanged.push(code);
      continue;
    }
    if (!opts.force && seen?.retryAt && seen.retryAt > checkedAt) {
      report.waiting.push({ code, retryAt: seen.retryAt });
      continue;
    }
    const outcome = await importDataset(db, opts, code, entry);
    if ('error' in outcome) {
      const failures = (seen?.failures ?? 0) + 1;
      const retryAt = new Date(now().getTime() + backoffMs(failures));
      await upsert(db, code, { checkedAt, failures, retryAt, lastError: outcome.error, lastRunId: outcome.runId });
      report.failed.push({ code, error: outcome.error, retryAt });
    } else {
      const s = outcome.summary;
      await upsert(db, code, {
        sourceUpdated: entry.lastUpdate,
        checkedAt,
        failures: 0,
        retryAt: null,
        lastError: null,
        lastRunId: s.runId,
      });
      report.imported.push({
        code,
        runId: s.runId,
        format: s.format,
        added: s.added,
        changed: s.changed,
        removed: s.removed,
        seconds: s.seconds,
      });
    }
  }
  return report;
}

/**
 * Changed when the table of contents shows another "last update of data" than the release we hold. Before the first
 * refresh of a dataset we only know its release time from the file (imported by hand or on first start): changed when
 * Eurostat's day is later than that release's day.
 */
export function isChanged(entry: TocEntry, seen: string | null, released: Date | null): boolean {
  if (seen !== null) return seen !== entry.lastUpdate;
  if (!released || !entry.updatedAt) return true;
  const day = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return day(entry.updatedAt) > day(released);
}

export async function importDataset(
  db: Db,
  opts: RefreshOptions,
  code: string,
  entry: TocEntry,
): Promise<{ summary: ImportSummary } | { error: string; runId: number | null }> {
  const source = `${opts.baseUrl} ${code}`;
  opts.onDataset?.({ code, phase: 'downloading' });
  let file: FetchedFile;
  try {
    file = await download(code, opts);
  } catch (error) {
    // Nothing was imported, but the attempt is on record like any failed import.
    const message = error instanceof Error ? error.message : String(error);
    const [ds] = await db.select({ id: datasets.id }).from(datasets).where(eq(datasets.code, code));
    const [run] = await db
      .insert(importRuns)
      .values({
        source,
        format: 'unknown',
        status: 'failed',
        finishedAt: new Date(),
        error: message,
        datasetId: ds?.id ?? null,
      })
      .returning({ id: importRuns.id });
    return { error: message, runId: run?.id ?? null };
  }
  let runId: number | null = null;
  try {
    const summary = await importFile(db, {
      ...file,
      code,
      source,
      released: entry.updatedAt ?? undefined,
      deferMail: true,
      dataMirror: opts.dataMirror,
      codelists: { baseUrl: opts.baseUrl },
      title: entry.title,
      onRunStarted: (id) => {
        runId = id;
        opts.onDataset?.({ code, phase: 'importing', runId: id });
      },
      onProgress: (done, total) => opts.onDataset?.({ code, phase: 'progress', done, total }),
    });
    return { summary };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), runId };
  }
}

/** JSON-stat from the Statistics API; SDMX-CSV from the SDMX API when that fails for another reason than "no such dataset". */
async function download(code: string, opts: RefreshOptions): Promise<FetchedFile> {
  const timeout = opts.downloadTimeoutMs ?? 10 * 60_000;
  try {
    return await fetchEurostat(code, { baseUrl: opts.baseUrl, signal: AbortSignal.timeout(timeout) });
  } catch (error) {
    if (!(error instanceof EurostatFetchError) || error.status === 404 || error.status === null) throw error;
    try {
      return await fetchEurostat(code, {
        baseUrl: opts.baseUrl,
        format: 'sdmx-csv',
        signal: AbortSignal.timeout(timeout),
      });
    } catch (fallback) {
      const why = fallback instanceof Error ? fallback.message : String(fallback);
      throw new EurostatFetchError(`${error.message}; the SDMX API as well: ${why}`, error.status, { cause: fallback });
    }
  }
}

async function upsert(db: Db, code: string, values: Partial<typeof refreshDatasets.$inferInsert>): Promise<void> {
  await db
    .insert(refreshDatasets)
    .values({ code, ...values })
    .onConflictDoUpdate({ target: refreshDatasets.code, set: values });
}

/** The import runs a cut-off refresh left running (their transaction rolled back with the process). */
async function interruptCutOffRun(db: Db): Promise<void> {
  await db.execute(sql`UPDATE import_runs SET status = 'interrupted', finished_at = now(),
      error = 'interrupted: the process ended before the import finished'
    WHERE status = 'running' AND id IN (SELECT last_run_id FROM refresh_datasets WHERE last_run_id IS NOT NULL)`);
}

/** One line for the log and the admin page. */
export function summarize(r: RefreshReport): string {
  switch (r.outcome) {
    case 'busy':
      return 'refresh: another process is refreshing; this one skipped';
    case 'already-done':
      return 'refresh: another process already ran this scheduled refresh';
    case 'failed':
      return `refresh failed: ${r.error}${r.retryAt ? `; next attempt ${r.retryAt.toISOString()}` : ''}`;
    case 'done': {
      const parts = [`refresh: ${r.checked} dataset(s) checked`];
      parts.push(
        r.imported.length
          ? `imported ${r.imported.map((i) => `${i.code} (+${i.added} ~${i.changed} -${i.removed})`).join(', ')}`
          : 'nothing changed at the source',
      );
      if (r.failed.length) parts.push(`failed ${r.failed.map((f) => `${f.code}: ${f.error}`).join('; ')}`);
      if (r.waiting.length) parts.push(`waiting to retry ${r.waiting.map((w) => w.code).join(', ')}`);
      if (r.notListed.length) parts.push(`not listed by Eurostat: ${r.notListed.join(', ')}`);
      if (r.catalogue) parts.push(describeSync(r.catalogue));
      return parts.join('; ');
    }
  }
}
