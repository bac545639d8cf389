// The dashboard's followed charts: live cards (drawn on the server), newest data first or in the user's own order
// (drag, or the Move button with the arrow keys), open and remove; and an empty state suggesting popular charts.
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link, useRevalidator } from 'react-router';
import { flagUrls } from '../../components/site/flags';
import type { FollowCard } from './follow-cards.server';
import { followedChartPath, type FollowSettings } from './follow-view';
import { followDataset, orderFollows, unfollow } from './follows-client';
import { UnfollowNotice } from './undo-unfollow';
import { readablePeriod } from '#core/periods';

export type DashboardOrder = 'newest' | 'mine';

export interface Suggestion {
  datasetId: number;
  name: string;
  code: string;
  followers: number;
  settings: FollowSettings;
  figure: FollowCard['figure'];
}

const numberFormat = (value: number, signed = false) =>
  new Intl.NumberFormat('en', {
    maximumFractionDigits: 2,
    minimumFractionDigits: Math.min(2, (String(value).split('.')[1] ?? '').length),
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(value);

/** 'New since your last visit: 5/2025 · 1 revision (2/2024 3.3 → 3.2)'; null when nothing changed. */
export function changesText(changes: FollowCard['changes']): string | null {
  if (!changes) return null;
  const parts: string[] = [];
  const periods = changes.newPeriods;
  if (periods.length > 3) parts.push(`${periods[0]} – ${periods.at(-1)} (${periods.length} periods)`);
  else if (periods.length > 0) parts.push(periods.join(', '));
  const n = changes.revisionCount;
  if (n > 0) {
    const value = (v: number | null) => (v === null ? '–' : numberFormat(v));
    const shown = changes.revisions.slice(0, 3).map((r) => `${r.period} ${value(r.oldValue)} → ${value(r.newValue)}`);
    const more = n > shown.length ? `, ${n - shown.length} more` : '';
    parts.push(`${n} ${n === 1 ? 'revision' : 'revisions'} (${shown.join(', ')}${more})`);
  }
  return parts.length > 0 ? `New since your last visit: ${parts.join(' · ')}` : null;
}

const BUTTON =
  'inline-flex items-center gap-1 rounded-md border border-slate-300 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';

/**
 * The card's figure: the latest value of a series the chart draws, named as the chart names it, and its change on the
 * period before. The change is told in neutral colours: whether a rise is good depends on the indicator (issue 41).
 */
function Figure({ figure }: { figure: NonNullable<FollowCard['figure']> }) {
  const flag = flagUrls[figure.geo];
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-card-figure>
      <span className="inline-flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300" data-card-label>
        {flag ? <img src={flag} alt="" width={20} height={15} className="rounded-sm" /> : null}
        {figure.label}, {readablePeriod(figure.period)}
      </span>
      <span className="text-2xl font-semibold text-slate-900 dark:text-slate-50" data-card-value>
        {numberFormat(figure.value)}
        {figure.flags ? (
          <sup
            className="ml-0.5 text-xs font-normal text-slate-500 dark:text-slate-400"
            title={figure.flagsText ?? undefined}
          >
            {figure.flags}
          </sup>
        ) : null}
      </span>
      {figure.change !== null ? (
        <span className="text-sm text-slate-600 dark:text-slate-300" data-card-change>
          {figure.change > 0 ? '▲ ' : figure.change < 0 ? '▼ ' : ''}
          {numberFormat(figure.change, true)} on {figure.previousPeriod && readablePeriod(figure.previousPeriod)}
        </span>
      ) : null}
      {figure.unit ? <span className="w-full text-xs text-slate-500 dark:text-slate-400">{figure.unit}</span> : null}
    </div>
  );
}

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function FollowedCharts({ cards, order: initialOrder }: { cards: FollowCard[]; order: DashboardOrder }) {
  const [list, setList] = useState(cards);
  const [order, setOrder] = useState(initialOrder);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const revalidator = useRevalidator();
  const handles = useRef(new Map<number, HTMLButtonElement>());
  const focusAfterMove = useRef<number | null>(null);
  useEffect(() => setList(cards), [cards]);
  useEffect(() => setOrder(initialOrder), [initialOrder]);
  useEffect(() => {
    if (focusAfterMove.current !== null) handles.current.get(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  });

  const shown = order === 'mine' ? list : [...list].sort(newestFirst);
  const saveOrder = (next: FollowCard[]) => {
    setList(next);
    setOrder('mine');
    const url = new URL(window.location.href);
    url.searchParams.set('order', 'mine');
    window.history.replaceState(window.history.state, '', url);
    void orderFollows(next.map((c) => c.id)).catch((e: unknown) =>
      setAnnouncement(`The order could not be saved: ${e instanceof Error ? e.message : String(e)}`),
    );
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= shown.length || from === to) return;
    const next = moved(shown, from, to);
    focusAfterMove.current = shown[from]!.id;
    setAnnouncement(`${shown[from]!.title}: moved to position ${to + 1} of ${shown.length}.`);
    saveOrder(next);
  };
  const onHandleKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const to = { ArrowUp: index - 1, ArrowLeft: index - 1, ArrowDown: index + 1, ArrowRight: index + 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    move(index, to);
  };
  const onDrop = (e: DragEvent, index: number) => {
    e.preventDefault();
    const from = shown.findIndex((c) => c.id === dragged);
    setDragged(null);
    if (from >= 0) move(from, index);
  };
  // Remove takes the card away at once and offers Undo, which follows the same view again (decision 198).
  const [removed, setRemoved] = useState<FollowCard | null>(null);
  const remove = async (card: FollowCard) => {
    try {
      await unfollow(card.id);
      setList((l) => l.filter((c) => c.id !== card.id));
      setRemoved(card);
      setAnnouncement(`You no longer follow ${card.title}.`);
    } catch (e) {
      setAnnouncement(e instanceof Error ? e.message : String(e));
    }
  };
  const undo = async () => {
    if (!removed) return;
    try {
      await followDataset(removed.datasetId, removed.settings);
      setRemoved(null);
      setAnnouncement(`Following ${removed.title} again.`);
      await revalidator.revalidate();
    } catch (e) {
      setAnnouncement(e instanceof Error ? e.message : String(e));
    }
  };
  const switchOrder = (next: DashboardOrder) => {
    setOrder(next);
    const url = new URL(window.location.href);
    url.searchParams.set('order', next);
    window.history.replaceState(window.history.state, '', url);
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Order of the charts">
        <span className="text-slate-600 dark:text-slate-300">Order:</span>
        {(['newest', 'mine'] as const).map((o) => (
          <button
            key={o}
            type="button"
            aria-pressed={order === o}
            className={`${BUTTON} ${order === o ? 'border-brand-dark bg-brand/10 font-medium dark:border-brand' : ''}`}
            onClick={() => switchOrder(o)}
          >
            {o === 'newest' ? 'Newest data first' : 'My order'}
          </button>
        ))}
        <span id="move-help" className="text-xs text-slate-500 dark:text-slate-400">
          Drag a card, or focus its Move button and use the arrow keys.
        </span>
      </div>
      <p role="status" className={removed ? 'text-sm text-slate-600 dark:text-slate-300' : 'sr-only'}>
        {removed ? <UnfollowNotice message={`You no longer follow ${removed.title}.`} onUndo={undo} /> : announcement}
      </p>
      {list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          You are not following any charts now.{' '}
          <Link to="/datasets" className="font-medium text-brand-dark underline dark:text-brand">
            Browse all datasets
          </Link>
        </p>
      ) : null}
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-followed-charts>
        {shown.map((card, index) => (
          <li
            key={card.id}
            data-follow-card={card.id}
            data-chart-type={card.chartType}
            draggable
            onDragStart={(e) => {
              setDragged(card.id);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(card.id));
            }}
            onDragEnd={() => setDragged(null)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => onDrop(e, index)}
            className={`flex min-w-0 flex-col gap-3 rounded-xl border bg-white p-4 dark:bg-slate-900 ${
              dragged === card.id
                ? 'border-brand-dark opacity-60 dark:border-brand'
                : 'border-slate-200 dark:border-slate-800'
            }`}
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="truncate font-semibold text-slate-900 dark:text-slate-100" title={card.title}>
                  <Link to={followedChartPath(card.datasetId, card.id)} className="hover:underline">
                    {card.title}
                  </Link>
                </h3>
                <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                  {card.subtitle || card.datasetCode}
                </p>
              </div>
              <button
                type="button"
                ref={(el) => {
                  if (el) handles.current.set(card.id, el);
                  else handles.current.delete(card.id);
                }}
                className={`${BUTTON} cursor-grab px-1.5`}
                aria-label={`Move ${card.title}`}
                aria-describedby="move-help"
                title="Drag, or use the arrow keys"
                onKeyDown={(e) => onHandleKey(e, index)}
              >
                <span aria-hidden>⋮⋮</span>
              </button>
            </div>
            {card.figure ? <Figure figure={card.figure} /> : null}
            {card.changes ? (
              <p
                className="rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
                data-card-changes
              >
                {changesText(card.changes)}
              </p>
            ) : null}
            {card.chart ? (
              <div className="overflow-hidden [&_svg]:h-auto [&_svg]:max-w-full" data-card-chart>
                <div className="dark:hidden" dangerouslySetInnerHTML={{ __html: card.chart.light }} />
                <div className="hidden dark:block" dangerouslySetInnerHTML={{ __html: card.chart.dark }} />
              </div>
            ) : card.error ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">{card.error}</p>
            ) : null}
            {card.note ? <p className="text-sm text-slate-600 italic dark:text-slate-300">{card.note}</p> : null}
            <div className="mt-auto flex gap-2">
              <Link to={followedChartPath(card.datasetId, card.id)} className={BUTTON}>
                Open
              </Link>
              <button type="button" className={BUTTON} onClick={() => void remove(card)}>
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

function newestFirst(a: FollowCard, b: FollowCard): number {
  return (
    (b.lastUpdate ?? '').localeCompare(a.lastUpdate ?? '') || b.createdAt.localeCompare(a.createdAt) || b.id - a.id
  );
}

export function EmptyDashboard({ suggestions }: { suggestions: Suggestion[] }) {
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const follow = async (s: Suggestion) => {
    setBusy(s.datasetId);
    try {
      await followDataset(s.datasetId, s.settings);
      await revalidator.revalidate();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="space-y-4 rounded-xl border border-dashed border-slate-300 p-6 dark:border-slate-700">
      <div className="text-slate-600 dark:text-slate-300">
        <p>You are not following any charts yet.</p>
        <p className="mt-2 text-sm">
          Follow a chart and it appears here with its latest figure, in the view you left it. Start with a popular one:
        </p>
      </div>
      {suggestions.length > 0 ? (
        <ul className="grid gap-3 sm:grid-cols-2" data-suggestions>
          {suggestions.map((s) => (
            <li
              key={s.datasetId}
              className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900 dark:text-slate-100">{s.name}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {s.code}
                  {s.followers > 0 ? ` · ${s.followers} ${s.followers === 1 ? 'follower' : 'followers'}` : ''}
                </p>
              </div>
              {s.figure ? <Figure figure={s.figure} /> : null}
              <div className="mt-auto flex gap-2">
                <button
                  type="button"
                  className="rounded-md bg-brand-dark px-3 py-1.5 text-sm font-semibold text-white hover:bg-[#237530] disabled:opacity-60"
                  disabled={busy !== null}
                  onClick={() => void follow(s)}
                  aria-label={`Follow ${s.name}`}
                >
                  {busy === s.datasetId ? 'Following…' : 'Follow'}
                </button>
                <Link to={`/app/chart?id=${s.datasetId}`} className={BUTTON}>
                  Preview
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-400">
          {error}
        </p>
      ) : null}
      <Link to="/datasets" className="inline-block text-sm font-medium text-brand-dark underline dark:text-brand">
        Browse all datasets
      </Link>
    </div>
  );
}
