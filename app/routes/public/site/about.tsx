// /about: what the product is, where its numbers come from, and how it treats them.
import { Link } from 'react-router';
import type { Route } from './+types/about';
import { CallToAction, FeatureGrid, PageHeader, Section } from '#app/components/site/content';
import { pageMeta } from '#app/components/site/page-meta';
import { SITE_NAME } from '#app/components/site/site';
import { catalogueCounts } from '#db/queries/site';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export async function loader({ context }: Route.LoaderArgs) {
  return catalogueCounts(context.db);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'About',
    description: `${SITE_NAME} imports official Eurostat statistics with every value, flag and revision, and publishes them as charts, maps, tables and an open API.`,
    path: '/about',
  });
}

const n = (v: number) => v.toLocaleString('en-GB');

const principles = [
  {
    title: 'Numbers as published',
    text: 'A value keeps the decimals Eurostat published, so 13.0 stays 13.0, and its flags: p provisional, e estimated, b break in series, d definition differs, u low reliability, c confidential.',
  },
  {
    title: 'Revisions are kept',
    text: 'Each import is compared with the stored release. Changed and removed values are written to a revision log with the old and new figure, so you can see what a new release corrected.',
  },
  {
    title: 'One path to the data',
    text: 'The pages, the chart exports and the public API read the same query functions, so a chart and its CSV can never disagree.',
  },
  {
    title: 'Source on every chart',
    text: 'Every chart names its source and dataset code and links to the table on Eurostat’s data browser, as Eurostat’s reuse policy asks.',
  },
  {
    title: 'Official codes',
    text: 'Geographies use Eurostat codes (EL for Greece, UK, XK for Kosovo, EU27_2020, EA20) and the NUTS 2021 regions of GISCO down to level 3.',
  },
  {
    title: 'Open formats',
    text: 'Download any selection as CSV (RFC 4180, with flags), JSON in the shape the charts use, or JSON-stat 2.0 for statistical software.',
  },
];

export default function About({ loaderData: c }: Route.ComponentProps) {
  return (
    <div>
      <PageHeader
        eyebrow="About"
        title="Official statistics, readable by everyone"
        lead={
          <p>
            {SITE_NAME} takes the datasets national statistical offices and Eurostat publish as bulk files and turns
            them into charts, maps and tables that anyone can read, compare, share and embed, without losing a decimal
            or a footnote on the way.
          </p>
        }
      />
      <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {[
          ['Datasets', c.datasets],
          ['Series', c.series],
          ['Published values', c.values],
          ['Regions (NUTS 1–3)', c.regions],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
            <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{n(Number(value))}</dd>
          </div>
        ))}
      </dl>
      <Section title="What we publish">
        <p>
          The catalogue starts with the figures people ask about most: consumer price inflation (the harmonised index of
          consumer prices, HICP, monthly since January 1997 and as annual averages), unemployment (monthly since 1983
          and annual, by sex and age), real GDP growth, GDP in million euro, and regional GDP for {n(c.regions)} NUTS
          regions from 2000 to 2021.
        </p>
        <p>
          In October 2022, for example, the HICP annual rate reached 10.6% in the euro area, 11.6% in Germany and 22.5%
          in Estonia; the catalogue carries every month before and since, for {n(c.geos)} countries, aggregates and
          regions.
        </p>
      </Section>
      <Section title="How we work">
        <FeatureGrid items={principles} />
      </Section>
      <Section title="Where the data comes from">
        <p>
          All figures are © European Union, Eurostat, reused under the Creative Commons Attribution 4.0 licence that
          Eurostat applies to its content (Commission Decision 2011/833/EU). Region names come from the GISCO NUTS 2021
          classification. We import Eurostat’s bulk TSV files, SDMX-CSV exports and JSON-stat 2.0 answers of its
          Statistics API; each import is logged with the file, the time and how many values it added, changed or
          removed.
        </p>
        <p>
          We are not Eurostat and do not change its numbers. Where our import differs from the source, the source is
          right: please tell us through the <Link to="/contact">contact form</Link>.
        </p>
      </Section>
      <CallToAction
        title="Start with a dataset"
        text="Open the catalogue, pick a dataset and switch its chart between line, bar, map and table."
        primary={{ to: '/datasets', label: 'Browse the datasets' }}
        secondary={{ to: '/contact', label: 'Contact us' }}
      />
    </div>
  );
}
