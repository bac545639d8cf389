// /statistics: the countries with data, with flags and their latest inflation, unemployment and GDP growth.
import { Link } from 'react-router';
import { pageMeta } from '#app/components/site/page-meta';
import { CountryFlag } from '#app/components/statistics/country-flag';
import type { Route } from './+types/statistics';
import { countryIndex, type HeadlineValue } from './statistics.server';
import { readablePeriod } from '#core/periods';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export async function loader({ context }: Route.LoaderArgs) {
  return { countries: await countryIndex(context.db) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Statistics by country and region',
    description:
      'Latest inflation, unemployment and GDP figures for every European country, with pages for each NUTS region.',
    path: '/statistics',
  });
}

function Cell({ value, label }: { value: HeadlineValue | null; label: string }) {
  if (!value) return <td className="px-1.5 py-2 text-right text-slate-500 sm:px-3 dark:text-slate-400">–</td>;
  return (
    <td className="px-1.5 py-2 text-right tabular-nums sm:px-3" data-column={label}>
      <data value={value.value}>{value.valueText}</data>
      <span className="block text-xs text-slate-500 dark:text-slate-400">
        {readablePeriod(value.period)}
        {value.flags ? ` (${value.flags})` : ''}
      </span>
    </td>
  );
}

export default function StatisticsIndex({ loaderData }: Route.ComponentProps) {
  const { countries } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-semibold sm:text-3xl">Statistics by country</h1>
      <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-400">
        The latest official figures for {countries.length} countries, from Eurostat. Open a country for its key figures,
        charts of every dataset, a regional map and a page for each of its NUTS regions.
      </p>
      <div className="mt-6 overflow-x-auto">
        <table className="w-full text-xs sm:text-sm">
          <caption className="sr-only">Latest headline figures by country</caption>
          <thead>
            <tr className="border-b border-slate-300 text-left dark:border-slate-700">
              <th scope="col" className="px-1.5 py-2 sm:px-3">
                Country
              </th>
              <th scope="col" className="px-1.5 py-2 text-right sm:px-3">
                Inflation<span className="hidden sm:inline"> (%)</span>
                <span className="hidden text-xs font-normal text-slate-500 dark:text-slate-400 sm:block">
                  HICP, annual rate
                </span>
              </th>
              <th scope="col" className="px-1.5 py-2 text-right sm:px-3">
                Unemploy&shy;ment<span className="hidden sm:inline"> (%)</span>
                <span className="hidden text-xs font-normal text-slate-500 dark:text-slate-400 sm:block">
                  seasonally adjusted
                </span>
              </th>
              <th scope="col" className="px-1.5 py-2 text-right sm:px-3">
                <span className="sm:hidden">GDP growth</span>
                <span className="hidden sm:inline">Real GDP growth (%)</span>
                <span className="hidden text-xs font-normal text-slate-500 dark:text-slate-400 sm:block">
                  on the previous year
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {countries.map((c) => (
              <tr key={c.code} data-geo={c.code} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="px-1.5 py-2 text-left font-normal sm:px-3">
                  <Link
                    to={c.path}
                    className="flex items-center gap-2 font-medium text-brand-dark hover:underline dark:text-brand"
                  >
                    <CountryFlag code={c.code} />
                    {c.name}
                  </Link>
                </th>
                <Cell value={c.inflation} label="inflation" />
                <Cell value={c.unemployment} label="unemployment" />
                <Cell value={c.gdpGrowth} label="gdp-growth" />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
        Rates in %: HICP annual rate, unemployment seasonally adjusted, real GDP change on the previous year. Sources:
        Eurostat (prc_hicp_manr, une_rt_m, tec00115). Flags: e estimated, p provisional, d definition differs, b break
        in series.
      </p>
    </div>
  );
}
