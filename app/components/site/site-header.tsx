// The public header: logo, main navigation (a menu on small screens), theme switch and the account slot.
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { HomeLink, SkipLink } from './logo';
import { mainNav } from './site';
import { ThemeToggle } from './theme-toggle';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive
    ? 'font-medium text-brand-dark dark:text-brand'
    : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white';

/** `account` is the sign-in button or the user menu, supplied by the layout. */
export function SiteHeader({ account }: { account?: React.ReactNode }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  return (
    <header className="border-b border-slate-200 dark:border-slate-800">
      <SkipLink />
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 sm:gap-6">
        <HomeLink />
        <nav aria-label="Main" className="hidden flex-1 gap-5 text-sm md:flex">
          {mainNav.map((n) => (
            <NavLink key={n.to} to={n.to} className={linkClass} prefetch="intent">
              {n.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 sm:gap-3 md:ml-0">
          <ThemeToggle />
          {account}
          <details ref={menu} className="relative md:hidden">
            <summary
              className="flex cursor-pointer list-none items-center rounded-md border border-slate-200 p-2 dark:border-slate-700 [&::-webkit-details-marker]:hidden"
              aria-label="Menu"
            >
              <svg
                viewBox="0 0 24 24"
                aria-hidden="true"
                className="h-4 w-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
              </svg>
            </summary>
            <nav
              aria-label="Main menu"
              className="absolute right-0 z-20 mt-2 flex w-48 flex-col gap-1 rounded-md border border-slate-200 bg-white p-2 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
            >
              {mainNav.map((n) => (
                <NavLink key={n.to} to={n.to} className={(s) => `rounded px-2 py-1.5 ${linkClass(s)}`}>
                  {n.label}
                </NavLink>
              ))}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
