// The trail of links above a statistics page (Statistics › Germany › Bayern › Oberbayern) and a dataset's page
// (Datasets › Economy and finance › … › its title), and the same trail for search engines (BreadcrumbList).
import { Fragment, useEffect, useRef, useState } from 'react';
import type { MetaDescriptor } from 'react-router';
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

/**
 * The trail as schema.org's BreadcrumbList, for a page's `meta`: each step named and linked, the current page at
 * `path` (search engines show the trail instead of the bare address).
 */
export function breadcrumbJsonLd(items: readonly Crumb[], siteUrl: string, path: string): MetaDescriptor {
  return {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: items.map((c, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: c.label,
        item: `${siteUrl}${c.to ?? path}`,
      })),
    },
  };
}

/**
 * On a phone a deep trail (Datasets › Economy and finance › Government statistics › … › the title) would take four or
 * five lines above the heading: below the `sm` width the steps between the first and the parent fold into a "…"
 * button that unfolds them, and the current page, named by the heading just below, is left out. The links stay in the
 * page for wider screens, crawlers and readers without scripts.
 */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const [unfolded, setUnfolded] = useState(false);
  // The button goes away as it unfolds the trail: the keyboard's focus moves on to the first step it showed.
  const firstUnfolded = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (unfolded) firstUnfolded.current?.focus();
  }, [unfolded]);
  // First, …, parent, current: folding fewer than two steps would save nothing.
  const folds = !unfolded && items.length > 4;
  // The folded steps, and the current page, whose name is the heading right below the trail.
  const hiddenOnPhones = (i: number) =>
    (folds && i > 0 && i < items.length - 2) || (i === items.length - 1 && items.length > 1);
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((c, i) => (
          <Fragment key={`${i}-${c.label}`}>
            {folds && i === 1 && (
              <li className="flex items-center gap-x-1.5 sm:hidden">
                <span aria-hidden>›</span>
                <button
                  type="button"
                  aria-label="Show the whole path"
                  aria-expanded={false}
                  onClick={() => setUnfolded(true)}
                  className="inline-flex h-6 min-w-6 items-center justify-center rounded px-1 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-slate-100"
                >
                  …
                </button>
              </li>
            )}
            <li className={`items-center gap-x-1.5 ${hiddenOnPhones(i) ? 'hidden sm:flex' : 'flex'}`}>
              {i > 0 && <span aria-hidden>›</span>}
              {c.to ? (
                <Link
                  ref={i === 1 ? firstUnfolded : undefined}
                  to={c.to}
                  className="hover:text-slate-900 hover:underline dark:hover:text-slate-100"
                >
                  {c.label}
                </Link>
              ) : (
                <span aria-current="page" className="font-medium text-slate-900 dark:text-slate-100">
                  {c.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
