// /app/chart?id=: the chart follow page, naming the followed dataset.
import { data, Link } from 'react-router';
import { findDataset, getDatasetMeta } from '../../../db/queries/datasets';
import type { Route } from './+types/chart';
import { requireSession } from './guard.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSession(request, context);
  const id = new URL(request.url).searchParams.get('id');
  if (!id) throw data('datasetId is required but not provided (either directly or via data-id)', { status: 400 });
  const row = await findDataset(context.db, id);
  if (!row) throw data(`no dataset ${id}`, { status: 404 });
  return { dataset: await getDatasetMeta(context.db, row) };
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [{ title: `${loaded?.dataset.dataset_name ?? 'Chart'} · Statistics publisher` }];
}

export default function FollowedChart({ loaderData }: Route.ComponentProps) {
  const { dataset } = loaderData;
  return (
    <article className="space-y-4">
      <p className="text-sm font-medium uppercase tracking-wide text-brand-dark dark:text-brand">Followed chart</p>
      <h1 className="text-2xl font-semibold">{dataset.dataset_name}</h1>
      <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-500">Dataset code</dt>
        <dd>{dataset.dataset_code}</dd>
        <dt className="text-slate-500">Source</dt>
        <dd>
          <a
            href={dataset.source_url}
            className="text-brand-dark underline dark:text-brand"
            rel="noreferrer"
            target="_blank"
          >
            {dataset.source_name}
          </a>
        </dd>
        <dt className="text-slate-500">Periods</dt>
        <dd>
          {dataset.oldest_period ?? '–'} – {dataset.latest_period ?? '–'}
        </dd>
        {dataset.last_update && (
          <>
            <dt className="text-slate-500">Last update</dt>
            <dd>{new Date(dataset.last_update).toISOString().slice(0, 10)}</dd>
          </>
        )}
      </dl>
      {dataset.description && <p className="max-w-2xl text-slate-600 dark:text-slate-300">{dataset.description}</p>}
      <div className="flex gap-4 text-sm">
        <Link to={`/datasets/${dataset.id}`} className="font-medium text-brand-dark underline dark:text-brand">
          Open the chart
        </Link>
        <Link to="/app/dashboard" className="text-slate-600 underline dark:text-slate-300">
          Back to the dashboard
        </Link>
      </div>
    </article>
  );
}
