// /app/chart?id={dataset id}: a chart with Follow / Following. `follow_id` opens one of the account's followed views of
// the dataset with its saved view; otherwise the view in the address, shown as followed when the account follows that
// view (decision 198). `follow=1` follows the address's view once, then leaves the address (the Follow click).
import { data, redirect } from 'react-router';
import { packDatasetData } from '#core/packed-series';
import { TRACKING_NAMES, unknownNames } from '#core/selection';
import { VIEW_NAMES, viewIdentity } from '#core/view';
import { findDataset, getDatasetMeta } from '#db/queries/datasets';
import { openView } from '#db/queries/view';
import { createFollow, followViewKey, listFollowsOfDataset, updateFollow, viewOfSettings } from '#db/queries/follows';
import { useSiteRootData } from '../../components/site/root-data';
import { useUnpackedData } from '../../components/site/use-unpacked-data';
import { FollowedChart } from '../../features/follows/followed-chart';
import { followedChartPath, settingsOfView } from '../../features/follows/follow-view';
import { lastUpdatePhrase } from '#app/features/releases/release-section';
import { chartData, chartDataOf, outlinesForData } from '../public/datasets/dataset.server';
import type { Route } from './+types/chart';
import { requireSession } from './guard.server';

/** Drawing width of the widget on the server: the app's content column less the card's padding. */
const CHART_WIDTH = 1086;

/** The names this page reads: a view's, the dataset, and its follow's (decision 205: any other is a 400 naming it). */
const CHART_PAGE_NAMES = ['id', 'follow', 'follow_id', ...VIEW_NAMES];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(request, context);
  const url = new URL(request.url);
  const [unknown] = unknownNames(url.searchParams, CHART_PAGE_NAMES, TRACKING_NAMES);
  if (unknown) throw data(unknown.message, { status: 400 });
  const id = url.searchParams.get('id');
  if (!id) throw data('datasetId is required but not provided (either directly or via data-id)', { status: 400 });
  const row = await findDataset(context.db, id);
  if (!row) throw data(`no dataset ${id}`, { status: 404 });
  const meta = await getDatasetMeta(context.db, row);
  // The view of the address (the public page's, carried by its Follow button), else the dataset page's default view.
  const opened = await openView(context.db, row, meta, url.searchParams);
  // The Follow click (the public page's, or its sign-in modal's return, decision 103): follow the address's view, once,
  // then open that follow. Only on our own pages' navigation, so a link from another site cannot make anyone follow.
  if (url.searchParams.get('follow') === '1') {
    const ours = request.headers.get('sec-fetch-site') === 'same-origin';
    const followed =
      session && ours
        ? await createFollow(context.db, meta, { userId: session.user.id, settings: settingsOfView(opened.asked) })
        : null;
    if (followed?.follow) throw redirect(followedChartPath(row.id, followed.follow.id));
    const rest = url.search
      .slice(1)
      .split('&')
      .filter((pair) => pair !== 'follow=1');
    throw redirect(`${url.pathname}?${rest.join('&')}`);
  }
  const mine = session ? await listFollowsOfDataset(context.db, session.user.id, row.id) : [];
  const askedId = url.searchParams.get('follow_id');
  const shownKey = viewIdentity(meta, opened.asked);
  const follow =
    askedId !== null
      ? mine.find((f) => String(f.id) === askedId)
      : mine.find((f) => followViewKey(meta, f.settings) === shownKey);
  const view = follow ? viewOfSettings(follow.settings, opened.asked) : opened.view;
  const loaded = follow
    ? await chartData(context.db, meta, view)
    : await chartDataOf(context.db, meta, opened.selection);
  const widget = 'value' in loaded ? loaded.value : null;
  const outlines = widget && view.chartType === 'map' ? await outlinesForData(context.outlines, widget.data) : null;
  // Opening a followed view is its visit ("what changed since your last visit", decision 104).
  if (follow && session) await updateFollow(context.db, session.user.id, follow.id, { lastSeenAt: new Date() });
  return {
    meta,
    view,
    follow: follow ? { id: follow.id, settings: follow.settings } : null,
    // The chart's values in columns: row objects would be most of the page (decision 169).
    data: widget ? packDatasetData(widget.data) : null,
    error: 'error' in loaded ? loaded.error : null,
    coverageNote: follow ? null : opened.coverageNote,
    outlines,
  };
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const title = loaded?.follow?.settings.title || loaded?.meta.dataset_name || 'Chart';
  return [{ title: `${title} · Statistics publisher` }];
}

export default function FollowedChartPage({ loaderData }: Route.ComponentProps) {
  const { meta } = loaderData;
  const root = useSiteRootData();
  // Read back once per loader answer: the widget keeps its data by identity.
  const widgetData = useUnpackedData(loaderData.data);
  return (
    <article className="space-y-4">
      <header>
        <p className="text-sm font-medium tracking-wide text-brand-dark uppercase dark:text-brand">
          {loaderData.follow ? 'Followed chart' : 'Chart'}
        </p>
        <h1 className="mt-1 text-2xl font-semibold">{meta.dataset_name}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {meta.source_name} ({meta.dataset_code}) · {meta.oldest_period ?? '–'} – {meta.latest_period ?? '–'}
          {meta.last_update ? ` · ${lastUpdatePhrase(meta)}` : ''}
        </p>
      </header>
      <FollowedChart
        key={`${meta.id}:${loaderData.follow?.id ?? ''}`}
        datasetId={meta.id}
        view={loaderData.view}
        follow={loaderData.follow}
        data={widgetData}
        outlines={loaderData.outlines}
        error={loaderData.error}
        coverageNote={loaderData.coverageNote}
        serverWidth={CHART_WIDTH}
        theme={root?.resolvedTheme ?? 'light'}
      />
    </article>
  );
}
