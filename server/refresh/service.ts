// What the app holds of the refresh: the scheduler (started by server/index.ts only, so tests and scripts never run
// it), the admins' list (ADMIN_EMAILS), and the imports an admin starts from /app/admin/imports, with their progress.
import path from 'node:path';
import { inflateLimit, MAX_UPLOAD_BYTES, type AdminImports, type ImportJob } from '../../core/admin-imports';
import type { Db } from '../../db/client';
import type { Config } from '../config';
import { importFile, staleRunMs } from '../import/runner';
import { createImportQueue, type ImportQueue } from './import-queue';
import { runRefresh, summarize, type DatasetEvent } from './refresh';
import { describeSchedule, nextRun, parseSchedule } from './schedule';
import { startScheduler, type Scheduler } from './scheduler';
import { readUploadForm, removeUpload, sweepUploads } from './uploads';

export type { ImportJob };

export interface RefreshService extends AdminImports {
  /** Imports of catalogue entries asked for by visitors and admins (decision 188). */
  queue: ImportQueue;
  /** Starts the scheduled refresh and the import queue (server/index.ts does; tests and scripts do not). */
  startScheduler(): void;
  stop(): Promise<void>;
}

const keptJobs = 20;

export function createRefreshService(opts: {
  db: Db;
  config: Config;
  log?: (line: string) => void;
  /** Where uploaded files wait for their import (decision 171); `<data folder>/uploads` unless given (tests). */
  uploadsDir?: string;
}): RefreshService {
  const { db, config } = opts;
  const log = opts.log ?? ((line: string) => console.log(`[refresh] ${line}`));
  const uploadsDir = opts.uploadsDir ?? path.join(config.dataDir, 'uploads');
  const schedule = parseSchedule(config.REFRESH_SCHEDULE);
  const admins = new Set(
    config.ADMIN_EMAILS.split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
  let scheduler: Scheduler | null = null;
  const jobs: ImportJob[] = [];
  /** The upload files this process is importing now. */
  const importing = new Set<string>();
  /**
   * Removes upload files (and decompressed copies) of imports that never ended, at start and before each form is
   * read: older than a run may stay 'running' before it is taken for gone (decision 186).
   */
  const sweep = () => sweepUploads(uploadsDir, { olderThanMs: staleRunMs, inUse: importing, log });
  void sweep();
  let nextId = 1;
  const queue = createImportQueue({ db, baseUrl: config.EUROSTAT_API, dataMirror: config.dataMirror, log });

  const newJob = (kind: ImportJob['kind'], label: string): ImportJob => {
    const job: ImportJob = {
      id: nextId++,
      kind,
      label,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      phase: 'waiting',
      done: 0,
      total: 0,
      runId: null,
      message: null,
    };
    jobs.unshift(job);
    jobs.splice(keptJobs);
    return job;
  };
  const finish = (job: ImportJob, phase: 'done' | 'failed', message: string) => {
    Object.assign(job, { phase, message, finishedAt: new Date().toISOString() });
    log(`${job.kind} ${job.label}: ${message}`);
  };
  const follow = (job: ImportJob) => (e: DatasetEvent) => {
    if (e.phase === 'downloading') job.phase = 'downloading';
    if (e.phase === 'importing') Object.assign(job, { phase: 'importing', runId: e.runId });
    if (e.phase === 'progress') Object.assign(job, { done: e.done, total: e.total });
  };

  return {
    queue,
    schedule: describeSchedule(schedule),
    nextRunAt: () => scheduler?.nextRunAt() ?? (schedule ? nextRun(schedule, new Date()) : null),
    isAdmin: (email, verified) => verified && admins.has(email.trim().toLowerCase()),
    refreshNow(code, kind = 'refresh') {
      const job = newJob(kind, code.toLowerCase());
      void runRefresh(db, {
        baseUrl: config.EUROSTAT_API,
        codes: [code],
        force: true,
        dataMirror: config.dataMirror,
        onDataset: follow(job),
      })
        .then((report) => {
          if (report.outcome === 'done' && report.imported.length === 1) {
            const i = report.imported[0]!;
            finish(job, 'done', `imported: ${i.added} added, ${i.changed} changed, ${i.removed} removed`);
          } else if (report.outcome === 'busy') {
            finish(job, 'failed', 'A refresh is running: try again when it has finished.');
          } else if (report.notListed.length) {
            finish(job, 'failed', `Eurostat does not list a dataset “${report.notListed[0]}”.`);
          } else if (report.failed.length) {
            finish(job, 'failed', report.failed[0]!.error);
          } else {
            finish(job, 'failed', summarize(report));
          }
        })
        .catch((error: unknown) => finish(job, 'failed', error instanceof Error ? error.message : String(error)));
      return job;
    },
    readForm: async (request, form) => {
      await sweep();
      return readUploadForm(request, { dir: uploadsDir, ...form });
    },
    discardUpload: (file) => removeUpload(uploadsDir, file.path, log),
    importUpload({ name: fileName, path: filePath, bytes }, code) {
      const job = newJob('upload', fileName);
      job.phase = 'importing';
      importing.add(filePath);
      // Read from disk (a Eurostat TSV line by line, decision 163), then removed, imported or not. A gzip file
      // decompresses beside it, so far only (decision 186); a format parsed whole no larger than a plain upload.
      void importFile(db, {
        fileName,
        path: filePath,
        limits: { inflatedBytes: inflateLimit(bytes), wholeBytes: MAX_UPLOAD_BYTES },
        tempDir: uploadsDir,
        code,
        source: `upload ${fileName}`,
        dataMirror: config.dataMirror,
        codelists: { baseUrl: config.EUROSTAT_API },
        onRunStarted: (runId) => (job.runId = runId),
        onProgress: (done, total) => Object.assign(job, { done, total }),
      })
        .finally(() => {
          importing.delete(filePath);
          return removeUpload(uploadsDir, filePath, log);
        })
        .then(
          (s) =>
            finish(job, 'done', `imported ${s.code}: ${s.added} added, ${s.changed} changed, ${s.removed} removed`),
          (error: unknown) => finish(job, 'failed', error instanceof Error ? error.message : String(error)),
        );
      return job;
    },
    jobs: () => jobs.map((j) => ({ ...j })),
    startScheduler() {
      queue.start();
      if (!schedule || scheduler) {
        if (!schedule) log('scheduled refresh is off (REFRESH_SCHEDULE=off)');
        return;
      }
      // Said at every start, so a local trial knows it fetches from Eurostat and how to stop it (decision 200).
      log(
        `scheduled refresh from ${config.EUROSTAT_API}: ${describeSchedule(schedule)}; REFRESH_SCHEDULE=off turns it off`,
      );
      scheduler = startScheduler({
        db,
        schedule,
        refresh: { baseUrl: config.EUROSTAT_API, dataMirror: config.dataMirror },
        log,
      });
    },
    async stop() {
      scheduler?.stop();
      scheduler = null;
      await queue.stop();
    },
  };
}
