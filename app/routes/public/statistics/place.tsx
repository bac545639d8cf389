// /statistics/{country}[/{region}[/{subregion}[/{subsubregion}]]]: key figures, charts, regional map and sub-regions.
import { Link } from 'react-router';
import { categoriesForGeo } from '#db/queries/statistics';
import { pageMeta, siteUrlOf } from '#app/components/site/page-meta';
import { breadcrumbJsonLd } from '#app/components/statistics/breadcrumbs';
import { CategoryLinks } from '#app/components/statistics/category-links';
import { ChildRegions } from '#app/components/statistics/child-regions';
import { PlaceDatasetsView } from '#app/components/statistics/dataset-charts';
import { KeyFigures } from '#app/components/statistics/key-figures';
import { PlaceHeader, trailCrumbs } from '#app/components/statistics/place-header';
import { RegionMap } from '#app/components/statistics/region-map';
import { RouteErrorPage } from '#app/components/statistics/route-error-page';
import { pagedPath, pagedTitle } from '#app/components/statistics/place-data';
import type { Route } from './+types/place';
import { catalogueState } from '#db/catalogue-memo';
import { placeDatasets } from '#app/features/statistics/place-charts.server';
import { keyFigures } from '#app/features/statistics/key-figures.server';
import { childRegionList, gdpPerInhabitant, regionalMap } from './place.server';
import { childPlaces, notFound, resolvePlacePath } from '#app/features/statistics/places.server';
import { readablePeriod } from '#core/periods';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context;
  const state = await catalogueState(db);
  const { trail, rest } = await resolvePlacePath(db, state, request);
  if (rest.length > 0) notFound(request);
  const place = trail[trail.length - 1]!;
  const children = await childPlaces(db, state, place);
  // A country with one NUTS 1 region (Czechia: Česko) maps the regions one level further down.
  const mapped = children.length === 1 ? await childPlaces(db, state, children[0]!) : children;
  const values = await gdpPerInhabitant(db, state, [...new Set([...children, ...mapped].map((c) => c.code))]);
  const [figures, datasets, categories, map] = await Promise.all([
    keyFigures(db, state, place.code),
    placeDatasets(db, state, place.code, request),
    categoriesForGeo(db, place.code),
    regionalMap(context.outlines, state, place, mapped, values),
  ]);
  if (!datasets) notFound(request);
  return { trail, figures, datasets, categories, map, children: childRegionList(children, values) };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: 'Page Not Found' }];
  const place = data.trail[data.trail.length - 1]!;
  const figures = data.figures.map(
    (f) => `${f.label} ${f.valueText}${f.unit === '%' ? '%' : ` ${f.unit}`} (${readablePeriod(f.period)})`,
  );
  return [
    ...pageMeta(matches, {
      title: pagedTitle(`${place.name} statistics: inflation, unemployment and GDP`, data.datasets.page),
      description: figures.length
        ? `${place.name}: ${figures.join(', ')}. Source: Eurostat.`
        : `Statistics for ${place.name}.`,
      // The slug path: a code in the address (/statistics/de) redirects there; a later page of the list is its own.
      path: pagedPath(place.path, data.datasets.page),
    }),
    breadcrumbJsonLd(trailCrumbs(data.trail), siteUrlOf(matches), place.path),
  ];
}

export default function StatisticsPlace({ loaderData }: Route.ComponentProps) {
  const { trail, figures, datasets, categories, map, children } = loaderData;
  const place = trail[trail.length - 1]!;
  return (
    <article className="space-y-10">
      <PlaceHeader trail={trail} heading={place.name} />
      <section aria-labelledby="figures">
        <h2 id="figures" className="mb-3 text-lg font-semibold">
          Key figures
        </h2>
        <KeyFigures figures={figures} placeName={place.name} />
      </section>
      {place.level < 3 && (
        <section aria-labelledby="categories">
          <h2 id="categories" className="mb-3 text-lg font-semibold">
            {place.level === 0 ? <Link to={`${place.path}/categories`}>Categories</Link> : 'Categories'}
          </h2>
          <CategoryLinks basePath={place.path} categories={categories} />
        </section>
      )}
      {map && (
        <section aria-labelledby="map">
          <h2 id="map" className="mb-3 text-lg font-semibold">
            Regional map
          </h2>
          <RegionMap map={map} />
        </section>
      )}
      <section aria-labelledby="datasets">
        <h2 id="datasets" className="mb-3 text-lg font-semibold">
          Datasets with data for {place.name}
        </h2>
        <PlaceDatasetsView datasets={datasets} placeName={place.name} geo={place.code} />
      </section>
      {children.length > 0 && (
        <section aria-labelledby="regions">
          <h2 id="regions" className="mb-1 text-lg font-semibold">
            Regions of {place.name}
          </h2>
          <p className="mb-3 text-sm text-slate-500 dark:text-slate-400">With GDP per inhabitant, latest year.</p>
          <ChildRegions regions={children} />
        </section>
      )}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
