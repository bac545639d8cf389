// /statistics/{country}[/{region}[/{subregion}]]/categories/{category}: one category's datasets charted for the place.
import { categoriesForGeo } from '#db/queries/statistics';
import { pageMeta } from '#app/components/site/page-meta';
import { CategoryLinks } from '#app/components/statistics/category-links';
import { PlaceDatasetsView } from '#app/components/statistics/dataset-charts';
import { PLACE_CHARTS, pagedPath, pagedTitle } from '#app/components/statistics/place-data';
import { PlaceHeader } from '#app/components/statistics/place-header';
import { RouteErrorPage } from '#app/components/statistics/route-error-page';
import type { Route } from './+types/category';
import { catalogueState } from '#db/catalogue-memo';
import { placeDatasets } from '#app/features/statistics/place-charts.server';
import { notFound, resolvePlacePath } from '#app/features/statistics/places.server';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context;
  const state = await catalogueState(db);
  const { trail, rest } = await resolvePlacePath(db, state, request);
  if (rest.length !== 2 || trail.length > 3) notFound(request);
  const place = trail[trail.length - 1]!;
  const categories = await categoriesForGeo(db, place.code);
  const category = categories.find((c) => c.slug === rest[1]);
  if (!category) notFound(request);
  const datasets = await placeDatasets(db, state, place.code, request, category.slug);
  if (!datasets) notFound(request);
  return { trail, category, categories, datasets };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: 'Page Not Found' }];
  const place = data.trail[data.trail.length - 1]!;
  return pageMeta(matches, {
    title: pagedTitle(`${data.category.name} in ${place.name}`, data.datasets.page),
    description: `${data.category.name} statistics for ${place.name}: ${(data.datasets.charts.length ? data.datasets.charts.map((c) => c.title) : data.datasets.list.slice(0, PLACE_CHARTS).map((d) => d.name)).join('; ') || 'no imported dataset has data for it'}.`,
    path: pagedPath(`${place.path}/categories/${data.category.slug}`, data.datasets.page),
  });
}

export default function StatisticsCategory({ loaderData }: Route.ComponentProps) {
  const { trail, category, categories, datasets } = loaderData;
  const place = trail[trail.length - 1]!;
  const country = trail[0]!;
  const extra = [
    ...(trail.length === 1 ? [{ label: 'Categories', to: `${country.path}/categories` }] : []),
    { label: category.name },
  ];
  return (
    <article className="space-y-8">
      <PlaceHeader trail={trail} heading={`${category.name} in ${place.name}`} extra={extra} />
      <CategoryLinks basePath={place.path} categories={categories} />
      <PlaceDatasetsView datasets={datasets} placeName={place.name} geo={place.code} />
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
