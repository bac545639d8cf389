// The catalogue's categories as links for a place, each with how many of its datasets have data there.
import { NavLink } from 'react-router';

export interface CategoryLink {
  slug: string;
  name: string;
  datasets: number;
}

export function CategoryLinks({ basePath, categories }: { basePath: string; categories: readonly CategoryLink[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {categories.map((c) => (
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
            <span className="text-xs text-slate-500 tabular-nums">{c.datasets}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
