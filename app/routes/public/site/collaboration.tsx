// /collaboration: working together: organisations and shared charts, embeds for publishers, dataset partnerships.
import type { Route } from './+types/collaboration';
import { CallToAction, FeatureGrid, PageHeader, Section } from '#app/components/site/content';
import { pageMeta } from '#app/components/site/page-meta';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Collaboration',
    description:
      'Work on official statistics as a team: organisation accounts with invitations, shared followed charts, embeds for newsrooms and partnerships to publish new datasets.',
    path: '/collaboration',
  });
}

const team = [
  {
    title: 'Organisation accounts',
    text: 'Create an organisation, invite colleagues by e-mail and manage its members; each keeps their own sign-in.',
  },
  {
    title: 'Shared charts',
    text: 'A followed chart keeps its countries, series and view, so the whole team looks at the same selection.',
  },
  {
    title: 'One source line',
    text: 'Every chart, export and embed carries the source and dataset code, so a colleague can always trace a figure.',
  },
];

const partners = [
  {
    title: 'Newsrooms and publishers',
    text: 'Embed live charts that update with each Eurostat release; the iframe is 545 pixels high and fills the column.',
  },
  {
    title: 'Universities and teaching',
    text: 'Give students the same series in charts and in CSV or JSON-stat, with flags that explain breaks and estimates.',
  },
  {
    title: 'Statistical offices and data owners',
    text: 'Propose a dataset: the importer reads Eurostat TSV, SDMX-CSV and JSON-stat 2.0, so most releases can be added as they are.',
  },
];

export default function Collaboration() {
  return (
    <div>
      <PageHeader
        eyebrow="Collaboration"
        title="Statistics are better read together"
        lead={
          <p>
            Teams in newsrooms, ministries, banks and universities use the same official figures. Organisation accounts,
            shared charts and embeds keep everyone on one version of the numbers.
          </p>
        }
      />
      <Section title="For your team">
        <FeatureGrid items={team} />
      </Section>
      <Section title="For partners">
        <FeatureGrid items={partners} />
      </Section>
      <Section title="Propose a dataset">
        <p>
          Tell us the Eurostat code (for example <code>lfsa_urgan</code> or <code>prc_hpi_q</code>) or send a file in
          one of the formats above, with what you want to show. We answer every proposal and say when the dataset will
          be in the catalogue or why it cannot be.
        </p>
      </Section>
      <CallToAction
        title="Let us work together"
        text="Write to us about an organisation account, an embedding partnership or a dataset you want published."
        primary={{ to: '/contact', label: 'Contact us' }}
        secondary={{ to: '/pricing', label: 'See the plans' }}
      />
    </div>
  );
}
