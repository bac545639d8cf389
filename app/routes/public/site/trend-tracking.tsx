// /trend-tracking: what trend tracking does (follows, e-mail digests, trend alerts, the bell, live pages), with a live
// example: the inflation chart redraws itself when a new HICP release is imported while the page is open.
import type { Route } from './+types/trend-tracking';
import { CallToAction, FeatureGrid, PageHeader, Section } from '#app/components/site/content';
import { LiveChart } from '#app/components/site/live-chart';
import { pageMeta } from '#app/components/site/page-meta';
import { trendChart } from '#app/components/site/featured';
import { trendData } from './trend-tracking.server';
import { UpdatedNote, useLiveDataset } from '#app/features/live/use-live';
import { readablePeriod } from '#core/periods';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export async function loader({ context }: Route.LoaderArgs) {
  return trendData(context.db);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Trend tracking',
    description:
      'Follow inflation, unemployment and GDP as Eurostat releases them: an e-mail with each release, alerts when a series crosses your line, a bell in the app and pages that update live.',
    path: '/trend-tracking',
  });
}

const steps = [
  {
    title: 'Follow a chart',
    text: 'Press Follow on any chart. It keeps the countries, series and view you chose, on your dashboard.',
  },
  {
    title: 'Hear of every release',
    text: 'When a followed chart gets a new period or a revision, you get one e-mail per release with the new value, the change and the chart. Unsubscribe with one click.',
  },
  {
    title: 'Set a trend alert',
    text: 'On a dataset page, choose “Track a trend…” in the chart’s menu (⋯): tell me when a series goes above or below a value, or moves more than a number of points between releases.',
  },
  {
    title: 'Once per crossing',
    text: 'An alert fires when the value crosses your line, not again at the next release while it stays there. Each firing keeps the value that fired it.',
  },
  {
    title: 'The bell and live pages',
    text: 'The bell in the app counts what you have not read. Open pages redraw their chart when new data lands, with an “Updated just now” note: no reload.',
  },
  {
    title: 'Your choice of e-mail',
    text: 'Immediately, a daily digest, or off (the bell keeps working). Pause or delete alerts in your settings at any time.',
  },
];

export default function TrendTracking({ loaderData }: Route.ComponentProps) {
  const { chart, movers } = loaderData;
  // The example is live: an import of HICP while this page is open redraws it.
  const live = useLiveDataset(chart?.dataset.id ?? null, chart);
  return (
    <div>
      <PageHeader
        eyebrow="Trend tracking"
        title="Know when the figures move"
        lead={
          <p>
            Follow the charts that matter to you and hear of every release: an e-mail with the new value and the change,
            a bell in the app, and alerts when a series crosses a line you set. Pages you have open update themselves
            when new data lands.
          </p>
        }
      />
      <Section title="Live example: inflation in the largest euro-area economies">
        <p>
          This chart listens for new releases. When the HICP dataset is refreshed while this page is open, it redraws
          itself and says so underneath.
        </p>
        {chart ? (
          <LiveChart
            key={live.stamp}
            data={chart}
            countries={trendChart.countries}
            timeStart={trendChart.timeStart}
            title="HICP, annual rate of change"
            serverWidth={1086}
          />
        ) : (
          <p>The HICP dataset has not been imported on this server yet.</p>
        )}
        <UpdatedNote updatedAt={live.updatedAt} />
      </Section>
      {movers.length > 0 && (
        <Section title="Biggest changes over twelve months">
          <p>Change of the HICP annual rate between the same month a year earlier and the latest month, in points.</p>
          <table className="w-full max-w-2xl text-sm">
            <thead>
              <tr className="border-b border-slate-300 text-left dark:border-slate-700">
                <th scope="col" className="py-2">
                  Country
                </th>
                <th scope="col" className="py-2 text-right">
                  A year earlier
                </th>
                <th scope="col" className="py-2 text-right">
                  Latest
                </th>
                <th scope="col" className="py-2 text-right">
                  Change
                </th>
              </tr>
            </thead>
            <tbody>
              {movers.map((m) => (
                <tr key={m.geo} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-1.5 text-left font-normal">
                    {m.name}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{m.yearBefore?.toFixed(1)}%</td>
                  <td className="py-1.5 text-right tabular-nums">
                    {m.value.toFixed(1)}%{' '}
                    <span className="text-slate-500 dark:text-slate-400">({readablePeriod(m.period)})</span>
                  </td>
                  <td className="py-1.5 text-right font-medium tabular-nums">
                    {m.change > 0 ? '+' : m.change < 0 ? '−' : ''}
                    {Math.abs(m.change).toFixed(1)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      )}
      <Section title="How tracking works">
        <FeatureGrid items={steps} />
      </Section>
      <CallToAction
        title="Start following"
        text="Open a dataset, set up the chart you want to watch and press Follow, or choose Track a trend in its menu. It is free."
        primary={{ to: '/datasets', label: 'Choose a dataset' }}
        secondary={{ to: '/app/notifications', label: 'Your notifications' }}
      />
    </div>
  );
}
