// /datasets/{id}: the dataset's metadata and its chart widget; with embed=true the widget alone, framable anywhere.
import { useEffect, useState } from 'react';
import { data, useLocation, useNavigate, useNavigationType, type ShouldRevalidateFunctionArgs } from 'react-router';
import { followDataset, unfollow } from '#app/features/follows/follows-client';
import { UnfollowNotice } from '#app/features/follows/undo-unfollow';
import { findDataset, getDatasetMeta } from '#db/queries/datasets';
import { openView } from '#db/queries/view';
import { getLastRelease } from '#db/queries/revisions';
import { catalogueTheme } from '#db/queries/catalogue-items';
import { Breadcrumbs, breadcrumbJsonLd, themeCrumbs } from '#app/components/statistics/breadcrumbs';
import {
  addressViewQuery,
  cardImageAlt,
  cardView,
  ChartWidget,
  joinQuery,
  pageViewPairs,
  type ChartViewSpec,
} from '#app/charts';
import { UpdatedNote, useLiveDataset } from '#app/features/live/use-live';
import { TrendRuleForm } from '#app/features/notifications/trend-rule-form';
import { AskThisChart } from '#app/components/assistant/ask-chart';
import { lastUpdateFact, ReleaseSection } from '#app/features/releases/release-section';
import { useSignInModal } from '#app/components/auth/sign-in-modal';
import { useSiteRootData } from '#app/components/site/root-data';
import type { Route } from './+types/dataset';
import { chartDataOf, outlinesForData, visitorFollows, type VisitorFollow } from './dataset.server';
import { embedWidth, EmbedView } from './embed-view';
import { CatalogueEntryPage } from './catalogue-entry';
import { catalogueEntryData, type CatalogueEntryData } from './catalogue-entry.server';
import { datasetJsonLd } from '#app/components/site/dataset-json-ld';
import { fullTitle, pageMeta, siteUrlOf } from '#app/components/site/page-meta';
import { readAsOf } from '#core/as-of';
import { isViewOnlyNavigation } from '#app/components/site/view-navigation';
import { readablePeriod } from '#core/periods';
import { defaultPlaces } from '#core/default-view';
import { datasetPageQueryProblem, viewIdentity } from '#core/view';
import type { DatasetMeta } from '#core/schemas/dataset';
import { packDatasetData } from '#core/packed-series';
import { useUnpackedData } from '#app/components/site/use-unpacked-data';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

/** Drawing width of the widget on the server: the page's content column (max-w-6xl less padding and card). */
const PAGE_CHART_WIDTH = 1086;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const embed = url.searchParams.get('embed') === 'true';
  // The page's names, strictly (issue 38, decision 205): a misspelt one is a 400 page naming it and the names read
  // here, never a chart of everything; the tracking parameters of shared links are ignored.
  const refused = datasetPageQueryProblem(url.searchParams);
  if (refused) throw data(refused, { status: 400 });
  const row = await findDataset(context.db, params.id);
  if (!row) {
    // A dataset Eurostat lists that is not imported yet: what it is, and its import on demand (decision 188).
    const entry = await catalogueEntryData(context, params.id, request);
    if (!entry) throw data(null, { status: 404 });
    return data(entry, { headers: { 'Cache-Control': 'no-store' } });
  }
  const meta = await getDatasetMeta(context.db, row);
  // The view of the address, by the one rule its sharing card and images follow (core/view.ts).
  const {
    view,
    problems,
    note: viewNote,
    coverageNote,
    selection,
  } = await openView(context.db, row, meta, url.searchParams, { path: url.pathname });
  const loaded = await chartDataOf(context.db, meta, selection);
  const widget = 'value' in loaded ? loaded.value : null;
  const outlines = widget && view.chartType === 'map' ? await outlinesForData(context.outlines, widget.data) : null;
  const chart = {
    embed,
    view,
    problems,
    // The chart's values in columns: row objects would be most of the page (decision 169).
    data: widget ? packDatasetData(widget.data) : null,
    error: 'error' in loaded ? loaded.error : null,
    coverageNote,
    viewNote,
    outlines,
    width: embed ? embedWidth(url.searchParams.get('width')) : PAGE_CHART_WIDTH,
    // The embed's first request does not know the frame's width: it also draws a narrow copy.
    narrow: embed && !url.searchParams.has('width'),
    theme: url.searchParams.get('theme') === 'dark' ? ('dark' as const) : ('light' as const),
    // The sharing card's chart in words (decision 213), for og:image:alt; an embed has no card.
    imageAlt:
      widget && !embed
        ? cardImageAlt(widget.data, cardView(widget.data, meta, view, url.searchParams.has('chart_type')))
        : null,
  };
  // An embed may be framed by any site; the page itself keeps the browser's default.
  const headers: Record<string, string> = embed ? { 'Content-Security-Policy': 'frame-ancestors *' } : {};
  // The page's other reads, side by side; an embed needs none of them. The theme is its place in Eurostat's tree of
  // themes, the breadcrumbs it showed before the data came.
  const [release, follows, theme] = embed
    ? [null, [], []]
    : await Promise.all([
        getLastRelease(context.db, row, meta),
        visitorFollows(context.db, context.auth.session, meta),
        catalogueTheme(context.db, row.code),
      ]);
  // A question about this view (`ask=`: the embed's form, or the box without scripts) is answered here, in the HTML
  // (decision 216); the answer is counted and the visitor's, so no cache keeps the page.
  const question = embed ? '' : (url.searchParams.get('ask') ?? '').trim();
  const asked =
    question && context.askChart
      ? {
          question,
          ...(await context.askChart(question, {
            dataset_code: meta.dataset_code,
            query: url.searchParams.toString(),
          })),
        }
      : null;
  if (asked) headers['Cache-Control'] = 'no-store';
  const signedIn = !embed && context.auth.session !== null;
  return data({ meta, chart, release, follows, signedIn, asked, theme }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/**
 * A new view of the same dataset (the widget pushed or replaced the address, or back and forward) needs no loader:
 * the widget already has the data and draws the view of that history entry (decision 150). Opening the URL anew
 * renders it on the server.
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return isViewOnlyNavigation(args) ? false : args.defaultShouldRevalidate;
}

export function meta({ data: loaded, matches, location }: Route.MetaArgs) {
  if (!loaded) return [{ title: 'Page Not Found' }];
  if ('entry' in loaded) {
    const { entry } = loaded;
    const path = `/datasets/${entry.dataset_code}`;
    return [
      ...pageMeta(matches, {
        title: `${entry.dataset_name} (${entry.dataset_code})`,
        description: `${entry.dataset_name}: Eurostat dataset ${entry.dataset_code}${entry.oldest_period ? `, ${entry.oldest_period} to ${entry.latest_period}` : ''}.`,
        path,
      }),
      breadcrumbJsonLd(themeCrumbs(entry.theme, entry.dataset_name), siteUrlOf(matches), path),
    ];
  }
  const title = `${loaded.meta.dataset_name} (${loaded.meta.dataset_code})`;
  if (loaded.chart.embed) return [{ title: fullTitle(title) }, { name: 'robots', content: 'noindex' }];
  const path = `/datasets/${loaded.meta.dataset_code}`;
  const view = sharedViewQuery(location.search);
  return [
    ...pageMeta(matches, {
      title,
      description: loaded.meta.description,
      path,
      ...(loaded.chart.imageAlt ? { imageAlt: loaded.chart.imageAlt } : {}),
      // A shared view (a Food map, an earlier vintage) gets its own card; the canonical page stays the dataset's.
      ...(view ? { sharedPath: `${path}?${view}` } : {}),
    }),
    datasetJsonLd(loaded.meta, siteUrlOf(matches)),
    breadcrumbJsonLd(themeCrumbs(loaded.theme, loaded.meta.dataset_name), siteUrlOf(matches), path),
  ];
}

type DatasetLoaded = Exclude<Route.ComponentProps['loaderData'], CatalogueEntryData>;

export default function DatasetRoute({ loaderData }: Route.ComponentProps) {
  return 'entry' in loaderData ? <CatalogueEntryPage {...loaderData} /> : <DatasetPage loaderData={loaderData} />;
}

function DatasetPage({ loaderData }: { loaderData: DatasetLoaded }) {
  const { meta, chart, release } = loaderData;
  // Read back once per loader answer: the widget keeps its data by identity (its cache, the live page's reload).
  const widgetData = useUnpackedData(chart.data);
  // The visitor's followed views of this dataset: the view shown reads "Following" when it is one of them (decision
  // 198); a click there unfollows it, with Undo. Following goes through the chart page, in the same click.
  const [follows, setFollows] = useState(loaderData.follows);
  useEffect(() => setFollows(loaderData.follows), [loaderData.follows]);
  const [followMessage, setFollowMessage] = useState<{ text: string; undo?: VisitorFollow } | null>(null);
  // "Track a trend…" in the chart's menu opens the alert form under the chart.
  const [trendOpen, setTrendOpen] = useState(false);
  const unfollowHere = async (follow: VisitorFollow) => {
    try {
      await unfollow(follow.id);
      setFollows((list) => list.filter((f) => f.id !== follow.id));
      setFollowMessage({ text: 'You no longer follow this chart.', undo: follow });
    } catch (e) {
      setFollowMessage({ text: e instanceof Error ? e.message : String(e) });
    }
  };
  const undoUnfollow = async (follow: VisitorFollow) => {
    try {
      const again = await followDataset(meta.id, follow.settings);
      setFollows((list) => [...list, { id: again.id, key: follow.key, settings: again.settings }]);
      setFollowMessage({ text: 'Following: this chart is on your dashboard.' });
    } catch (e) {
      setFollowMessage({ text: e instanceof Error ? e.message : String(e) });
    }
  };
  const root = useSiteRootData();
  const signIn = useSignInModal();
  const navigate = useNavigate();
  // The view of the history entry shown: the loader's, or the one the widget stored with the entry it pushed.
  const location = useLocation();
  const navigationType = useNavigationType();
  const [entry, setEntry] = useState({ key: location.key, viewKey: location.key, view: chart.view });
  if (location.key !== entry.key) {
    const stored = (location.state as { view?: ChartViewSpec } | null)?.view;
    setEntry(
      navigationType === 'POP'
        ? { key: location.key, viewKey: location.key, view: stored ?? chart.view }
        : { ...entry, key: location.key },
    );
  }
  // The view on screen: the one the widget stored with the entry it pushed or replaced, else the loader's.
  const shownView = (location.state as { view?: ChartViewSpec } | null)?.view ?? chart.view;
  const followed = follows.find((f) => f.key === viewIdentity(meta, shownView)) ?? null;
  const changeView = (view: ChartViewSpec, how: 'push' | 'replace') =>
    navigate(`${location.pathname}?${joinQuery(pageViewPairs(addressView(view, meta)))}`, {
      replace: how === 'replace',
      state: { view },
      preventScrollReset: true,
    });
  // Live page: new data reloads the chart's data and redraws it (issue 13).
  const live = useLiveDataset(chart.embed ? null : meta.id, widgetData);
  if (chart.embed) {
    return (
      <EmbedView
        datasetId={meta.id}
        datasetCode={meta.dataset_code}
        view={chart.view}
        data={widgetData}
        error={chart.error}
        outlines={chart.outlines}
        width={chart.width}
        narrow={chart.narrow}
        theme={chart.theme}
        coverageNote={chart.coverageNote}
        viewNote={chart.viewNote}
      />
    );
  }
  const unitDimension = meta.dimensions.find((d) => d.code.toLowerCase() === 'unit');
  const units = unitDimension && unitDimension.values.length > 1 ? unitDimension.values.map((v) => v.label) : null;
  const updated = lastUpdateFact(meta);
  return (
    <article>
      <Breadcrumbs items={themeCrumbs(loaderData.theme, meta.dataset_name)} />
      <h1 className="mt-3 text-2xl font-semibold">{meta.dataset_name}</h1>
      <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-400">{meta.description}</p>
      <dl className="mt-4 grid max-w-3xl grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        {/* A dataset published in several units names them all: the chart below may show any (issue 11). */}
        <dt className="text-slate-500 dark:text-slate-400">{units ? 'Units' : 'Unit'}</dt>
        <dd>{units ? units.join(' · ') : meta.unit}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Periods</dt>
        {/* One period is named once, not as a range from itself to itself. */}
        <dd>
          {meta.oldest_period === meta.latest_period
            ? meta.latest_period
            : `${meta.oldest_period ?? ''} – ${meta.latest_period ?? ''}`}
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">{updated.label}</dt>
        <dd>{updated.value}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Categories</dt>
        <dd>{meta.categories.map((c) => c.name).join(', ') || 'none'}</dd>
      </dl>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        {chart.view.asOf ? <AsOfNote asOf={chart.view.asOf} search={location.search} /> : null}
        <ChartWidget
          key={live.stamp}
          datasetId={meta.id}
          viewKey={entry.viewKey}
          onViewChange={changeView}
          dimensions={entry.view.dimensions}
          countries={entry.view.countries}
          chartType={entry.view.chartType}
          timeStart={entry.view.timeStart}
          time={entry.view.time}
          timeEnd={chart.view.timeEnd}
          initialData={widgetData}
          initialOutlines={chart.outlines}
          initialError={chart.error}
          coverageNote={chart.coverageNote}
          viewNote={chart.viewNote}
          transform={entry.view.transform}
          asOf={chart.view.asOf}
          serverWidth={chart.width}
          theme={root?.resolvedTheme ?? 'light'}
          onRequireSignIn={(id, view) => signIn.open({ fromChartId: id, fromChartView: view })}
          onNavigate={(href) => navigate(href)}
          following={loaderData.signedIn ? followed !== null : undefined}
          onFollowClick={followed ? () => void unfollowHere(followed) : undefined}
          actions={[{ key: 'trend', label: 'Track a trend…', onSelect: () => setTrendOpen(true) }]}
        />
        {followMessage ? (
          <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            {followMessage.undo ? (
              <UnfollowNotice message={followMessage.text} onUndo={undoUnfollow.bind(null, followMessage.undo)} />
            ) : (
              followMessage.text
            )}
          </p>
        ) : null}
        <UpdatedNote updatedAt={live.updatedAt} />
        <AskThisChart
          datasetCode={meta.dataset_code}
          search={location.search}
          signedIn={loaderData.signedIn}
          asked={loaderData.asked}
          onRequireSignIn={() => signIn.open()}
        />
      </div>
      {trendOpen ? (
        <div className="mt-3">
          <TrendRuleForm
            meta={meta}
            series={widgetData?.data.data ?? []}
            countries={chart.view.countries}
            onRequireSignIn={() => signIn.open()}
            onClose={() => setTrendOpen(false)}
          />
        </div>
      ) : null}
      {release ? (
        <ReleaseSection
          release={release}
          datasetCode={meta.dataset_code}
          sourceName={meta.source_name}
          unit={meta.unit}
        />
      ) : null}
    </article>
  );
}

/**
 * A view as the page's address names it: the dataset's default places are what an address without countries opens
 * on (decision 190), so they are left out rather than listed one by one.
 */
function addressView(view: ChartViewSpec, meta: DatasetMeta): ChartViewSpec {
  const places = defaultPlaces(meta.available_countries.map((c) => c.code));
  const same =
    places !== null && view.countries.length === places.length && view.countries.every((c) => places.includes(c));
  return same ? { ...view, countries: [] } : view;
}

/**
 * The view parameters of a page address, as the one parser reads them and the widget writes them, without what the
 * address did not ask for (a default chart type would change the card) or what is not a view (tracking parameters).
 */
function sharedViewQuery(search: string): string {
  return addressViewQuery(new URLSearchParams(search));
}

/**
 * Above a chart of an earlier vintage (`as_of`, decision 125): when its values stood, and the way back to the latest.
 * Everything the widget exports from here is that vintage too.
 */
function AsOfNote({ asOf, search }: { asOf: string; search: string }) {
  const latest = new URLSearchParams(search);
  latest.delete('as_of');
  const query = latest.toString();
  return (
    <p
      data-as-of={asOf}
      className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      Values as they stood {asOfWords(asOf)}: values revised or published since are not shown.{' '}
      <a href={query ? `?${query}` : '?'} className="font-medium underline">
        Show the latest values
      </a>
    </p>
  );
}

/** "at the end of 2 June 2026" for a date, "on 2 June 2026 at 10:00 UTC" for a date-time. */
function asOfWords(asOf: string): string {
  const at = readAsOf(asOf);
  if (!at) return `at ${asOf}`;
  const iso = at.toISOString();
  const day = readablePeriod(iso.slice(0, 10), 'long');
  return /^\d{4}-\d{2}-\d{2}$/.test(asOf.trim()) ? `at the end of ${day}` : `on ${day} at ${iso.slice(11, 16)} UTC`;
}
