// The heading of a statistics page: the country's flag, the place's name and what kind of place it is.
import { Breadcrumbs, type Crumb } from './breadcrumbs';
import { CountryFlag } from './country-flag';
import type { TrailPlace } from './place-data';

/** Statistics › Germany › Bayern …, each a link but the last (unless more crumbs follow). */
export function trailCrumbs(trail: readonly TrailPlace[], extra: readonly Crumb[] = []): Crumb[] {
  const places = trail.map((p, i) => ({
    label: p.name,
    to: i === trail.length - 1 && extra.length === 0 ? undefined : p.path,
  }));
  return [{ label: 'Statistics', to: '/statistics' }, ...places, ...extra];
}

export function describePlace(place: TrailPlace, country: TrailPlace): string {
  return place.level === 0
    ? `Country · ${place.code}`
    : `NUTS ${place.level} region of ${country.name} · ${place.code}`;
}

export function PlaceHeader({
  trail,
  heading,
  extra = [],
}: {
  trail: readonly TrailPlace[];
  heading: string;
  extra?: readonly Crumb[];
}) {
  const place = trail[trail.length - 1]!;
  const country = trail[0]!;
  return (
    <header>
      <Breadcrumbs items={trailCrumbs(trail, extra)} />
      <div className="mt-4 flex items-center gap-3">
        <CountryFlag code={country.code} size={place.level === 0 ? 30 : 22} />
        <h1 className="text-2xl font-semibold sm:text-3xl">{heading}</h1>
      </div>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{describePlace(place, country)}</p>
    </header>
  );
}
