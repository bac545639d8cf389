// The catalogue's categories as links for a place, each with how many of its datasets have data there.
import { NavLink } from 'react-router';

export interface CategoryLink {
  slug: string;
  name: string;
  datasets: number;
}

export function CategoryLinks({ basePath, categories }: { basePath: string; categories: readonly CategoryLink[] }) {
  // A chip leading to no dataset with data for the place is not offered (issue 41).
  const shown = categories.filter((c) => c.datasets > 0);
  if (shown.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">No category has data here yet.</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {shown.map((c) => (
        <li key={c.slug}>
          <NavLink
            to={`${basePath}/categories/${c.slug}`}
            className={({ isActive }) =>
              `inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm ${
                isActive
                  ? 'border-brand bg-brand/10 font-medium text-brand-dark dark:text-brand'
                  : 'border-slate-300 hover:border-slate-500 dark:border-slate-700'
              }`
            }
          >
            {c.name}
            <span className="text-xs text-slate-500 dark:text-slate-400 tabular-nums">{c.datasets}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
