// /statistics/{country}/categories: the catalogue's categories with the datasets each has for the country.
import { Link } from 'react-router';
import { categoriesForGeo } from '#db/queries/statistics';
import { pageMeta } from '#app/components/site/page-meta';
import { PlaceHeader } from '#app/components/statistics/place-header';
import { RouteErrorPage } from '#app/components/statistics/route-error-page';
import type { Route } from './+types/categories';
import { listDatasets } from '#db/queries/datasets';
import { catalogueState } from '#db/catalogue-memo';
import { notFound, resolvePlacePath } from '#app/features/statistics/places.server';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context;
  const { trail, rest } = await resolvePlacePath(db, await catalogueState(db), request);
  if (trail.length !== 1 || rest.length !== 1) notFound(request);
  const country = trail[0]!;
  // The categories with data for the country only: the catalogue's tree (the Eurostat table of contents) has hundreds,
  // most without a dataset here, and listing each of them made the page take 16 s and weigh 1 MB.
  const categories = (await categoriesForGeo(db, country.code)).filter((c) => c.datasets > 0);
  const lists = await Promise.all(
    categories.map((c) =>
      listDatasets(db, { geo: country.code, category: c.slug, sort: 'name', limit: 200, offset: 0 }),
    ),
  );
  return {
    trail,
    categories: categories.map((c, i) => ({
      ...c,
      items: lists[i]!.items.map((d) => ({
        id: d.id,
        name: d.dataset_name,
        code: d.dataset_code,
        latest: d.latest_period,
      })),
    })),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: 'Page Not Found' }];
  const country = data.trail[0]!;
  return pageMeta(matches, {
    title: `${country.name}: statistics by category`,
    description: `Datasets with data for ${country.name}, by category: ${data.categories.map((c) => c.name).join(', ') || 'none imported yet'}. Source: Eurostat.`,
    path: `${country.path}/categories`,
  });
}

export default function StatisticsCategories({ loaderData }: Route.ComponentProps) {
  const { trail, categories } = loaderData;
  const country = trail[0]!;
  return (
    <article className="space-y-8">
      <PlaceHeader trail={trail} heading={`${country.name}: categories`} extra={[{ label: 'Categories' }]} />
      <ul className="grid gap-4 sm:grid-cols-2">
        {categories.map((c) => (
          <li key={c.slug} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
            <h2 className="text-lg font-semibold">
              <Link
                to={`${country.path}/categories/${c.slug}`}
                className="text-brand-dark hover:underline dark:text-brand"
              >
                {c.name}
              </Link>
            </h2>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {c.datasets === 1 ? '1 dataset' : `${c.datasets} datasets`} with data for {country.name}
            </p>
            {c.items.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm">
                {c.items.map((d) => (
                  <li key={d.id}>
                    <Link to={`/datasets/${d.id}`} className="hover:underline">
                      {d.name}
                    </Link>{' '}
                    <span className="text-slate-500 dark:text-slate-400">({d.code})</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
