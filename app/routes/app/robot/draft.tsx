// /app/robot/drafts/{id}: a draft under review: its line diff against the post as last published, the Markdown editor
// with a live preview through the blog's own renderer (charts as the blog resolves them), its citations, and
// Save, Publish (to /blog/{slug}) and Discard.
import { useMemo, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { renderPostMarkdown } from '#core/blog/markdown';
import { uncitedDraftNumbers } from '#core/robot/article';
import { diffStats, type DiffLine } from '#core/robot/line-diff';
import { ChartErrorPanel, proseClass } from '#app/components/blog/post-body';
import { PlaceChartView } from '#app/components/statistics/place-chart-view';
import {
  card,
  EditorsOnly,
  EDITORS_ONLY_TEXT,
  EDITORS_ONLY_TITLE,
  inputClass,
  muted,
  robotCall,
  smallButton,
  StatusBadge,
  triggerLabels,
  utc,
} from '#app/features/robot/robot-ui';
import type { Route } from './+types/draft';
import { draftPage, forEditors } from './robot.server';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return forEditors(request, context, () => draftPage(context, params.id));
}

export function meta() {
  return [{ title: 'Draft · Robot · Statistics publisher' }, { name: 'robots', content: 'noindex' }];
}

type Loaded = Extract<Route.ComponentProps['loaderData'], { editor: true }>;

export default function RobotDraft({ loaderData }: Route.ComponentProps) {
  // What the last action said outlives the editor, which starts afresh with each new text from the server.
  const [notice, setNotice] = useState<string | null>(null);
  if (!loaderData.editor) return <EditorsOnly title={EDITORS_ONLY_TITLE} text={EDITORS_ONLY_TEXT} />;
  return (
    <DraftReview
      key={`${loaderData.draft.id}-${loaderData.draft.updated_at}`}
      {...loaderData}
      notice={notice}
      setNotice={setNotice}
    />
  );
}

function DiffView({ diff, since }: { diff: readonly DiffLine[]; since: string | null }) {
  const stats = diffStats(diff);
  return (
    <div>
      <p className={muted} data-diff-stats>
        {since === null
          ? 'Nothing is published yet: every line is new.'
          : stats.added === 0 && stats.removed === 0
            ? `The same as the post published ${utc(since)}.`
            : `${stats.added} line${stats.added === 1 ? '' : 's'} added, ${stats.removed} removed against the post published ${utc(since)}.`}
      </p>
      <pre
        tabIndex={0}
        className="mt-2 max-h-96 overflow-auto rounded-md border border-slate-200 bg-slate-50 text-xs leading-5 dark:border-slate-800 dark:bg-slate-900"
        data-diff
      >
        {diff.map((d, i) => (
          <div
            key={i}
            data-diff-line={d.kind}
            className={
              d.kind === 'added'
                ? 'bg-green-100 px-2 whitespace-pre-wrap text-green-900 dark:bg-green-950/60 dark:text-green-200'
                : d.kind === 'removed'
                  ? 'bg-red-100 px-2 whitespace-pre-wrap text-red-900 line-through decoration-red-400/60 dark:bg-red-950/60 dark:text-red-200'
                  : 'px-2 whitespace-pre-wrap text-slate-600 dark:text-slate-400'
            }
          >
            <span aria-hidden className="select-none">
              {d.kind === 'added' ? '+ ' : d.kind === 'removed' ? '− ' : '  '}
            </span>
            <span className="sr-only">{d.kind === 'same' ? '' : `${d.kind}: `}</span>
            {d.text || ' '}
          </div>
        ))}
      </pre>
    </div>
  );
}

/** The blog's renderer on the text being edited; charts from the server's resolution of the saved text. */
function Preview({ title, markdown, charts }: { title: string; markdown: string; charts: Loaded['charts'] }) {
  const segments = useMemo(() => renderPostMarkdown(markdown), [markdown]);
  const byKey = new Map(charts.map((c) => [c.key, c.block]));
  return (
    <article data-preview>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {segments.map((s, i) => {
        if (s.kind === 'html')
          return <div key={i} className={proseClass} dangerouslySetInnerHTML={{ __html: s.html }} />;
        if (s.kind === 'chart-error') return <ChartErrorPanel key={i} message={s.message} />;
        const block = byKey.get(JSON.stringify(s.chart));
        if (block?.kind === 'chart') {
          return (
            <figure
              key={i}
              className="my-6 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
              data-post-chart
            >
              <PlaceChartView chart={block.chart} />
            </figure>
          );
        }
        if (block?.kind === 'chart-error') return <ChartErrorPanel key={i} message={block.message} />;
        return (
          <p
            key={i}
            className="my-6 rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-500 dark:text-slate-400"
          >
            Chart of {s.chart.dataset}: shown once the edit is saved.
          </p>
        );
      })}
    </article>
  );
}

function DraftReview({
  draft,
  charts,
  notice,
  setNotice,
}: Omit<Loaded, 'editor'> & { notice: string | null; setNotice: (text: string | null) => void }) {
  const revalidator = useRevalidator();
  const [title, setTitle] = useState(draft.title);
  const [markdown, setMarkdown] = useState(draft.markdown);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = draft.status === 'pending';
  const dirty = title !== draft.title || markdown !== draft.markdown;
  const uncited = useMemo(() => [...new Set(uncitedDraftNumbers(title, markdown, draft))], [title, markdown, draft]);

  const act = async (what: string, call: () => Promise<unknown>, done: string) => {
    setBusy(what);
    setError(null);
    setNotice(null);
    try {
      await call();
      setNotice(done);
      await revalidator.revalidate();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };
  const save = () => robotCall(`/drafts/${draft.id}`, 'PUT', { title, markdown });

  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link to="/app/robot" className="text-slate-600 hover:underline dark:text-slate-400">
            Robot
          </Link>
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">{draft.title}</h1>
          <StatusBadge status={draft.status} />
        </div>
        <p className={`mt-1 ${muted}`}>
          {draft.template_name} · written {utc(draft.created_at)} on {triggerLabels[draft.trigger] ?? draft.trigger}
          {draft.import_run_id !== null && <> · from import run {draft.import_run_id}</>} · {draft.citations.length}{' '}
          citations · publishes to{' '}
          {draft.post_url ? (
            <a href={draft.post_url} className="underline">
              /blog/{draft.slug}
            </a>
          ) : (
            <>/blog/{draft.slug}</>
          )}
        </p>
      </div>

      {notice && (
        <p
          role="status"
          className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900 dark:bg-green-950/50 dark:text-green-200"
        >
          {notice}{' '}
          {draft.status === 'published' && draft.post_url && (
            <a href={draft.post_url} className="font-medium underline">
              Open the post
            </a>
          )}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}

      <section aria-labelledby="diff-heading" className={card}>
        <h2 id="diff-heading" className="text-lg font-semibold">
          Changes since the last published version
        </h2>
        <div className="mt-2">
          <DiffView diff={draft.diff} since={draft.post_published_at} />
        </div>
      </section>

      <section aria-labelledby="edit-heading" className="grid gap-6 lg:grid-cols-2">
        <div className={`${card} space-y-3`}>
          <h2 id="edit-heading" className="text-lg font-semibold">
            {pending ? 'Edit' : 'Text'}
          </h2>
          <div>
            <label htmlFor="draft-title" className="mb-1 block text-sm font-medium">
              Title
            </label>
            <input
              id="draft-title"
              className={inputClass}
              value={title}
              maxLength={200}
              readOnly={!pending}
              onChange={(e) => setTitle(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor="draft-markdown" className="mb-1 block text-sm font-medium">
              Markdown
            </label>
            <textarea
              id="draft-markdown"
              className={`${inputClass} h-[32rem] font-mono text-xs leading-5`}
              value={markdown}
              readOnly={!pending}
              spellCheck
              onChange={(e) => setMarkdown(e.target.value)}
            />
          </div>
          {uncited.length > 0 ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-uncited>
              Numbers without a citation: {uncited.join(', ')}. Every number must be one of the cited values.
            </p>
          ) : (
            <p className="text-xs text-slate-500 dark:text-slate-400">Every number is one of the draft’s citations.</p>
          )}
          {pending && (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={smallButton}
                disabled={!dirty || busy !== null}
                onClick={() => void act('save', save, 'Edits saved.')}
              >
                {busy === 'save' ? 'Saving…' : 'Save edits'}
              </button>
              <button
                type="button"
                className="rounded-md bg-brand-dark px-3 py-1 text-xs font-semibold text-white hover:bg-[#237530] disabled:opacity-60"
                disabled={busy !== null || uncited.length > 0}
                onClick={() =>
                  void act(
                    'publish',
                    async () => {
                      if (dirty) await save();
                      await robotCall(`/drafts/${draft.id}/publish`, 'POST');
                    },
                    `Published to /blog/${draft.slug}.`,
                  )
                }
              >
                {busy === 'publish' ? 'Publishing…' : 'Publish'}
              </button>
              <button
                type="button"
                className={smallButton}
                disabled={busy !== null}
                onClick={() =>
                  void act('discard', () => robotCall(`/drafts/${draft.id}/discard`, 'POST'), 'Draft discarded.')
                }
              >
                Discard
              </button>
              {draft.edited && (
                <button
                  type="button"
                  className={smallButton}
                  disabled={busy !== null}
                  onClick={() =>
                    void act(
                      'revert',
                      () => robotCall(`/drafts/${draft.id}`, 'PUT', { title: null, markdown: null }),
                      'Back to the robot’s text.',
                    )
                  }
                >
                  Back to the robot’s text
                </button>
              )}
            </div>
          )}
        </div>
        <div className={card}>
          <h2 className="mb-3 text-lg font-semibold">Preview</h2>
          <Preview title={title} markdown={markdown} charts={charts} />
        </div>
      </section>
    </div>
  );
}
