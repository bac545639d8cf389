// Links to the sub-regions of a place, with their latest GDP per inhabitant.
import { Link } from 'react-router';
import type { ChildRegion } from './place-data';
import { readablePeriod } from '#core/periods';

export function ChildRegions({ regions }: { regions: readonly ChildRegion[] }) {
  return (
    <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
      {regions.map((r) => (
        <li
          key={r.code}
          className="flex items-baseline justify-between gap-3 border-b border-slate-100 py-1.5 dark:border-slate-800"
        >
          <Link to={r.path} className="text-brand-dark hover:underline dark:text-brand">
            {r.name}
          </Link>
          <span className="shrink-0 text-sm text-slate-500 dark:text-slate-400 tabular-nums">
            {r.figure ? `€${r.figure.valueText} (${readablePeriod(r.figure.period)})` : r.code}
          </span>
        </li>
      ))}
    </ul>
  );
}
