// /statistics-api: the Statistics API as a product: what it serves, a live answer, formats, caching and limits.
import { Link } from 'react-router';
import type { Route } from './+types/statistics-api';
import { CallToAction, CodeBlock, FeatureGrid, PageHeader, Section } from '#app/components/site/content';
import { pageMeta } from '#app/components/site/page-meta';
import { useSiteRootData } from '#app/components/site/root-data';
import { FREE_DAILY_API_REQUESTS } from '#core/plans';
import { exampleQuery } from '#app/components/site/featured';
import { statisticsApiData } from './statistics-api.server';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export async function loader({ context }: Route.LoaderArgs) {
  return statisticsApiData(context.db);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Statistics API',
    description:
      'A JSON, CSV and JSON-stat API for European inflation, unemployment and GDP: every Eurostat value with its flags, by country, region and period.',
    path: '/statistics-api',
  });
}

const features = [
  {
    title: 'One URL per selection',
    text: 'Pick countries, dimension values and a period range in the query string; the answer is exactly that slice.',
  },
  {
    title: 'Three formats',
    text: 'JSON in the charts’ shape, CSV with flags (RFC 4180), or JSON-stat 2.0 for statistical software.',
  },
  {
    title: 'Cache friendly',
    text: 'Answers carry Cache-Control and an ETag; send If-None-Match and unchanged data costs a 304 and no body.',
  },
  {
    title: 'Clear errors',
    text: 'Every error is { "error": { "code", "message" } } and the message names the parameter and the bad value.',
  },
  {
    title: 'Documented contract',
    text: 'The OpenAPI 3.1 document is generated from the same schemas that validate each request.',
  },
  {
    title: 'Regions too',
    text: 'Regional GDP covers NUTS 1, 2 and 3 regions, addressed by their NUTS 2021 codes (DE1, DE11, DE111).',
  },
];

export default function StatisticsApi({ loaderData }: Route.ComponentProps) {
  const site = useSiteRootData()?.siteUrl ?? '';
  const query = `country=${exampleQuery.countries.join(',')}&period_from=${exampleQuery.from}&period_to=${exampleQuery.to}`;
  return (
    <div>
      <PageHeader
        eyebrow="Statistics API"
        title="European statistics in one HTTP request"
        lead={
          <p>
            The Statistics API serves every dataset of the catalogue: the same numbers, flags and periods as the charts,
            for your dashboards, notebooks and applications.
          </p>
        }
      />
      <Section title="A real answer">
        <p>
          The euro-area and German inflation rates of October 2022, the peak of the energy-price shock. This answer was
          computed from the stored data when this page was loaded:
        </p>
        <CodeBlock label="Request">{`GET ${site}/api/datasets/${exampleQuery.code}?${query}`}</CodeBlock>
        {loaderData.example ? (
          <CodeBlock label="Answer">{loaderData.example}</CodeBlock>
        ) : (
          <p>The HICP dataset has not been imported on this server yet, so there is no answer to show.</p>
        )}
      </Section>
      <Section title="What the API offers">
        <FeatureGrid items={features} />
      </Section>
      <Section title="Datasets you can query">
        <ul className="grid gap-2 sm:grid-cols-2">
          {loaderData.datasets.map((d) => (
            <li key={d.id} className="rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-800">
              <code className="font-semibold">{d.dataset_code}</code> · {d.dataset_name}
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {d.oldest_period} – {d.latest_period}
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Limits">
        <p>
          Free accounts may send {FREE_DAILY_API_REQUESTS.toLocaleString('en-GB')} requests a day; Pro accounts have
          unlimited access. See <Link to="/pricing">pricing</Link>.
        </p>
      </Section>
      <CallToAction
        title="Try it in the browser"
        text="The API reference lists every endpoint with its parameters and sends a test request for you."
        primary={{ to: '/api-docs', label: 'Open the API reference' }}
        secondary={{ to: '/api-developers', label: 'Developer guide' }}
      />
    </div>
  );
}
