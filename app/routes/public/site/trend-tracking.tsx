// /trend-tracking: following figures over time: live chart, the biggest moves of the year, follows and release alerts.
import type { Route } from './+types/trend-tracking';
import { CallToAction, FeatureGrid, PageHeader, Section } from '../../../components/site/content';
import { LiveChart } from '../../../components/site/live-chart';
import { pageMeta } from '../../../components/site/page-meta';
import { trendChart } from '../../../components/site/featured';
import { trendData } from './trend-tracking.server';

export async function loader({ context }: Route.LoaderArgs) {
  return trendData(context.db);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Trend tracking',
    description:
      'Follow inflation, unemployment and GDP as Eurostat releases them: live charts, the biggest moves of the year and a dashboard of the charts you follow.',
    path: '/trend-tracking',
  });
}

const steps = [
  { title: 'Follow a chart', text: 'Press Follow on any chart. It keeps the countries, series and view you chose.' },
  {
    title: 'See it on your dashboard',
    text: 'Your dashboard shows every followed chart with its latest period and value.',
  },
  {
    title: 'Know what a release changed',
    text: 'Each import logs revised values, so a correction to last month is visible, not silent.',
  },
];

export default function TrendTracking({ loaderData }: Route.ComponentProps) {
  const { chart, movers } = loaderData;
  return (
    <div>
      <PageHeader
        eyebrow="Trend tracking"
        title="Watch the figures move, release by release"
        lead={
          <p>
            Inflation in the euro area rose from below 1% in early 2021 to 10.6% in October 2022 and has fallen back
            since. Trend tracking keeps such series in view and tells you what each new release changed.
          </p>
        }
      />
      <Section title="Inflation in the largest euro-area economies">
        {chart ? (
          <LiveChart
            data={chart}
            countries={trendChart.countries}
            timeStart={trendChart.timeStart}
            title="HICP, annual rate of change"
            serverWidth={1086}
          />
        ) : (
          <p>The HICP dataset has not been imported on this server yet.</p>
        )}
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
                    {m.value.toFixed(1)}% <span className="text-slate-500">({m.period})</span>
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
        text="Open a dataset, set up the chart you want to watch and press Follow. It is free."
        primary={{ to: '/datasets', label: 'Choose a dataset' }}
        secondary={{ to: '/app/dashboard', label: 'Your dashboard' }}
      />
    </div>
  );
}
