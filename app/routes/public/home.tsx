// /: what the product is and the most recently updated datasets.
import { Link } from 'react-router';
import { listDatasets } from '../../../db/queries/datasets';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  return listDatasets(context.db, { sort: 'updated', limit: 6, offset: 0 });
}

export function meta() {
  return [
    { title: 'Statistics publisher · European inflation, labour market and GDP figures' },
    {
      name: 'description',
      content:
        'Charts, maps and tables of official Eurostat statistics, with every value and flag exactly as published.',
    },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="text-3xl font-semibold">European statistics, exactly as published</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600 dark:text-slate-400">
        Inflation, unemployment and GDP for every European country and region, imported from Eurostat with every value
        and flag, ready to chart, export and embed.
      </p>
      <h2 className="mt-10 text-lg font-semibold">Recently updated datasets</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {loaderData.items.map((d) => (
          <li key={d.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
            <Link to={`/datasets/${d.id}`} className="font-medium text-brand-dark hover:underline dark:text-brand">
              {d.dataset_name}
            </Link>
            <p className="mt-1 text-sm text-slate-500">
              {d.dataset_code} · {d.oldest_period} – {d.latest_period}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
