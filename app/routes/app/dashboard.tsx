// /app/dashboard: the followed charts as live cards drawn on the server, or popular charts to follow in a click.
import type { DatasetMeta } from '#core/schemas/dataset';
import { defaultView } from '#core/view';
import { addressedAs } from '#core/schemas/account';
import type { ReadDb } from '#db/client';
import { findDataset, getDatasetMeta } from '#db/queries/datasets';
import { followChangesSince, listFollows, mostFollowedDatasets, viewOfSettings } from '#db/queries/follows';
import { homeCharts } from '../../components/site/featured';
import { EmptyDashboard, FollowedCharts, type DashboardOrder, type Suggestion } from '../../features/follows/dashboard';
import { cardFigure, cardOf, MAX_CARD_CHARTS, type FollowCard } from '../../features/follows/follow-cards.server';
import { settingsOfView } from '../../features/follows/follow-view';
import type { AppLoadContext } from 'react-router';
import { chartData, outlinesForData } from '../public/datasets/dataset.server';
import type { Route } from './+types/dashboard';
import { requireSession } from './guard.server';

/** How many popular charts the empty dashboard suggests. */
const SUGGESTIONS = 4;

async function metaOf(db: ReadDb, datasetId: number): Promise<DatasetMeta | null> {
  const row = await findDataset(db, String(datasetId));
  return row ? getDatasetMeta(db, row) : null;
}

/**
 * The follows as cards, in the list's order. They load side by side: on PostgreSQL the pool serves them at once, so
 * ten followed charts cost about one chart's wait instead of ten.
 */
async function followCards(context: AppLoadContext, userId: string): Promise<FollowCard[]> {
  const follows = await listFollows(context.db, userId);
  const metas = await Promise.all(follows.map((follow) => metaOf(context.db, follow.datasetId)));
  const shown = follows.flatMap((follow, i) => {
    const meta = metas[i];
    return meta ? [{ follow, meta }] : [];
  });
  return Promise.all(shown.map(({ follow, meta }, i) => followCard(context, follow, meta, i < MAX_CARD_CHARTS)));
}

async function followCard(
  context: AppLoadContext,
  follow: Awaited<ReturnType<typeof listFollows>>[number],
  meta: DatasetMeta,
  draw: boolean,
): Promise<FollowCard> {
  const view = viewOfSettings(follow.settings, defaultView(meta));
  const loaded = await chartData(context.db, meta, view);
  const data = 'value' in loaded ? loaded.value : null;
  const outlines = data && draw && view.chartType === 'map' ? await outlinesForData(context.outlines, data.data) : null;
  const card = cardOf(follow, meta, view, { data, error: 'error' in loaded ? loaded.error : null, outlines }, draw);
  // What changed in the figure's series since the last visit of the chart (else since it was followed).
  const figure = card.figure;
  const series = figure ? data?.data.data.find((s) => s.id === figure.seriesId) : undefined;
  if (figure && series)
    card.changes = await followChangesSince(
      context.db,
      meta,
      { key: series.series_key, geo: figure.geo },
      follow.lastSeenAt ?? follow.createdAt,
    );
  return card;
}

/** The most followed charts, completed with the home page's featured ones, each with its latest figure. */
async function suggestions(context: AppLoadContext): Promise<Suggestion[]> {
  const picks = new Map<number, { followers: number; countries: string[]; timeStart?: string }>();
  for (const { datasetId, followers } of await mostFollowedDatasets(context.db, SUGGESTIONS))
    picks.set(datasetId, { followers, countries: [] });
  for (const pick of Object.values(homeCharts)) {
    if (picks.size >= SUGGESTIONS) break;
    const row = await findDataset(context.db, pick.code);
    if (row && !picks.has(row.id))
      picks.set(row.id, { followers: 0, countries: [...pick.countries], timeStart: pick.timeStart });
  }
  const out: Suggestion[] = [];
  for (const [datasetId, pick] of picks) {
    const meta = await metaOf(context.db, datasetId);
    if (!meta) continue;
    const base = defaultView(meta);
    const view = { ...base, chartType: pick.countries.length > 0 ? ('line' as const) : base.chartType };
    if (pick.countries.length > 0) view.countries = pick.countries;
    if (pick.timeStart) view.timeStart = pick.timeStart;
    const loaded = await chartData(context.db, meta, view);
    out.push({
      datasetId,
      name: meta.dataset_name,
      code: meta.dataset_code,
      followers: pick.followers,
      settings: settingsOfView(view),
      figure: 'value' in loaded ? cardFigure(loaded.value.data, view.countries) : null,
    });
  }
  return out;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(request, context);
  if (!session) return { name: '', cards: [], order: 'newest' as DashboardOrder, suggestions: [] };
  const cards = await followCards(context, session.user.id);
  const asked = new URL(request.url).searchParams.get('order');
  const order: DashboardOrder =
    asked === 'mine' || asked === 'newest' ? asked : cards.some((c) => c.position !== null) ? 'mine' : 'newest';
  return {
    // The name the person gave, else their address: never the sign-up's random full_name (issue 41).
    name: addressedAs(session.user),
    cards,
    order,
    suggestions: cards.length === 0 ? await suggestions(context) : [],
  };
}

export function meta() {
  return [{ title: 'Dashboard · Statistics publisher' }];
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">Welcome, {loaderData.name}</h1>
      <section aria-labelledby="followed-heading" className="space-y-3">
        <h2 id="followed-heading" className="text-lg font-semibold">
          Followed charts
        </h2>
        {loaderData.cards.length === 0 ? (
          <EmptyDashboard suggestions={loaderData.suggestions} />
        ) : (
          <FollowedCharts cards={loaderData.cards} order={loaderData.order} />
        )}
      </section>
    </div>
  );
}
