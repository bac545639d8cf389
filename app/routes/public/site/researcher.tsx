// /researcher: for researchers: provenance, flags, revisions, formats, citation, and the catalogue with its coverage.
import { Link } from 'react-router';
import type { Route } from './+types/researcher';
import { CallToAction, CodeBlock, FeatureGrid, PageHeader, Section } from '#app/components/site/content';
import { pageMeta } from '#app/components/site/page-meta';
import { useSiteRootData } from '#app/components/site/root-data';
import { lastUpdatePhrase } from '#app/features/releases/release-section';
import { FREQUENCY_LABEL } from '#core/periods';
import { listDatasets } from '#db/queries/datasets';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export async function loader({ context }: Route.LoaderArgs) {
  return listDatasets(context.db, { sort: 'name', limit: 200, offset: 0 });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'For researchers',
    description:
      'Eurostat series with their flags, decimals and revisions, in CSV, JSON or JSON-stat 2.0, with stable codes and a citation line for every dataset.',
    path: '/researcher',
  });
}

const guarantees = [
  {
    title: 'Flags travel with values',
    text: 'p provisional, e estimated, b break in series, d definition differs, u low reliability and c confidential stay attached in tables, CSV and JSON-stat.',
  },
  {
    title: 'Published decimals',
    text: 'Values are exported with the decimals Eurostat published: 13.0 is not shortened to 13, so a table reproduces the source exactly.',
  },
  {
    title: 'Every revision logged',
    text: 'A new release is diffed against the stored one; changed and removed values are kept with their old figure and the import that changed them.',
  },
  {
    title: 'Stable identifiers',
    text: 'Datasets are addressed by Eurostat code (une_rt_m), dimensions by their code lists (coicop, s_adj, unit), geographies by Eurostat and NUTS 2021 codes.',
  },
  {
    title: 'Reproducible requests',
    text: 'A data URL fully describes its selection; its ETag changes only when the dataset is re-imported with different values.',
  },
  {
    title: 'Formats for your tools',
    text: 'CSV for spreadsheets and R, JSON-stat 2.0 for statistical packages, JSON in the shape the charts use.',
  },
];

export default function Researcher({ loaderData }: Route.ComponentProps) {
  const site = useSiteRootData()?.siteUrl ?? '';
  return (
    <div>
      <PageHeader
        eyebrow="For researchers"
        title="Official series you can cite and reproduce"
        lead={
          <p>
            Work with Eurostat’s figures exactly as released, with the footnotes that matter for analysis, and get the
            same numbers in your scripts as on the charts you show.
          </p>
        }
      />
      <Section title="What the data keeps">
        <FeatureGrid items={guarantees} />
      </Section>
      <Section title="The catalogue" id="catalogue">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-700">
                <th scope="col" className="py-2 pr-3">
                  Code
                </th>
                <th scope="col" className="py-2 pr-3">
                  Dataset
                </th>
                <th scope="col" className="py-2 pr-3">
                  Frequency
                </th>
                <th scope="col" className="py-2 pr-3">
                  Coverage
                </th>
                <th scope="col" className="py-2">
                  Last update
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.items.map((d) => (
                <tr key={d.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                  <td className="py-2 pr-3 font-mono text-xs">
                    <Link to={`/datasets/${d.dataset_code}`}>{d.dataset_code}</Link>
                  </td>
                  <td className="py-2 pr-3">{d.dataset_name}</td>
                  <td className="py-2 pr-3">{d.frequency ? FREQUENCY_LABEL[d.frequency] : ''}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {d.oldest_period} – {d.latest_period}
                  </td>
                  <td className="py-2 whitespace-nowrap">{lastUpdatePhrase(d) ?? 'unknown'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <Section title="Getting a series into R, Python or Stata">
        <p>
          Every selection has a URL. This one returns the monthly HICP annual rate for Germany, France and the euro area
          from January 2020 to December 2022 as CSV, with a flag column:
        </p>
        <CodeBlock label="CSV request">{`curl -o hicp.csv \\
  "${site}/api/datasets/prc_hicp_manr/data?country=DE,FR,EA20&period_from=1/2020&period_to=12/2022&format=csv"`}</CodeBlock>
        <p>
          Ask for <code>format=jsonstat</code> to get JSON-stat 2.0, which packages such as <code>rjstat</code> (R) and{' '}
          <code>pyjstat</code> (Python) read directly. Periods are written YYYY, Q3/2022, 10/2022, W5/2022 (ISO weeks)
          or 2022-10-03 (days).
        </p>
      </Section>
      <Section title="How to cite">
        <p>Cite the source and the dataset code, and the date you retrieved the data, for example:</p>
        <CodeBlock label="Citation">{`Eurostat (2025). HICP - monthly data (annual rate of change), prc_hicp_manr.
Release of 3 June 2025, retrieved through the statistics publisher API.`}</CodeBlock>
      </Section>
      <CallToAction
        title="Keep a research workspace"
        text="Sign in to follow the series you work with and find them on your dashboard when Eurostat publishes a new release."
        primary={{ to: '/app/researcher', label: 'Open the researcher area' }}
        secondary={{ to: '/api-docs', label: 'API reference' }}
      />
    </div>
  );
}
