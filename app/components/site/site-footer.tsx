// The public footer: link groups (terms, privacy and contact among them) and the data credit.
import { Link } from 'react-router';
import { LogoMark } from './logo';
import { footerGroups, SITE_NAME } from './site';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 text-sm dark:border-slate-800 dark:bg-slate-900/40">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-10 lg:grid-cols-5">
        <div className="col-span-2 lg:col-span-1">
          <div className="flex items-center gap-2 font-semibold">
            <LogoMark className="h-6 w-6" />
            {SITE_NAME}
          </div>
          <p className="mt-3 text-slate-600 dark:text-slate-400">
            Official European statistics as charts, maps and tables, with every value and flag as Eurostat published it.
          </p>
        </div>
        {footerGroups.map((g) => (
          <nav key={g.title} aria-label={g.title}>
            <h2 className="font-semibold">{g.title}</h2>
            <ul className="mt-3 space-y-2">
              {g.links.map((l) => (
                <li key={l.to}>
                  <Link
                    to={l.to}
                    className="text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
                  >
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-500 dark:text-slate-400">
          Data: © European Union, Eurostat, reused under CC BY 4.0. Region names: © European Union – GISCO, NUTS 2021.
        </p>
      </div>
    </footer>
  );
}
