// /app/dashboard: greets the user and lists the charts they follow.
import { Link } from 'react-router';
import type { Route } from './+types/dashboard';
import { requireSession } from './guard.server';

export function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(request, context);
  // Follows are stored by the follow feature; until then every list is empty.
  return { name: session?.user.name ?? '', followed: [] as { id: number; name: string }[] };
}

export function meta() {
  return [{ title: 'Dashboard · Statistics publisher' }];
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">Welcome, {loaderData.name}</h1>
      <section aria-labelledby="followed-heading" className="space-y-3">
        <h2 id="followed-heading" className="text-lg font-semibold">
          Followed charts
        </h2>
        {loaderData.followed.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-300">
            <p>You are not following any charts yet.</p>
            <p className="mt-2 text-sm">
              Open a dataset, then press <strong>Follow</strong> above its chart: the chart will appear here, so you can
              come back to it in one click.
            </p>
            <Link
              to="/datasets"
              className="mt-4 inline-block rounded-md bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-[#237530]"
            >
              Browse datasets
            </Link>
          </div>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {loaderData.followed.map((chart) => (
              <li key={chart.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                <Link
                  to={`/app/chart?id=${chart.id}`}
                  className="font-medium text-brand-dark hover:underline dark:text-brand"
                >
                  {chart.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
