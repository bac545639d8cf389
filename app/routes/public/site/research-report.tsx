// /researcher/reports/{token}: a shared research report, readable without signing in by whoever has the link
// (decision 148); not indexed. The token is unguessable; deleting the report ends the link.
import { data } from 'react-router';
import type { Report } from '#core/researcher/report';
import { findSharedResearchReport } from '#db/queries/researcher';
import { ReportView } from '#app/components/researcher/report-view';
import { RouteErrorPage } from '#app/components/statistics/route-error-page';
import type { Route } from './+types/research-report';

export async function loader({ params, context }: Route.LoaderArgs) {
  const token = params.token;
  const row = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? await findSharedResearchReport(context.db, token) : undefined;
  if (!row) throw data({ message: 'No report is shared with this link. It may have been deleted.' }, { status: 404 });
  return {
    question: row.question,
    createdAt: row.createdAt.toISOString().slice(0, 10),
    report: row.report as unknown as Report,
  };
}

export function headers() {
  return { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'no-store' };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data ? `${data.question} · Research report` : 'Report not found' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function SharedResearchReport({ loaderData }: Route.ComponentProps) {
  const { question, createdAt, report } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-4 px-4 py-8">
      <p className="text-sm text-slate-600 dark:text-slate-300">Research report · {createdAt}</p>
      <h1 className="text-2xl font-semibold">{question}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Every number is a stored observation with a link to its source. Made with the{' '}
        <a href="/researcher" className="text-brand-dark underline dark:text-brand">
          researcher
        </a>
        .
      </p>
      <ReportView report={report} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
