// /api-endpoint-error: where an API address typed in the browser lands; shows the address kept in session storage.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/api-endpoint-error';
import { ButtonLink, PageHeader, Section } from '#app/components/site/content';
import { pageMeta } from '#app/components/site/page-meta';
import { FREE_DAILY_API_REQUESTS } from '#core/plans';
import { ATTEMPTED_API_URL_KEY } from '#app/components/site/site';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'API request limit exceeded or endpoint error',
    description:
      'The API address you opened is not a page, does not exist, or your daily API request limit was reached.',
    path: '/api-endpoint-error',
    noindex: true,
  });
}

export default function ApiEndpointError() {
  const [attempted, setAttempted] = useState<string | null>(null);
  useEffect(() => {
    try {
      setAttempted(window.sessionStorage.getItem(ATTEMPTED_API_URL_KEY));
    } catch {
      // Storage blocked: the page still explains what happened.
    }
  }, []);
  return (
    <div className="max-w-3xl">
      <PageHeader
        eyebrow="API"
        title="API request limit exceeded or endpoint error"
        lead={<p>The address you opened belongs to the data API, and the API could not answer it as a page.</p>}
      />
      {attempted && (
        <p className="mt-6 rounded-lg bg-slate-100 p-4 text-sm dark:bg-slate-900">
          You tried to open{' '}
          <code className="break-all" data-testid="attempted-api-url">
            {attempted}
          </code>
        </p>
      )}
      <Section title="What may have happened">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            The endpoint does not exist, or it is meant for programs (it answers JSON to a script, not a page to a
            browser). The <Link to="/api-docs">API reference</Link> lists every endpoint and lets you try it.
          </li>
          <li>
            Your account reached its daily API request limit ({FREE_DAILY_API_REQUESTS.toLocaleString('en-GB')} requests
            on the Free plan). The count starts again at midnight UTC; <Link to="/pricing">Pro</Link> has no limit.
          </li>
        </ul>
      </Section>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to="/api-docs">Open the API reference</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Go Home
        </ButtonLink>
      </div>
    </div>
  );
}
