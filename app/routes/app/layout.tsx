// The app area's layout (/app/*): the route guard, the app navigation and the account menu.
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, NavLink, Outlet, useLocation, useNavigate, useRevalidator } from 'react-router';
import { nextParam } from '../../../core/route-guard';
import { useAuth } from '../../components/auth/auth-provider';
import { UserMenu } from '../../components/auth/user-menu';
import { ErrorPage } from '../../components/site/error-page';
import { Logo } from '../../components/site/logo';
import { ThemeToggle } from '../../components/site/theme-toggle';
import type { Route } from './+types/layout';
import { requireSession } from './guard.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return { signedIn: requireSession(request, context) !== null };
}

const nav = [
  { to: '/app/dashboard', label: 'Dashboard' },
  { to: '/app/settings', label: 'Settings' },
];

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return <AppShell>{loaderData.signedIn ? <Outlet /> : <FinishingSignIn />}</AppShell>;
}

/** A failing app page (an unknown chart id) keeps the app's header. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AppShell>
      <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
    </AppShell>
  );
}

function AppShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-3">
          <Link to="/" aria-label="Home" className="shrink-0">
            <Logo />
          </Link>
          <nav aria-label="App" className="flex flex-1 gap-5 text-sm">
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
          <ThemeToggle />
          <UserMenu />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        {children}
      </main>
    </div>
  );
}

/** The guard let a return from OAuth or confirmation through without a session cookie yet: check once more. */
function FinishingSignIn() {
  const { store } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  useEffect(() => {
    void store.refresh().then(() => {
      if (store.getSnapshot().session) return revalidator.revalidate();
      const params = new URLSearchParams(location.search);
      for (const key of ['code', 'from', 'verified']) params.delete(key);
      const path = location.pathname + (params.size > 0 ? `?${params}` : '');
      return navigate(`/auth?${nextParam}=${encodeURIComponent(path)}`, { replace: true });
    });
    // Once per arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <p role="status" className="text-slate-600 dark:text-slate-300">
      Signing you in…
    </p>
  );
}
