// /app/robot: the content-writing robot (issue 16, decisions 140–144): the review queue of pending drafts, newest
// first, and the templates with Run now, Edit and Delete. Editors only.
import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { scheduleLabels, sectionLabels } from '#core/robot/template';
import {
  card,
  EditorsOnly,
  EDITORS_ONLY_TEXT,
  EDITORS_ONLY_TITLE,
  muted,
  robotCall,
  smallButton,
  StatusBadge,
  triggerLabels,
  utc,
} from '#app/features/robot/robot-ui';
import type { Route } from './+types/robot';
import { forEditors, robotIndex, type QueueRow } from './robot.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return forEditors(request, context, () => robotIndex(context));
}

export function meta() {
  return [{ title: 'Robot · Statistics publisher' }, { name: 'robots', content: 'noindex' }];
}

function DraftRow({ d }: { d: QueueRow }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3" data-draft-row={d.id}>
      <div className="min-w-0">
        <Link to={`/app/robot/drafts/${d.id}`} className="font-medium text-brand-dark hover:underline dark:text-brand">
          {d.title}
        </Link>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {d.templateName} · {triggerLabels[d.trigger] ?? d.trigger} · {utc(d.createdAt)}
          {d.edited ? ' · edited' : ''}
        </p>
      </div>
      <StatusBadge status={d.status} />
    </li>
  );
}

export default function Robot({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  if (!loaderData.editor) return <EditorsOnly title={EDITORS_ONLY_TITLE} text={EDITORS_ONLY_TEXT} />;
  const { templates, queue, recent } = loaderData;

  const runNow = async (id: number) => {
    setBusy(id);
    setMessage(null);
    try {
      const result = await robotCall<{ outcome: 'created' | 'unchanged'; draft: { id: number } }>(
        `/templates/${id}/run`,
        'POST',
      );
      if (result.outcome === 'created') return navigate(`/app/robot/drafts/${result.draft.id}`);
      setMessage({ tone: 'ok', text: 'No change: the text is the same as the last draft.' });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(null);
    }
  };
  const remove = async (id: number, name: string) => {
    if (!window.confirm(`Delete the template “${name}” and its drafts? A published post stays on the blog.`)) return;
    try {
      await robotCall(`/templates/${id}`, 'DELETE');
      await revalidator.revalidate();
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Robot</h1>
          <p className={`mt-1 ${muted}`}>
            Articles written from the data after every refresh, for an editor to review, edit and publish.
          </p>
        </div>
        <Link
          to="/app/robot/templates/new"
          className="rounded-md bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-[#237530]"
        >
          New template
        </Link>
      </div>
      {message && (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={
            message.tone === 'error'
              ? 'text-sm text-red-600 dark:text-red-400'
              : 'rounded-md bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800'
          }
        >
          {message.text}
        </p>
      )}

      <section aria-labelledby="queue-heading" className={card}>
        <h2 id="queue-heading" className="text-lg font-semibold">
          Review queue
        </h2>
        {queue.length === 0 ? (
          <p className={`mt-2 ${muted}`}>No drafts waiting. Drafts appear here after a refresh or a run.</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-800" data-review-queue>
            {queue.map((d) => (
              <DraftRow key={d.id} d={d} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="templates-heading" className={card}>
        <h2 id="templates-heading" className="text-lg font-semibold">
          Templates
        </h2>
        {templates.length === 0 ? (
          <p className={`mt-2 ${muted}`}>
            No templates yet. A template names a dataset, places and sections; the robot writes its article.
          </p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-800">
            {templates.map((t) => (
              <li
                key={t.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-template-row={t.slug}
              >
                <div className="min-w-0">
                  <p className="font-medium">{t.name}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {t.dataset} · {t.geos.join(', ')} · {t.sections.map((s) => sectionLabels[s]).join(', ')}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {scheduleLabels[t.schedule]} · last run {utc(t.lastRunAt)}
                    {t.published && (
                      <>
                        {' · '}
                        <a href={`/blog/${t.slug}`} className="underline">
                          /blog/{t.slug}
                        </a>
                      </>
                    )}
                  </p>
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={smallButton}
                    disabled={busy !== null}
                    onClick={() => void runNow(t.id)}
                  >
                    {busy === t.id ? 'Running…' : 'Run now'}
                  </button>
                  <Link to={`/app/robot/templates/${t.id}`} className={smallButton}>
                    Edit
                  </Link>
                  <button type="button" className={smallButton} onClick={() => void remove(t.id, t.name)}>
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {recent.length > 0 && (
        <section aria-labelledby="recent-heading" className={card}>
          <h2 id="recent-heading" className="text-lg font-semibold">
            Recently published and discarded
          </h2>
          <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-800">
            {recent.map((d) => (
              <DraftRow key={d.id} d={d} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
