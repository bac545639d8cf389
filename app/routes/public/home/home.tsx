// /: what the product is, featured live charts of real data, the latest updated datasets and the country grid.
import { Link } from 'react-router';
import type { Route } from './+types/home';
import { ButtonLink, Section } from '#app/components/site/content';
import { blogInflationHref, CountryGrid } from '#app/components/site/country-grid';
import { LiveChart } from '#app/components/site/live-chart';
import { pageMeta } from '#app/components/site/page-meta';
import { datasetCount, SITE_NAME } from '#app/components/site/site';
import { homeCharts as featured } from '#app/components/site/featured';
import { lastUpdatePhrase } from '#app/features/releases/release-section';
import { homeData } from './home.server';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export async function loader({ context }: Route.LoaderArgs) {
  return homeData(context.db);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: `${SITE_NAME}: European inflation, unemployment and GDP as charts`,
    description:
      'Official Eurostat statistics on inflation, unemployment and GDP for every European country and region, as live charts, maps and tables you can export, embed and query through an API.',
    path: '/',
  });
}

const promises = [
  {
    title: 'Exactly as published',
    text: 'Every value keeps the decimals and flags Eurostat gave it: p provisional, e estimated, b break.',
  },
  {
    title: 'Five views of one chart',
    text: 'Switch between line, bar, horizontal bar, map and table, then export PNG, CSV or JSON.',
  },
  {
    title: 'An open data API',
    text: 'The numbers behind every chart at /api/datasets, as JSON, CSV or JSON-stat, with ETags.',
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { inflation, unemployment, latest, total, figures } = loaderData;
  return (
    <div>
      <section className="grid items-center gap-8 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-dark uppercase dark:text-brand">
            Official European statistics
          </p>
          <h1 className="mt-2 text-4xl font-semibold tracking-tight sm:text-5xl">
            European statistics, exactly as published
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            Inflation, unemployment and GDP for every European country and region, imported from Eurostat with every
            value and flag, ready to chart, compare, export and embed.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink to="/datasets">{`Browse ${datasetCount(total)}`}</ButtonLink>
            <ButtonLink to="/api-docs" variant="secondary">
              Read the API reference
            </ButtonLink>
          </div>
        </div>
        <ul className="grid gap-3">
          {promises.map((p) => (
            <li key={p.title} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <h2 className="font-semibold">{p.title}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{p.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <Section title="Live from the data">
        <div className="grid gap-6">
          {inflation && (
            <LiveChart
              data={inflation}
              countries={[...featured.inflation.countries]}
              timeStart={featured.inflation.timeStart}
              coverageNote={loaderData.notes.inflation}
              title="Inflation in the euro area and the EU"
            />
          )}
          {unemployment && (
            <LiveChart
              data={unemployment}
              countries={[...featured.unemployment.countries]}
              timeStart={featured.unemployment.timeStart}
              coverageNote={loaderData.notes.unemployment}
              title="Unemployment in the euro area and the EU"
            />
          )}
        </div>
        {!inflation && !unemployment && (
          <p>No dataset has been imported yet: the charts appear once the sample catalogue is loaded.</p>
        )}
      </Section>

      <Section title="Recently updated or imported">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {latest.map((d) => (
            <li key={d.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <Link
                to={`/datasets/${d.dataset_code}`}
                className="font-medium text-brand-dark hover:underline dark:text-brand"
              >
                {d.dataset_name}
              </Link>
              <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                <code>{d.dataset_code}</code> · {d.oldest_period} – {d.latest_period}
                {d.last_update && (
                  <>
                    {' '}
                    · <span className="whitespace-nowrap">{lastUpdatePhrase(d)}</span>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Inflation by country">
        <p>The latest annual rate of the harmonised index of consumer prices (HICP, all items) in each country.</p>
        <CountryGrid href={blogInflationHref} figures={figures} />
      </Section>
    </div>
  );
}
