// /datasets: the catalogue with search and filters.
import { Form, Link, useSearchParams } from 'react-router';
import { listDatasets } from '../../../db/queries/datasets';
import type { Route } from './+types/datasets';

const frequencies = { A: 'Annual', S: 'Half-yearly', Q: 'Quarterly', M: 'Monthly' } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim() || undefined;
  const result = await listDatasets(context.db, { q, sort: 'updated', limit: 200, offset: 0 });
  const all = q ? await listDatasets(context.db, { limit: 1, offset: 0 }) : result;
  return { ...result, q: q ?? '', catalogueEmpty: all.total === 0 };
}

export function meta() {
  return [
    { title: 'Datasets · Statistics publisher' },
    {
      name: 'description',
      content: 'Official Eurostat datasets on inflation, unemployment and GDP, with every value and flag.',
    },
  ];
}

export default function Datasets({ loaderData }: Route.ComponentProps) {
  const { items, total, q, catalogueEmpty } = loaderData;
  const [params] = useSearchParams();
  return (
    <div>
      <h1 className="text-2xl font-semibold">Datasets</h1>
      <Form method="get" role="search" className="mt-4 flex gap-2">
        <label htmlFor="q" className="sr-only">
          Search datasets
        </label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={params.get('q') ?? ''}
          placeholder="Search by name or code, e.g. inflation or une_rt_m"
          className="w-full max-w-md rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
        />
        <button type="submit" className="rounded-md bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark">
          Search
        </button>
      </Form>
      {catalogueEmpty ? (
        <p className="mt-8 text-slate-600 dark:text-slate-400">
          The catalogue is empty: no dataset has been imported yet. Import one with{' '}
          <code>npm run import -- &lt;file or dataset code&gt;</code>.
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-500" aria-live="polite">
            {q ? `${total} dataset${total === 1 ? '' : 's'} matching “${q}”` : `${total} datasets`}
          </p>
          <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
            {items.map((d) => (
              <li key={d.id} className="py-4">
                <Link
                  to={`/datasets/${d.id}`}
                  className="text-lg font-medium text-brand-dark hover:underline dark:text-brand"
                >
                  {d.dataset_name}
                </Link>
                <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
                  <div>
                    <dt className="sr-only">Code</dt>
                    <dd>
                      <code>{d.dataset_code}</code>
                    </dd>
                  </div>
                  <div>
                    <dt className="inline">Source: </dt>
                    <dd className="inline">{d.source_name}</dd>
                  </div>
                  <div>
                    <dt className="inline">Frequency: </dt>
                    <dd className="inline">{frequencies[d.frequency]}</dd>
                  </div>
                  <div>
                    <dt className="inline">Periods: </dt>
                    <dd className="inline">
                      {d.oldest_period} – {d.latest_period}
                    </dd>
                  </div>
                  <div>
                    <dt className="inline">Last update: </dt>
                    <dd className="inline">{d.last_update?.slice(0, 10) ?? 'unknown'}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          {items.length === 0 && <p className="mt-6">No dataset matches “{q}”.</p>}
        </>
      )}
    </div>
  );
}
