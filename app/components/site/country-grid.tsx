// The country grid: 28 countries from Albania to Sweden, each with its flag and, when known, its latest inflation.
import { Link } from 'react-router';
import { flagUrls } from './flags';
import { readablePeriod } from '#core/periods';

/** The specification's grid: Albania and the 27 EU members, alphabetical, with their URL slugs. */
export const gridCountries = [
  { code: 'AL', name: 'Albania', slug: 'albania' },
  { code: 'AT', name: 'Austria', slug: 'austria' },
  { code: 'BE', name: 'Belgium', slug: 'belgium' },
  { code: 'BG', name: 'Bulgaria', slug: 'bulgaria' },
  { code: 'HR', name: 'Croatia', slug: 'croatia' },
  { code: 'CY', name: 'Cyprus', slug: 'cyprus' },
  { code: 'CZ', name: 'Czechia', slug: 'czechia' },
  { code: 'DK', name: 'Denmark', slug: 'denmark' },
  { code: 'EE', name: 'Estonia', slug: 'estonia' },
  { code: 'FI', name: 'Finland', slug: 'finland' },
  { code: 'FR', name: 'France', slug: 'france' },
  { code: 'DE', name: 'Germany', slug: 'germany' },
  { code: 'EL', name: 'Greece', slug: 'greece' },
  { code: 'HU', name: 'Hungary', slug: 'hungary' },
  { code: 'IE', name: 'Ireland', slug: 'ireland' },
  { code: 'IT', name: 'Italy', slug: 'italy' },
  { code: 'LV', name: 'Latvia', slug: 'latvia' },
  { code: 'LT', name: 'Lithuania', slug: 'lithuania' },
  { code: 'LU', name: 'Luxembourg', slug: 'luxembourg' },
  { code: 'MT', name: 'Malta', slug: 'malta' },
  { code: 'NL', name: 'Netherlands', slug: 'netherlands' },
  { code: 'PL', name: 'Poland', slug: 'poland' },
  { code: 'PT', name: 'Portugal', slug: 'portugal' },
  { code: 'RO', name: 'Romania', slug: 'romania' },
  { code: 'SK', name: 'Slovakia', slug: 'slovakia' },
  { code: 'SI', name: 'Slovenia', slug: 'slovenia' },
  { code: 'ES', name: 'Spain', slug: 'spain' },
  { code: 'SE', name: 'Sweden', slug: 'sweden' },
] as const;

export type GridCountry = (typeof gridCountries)[number];

/** The specification's link form of the blog country grid. */
export function blogInflationHref(c: GridCountry): string {
  return `/blog/inflation-${c.slug}`;
}

export interface CountryGridProps {
  href: (c: GridCountry) => string;
  /** Geo code → latest figure shown under the name (e.g. the HICP annual rate). */
  figures?: Readonly<Record<string, { value: number; period: string } | undefined>>;
  unit?: string;
}

export function CountryGrid({ href, figures, unit = '%' }: CountryGridProps) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
      {gridCountries.map((c) => {
        const f = figures?.[c.code];
        return (
          <li key={c.code}>
            <Link
              to={href(c)}
              className="flex h-full items-center gap-2 rounded-lg border border-slate-200 px-2.5 py-2 hover:border-brand hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900"
            >
              <img
                src={flagUrls[c.code]}
                alt=""
                width={24}
                height={18}
                loading="lazy"
                className="h-[18px] w-6 shrink-0 rounded-sm ring-1 ring-slate-200 dark:ring-slate-700"
              />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium">{c.name}</span>
                {f && (
                  <span className="block text-xs text-slate-500 tabular-nums dark:text-slate-400">
                    {f.value.toFixed(1)}
                    {unit} · {readablePeriod(f.period)}
                  </span>
                )}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
