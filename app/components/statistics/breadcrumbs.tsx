// The trail of links above a statistics page (Statistics › Germany › Bayern › Oberbayern) and a dataset's page
// (Datasets › Economy and finance › … › its title).
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Absent for the current page. */
  to?: string;
}

/**
 * A dataset's trail: its place in Eurostat's tree of themes below the top folder ("Database by themes"), each theme
 * opening the catalogue filtered by it; the same whether its data is here yet or not.
 */
export function themeCrumbs(theme: readonly { slug: string; name: string }[], name: string): Crumb[] {
  return [
    { label: 'Datasets', to: '/datasets' },
    ...theme.slice(1).map((t) => ({ label: t.name, to: `/datasets?category=${encodeURIComponent(t.slug)}` })),
    { label: name },
  ];
}

export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((c, i) => (
          <li key={`${i}-${c.label}`} className="flex items-center gap-x-1.5">
            {i > 0 && <span aria-hidden>›</span>}
            {c.to ? (
              <Link to={c.to} className="hover:text-slate-900 hover:underline dark:hover:text-slate-100">
                {c.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-slate-900 dark:text-slate-100">
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
