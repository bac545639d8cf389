// The generated country inflation article: headline figures, the text sections and live charts of the HICP.
import { Link } from 'react-router';
import type { InflationArticle } from '#core/blog/inflation-article';
import { CountryFlag } from '../statistics/country-flag';
import type { PlaceChart } from '../statistics/place-data';
import { PlaceChartView } from '../statistics/place-chart-view';
import { readablePeriod } from '#core/periods';

interface Props {
  country: { code: string; name: string };
  article: InflationArticle;
  /** Charts shown at the end of the section they illustrate. */
  charts: readonly { section: string; chart: PlaceChart }[];
  /** Link to the country's statistics page. */
  statisticsPath: string;
}

function Figure({
  label,
  value,
  period,
  flags,
}: {
  label: string;
  value: string;
  period: string;
  flags: string | null;
}) {
  return (
    <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-3xl font-semibold tabular-nums">{value}</dd>
      <dd className="text-sm text-slate-500 dark:text-slate-400">
        {readablePeriod(period)}
        {flags && ` (${flags})`}
      </dd>
    </div>
  );
}

export function InflationArticleView({ country, article, charts, statisticsPath }: Props) {
  return (
    <article className="mx-auto max-w-3xl">
      <p className="text-sm">
        <Link
          to="/blog"
          className="text-slate-600 underline hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
        >
          Blog
        </Link>
        <span className="text-slate-500 dark:text-slate-400"> › Inflation by country</span>
      </p>
      <header className="mt-3">
        <div className="flex items-center gap-3">
          <CountryFlag code={country.code} size={30} />
          <h1 className="text-2xl font-semibold sm:text-3xl">{article.title}</h1>
        </div>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-300" data-article-summary>
          {article.summary}
        </p>
      </header>
      <dl className="mt-6 grid gap-3 sm:grid-cols-2">
        <Figure label="Latest annual rate" {...article.latest} value={article.latest.text} />
        <Figure label="Highest since the series began" {...article.peak} value={article.peak.text} />
      </dl>
      {article.sections.map((section) => (
        <section key={section.id} aria-labelledby={`s-${section.id}`} className="mt-8" data-section={section.id}>
          <h2 id={`s-${section.id}`} className="text-xl font-semibold">
            {section.heading}
          </h2>
          {section.paragraphs.map((p, j) => (
            <p key={j} className="mt-3 leading-7 text-slate-800 dark:text-slate-200">
              {p}
            </p>
          ))}
          {charts
            .filter((c) => c.section === section.id)
            .map((c) => (
              <figure
                key={c.chart.title}
                className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
                data-post-chart
              >
                <PlaceChartView chart={c.chart} />
              </figure>
            ))}
        </section>
      ))}
      <footer className="mt-10 border-t border-slate-200 pt-4 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
        <p data-release-note>{article.releaseNote}</p>
        <p className="mt-2">
          More figures for {country.name}:{' '}
          <Link to={statisticsPath} className="text-brand-dark underline dark:text-brand">
            {country.name} statistics
          </Link>
        </p>
      </footer>
    </article>
  );
}
