// /api-limit-exceeded: the daily API request limit was reached; Pro has unlimited access.
import type { Route } from './+types/api-limit-exceeded';
import { ButtonLink, PageHeader, Section } from '#app/components/site/content';
import { pageMeta } from '#app/components/site/page-meta';
import { FREE_DAILY_API_REQUESTS } from '#core/plans';
import { billingOffer } from '#app/features/billing/billing.server';
import { UpgradeButton } from '#app/features/billing/upgrade-button';

const limit = FREE_DAILY_API_REQUESTS.toLocaleString('en-GB');

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Daily API request limit reached',
    description: `Your account used its ${limit} API requests for today. Upgrade to Pro for unlimited access.`,
    path: '/api-limit-exceeded',
    noindex: true,
  });
}

/** Whether this server takes payments: "Upgrade to Pro" opens Stripe Checkout or says billing is off (issue 14). */
export function loader({ context }: Route.LoaderArgs) {
  return { offer: billingOffer(context) };
}

export default function ApiLimitExceeded({ loaderData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl">
      <PageHeader
        eyebrow="API"
        title="Daily API request limit reached"
        lead={
          <p>
            Your account has used all {limit} data API requests of the Free plan for today. Upgrade to Pro for unlimited
            access: no daily limit.
          </p>
        }
      />
      <Section title="What you can do now">
        <ul className="list-disc space-y-2 pl-5">
          <li>Wait until midnight UTC, when the count starts again.</li>
          <li>
            Cache answers: every data answer carries an ETag, so your program can keep a copy and fetch again only when
            the dataset changed.
          </li>
          <li>Ask for more per call: one request can return many countries, series and periods at once.</li>
          <li>Charts, maps, tables and exports on this site keep working; they do not count towards the limit.</li>
        </ul>
      </Section>
      <div className="mt-8 flex flex-wrap items-start gap-3">
        <UpgradeButton offer={loaderData.offer} />
        <ButtonLink to="/pricing" variant="secondary">
          Compare the plans
        </ButtonLink>
        <ButtonLink to="/api-docs" variant="secondary">
          API reference
        </ButtonLink>
      </div>
    </div>
  );
}
