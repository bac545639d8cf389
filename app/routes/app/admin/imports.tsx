// /app/admin/imports: every import run, the refresh schedule, and imports an admin starts (issue 13, decision 122).
import { useEffect, useRef, useState } from 'react';
import { useFetcher, useRevalidator } from 'react-router';
import { fileTooLargeMessage, type ImportJob } from '#core/admin-imports';
import { ErrorText, PrimaryButton, TextField } from '#app/components/auth/form-controls';
import type { Route } from './+types/imports';
import { importsAction, loadImportsPage, type ActionResult, type DatasetRow, type RunRow } from './imports.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadImportsPage(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return importsAction(request, context);
}

export function meta() {
  return [{ title: 'Imports · Statistics publisher' }, { name: 'robots', content: 'noindex' }];
}

/** `2026-11-24 08:10 UTC`: the same on the server and in every browser. */
function utc(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '—';
}

const running = (j: ImportJob) => j.phase === 'waiting' || j.phase === 'downloading' || j.phase === 'importing';

const card = 'space-y-4 rounded-lg border border-slate-200 p-5 dark:border-slate-800';
const muted = 'text-sm text-slate-600 dark:text-slate-300';
const smallButton =
  'rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800';

export default function AdminImports({ loaderData }: Route.ComponentProps) {
  const { schedule, nextRunAt, lastRefresh, jobs, runs, datasets, queue } = loaderData;
  const revalidator = useRevalidator();
  const busy =
    jobs.some(running) || lastRefresh?.status === 'running' || queue.counts.running + queue.counts.waiting > 0;
  // While an import runs, the page follows it: its progress, then its run in the table.
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, 1500);
    return () => clearInterval(timer);
  }, [busy, revalidator]);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Imports</h1>
        <p className={`mt-1 ${muted}`}>Every import run, the scheduled refresh from Eurostat, and new imports.</p>
      </div>

      <section aria-labelledby="schedule-heading" className={card}>
        <h2 id="schedule-heading" className="text-lg font-semibold">
          Scheduled refresh
        </h2>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">Schedule</dt>
          <dd>{schedule === 'off' ? 'Off (REFRESH_SCHEDULE=off)' : `Eurostat, ${schedule}`}</dd>
          <dt className="font-medium">Next run</dt>
          <dd data-next-run>{schedule === 'off' ? '—' : utc(nextRunAt)}</dd>
          <dt className="font-medium">Last run</dt>
          <dd>
            {lastRefresh ? (
              <>
                <StatusBadge status={lastRefresh.status ?? 'unknown'} /> {utc(lastRefresh.startedAt)}
                {lastRefresh.summary && (
                  <span className={`mt-1 block break-words ${muted}`}>{lastRefresh.summary}</span>
                )}
                {lastRefresh.status === 'failed' && lastRefresh.retryAt && (
                  <span className={`block ${muted}`}>Next attempt {utc(lastRefresh.retryAt)}</span>
                )}
              </>
            ) : (
              'Not yet'
            )}
          </dd>
        </dl>
      </section>

      <section aria-labelledby="new-heading" className={card}>
        <h2 id="new-heading" className="text-lg font-semibold">
          Import a dataset
        </h2>
        <div className="grid gap-6 md:grid-cols-2">
          <CodeImport />
          <FileImport maxBytes={loaderData.maxUploadBytes} />
        </div>
        {jobs.length > 0 && <Jobs jobs={jobs} />}
      </section>

      <CatalogueQueue queue={queue} />
      <Datasets datasets={datasets} />
      <Runs runs={runs} />
    </div>
  );
}

function CodeImport() {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.data;
  return (
    <fetcher.Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="import-code" />
      <h3 className="font-medium">By Eurostat code</h3>
      <TextField label="Dataset code" name="code" required maxLength={64} placeholder="e.g. une_rt_m" />
      <PrimaryButton wide={false} disabled={fetcher.state !== 'idle'}>
        Import from Eurostat
      </PrimaryButton>
      {result && !result.ok && <ErrorText>{result.error}</ErrorText>}
    </fetcher.Form>
  );
}

function FileImport({ maxBytes }: { maxBytes: number }) {
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const result = fetcher.data;
  const uploading = fetcher.state === 'submitting';
  // A file over the limit is refused before it is sent: the server would read 100 MB of it first, and past the
  // body limit it could only answer in plain text.
  const [tooLarge, setTooLarge] = useState(false);
  useEffect(() => {
    if (fetcher.state === 'idle' && result?.ok) form.current?.reset();
  }, [fetcher.state, result]);
  return (
    <fetcher.Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      className="space-y-3"
      onSubmit={(event) => {
        const file = (event.currentTarget.elements.namedItem('file') as HTMLInputElement | null)?.files?.[0];
        const over = file !== undefined && file.size > maxBytes;
        setTooLarge(over);
        if (over) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="upload" />
      <h3 className="font-medium">From a file</h3>
      <div>
        <label htmlFor="import-file" className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
          File
        </label>
        <input
          id="import-file"
          type="file"
          name="file"
          required
          accept=".tsv,.csv,.json,.gz,.txt"
          onChange={() => setTooLarge(false)}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium dark:file:bg-slate-800 dark:file:text-slate-100"
        />
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          Eurostat TSV, SDMX-CSV or JSON-stat, gzip or not; at most {maxBytes / 1024 / 1024} MB.
        </p>
      </div>
      <TextField
        label="Dataset code (optional)"
        name="code"
        maxLength={64}
        hint="When the file does not name its dataset."
      />
      <PrimaryButton wide={false} disabled={fetcher.state !== 'idle'}>
        {uploading ? 'Uploading…' : 'Upload and import'}
      </PrimaryButton>
      {tooLarge ? (
        <ErrorText>{fileTooLargeMessage(maxBytes)}</ErrorText>
      ) : (
        result && !result.ok && <ErrorText>{result.error}</ErrorText>
      )}
    </fetcher.Form>
  );
}

function Jobs({ jobs }: { jobs: ImportJob[] }) {
  return (
    <div>
      <h3 className="mb-2 font-medium">Started here</h3>
      <ul className="space-y-3" aria-live="polite">
        {jobs.map((j) => {
          const percent = j.total > 0 ? Math.round((j.done / j.total) * 100) : null;
          return (
            <li key={j.id} data-job={j.label} className="text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium break-all">
                  {j.kind === 'upload' ? j.label : `${j.label} from Eurostat`}
                </span>
                <span className={muted}>
                  {j.phase === 'waiting' && 'Waiting…'}
                  {j.phase === 'downloading' && 'Downloading…'}
                  {j.phase === 'importing' && (percent === null ? 'Reading the file…' : `Storing values: ${percent}%`)}
                  {j.phase === 'done' && 'Done'}
                  {j.phase === 'failed' && 'Failed'}
                </span>
              </div>
              {running(j) && (
                <progress
                  className="mt-1 h-2 w-full accent-brand-dark"
                  max={j.total || 1}
                  value={j.total ? j.done : undefined}
                  aria-label={`Progress of ${j.label}`}
                />
              )}
              {j.message && (
                <p className={j.phase === 'failed' ? 'break-words text-red-600 dark:text-red-400' : muted}>
                  {j.message}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Imports of catalogue entries asked for by visitors or by `npm run import -- --theme|--all` (decision 188). */
function CatalogueQueue({ queue }: { queue: Route.ComponentProps['loaderData']['queue'] }) {
  const { counts, rows } = queue;
  return (
    <section aria-labelledby="queue-heading" className={card}>
      <div>
        <h2 id="queue-heading" className="text-lg font-semibold">
          Imports on demand
        </h2>
        <p className={`mt-1 ${muted}`}>
          Datasets of Eurostat’s catalogue imported when a visitor opens one, or for a whole theme with{' '}
          <code>npm run import -- --theme &lt;code&gt;</code> or <code>--all</code>: one at a time, visitors’ first.
        </p>
        <p className="mt-2 text-sm">
          {`${counts.running} running, ${counts.waiting.toLocaleString('en')} waiting, ${counts.done.toLocaleString('en')} imported, ${counts.failed.toLocaleString('en')} failed`}
        </p>
      </div>
      {rows.length > 0 && (
        <div className="relative overflow-x-auto" tabIndex={0}>
          <table className="w-full min-w-[34rem] text-left text-sm">
            <thead className="text-xs text-slate-500 dark:text-slate-400">
              <tr>
                <th className="py-1 pr-3 font-medium">Dataset</th>
                <th className="py-1 pr-3 font-medium">State</th>
                <th className="py-1 pr-3 font-medium">Asked by</th>
                <th className="py-1 font-medium">Asked</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.code} className="border-t border-slate-100 align-top dark:border-slate-800">
                  <td className="py-1.5 pr-3 font-mono text-xs">
                    <a href={`/datasets/${r.code}`} className="underline">
                      {r.code}
                    </a>
                  </td>
                  <td className="py-1.5 pr-3">
                    {r.status === 'running'
                      ? `importing${r.total ? `: ${r.done.toLocaleString('en')} of ${r.total.toLocaleString('en')} values` : ''}`
                      : r.status === 'failed'
                        ? `failed: ${r.error ?? ''}`
                        : r.status}
                  </td>
                  <td className="py-1.5 pr-3">{r.origin}</td>
                  <td className="py-1.5 whitespace-nowrap">{utc(r.requestedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Datasets({ datasets }: { datasets: DatasetRow[] }) {
  return (
    <section aria-labelledby="datasets-heading" className={card}>
      <div>
        <h2 id="datasets-heading" className="text-lg font-semibold">
          Datasets
        </h2>
        <p className={`mt-1 ${muted}`}>
          The refresh compares Eurostat’s “last update of data” with the release held here and re-imports what changed.
        </p>
      </div>
      <div className="relative overflow-x-auto" tabIndex={0}>
        <table className="w-full min-w-[34rem] text-left text-sm">
          <thead className="text-xs text-slate-500 dark:text-slate-400">
            <tr>
              <th className="py-1 pr-3 font-medium">Dataset</th>
              <th className="py-1 pr-3 font-medium">Release held</th>
              <th className="py-1 pr-3 font-medium">Eurostat’s last update</th>
              <th className="py-1 pr-3 font-medium">Checked</th>
              <th className="py-1 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {datasets.map((d) => (
              <tr key={d.code} className="border-t border-slate-200 align-top dark:border-slate-800">
                <td className="py-2 pr-3">
                  <span className="font-mono text-xs">{d.code}</span>
                  <span className={`block text-xs ${muted}`}>{d.name}</span>
                  {d.failures > 0 && (
                    <span className="block text-xs break-words text-red-600 dark:text-red-400">
                      {d.failures} failed attempt{d.failures > 1 ? 's' : ''}; next {utc(d.retryAt)}: {d.lastError}
                    </span>
                  )}
                </td>
                <td className="py-2 pr-3 whitespace-nowrap">{utc(d.lastUpdate)}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{d.sourceUpdated ?? '—'}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{utc(d.checkedAt)}</td>
                <td className="py-2">
                  <RefreshButton code={d.code} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function RefreshButton({ code }: { code: string }) {
  const fetcher = useFetcher<ActionResult>();
  return (
    <fetcher.Form method="post" className="whitespace-nowrap">
      <input type="hidden" name="intent" value="refresh" />
      <input type="hidden" name="code" value={code} />
      <button type="submit" className={smallButton} disabled={fetcher.state !== 'idle'}>
        {/* Named "Refresh <code> now" by its content, which holds the visible words (WCAG 2.5.3). */}
        Refresh <span className="sr-only">{code} </span>now
      </button>
      {fetcher.data && !fetcher.data.ok && <ErrorText>{fetcher.data.error}</ErrorText>}
    </fetcher.Form>
  );
}

function Runs({ runs }: { runs: RunRow[] }) {
  return (
    <section aria-labelledby="runs-heading" className={card}>
      <div>
        <h2 id="runs-heading" className="text-lg font-semibold">
          Runs
        </h2>
        <p className={`mt-1 ${muted}`}>Every import, newest first ({runs.length} shown).</p>
      </div>
      {runs.length === 0 ? (
        <p className={muted}>No imports yet.</p>
      ) : (
        <div className="relative overflow-x-auto" tabIndex={0}>
          <table className="w-full min-w-[46rem] text-left text-sm">
            <thead className="text-xs text-slate-500 dark:text-slate-400">
              <tr>
                <th className="py-1 pr-3 font-medium">Dataset</th>
                <th className="py-1 pr-3 font-medium">Source</th>
                <th className="py-1 pr-3 font-medium">Started</th>
                <th className="py-1 pr-3 text-right font-medium">Seconds</th>
                <th className="py-1 pr-3 text-right font-medium">Added</th>
                <th className="py-1 pr-3 text-right font-medium">Changed</th>
                <th className="py-1 pr-3 text-right font-medium">Removed</th>
                <th className="py-1 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id} data-run={r.id} className="border-t border-slate-200 align-top dark:border-slate-800">
                  <td className="py-2 pr-3 font-mono text-xs">{r.code ?? '—'}</td>
                  <td className="max-w-[16rem] py-2 pr-3 text-xs break-all">{r.source}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{utc(r.startedAt)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {r.seconds === null ? '—' : r.seconds.toFixed(1)}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.added.toLocaleString('en-GB')}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.changed.toLocaleString('en-GB')}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.removed.toLocaleString('en-GB')}</td>
                  <td className="min-w-[10rem] py-2">
                    <StatusBadge status={r.status} />
                    {r.error && (
                      <span className="mt-1 block text-xs break-words text-red-600 dark:text-red-400">{r.error}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function StatusBadge({ status }: { status: string }) {
  const tone =
    status === 'succeeded'
      ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300'
      : status === 'failed'
        ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300'
        : status === 'running'
          ? 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300'
          : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300';
  return <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ${tone}`}>{status}</span>;
}
