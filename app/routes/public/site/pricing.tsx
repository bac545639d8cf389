// /pricing: the Free and Pro plans, what each gets, the daily API request limit and Pro's unlimited access.
import { Link } from 'react-router';
import type { Route } from './+types/pricing';
import { ButtonLink, PageHeader, Section } from '#app/components/site/content';
import { pageMeta } from '#app/components/site/page-meta';
import { FREE_DAILY_API_REQUESTS, PRO_PRICE_EUR } from '#core/plans';
import { billingOffer } from '#app/features/billing/billing.server';
import { UpgradeButton } from '#app/features/billing/upgrade-button';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

const limit = FREE_DAILY_API_REQUESTS.toLocaleString('en-GB');

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Pricing',
    description: `Free: every chart, export and embed, and ${limit} API requests a day. Pro: unlimited API access for €${PRO_PRICE_EUR.month} a month.`,
    path: '/pricing',
  });
}

const plans = [
  {
    name: 'Free',
    price: '€0',
    period: 'for ever',
    summary: 'For reading, sharing and occasional scripts.',
    features: [
      'Every dataset, chart, map and table',
      'PNG, CSV and JSON exports, embed code',
      'An account with a dashboard of followed charts',
      `Data API: ${limit} requests a day`,
    ],
    action: { to: '/datasets', label: 'Browse the datasets' },
  },
  {
    name: 'Pro',
    price: `€${PRO_PRICE_EUR.month}`,
    period: `a month, or €${PRO_PRICE_EUR.year} a year`,
    summary: 'For applications, newsrooms and research pipelines.',
    features: [
      'Everything in Free',
      'Data API: unlimited requests, no daily limit',
      'Organisation seats: invite colleagues to one account',
      'Priority answers to data questions',
    ],
    action: { to: '/contact', label: 'Ask about Pro' },
  },
] as const;

/** Whether this server takes payments: "Upgrade to Pro" opens Stripe Checkout or says billing is off (issue 14). */
export function loader({ context }: Route.LoaderArgs) {
  return { offer: billingOffer(context) };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <PageHeader
        eyebrow="Pricing"
        title="Free to read. Pro for unlimited API access."
        lead={
          <p>
            Charts, maps, tables and exports are free for everyone. The plans differ in one thing that costs us to
            serve: how many requests your programs may send to the data API each day.
          </p>
        }
      />
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        {plans.map((p) => (
          <section
            key={p.name}
            aria-labelledby={`plan-${p.name}`}
            className={`flex flex-col rounded-2xl border p-6 ${
              p.name === 'Pro' ? 'border-brand ring-1 ring-brand' : 'border-slate-200 dark:border-slate-800'
            }`}
          >
            <h2 id={`plan-${p.name}`} className="text-xl font-semibold">
              {p.name}
            </h2>
            <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{p.summary}</p>
            <p className="mt-4">
              <span className="text-4xl font-semibold">{p.price}</span>{' '}
              <span className="text-slate-500 dark:text-slate-400">{p.period}</span>
            </p>
            <ul className="mt-5 flex-1 space-y-2 text-sm">
              {p.features.map((f) => (
                <li key={f} className="flex gap-2">
                  <span aria-hidden className="text-brand-dark dark:text-brand">
                    ✓
                  </span>
                  {f}
                </li>
              ))}
            </ul>
            <div className="mt-6">
              {p.name === 'Pro' ? (
                <UpgradeButton offer={loaderData.offer} both />
              ) : (
                <ButtonLink to={p.action.to} variant="secondary">
                  {p.action.label}
                </ButtonLink>
              )}
            </div>
          </section>
        ))}
      </div>
      <Section title="The daily API request limit">
        <p>
          On the Free plan an account may send {limit} requests a day to the data API (<code>/api/datasets…</code>);
          without signing in, the same limit applies to each network address. The count starts again at midnight UTC. A
          request is one call, whatever its size: one call can return a whole dataset selection as JSON, CSV or
          JSON-stat, and answers that come back as <code>304 Not Modified</code> from your cache still count as calls.
        </p>
        <p>
          When the limit is reached the API answers <code>429 Too Many Requests</code> until midnight UTC, and a browser
          is shown the <Link to="/api-limit-exceeded">limit page</Link>. Pro accounts have unlimited access: no daily
          limit at all.
        </p>
        <p>
          Charts, maps, tables and embeds on this site and on yours do not count towards the limit, nor do PNG, CSV and
          JSON exports made from a chart’s Export menu.
        </p>
      </Section>
      <Section title="Questions">
        <dl className="space-y-4">
          <div>
            <dt className="font-medium">Can I publish charts from the Free plan?</dt>
            <dd>
              Yes. Embed any chart with the code from its Export menu; credit Eurostat as the source, as the embed does
              for you.
            </dd>
          </div>
          <div>
            <dt className="font-medium">How do I pay for Pro?</dt>
            <dd>
              By card, monthly or yearly; you can cancel at any time and keep Pro until the end of the period you paid
              for.
            </dd>
          </div>
          <div>
            <dt className="font-medium">We need more than one account.</dt>
            <dd>
              Pro includes organisation seats. For a university or newsroom licence,{' '}
              <Link to="/contact">write to us</Link>.
            </dd>
          </div>
        </dl>
      </Section>
    </div>
  );
}
