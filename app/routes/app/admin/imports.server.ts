// /app/admin/imports on the server: only accounts named in ADMIN_EMAILS (others get 404), every import run, the
// refresh schedule, and the forms that start an import (a dataset refreshed now, a new Eurostat code, an uploaded file).
import { data, type AppLoadContext } from 'react-router';
import { desc, eq } from 'drizzle-orm';
import { queueOverview } from '#db/queries/import-requests';
import {
  fileTooLargeMessage,
  MAX_UPLOAD_BYTES,
  type AdminImports,
  type ImportForm,
  type ImportJob,
} from '#core/admin-imports';
import { datasets, importRuns, refreshDatasets, refreshState } from '#db/schema';
import { requireSession } from '../guard.server';

/** The newest runs the page lists. */
export const RUNS_SHOWN = 200;

export interface RunRow {
  id: number;
  code: string | null;
  source: string;
  format: string;
  status: string;
  startedAt: string;
  seconds: number | null;
  added: number;
  changed: number;
  removed: number;
  error: string | null;
}

export interface DatasetRow {
  code: string;
  name: string;
  lastUpdate: string | null;
  sourceUpdated: string | null;
  checkedAt: string | null;
  failures: number;
  retryAt: string | null;
  lastError: string | null;
}

/** The admin's controls, or a 404 for everyone else (the page does not admit it exists). */
export function requireAdmin(request: Request, context: AppLoadContext): AdminImports {
  const session = requireSession(request, context);
  const imports = context.imports;
  if (!session || !imports || !imports.isAdmin(session.user.email, session.user.emailVerified)) {
    throw data('Not found', { status: 404 });
  }
  return imports;
}

export async function loadImportsPage(request: Request, context: AppLoadContext) {
  const imports = requireAdmin(request, context);
  const db = context.db;
  const [runs, held, seen, [state], queue] = await Promise.all([
    db
      .select({
        id: importRuns.id,
        code: datasets.code,
        source: importRuns.source,
        format: importRuns.format,
        status: importRuns.status,
        startedAt: importRuns.startedAt,
        finishedAt: importRuns.finishedAt,
        added: importRuns.added,
        changed: importRuns.changed,
        removed: importRuns.removed,
        error: importRuns.error,
      })
      .from(importRuns)
      .leftJoin(datasets, eq(datasets.id, importRuns.datasetId))
      .orderBy(desc(importRuns.id))
      .limit(RUNS_SHOWN),
    db.select({ code: datasets.code, name: datasets.name, lastUpdate: datasets.lastUpdate }).from(datasets),
    db.select().from(refreshDatasets),
    db.select().from(refreshState).where(eq(refreshState.id, 1)),
    queueOverview(db),
  ]);
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  const byCode = new Map(seen.map((s) => [s.code, s]));
  return {
    schedule: imports.schedule,
    nextRunAt: iso(imports.nextRunAt()),
    lastRefresh: state
      ? {
          status: state.status,
          startedAt: iso(state.startedAt),
          finishedAt: iso(state.finishedAt),
          summary: state.summary,
          retryAt: iso(state.retryAt),
        }
      : null,
    jobs: imports.jobs(),
    queue,
    runs: runs.map((r): RunRow => ({
      id: r.id,
      code: r.code,
      source: r.source,
      format: r.format,
      status: r.status,
      startedAt: r.startedAt.toISOString(),
      seconds: r.finishedAt ? (r.finishedAt.getTime() - r.startedAt.getTime()) / 1000 : null,
      added: r.added,
      changed: r.changed,
      removed: r.removed,
      error: r.error,
    })),
    datasets: held
      .map((d): DatasetRow => {
        const s = byCode.get(d.code);
        return {
          code: d.code,
          name: d.name,
          lastUpdate: iso(d.lastUpdate),
          sourceUpdated: s?.sourceUpdated ?? null,
          checkedAt: iso(s?.checkedAt),
          failures: s?.failures ?? 0,
          retryAt: iso(s?.retryAt),
          lastError: s?.lastError ?? null,
        };
      })
      .sort((a, b) => a.code.localeCompare(b.code)),
    maxUploadBytes: MAX_UPLOAD_BYTES,
  };
}

export type ActionResult = { ok: true; job: ImportJob } | { ok: false; error: string };

const codePattern = /^[A-Za-z0-9_]{1,64}$/;

export async function importsAction(request: Request, context: AppLoadContext) {
  const imports = requireAdmin(request, context);
  const fail = (error: string, status = 400) => data<ActionResult>({ ok: false, error }, { status });
  // Read as it arrives: an uploaded file goes to disk a chunk at a time, never whole into memory (decision 171).
  let form: ImportForm;
  try {
    form = await imports.readForm(request, { fileField: 'file', maxFileBytes: MAX_UPLOAD_BYTES });
  } catch {
    return fail('The form could not be read.');
  }
  const { file } = form;
  // Reading stopped at the limit, so the fields after the file (the code) were never read.
  if (form.tooLarge) return fail(fileTooLargeMessage(MAX_UPLOAD_BYTES), 413);
  let imported = false;
  try {
    const intent = form.fields.get('intent');
    const code = (form.fields.get('code') ?? '').trim();
    if (intent === 'refresh' || intent === 'import-code') {
      if (!codePattern.test(code))
        return fail('Enter a Eurostat dataset code: letters, digits and underscores (e.g. une_rt_m).');
      if (intent === 'refresh') {
        const [held] = await context.db
          .select({ id: datasets.id })
          .from(datasets)
          .where(eq(datasets.code, code.toLowerCase()));
        if (!held) return fail(`There is no dataset “${code}” to refresh.`, 404);
      }
      return data<ActionResult>({ ok: true, job: imports.refreshNow(code, intent === 'refresh' ? 'refresh' : 'code') });
    }
    if (intent === 'upload') {
      if (!file) return fail('Choose a file to import.');
      if (code && !codePattern.test(code)) return fail('A dataset code has letters, digits and underscores only.');
      const job = imports.importUpload(file, code ? code.toLowerCase() : undefined);
      imported = true;
      return data<ActionResult>({ ok: true, job });
    }
    return fail('Unknown form.');
  } finally {
    // A file that is not imported is not kept; an imported one is removed when its import ends.
    if (file && !imported) await imports.discardUpload(file);
  }
}
