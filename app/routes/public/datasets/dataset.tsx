// /datasets/{id}: the dataset's metadata and its chart widget; with embed=true the widget alone, framable anywhere.
import { data, useNavigate } from 'react-router';
import { findDataset, getDatasetCoverage, getDatasetMeta } from '../../../../db/queries/datasets';
import { ChartWidget } from '../../../charts';
import { useSignInModal } from '../../../components/auth/sign-in-modal';
import { useSiteRootData } from '../../../components/site/root-data';
import type { Route } from './+types/dataset';
import { chartData, outlinesForData, pageView, withCoverage } from './dataset.server';
import { embedWidth, EmbedView } from './embed-view';
import { datasetJsonLd } from '../../../components/site/dataset-json-ld';
import { fullTitle, pageMeta, siteUrlOf } from '../../../components/site/page-meta';

/** Drawing width of the widget on the server: the page's content column (max-w-6xl less padding and card). */
const PAGE_CHART_WIDTH = 1086;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const row = await findDataset(context.db, params.id);
  if (!row) throw data(null, { status: 404 });
  const meta = await getDatasetMeta(context.db, row);
  const url = new URL(request.url);
  const embed = url.searchParams.get('embed') === 'true';
  const asked = pageView(meta, url.searchParams);
  const problems = asked.problems;
  const coverage = await getDatasetCoverage(context.db, row, meta);
  const { view, note } = withCoverage(asked.view, url.searchParams, coverage, url.pathname);
  const loaded = await chartData(context.db, meta, view);
  const widget = 'value' in loaded ? loaded.value : null;
  const outlines = widget && view.chartType === 'map' ? await outlinesForData(context.outlines, widget.data) : null;
  const chart = {
    embed,
    view,
    problems,
    data: widget,
    error: 'error' in loaded ? loaded.error : null,
    coverageNote: note,
    outlines,
    width: embed ? embedWidth(url.searchParams.get('width')) : PAGE_CHART_WIDTH,
    // The embed's first request does not know the frame's width: it also draws a narrow copy.
    narrow: embed && !url.searchParams.has('width'),
    theme: url.searchParams.get('theme') === 'dark' ? ('dark' as const) : ('light' as const),
  };
  // An embed may be framed by any site; the page itself keeps the browser's default.
  const headers: HeadersInit = embed ? { 'Content-Security-Policy': 'frame-ancestors *' } : {};
  return data({ meta, chart }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  if (!loaded) return [{ title: 'Page Not Found' }];
  const title = `${loaded.meta.dataset_name} (${loaded.meta.dataset_code})`;
  if (loaded.chart.embed) return [{ title: fullTitle(title) }, { name: 'robots', content: 'noindex' }];
  return [
    ...pageMeta(matches, {
      title,
      description: loaded.meta.description,
      path: `/datasets/${loaded.meta.dataset_code}`,
    }),
    datasetJsonLd(loaded.meta, siteUrlOf(matches)),
  ];
}

export default function DatasetPage({ loaderData }: Route.ComponentProps) {
  const { meta, chart } = loaderData;
  const root = useSiteRootData();
  const signIn = useSignInModal();
  const navigate = useNavigate();
  if (chart.embed) {
    return (
      <EmbedView
        datasetId={meta.id}
        view={chart.view}
        data={chart.data}
        error={chart.error}
        outlines={chart.outlines}
        width={chart.width}
        narrow={chart.narrow}
        theme={chart.theme}
        coverageNote={chart.coverageNote}
      />
    );
  }
  return (
    <article>
      <h1 className="text-2xl font-semibold">{meta.dataset_name}</h1>
      <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-400">{meta.description}</p>
      <dl className="mt-4 grid max-w-3xl grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-slate-500">Unit</dt>
        <dd>{meta.unit}</dd>
        <dt className="text-slate-500">Periods</dt>
        <dd>
          {meta.oldest_period} – {meta.latest_period}
        </dd>
        <dt className="text-slate-500">Last update</dt>
        <dd>{meta.last_update?.slice(0, 10) ?? 'unknown'}</dd>
        <dt className="text-slate-500">Categories</dt>
        <dd>{meta.categories.map((c) => c.name).join(', ') || 'none'}</dd>
      </dl>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <ChartWidget
          datasetId={meta.id}
          dimensions={chart.view.dimensions}
          countries={chart.view.countries}
          chartType={chart.view.chartType}
          timeStart={chart.view.timeStart}
          timeEnd={chart.view.timeEnd}
          initialData={chart.data}
          initialOutlines={chart.outlines}
          initialError={chart.error}
          coverageNote={chart.coverageNote}
          serverWidth={chart.width}
          theme={root?.resolvedTheme ?? 'light'}
          onRequireSignIn={(id) => signIn.open({ fromChartId: id })}
          onNavigate={(href) => navigate(href)}
        />
      </div>
    </article>
  );
}
