// The latest key figures of a place: value, period, change on the previous period and source.
import { Link } from 'react-router';
import type { KeyFigure } from './place-data';
import { readablePeriod } from '#core/periods';

const arrow = { up: '▲', down: '▼', flat: '■' } as const;

function FigureCard({ figure }: { figure: KeyFigure }) {
  const percent = figure.unit === '%';
  return (
    <li
      data-figure={figure.key}
      className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 className="text-sm font-medium text-slate-600 dark:text-slate-300">{figure.label}</h3>
      <p className="mt-1 text-3xl font-semibold tabular-nums">
        <data value={figure.value}>{figure.valueText}</data>
        {percent ? (
          '%'
        ) : (
          <span className="ml-1.5 text-base font-normal text-slate-500 dark:text-slate-400">{figure.unit}</span>
        )}
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        <span data-period={figure.period}>{readablePeriod(figure.period)}</span>
        {figure.flags && (
          <abbr title={figure.flagText ?? undefined} className="ml-1 cursor-help">
            ({figure.flags})
          </abbr>
        )}
        <span> · {figure.note}</span>
      </p>
      {figure.change && figure.previous && (
        <p className="mt-2 text-sm" data-change={figure.change.value}>
          <span
            aria-hidden
            className={
              figure.change.direction === 'flat'
                ? 'text-slate-500 dark:text-slate-400'
                : 'text-slate-700 dark:text-slate-200'
            }
          >
            {arrow[figure.change.direction]}
          </span>{' '}
          <span className="font-medium tabular-nums">{figure.change.text}</span>{' '}
          <span className="text-slate-500 dark:text-slate-400">
            vs {readablePeriod(figure.previous.period)} ({figure.previous.valueText})
          </span>
        </p>
      )}
      <p className="mt-auto pt-3 text-xs text-slate-500 dark:text-slate-400">
        Source:{' '}
        <Link
          to={`/datasets/${figure.source.datasetId}`}
          className="underline hover:text-slate-800 dark:hover:text-slate-200"
        >
          {figure.source.sourceName} ({figure.source.datasetCode})
        </Link>
      </p>
    </li>
  );
}

export function KeyFigures({ figures, placeName }: { figures: readonly KeyFigure[]; placeName: string }) {
  if (figures.length === 0) {
    return (
      <p className="text-slate-600 dark:text-slate-400">
        The imported datasets have no inflation, unemployment or GDP figure for {placeName}.
      </p>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {figures.map((f) => (
        <FigureCard key={f.key} figure={f} />
      ))}
    </ul>
  );
}
