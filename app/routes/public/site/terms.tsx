// /terms: the terms of use of the site, the data, the API, accounts and the Pro plan.
import { Link } from 'react-router';
import type { Route } from './+types/terms';
import { PageHeader, Section } from '#app/components/site/content';
import { pageMeta } from '#app/components/site/page-meta';
import { FREE_DAILY_API_REQUESTS } from '#core/plans';
import { SITE_NAME } from '#app/components/site/site';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Terms of use',
    description: `The terms for using ${SITE_NAME}: reuse of Eurostat data, the data API and its daily limit, accounts, the Pro plan and liability.`,
    path: '/terms',
  });
}

export default function Terms() {
  return (
    <div className="max-w-3xl">
      <PageHeader
        eyebrow="Legal"
        title="Terms of use"
        lead={<p>These terms apply to the website, the embeddable charts and the data API of {SITE_NAME}.</p>}
      />
      <Section title="1. The data and how you may reuse it">
        <p>
          The statistics shown here are © European Union, Eurostat, and are reused under the Creative Commons
          Attribution 4.0 licence that Eurostat applies to its content. You may copy, adapt and republish them,
          commercially or not, provided you acknowledge the source, for example “Source: Eurostat (prc_hicp_manr)”.
          Region names are © European Union – GISCO, NUTS 2021.
        </p>
        <p>
          Charts, exports and embeds made with this site may be published on the same terms. Please keep the source line
          the chart carries.
        </p>
      </Section>
      <Section title="2. Accuracy">
        <p>
          We import the figures as Eurostat publishes them, with their flags, and keep earlier releases in a revision
          log. Official statistics are revised: a provisional (p) or estimated (e) value may change in a later release.
          The source’s current release is authoritative; we make no promise that every figure here is the latest one,
          and none of it is financial, legal or investment advice.
        </p>
      </Section>
      <Section title="3. The data API">
        <p>
          The API at <code>/api/datasets</code> is documented in the <Link to="/api-docs">API reference</Link>. Free
          accounts may send {FREE_DAILY_API_REQUESTS.toLocaleString('en-GB')} requests a day; Pro accounts have no daily
          limit. Do not try to get around a limit, for example with several accounts, and do not send traffic meant to
          degrade the service. We may block clients that do.
        </p>
      </Section>
      <Section title="4. Accounts">
        <p>
          You need an account to follow charts and use the app area. Keep your password to yourself and tell us if you
          think someone else used your account. You may delete your account at any time from its settings; we may close
          accounts used to break these terms or the law.
        </p>
      </Section>
      <Section title="5. The Pro plan">
        <p>
          Pro is billed monthly or yearly in advance. You can cancel at any time; Pro stays active until the end of the
          period you paid for and is not refunded pro rata, except where consumer law gives you a right of withdrawal.
          We announce price changes at least 30 days before they apply to your next period.
        </p>
      </Section>
      <Section title="6. Availability and liability">
        <p>
          We run the service with care but cannot promise it is never interrupted. To the extent the law allows, we are
          not liable for indirect losses or for decisions made on the basis of the figures; nothing in these terms
          limits liability that cannot be limited by law.
        </p>
      </Section>
      <Section title="7. Changes and contact">
        <p>
          When these terms change, the new version is published on this page and applies from then on; for account
          holders, material changes are announced by e-mail. Questions: <Link to="/contact">contact form</Link>. How we
          handle personal data is described in the <Link to="/privacy">privacy notice</Link>.
        </p>
      </Section>
    </div>
  );
}
