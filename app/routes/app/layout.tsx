// The app area's layout (/app/*): the route guard, the app navigation and the account menu.
import { useEffect } from 'react';
import { isRouteErrorResponse, NavLink, Outlet, useLocation, useNavigate, useRevalidator } from 'react-router';
import { nextParam } from '#core/route-guard';
import { useAuth } from '../../components/auth/auth-provider';
import { UserMenu } from '../../components/auth/user-menu';
import { errorDetail, ErrorPage } from '../../components/site/error-page';
import { HomeLink, SkipLink } from '../../components/site/logo';
import { NotificationBell } from '../../features/notifications/bell';
import { ThemeToggle } from '../../components/site/theme-toggle';
import type { Route } from './+types/layout';
import { requireSession } from './guard.server';

export function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(request, context);
  // Admins (ADMIN_EMAILS) also see the robot and the imports page in the navigation.
  const admin = session !== null && (context.imports?.isAdmin(session.user.email, session.user.emailVerified) ?? false);
  return { signedIn: session !== null, admin };
}

const nav = [
  { to: '/app/dashboard', label: 'Dashboard' },
  { to: '/app/statistics', label: 'Workbench' },
  { to: '/app/chat', label: 'Chat' },
  { to: '/app/researcher', label: 'Researcher' },
  { to: '/app/settings', label: 'Settings' },
];

/** Editors' tools (ADMIN_EMAILS): the robot's review queue (decision 140) and the imports. */
const adminNav = [
  { to: '/app/robot', label: 'Robot' },
  { to: '/app/admin/imports', label: 'Imports' },
];

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return <AppShell admin={loaderData.admin}>{loaderData.signedIn ? <Outlet /> : <FinishingSignIn />}</AppShell>;
}

/** A failing app page (an unknown chart id) keeps the app's header. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AppShell>
      <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} detail={errorDetail(error)} />
    </AppShell>
  );
}

function AppShell({ children, admin = false }: { children: React.ReactNode; admin?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 dark:border-slate-800">
        <SkipLink />
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <HomeLink />
          {/* On a phone the entries (seven for an admin) wrap onto lines of their own under the logo, all in view. */}
          <nav
            aria-label="App"
            className="order-last flex w-full flex-wrap gap-x-5 gap-y-2 text-sm sm:order-none sm:w-auto sm:flex-1"
          >
            {(admin ? [...nav, ...adminNav] : nav).map((n) => (
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
          <NotificationBell className="ml-auto sm:ml-0" />
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
