// /datasets/{id}: one dataset's metadata, source line and latest values by country (id or code).
import { data } from 'react-router';
import { findDataset, getDatasetMeta } from '../../../db/queries/datasets';
import type { Route } from './+types/dataset';
import { describeFlags } from '../../../core/flags';
import { latestValues } from './datasets.server';

export async function loader({ params, context }: Route.LoaderArgs) {
  const row = await findDataset(context.db, params.id);
  if (!row) throw data(null, { status: 404 });
  const meta = await getDatasetMeta(context.db, row);
  return { meta, latest: await latestValues(context.db, meta) };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: 'Page Not Found' }];
  return [
    { title: `${data.meta.dataset_name} (${data.meta.dataset_code}) · Statistics publisher` },
    { name: 'description', content: data.meta.description },
  ];
}

export default function DatasetPage({ loaderData }: Route.ComponentProps) {
  const { meta, latest } = loaderData;
  const mainSeries = meta.dimensions
    .map((d) => d.values.find((v) => v.code === d.default)?.label)
    .filter(Boolean)
    .join(' · ');
  return (
    <article>
      <h1 className="text-2xl font-semibold">{meta.dataset_name}</h1>
      <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-400">{meta.description}</p>
      <dl className="mt-4 grid max-w-3xl grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-slate-500">Unit</dt>
        <dd>{meta.unit}</dd>
        <dt className="text-slate-500">Periods</dt>
        <dd>
          {meta.oldest_period} – {meta.latest_period}
        </dd>
        <dt className="text-slate-500">Last update</dt>
        <dd>{meta.last_update?.slice(0, 10) ?? 'unknown'}</dd>
        <dt className="text-slate-500">Categories</dt>
        <dd>{meta.categories.map((c) => c.name).join(', ') || 'none'}</dd>
      </dl>
      <h2 className="mt-8 text-lg font-semibold">Latest values by country</h2>
      <p className="text-sm text-slate-500">{mainSeries}</p>
      <table className="mt-3 w-full max-w-3xl text-sm">
        <thead>
          <tr className="border-b border-slate-300 text-left dark:border-slate-700">
            <th scope="col" className="py-2">
              Country
            </th>
            <th scope="col" className="py-2">
              Period
            </th>
            <th scope="col" className="py-2 text-right">
              Value
            </th>
            <th scope="col" className="py-2 pl-4">
              Flags
            </th>
          </tr>
        </thead>
        <tbody>
          {latest.map((v) => (
            <tr key={v.code} className="border-b border-slate-100 dark:border-slate-800">
              <th scope="row" className="py-1.5 text-left font-normal">
                {v.name}
              </th>
              <td className="py-1.5">{v.period}</td>
              <td className="py-1.5 text-right tabular-nums">{v.value}</td>
              <td className="py-1.5 pl-4 text-slate-500">
                {v.flags ? <abbr title={describeFlags(v.flags)}>{v.flags}</abbr> : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-6 text-sm text-slate-500">
        Source:{' '}
        <a href={meta.source_url} className="underline" rel="noopener">
          {meta.source_name} ({meta.dataset_code})
        </a>
      </p>
    </article>
  );
}
