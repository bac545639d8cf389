// /api-developers: the developer guide: first request, selections, formats, caching, errors, limits, embeds.
import { Link } from 'react-router';
import type { Route } from './+types/api-developers';
import { CallToAction, CodeBlock, PageHeader, Section } from '#app/components/site/content';
import { pageMeta } from '#app/components/site/page-meta';
import { useSiteRootData } from '#app/components/site/root-data';
import { FREE_DAILY_API_REQUESTS } from '#core/plans';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'API for developers',
    description:
      'Build on Eurostat data: list datasets, read metadata, select series by country and period, download CSV or JSON-stat, cache with ETags and embed charts.',
    path: '/api-developers',
  });
}

export default function ApiDevelopers() {
  const site = useSiteRootData()?.siteUrl ?? '';
  return (
    <div className="max-w-4xl">
      <PageHeader
        eyebrow="Developers"
        title="Build with official European statistics"
        lead={
          <p>
            A small, predictable HTTP API: find a dataset, read what it contains, ask for the slice you need. No SDK
            required; every example below is a plain request.
          </p>
        }
      />
      <Section title="1. Find a dataset">
        <CodeBlock>{`curl "${site}/api/datasets?q=unemployment&sort=updated"`}</CodeBlock>
        <p>
          Filters: <code>q</code> (name, code or description), <code>category</code> (prices, labour-market,
          national-accounts, regional-statistics), <code>geo</code> (has data for a country), <code>frequency</code> (A,
          S, Q, M), <code>limit</code> up to 200 and <code>offset</code>.
        </p>
      </Section>
      <Section title="2. Read its metadata">
        <CodeBlock>{`curl "${site}/api/datasets/une_rt_m/meta"`}</CodeBlock>
        <p>
          The answer names the dimensions as <code>dim1</code>…<code>dimN</code> with their codes, labels, values and
          the main series’ default, and lists the available countries with code and name. A dataset is addressed by its
          numeric id or its code.
        </p>
      </Section>
      <Section title="3. Ask for data">
        <CodeBlock>{`curl "${site}/api/datasets/une_rt_m?country=DE,FR,ES&period_from=1/2022&period_to=12/2022"`}</CodeBlock>
        <p>
          Each series comes with its key and rows of <code>{'{ period, values }'}</code>, values keyed by country name:
          Germany’s seasonally adjusted unemployment rate was 3.1% in October 2022, France’s 7.2%, Spain’s 13.0%. Leave
          a dimension out to get the main series; give a comma list or <code>*</code> to get several.
        </p>
      </Section>
      <Section title="4. Pick a format">
        <CodeBlock>{`curl "${site}/api/datasets/tec00115/data?country=DE,EA20&format=csv"
curl "${site}/api/datasets/tec00115/data?country=DE,EA20&format=jsonstat"`}</CodeBlock>
        <p>
          CSV follows RFC 4180 with CRLF line ends, a header row and a flag column; values keep their published
          decimals. JSON-stat 2.0 suits statistical packages.
        </p>
      </Section>
      <Section title="5. Cache and handle errors">
        <CodeBlock>{`curl -i "${site}/api/datasets/tec00118"            # note the ETag
curl -i -H 'If-None-Match: W/"…"' "${site}/api/datasets/tec00118"   # 304 Not Modified`}</CodeBlock>
        <p>
          Errors always look like <code>{'{ "error": { "code": "not_found", "message": "…" } }'}</code> with status 400,
          404, 429 or 500. A bad parameter names itself and the value it got.
        </p>
      </Section>
      <Section title="6. Limits">
        <p>
          Free accounts: {FREE_DAILY_API_REQUESTS.toLocaleString('en-GB')} requests a day, counted from midnight UTC
          (without a session, per network address); Pro: unlimited. Every answer carries{' '}
          <code>X-RateLimit-Remaining</code>; over the limit the API answers <code>429</code> with{' '}
          <code>Retry-After</code>. See <Link to="/pricing">pricing</Link>.
        </p>
      </Section>
      <Section title="7. Embed a chart instead">
        <p>If you only need to show a chart, embed it; embeds do not count towards the API limit:</p>
        <CodeBlock>{`<iframe src="${site}/datasets/prc_hicp_manr?embed=true&chart_type=line&country[]=DE&country[]=EA20&time_start=1/2021"
        width="100%" height="545" style="border:0" loading="lazy"></iframe>`}</CodeBlock>
      </Section>
      <CallToAction
        title="Every endpoint, with a try-it form"
        text="The reference is generated from the API’s own OpenAPI 3.1 document."
        primary={{ to: '/api-docs', label: 'Open the API reference' }}
        secondary={{ to: '/statistics-api', label: 'About the Statistics API' }}
      />
    </div>
  );
}
