// The page of a dataset Eurostat lists that is not imported yet (decision 188): its title, place in Eurostat's tree
// of themes, periods and last update, and the import's progress; the chart replaces it once the data is here.
import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { BUSY_MESSAGE, UNREACHABLE_MESSAGE, type ImportState } from '#core/catalogue-imports';
import { FREQUENCY_LABEL } from '#core/periods';
import { Fact } from '#app/components/site/content';
import { Breadcrumbs, themeCrumbs } from '#app/components/statistics/breadcrumbs';
import type { CatalogueEntryData } from './catalogue-entry.server';

/** How often the page asks how the import is going. */
const POLL_MS = 2000;

export function CatalogueEntryPage({ entry, state: initial }: CatalogueEntryData) {
  const [state, setState] = useState(initial);
  const revalidator = useRevalidator();
  useEffect(() => setState(initial), [initial]);
  const pending = state?.status === 'waiting' || state?.status === 'running';
  useEffect(() => {
    if (!pending) return;
    let stopped = false;
    const timer = setInterval(() => {
      void fetch(`/api/datasets/${encodeURIComponent(entry.dataset_code)}/import`)
        .then((r) => (r.ok ? (r.json() as Promise<ImportState>) : null))
        .then((next) => {
          if (stopped || !next) return;
          setState(next);
          // The data is here: the loader now answers the dataset page with its chart.
          if (next.status === 'imported' || next.status === 'done') void revalidator.revalidate();
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [pending, entry.dataset_code, revalidator]);

  return (
    <div>
      <Breadcrumbs items={themeCrumbs(entry.theme, entry.dataset_name)} />
      <h1 className="mt-3 text-3xl font-semibold tracking-tight">{entry.dataset_name}</h1>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <Fact label="Code">
          <code>{entry.dataset_code}</code>
        </Fact>
        <Fact label="Source">
          <a href={entry.source_url} className="underline" rel="noopener">
            Eurostat
          </a>
        </Fact>
        {entry.frequency && <Fact label="Frequency">{FREQUENCY_LABEL[entry.frequency]}</Fact>}
        {entry.oldest_period && (
          <Fact label="Periods">
            {entry.oldest_period} – {entry.latest_period}
          </Fact>
        )}
        <Fact label="Last update">{entry.last_update?.slice(0, 10) ?? 'unknown'}</Fact>
      </dl>
      <section
        aria-live="polite"
        className="mt-8 max-w-3xl rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <ImportNote entry={entry} state={state} />
      </section>
    </div>
  );
}

function ImportNote({ entry, state }: { entry: CatalogueEntryData['entry']; state: ImportState | null }) {
  if (entry.withdrawn_at) {
    return (
      <p>
        Eurostat no longer lists this dataset (since {entry.withdrawn_at.slice(0, 10)}), so its data cannot be imported.
      </p>
    );
  }
  if (!state || state.status === 'listed') {
    return <p>Its data is imported from Eurostat when the page is opened in a browser.</p>;
  }
  if (state.busy) return <p>{BUSY_MESSAGE}</p>;
  switch (state.status) {
    case 'waiting':
      return (
        <p>
          {state.ahead === 0
            ? 'Importing the data from Eurostat: starting…'
            : `Importing the data from Eurostat: waiting for ${state.ahead} other dataset${state.ahead === 1 ? '' : 's'}…`}
        </p>
      );
    case 'running':
      return (
        <div>
          <p>
            Importing the data from Eurostat…
            {state.total > 0 &&
              ` ${state.done.toLocaleString('en')} of ${state.total.toLocaleString('en')} values stored.`}
          </p>
          <progress
            className="mt-3 w-full"
            aria-label="Import progress"
            max={state.total || undefined}
            value={state.total ? state.done : undefined}
          />
        </div>
      );
    case 'failed':
      return state.unreachable ? (
        <p>{UNREACHABLE_MESSAGE}</p>
      ) : (
        <p>
          The data of this dataset could not be imported: {state.error}.{' '}
          <Link to="/contact" className="underline">
            Tell us
          </Link>{' '}
          if it keeps failing.
        </p>
      );
    default:
      return <p>The data is here: loading the chart…</p>;
  }
}
