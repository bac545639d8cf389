// /app/researcher (issue 16, decisions 145–148): a research question → the plan (datasets × places × periods, each
// step with its reason; steps can be removed) → Run → the saved report: findings whose numbers link to their sources,
// a chart, a table, method notes, CSV and API addresses per step; the saved reports, Share and Export.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { PlanStep, ResearchPlan } from '#core/researcher/plan';
import { sharedReportPath, type Report } from '#core/researcher/report';
import { findResearchReport, listResearchReports } from '#db/queries/researcher';
import { ReportView } from '../../components/researcher/report-view';
import type { Route } from './+types/researcher';
import { requireSession } from './guard.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(request, context);
  if (!session) return { reports: [], selected: null };
  const userId = session.user.id;
  const reports = (await listResearchReports(context.db, userId)).map((r) => ({
    id: r.id,
    question: r.question,
    createdAt: r.createdAt.toISOString().slice(0, 10),
  }));
  const wanted = new URL(request.url).searchParams.get('r');
  const row =
    wanted && /^[A-Za-z0-9-]{1,64}$/.test(wanted) ? await findResearchReport(context.db, userId, wanted) : null;
  // The configured public address, never the request's Host (decision 183).
  const origin = context.siteUrl.replace(/\/+$/, '');
  return {
    reports,
    selected: row
      ? {
          id: row.id,
          question: row.question,
          createdAt: row.createdAt.toISOString().slice(0, 10),
          shareUrl: `${origin}${sharedReportPath(row.shareToken)}`,
          report: row.report as unknown as Report,
        }
      : null,
  };
}

export function meta() {
  return [{ title: 'Researcher · Statistics publisher' }];
}

const examples = [
  'How did food inflation evolve in the Baltic states since 2020 compared with the EU?',
  'Unemployment in the Nordic countries since 2019',
  'Real GDP growth in Benelux from 2015 to 2024 compared with the euro area',
];

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as T & { error?: { message: string } };
  if (!res.ok || json.error) throw new Error(json.error?.message ?? `The request failed (${res.status}).`);
  return json;
}

function PlanTable({ plan, onRemove }: { plan: ResearchPlan; onRemove: (id: string) => void }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] border-collapse text-sm" aria-label="Plan">
        <thead>
          <tr className="border-b border-slate-200 text-left dark:border-slate-800">
            <th scope="col" className="py-1 pr-3">
              Dataset
            </th>
            <th scope="col" className="py-1 pr-3">
              Places
            </th>
            <th scope="col" className="py-1 pr-3">
              Periods
            </th>
            <th scope="col" className="py-1 pr-3">
              Why
            </th>
            <th scope="col" className="py-1">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {plan.steps.map((s: PlanStep) => (
            <tr key={s.id} className="border-b border-slate-100 align-top dark:border-slate-900" data-plan-step>
              <td className="py-2 pr-3">
                <span className="font-mono">{s.dataset_code}</span>
                <div className="text-slate-600 first-letter:uppercase dark:text-slate-300">{s.title}</div>
              </td>
              <td className="py-2 pr-3">
                {s.places.join(', ')}
                {s.reference && <div className="text-slate-600 dark:text-slate-300">vs {s.reference}</div>}
              </td>
              <td className="whitespace-nowrap py-2 pr-3">
                {s.period_from} – {s.period_to ?? 'latest'}
              </td>
              <td className="py-2 pr-3 text-slate-700 dark:text-slate-300">{s.reason}</td>
              <td className="py-2">
                <button
                  type="button"
                  onClick={() => onRemove(s.id)}
                  aria-label={`Remove step ${s.id}: ${s.title}`}
                  className="rounded px-2 py-1 text-slate-500 dark:text-slate-400 hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950"
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function Researcher({ loaderData }: Route.ComponentProps) {
  const { reports, selected } = loaderData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [question, setQuestion] = useState('');
  const [plan, setPlan] = useState<ResearchPlan | null>(null);
  const [busy, setBusy] = useState<'plan' | 'run' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => setCopied(false), [selected?.id]);

  async function showPlan(text: string) {
    const q = text.trim();
    if (!q || busy) return;
    setQuestion(q);
    setBusy('plan');
    setError(null);
    try {
      setPlan(await postJson<ResearchPlan>('/api/researcher/plan', { question: q }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }

  async function run() {
    if (busy) return;
    setBusy('run');
    setError(null);
    try {
      const body = plan ? { plan } : { question: question.trim() };
      const saved = await postJson<{ id: string }>('/api/researcher/run', body);
      setPlan(null);
      await navigate(`/app/researcher?r=${encodeURIComponent(saved.id)}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }

  async function remove(id: string) {
    const res = await fetch(`/api/researcher/reports/${encodeURIComponent(id)}`, { method: 'DELETE' });
    if (!res.ok && res.status !== 404) {
      setError('The report could not be deleted. Please try again.');
      return;
    }
    if (id === selected?.id) await navigate('/app/researcher', { replace: true });
    else await revalidator.revalidate();
  }

  async function share(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // The link is shown beside the button either way.
      setCopied(false);
    }
  }

  const button =
    'rounded-md px-4 py-2 font-semibold disabled:opacity-60 border border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900';
  const primary = 'rounded-md bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-[#237530] disabled:opacity-60';

  return (
    <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
      <aside aria-labelledby="reports-heading" className="min-w-0 space-y-3">
        <div className="flex items-center justify-between gap-2">
          <h2
            id="reports-heading"
            className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400"
          >
            Saved reports
          </h2>
          <Link to="/app/researcher" className="text-sm font-medium text-brand-dark underline dark:text-brand">
            New
          </Link>
        </div>
        {reports.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No reports yet.</p>
        ) : (
          <ul className="space-y-1">
            {reports.map((r) => (
              <li key={r.id} className="flex items-center gap-1">
                <Link
                  to={`/app/researcher?r=${encodeURIComponent(r.id)}`}
                  aria-current={r.id === selected?.id ? 'page' : undefined}
                  className={`min-w-0 flex-1 truncate rounded-md px-2 py-1 text-sm ${
                    r.id === selected?.id
                      ? 'bg-slate-100 font-medium dark:bg-slate-800'
                      : 'text-slate-700 hover:bg-slate-50 dark:text-slate-300 dark:hover:bg-slate-900'
                  }`}
                >
                  {r.question}
                </Link>
                <button
                  type="button"
                  onClick={() => void remove(r.id)}
                  aria-label={`Delete report: ${r.question}`}
                  className="rounded px-2 py-1 text-sm text-slate-500 dark:text-slate-400 hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </aside>

      <section aria-labelledby="researcher-heading" className="min-w-0 space-y-6">
        <div>
          <h1 id="researcher-heading" className="text-2xl font-semibold">
            Researcher
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            State a research question. The researcher shows its plan, runs it on the imported datasets and writes a
            report in which every number is a stored observation with its source; where there is no data, it says so.
          </p>
        </div>

        {!selected && (
          <>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void showPlan(question);
              }}
              className="space-y-2"
            >
              <label htmlFor="research-question" className="block text-sm font-medium">
                Research question
              </label>
              <textarea
                id="research-question"
                name="question"
                value={question}
                onChange={(e) => {
                  setQuestion(e.target.value);
                  setPlan(null);
                }}
                maxLength={1000}
                rows={3}
                placeholder="e.g. How did food inflation evolve in the Baltic states since 2020 compared with the EU?"
                className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
              />
              <div className="flex flex-wrap gap-2">
                <button type="submit" disabled={busy !== null || !question.trim()} className={button}>
                  {busy === 'plan' ? 'Planning…' : 'Show plan'}
                </button>
                <button
                  type="button"
                  onClick={() => void run()}
                  disabled={busy !== null || !question.trim() || (plan !== null && plan.steps.length === 0)}
                  className={primary}
                >
                  {busy === 'run' ? 'Running…' : 'Run'}
                </button>
              </div>
            </form>
            {!plan && (
              <ul className="flex flex-wrap gap-2" aria-label="Example questions">
                {examples.map((q) => (
                  <li key={q}>
                    <button
                      type="button"
                      onClick={() => void showPlan(q)}
                      className="rounded-full border border-slate-300 px-3 py-1 text-left text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900"
                    >
                      {q}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {plan && (
              <section aria-labelledby="plan-heading" className="space-y-3">
                <h2 id="plan-heading" className="text-lg font-semibold">
                  Plan
                </h2>
                {plan.declined ? (
                  <p role="status">{plan.declined}</p>
                ) : (
                  <>
                    {plan.notes.length > 0 && (
                      <ul className="text-sm text-slate-600 dark:text-slate-300">
                        {plan.notes.map((n) => (
                          <li key={n}>{n}</li>
                        ))}
                      </ul>
                    )}
                    {plan.steps.length === 0 ? (
                      <p role="status">Every step was removed: show the plan again to start over.</p>
                    ) : (
                      <PlanTable
                        plan={plan}
                        onRemove={(id) => setPlan({ ...plan, steps: plan.steps.filter((s) => s.id !== id) })}
                      />
                    )}
                  </>
                )}
              </section>
            )}
          </>
        )}

        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}

        {selected && (
          <div className="space-y-4">
            <div className="space-y-2">
              <p className="text-sm text-slate-600 dark:text-slate-300">Report · {selected.createdAt}</p>
              <h2 className="text-xl font-semibold">{selected.question}</h2>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <button type="button" onClick={() => void share(selected.shareUrl)} className={button}>
                  {copied ? 'Link copied' : 'Share'}
                </button>
                <a
                  href={`/api/researcher/reports/${selected.id}.md`}
                  download={`research-report-${selected.id.slice(0, 8)}.md`}
                  className={button}
                >
                  Export Markdown
                </a>
                <a
                  href={`/api/researcher/reports/${selected.id}.html`}
                  download={`research-report-${selected.id.slice(0, 8)}.html`}
                  className={button}
                >
                  Export HTML
                </a>
              </div>
              <p className="break-all text-sm">
                Share link:{' '}
                <a href={selected.shareUrl} className="text-brand-dark underline dark:text-brand" data-share-link>
                  {selected.shareUrl}
                </a>
              </p>
            </div>
            <ReportView report={selected.report} />
          </div>
        )}
      </section>
    </div>
  );
}
