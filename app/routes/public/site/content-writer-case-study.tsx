// /content-writer-case-study: a worked example of writing an article on the 2022 inflation peak with the product.
import { Link } from 'react-router';
import type { Route } from './+types/content-writer-case-study';
import { CallToAction, CodeBlock, PageHeader, Section } from '#app/components/site/content';
import { LiveChart } from '#app/components/site/live-chart';
import { pageMeta } from '#app/components/site/page-meta';
import { useSiteRootData } from '#app/components/site/root-data';
import { caseChart } from '#app/components/site/featured';
import { caseStudyData } from './content-writer-case-study.server';
import { PostBody } from '#app/components/blog/post-body';
import { scheduleLabels, sectionLabels } from '#core/robot/template';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export async function loader({ context }: Route.LoaderArgs) {
  return caseStudyData(context.db, context);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Case study: writing about the 2022 inflation peak',
    description:
      'How a content writer goes from question to published article with official figures: the dataset, the chart, the numbers to quote, the embed and the source line.',
    path: '/content-writer-case-study',
    type: 'article',
  });
}

const pct = (v: number | undefined) => (v === undefined ? 'not published' : `${v.toFixed(1)}%`);

export default function ContentWriterCaseStudy({ loaderData }: Route.ComponentProps) {
  const { chart, oct2022, robot } = loaderData;
  const site = useSiteRootData()?.siteUrl ?? '';
  return (
    <div className="max-w-4xl">
      <PageHeader
        eyebrow="Case study · content writers"
        title="From a question to a published chart in one sitting"
        lead={
          <p>
            A worked example: a writer preparing an explainer on why prices rose so much faster in the Baltic states
            than in France during 2022. Every figure below is read from the data on this site.
          </p>
        }
      />
      <Section title="1. Start from the question, not the dataset">
        <p>
          The brief: “How high did inflation go in 2022, and why did it differ so much between countries?” Searching the
          catalogue for <Link to="/datasets?q=HICP">HICP</Link> returns two datasets: the monthly annual rate
          (prc_hicp_manr) and the annual average (tec00118). Monthly data shows the peak; the annual average suits a
          one-line summary.
        </p>
      </Section>
      <Section title="2. Pick the countries that tell the story">
        <p>
          The writer compares Estonia, Germany and France with the euro area. In October 2022 the annual rate was{' '}
          {pct(oct2022.EE)} in Estonia, {pct(oct2022.DE)} in Germany, {pct(oct2022.FR)} in France and{' '}
          {pct(oct2022.EA20)} in the euro area as a whole.
        </p>
        {chart && (
          <LiveChart
            data={chart}
            countries={caseChart.countries}
            timeStart={caseChart.timeStart}
            title="HICP annual rate, 2021 to the latest month"
            serverWidth={860}
          />
        )}
      </Section>
      <Section title="3. Check the footnotes before quoting">
        <p>
          The table view shows flags next to values. The latest month of a release carries <code>e</code> (estimated):
          the flash estimate is replaced by the final figure two weeks later, so the article says “flash estimate” when
          it quotes that month. Values with <code>u</code> (low reliability), such as some April 2020 figures collected
          during lockdowns, are worth a sentence of caution.
        </p>
      </Section>
      <Section title="4. Embed the live chart">
        <p>
          Rather than a screenshot that ages, the article embeds the chart. The embed code from the Export menu keeps
          the countries and start month, fills the column and is 545 pixels high:
        </p>
        <CodeBlock label="Embed code">{`<iframe src="${site}/datasets/prc_hicp_manr?embed=true&chart_type=line&country[]=EE&country[]=DE&country[]=FR&country[]=EA20&time_start=1/2021"
        width="100%" height="545" style="border:0" loading="lazy"></iframe>`}</CodeBlock>
        <p>When Eurostat publishes the next month, the embedded chart shows it without anyone editing the article.</p>
      </Section>
      <Section title="5. Credit the source">
        <p>
          The chart’s source line reads “Eurostat (prc_hicp_manr)” and links to the table on Eurostat’s data browser.
          The article repeats it under the chart: Eurostat’s reuse policy only asks that the source is acknowledged.
        </p>
      </Section>
      <Section title="6. Or let the robot write the first draft" id="robot">
        <p>
          For articles that follow every release, such as a country’s monthly inflation figure, an editor sets up a
          template in the app’s robot once, and reviews what it writes:
        </p>
        <ol className="list-decimal space-y-1 pl-5">
          <li>
            The template names a dataset, its series, the places and the sections: latest figure, change, rank among the
            EU countries, peak and trough, and the revisions the last release made.
          </li>
          <li>
            After every import of that dataset (or daily, weekly, or on “Run now”) the robot reads the figures through
            the same view the charts use and writes the article in Markdown, with a live chart.
          </li>
          <li>
            Every number it writes is a published value with a numbered citation: dataset, series, place, period, value,
            flag and its meaning, and a link to the chart view that shows it. A number without one is refused.
          </li>
          <li>
            The draft waits in a review queue only when its text changed. The editor reads the line diff against the
            version last published, rewords what they like, and publishes it to the blog.
          </li>
        </ol>
        {robot ? (
          <div data-robot-output>
            <p>
              {robot.origin === 'published' ? (
                <>
                  The robot’s latest published article, from the template “{robot.templateName}”
                  {robot.postUrl && (
                    <>
                      {' '}
                      (<Link to={robot.postUrl}>read it on the blog</Link>)
                    </>
                  )}
                  :
                </>
              ) : robot.origin === 'pending' ? (
                <>The robot’s latest draft, waiting for review, from the template “{robot.templateName}”:</>
              ) : (
                <>What the robot writes from today’s data for the template “{robot.templateName}”:</>
              )}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {robot.dataset} · {robot.geos.join(', ')} · {robot.sections.map((s) => sectionLabels[s]).join(', ')} ·{' '}
              {scheduleLabels[robot.schedule]} · {robot.citations} citations
            </p>
            {/* Less padding on a phone: the article's chart sits two boxes deep, and its time slider needs the room. */}
            <div className="mt-4 rounded-lg border border-slate-200 p-3 sm:p-5 dark:border-slate-800">
              <p className="text-xl font-semibold">{robot.title}</p>
              <PostBody blocks={robot.blocks} />
            </div>
          </div>
        ) : (
          <p>The robot’s example needs the HICP dataset (prc_hicp_manr), which this site has not imported.</p>
        )}
      </Section>
      <Section title="What it took">
        <ul className="list-disc space-y-1 pl-5">
          <li>One search, one dataset, four countries: no spreadsheet, no copy-pasted numbers.</li>
          <li>Figures quoted from the same data the chart draws, so text and chart agree.</li>
          <li>A chart that stays current and carries its own source line.</li>
        </ul>
      </Section>
      <CallToAction
        title="Write your own"
        text="Open the HICP dataset, choose your countries and take the embed code from the Export menu."
        primary={{ to: '/datasets/prc_hicp_manr', label: 'Open the HICP dataset' }}
        secondary={{ to: '/blog', label: 'Read the blog' }}
      />
    </div>
  );
}
