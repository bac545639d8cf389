// The default public layout: header with logo and navigation, content, footer.
import { Link, NavLink, Outlet } from 'react-router';

const nav = [
  { to: '/datasets', label: 'Datasets' },
  { to: '/statistics', label: 'Statistics' },
  { to: '/blog', label: 'Blog' },
  { to: '/api-docs', label: 'API' },
  { to: '/pricing', label: 'Pricing' },
];

export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl items-center gap-8 px-4 py-3">
          <Link to="/" className="flex items-center gap-2 font-semibold">
            <span aria-hidden className="inline-block h-6 w-6 rounded bg-brand" />
            <span>Statistics publisher</span>
          </Link>
          <nav aria-label="Main" className="flex flex-wrap gap-5 text-sm">
            {nav.map((n) => (
              <NavLink
                key={n.to}
                to={n.to}
                className={({ isActive }) =>
                  isActive
                    ? 'font-medium text-brand-dark dark:text-brand'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-300'
                }
              >
                {n.label}
              </NavLink>
            ))}
          </nav>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 py-6 text-sm text-slate-500 dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap gap-6 px-4">
          <span>Data: © European Union, Eurostat (CC BY 4.0)</span>
          <Link to="/terms">Terms</Link>
          <Link to="/privacy">Privacy</Link>
          <Link to="/contact">Contact</Link>
        </div>
      </footer>
    </div>
  );
}
