// The bare layout of the sign-in pages: the logo, the theme switch and one centred card.
import { Outlet } from 'react-router';
import { HomeLink, SkipLink } from '../../components/site/logo';
import { ThemeToggle } from '../../components/site/theme-toggle';

export default function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 dark:bg-slate-950">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-3">
        <SkipLink />
        <HomeLink />
        <ThemeToggle />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:pt-12">
        <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
