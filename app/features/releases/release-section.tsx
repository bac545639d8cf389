// The dataset page's "What changed" section (issue 13, decision 125): the last release by the source's own date, the
// periods it brought and its largest revisions of the main series, with the way to every revision and older values.
import type { Dataset } from '#core/schemas/dataset';
import type { LastRelease, PeriodRun } from '#db/queries/revisions';

/** 22 September 2026: the day in UTC, the same on the server and in the browser. */
export function releaseDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The release's name in its heading: its day, and its time when an earlier release fell on the same day. */
export function releaseName(release: Pick<LastRelease, 'releaseDate' | 'sameDayAsEarlier'>): string {
  const day = releaseDay(release.releaseDate);
  if (!release.sameDayAsEarlier) return day;
  const time = new Date(release.releaseDate).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return `${day}, ${time} UTC`;
}

/**
 * The dataset's "Last update" fact: the source's date of its data (the file's, the one the import was told, else
 * Eurostat's table of contents'), or, when the source gave none, when it was imported, said as such and never called a
 * last update or release (decision 208): "Imported" "29 November 2026; Eurostat gave no release date".
 */
export function lastUpdateFact(d: Pick<Dataset, 'last_update' | 'last_update_from' | 'source_name'>): {
  label: string;
  value: string;
} {
  if (!d.last_update) return { label: 'Last update', value: 'unknown' };
  if (d.last_update_from === 'source') return { label: 'Last update', value: d.last_update.slice(0, 10) };
  return {
    label: 'Imported',
    value: `${releaseDay(d.last_update)}; ${d.source_name || 'the source'} gave no release date`,
  };
}

/** The same in a line of small print: "updated 2023-06-20", or "imported 2026-11-29" when the source gave no date. */
export function lastUpdatePhrase(d: Pick<Dataset, 'last_update' | 'last_update_from'>): string | null {
  if (!d.last_update) return null;
  return `${d.last_update_from === 'source' ? 'updated' : 'imported'} ${d.last_update.slice(0, 10)}`;
}

function periodRun(run: PeriodRun): string {
  return run.count === 1 ? run.from : `${run.from} – ${run.to}`;
}

function shown(value: number | null, flags: string | null): string {
  const text = value === null ? '–' : String(value);
  return flags ? `${text} ${flags}` : text;
}

function change(oldValue: number | null, newValue: number | null): string | null {
  if (oldValue === null || newValue === null) return null;
  // Rounded to the larger of the two values' decimals, so 3.2 − 3.3 reads −0.1, not −0.09999999999999964.
  const decimals = Math.max(...[oldValue, newValue].map((v) => (String(v).split('.')[1] ?? '').length));
  const diff = Number((newValue - oldValue).toFixed(decimals));
  return diff > 0 ? `+${diff}` : diff < 0 ? `−${Math.abs(diff)}` : '±0';
}

export function ReleaseSection({
  release,
  datasetCode,
  sourceName,
  unit,
}: {
  release: LastRelease;
  datasetCode: string;
  sourceName: string;
  unit: string;
}) {
  const day = releaseDay(release.releaseDate);
  const source = sourceName || 'the source';
  const newPeriods = release.newPeriods.reduce((n, r) => n + r.count, 0);
  return (
    <section
      aria-labelledby="release-heading"
      className="mt-8 max-w-3xl rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="release-heading" className="text-lg font-semibold">
        {release.sourceDated
          ? `What changed in the ${releaseName(release)} release`
          : `What changed in the import of ${releaseName(release)}`}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {release.sourceDated
          ? `Released by ${source} on ${day}; imported here on ${releaseDay(release.importedAt)}.`
          : `Imported here on ${day}; ${source} gave no release date.`}
      </p>
      {release.first ? (
        <p className="mt-3 text-sm">
          {release.sourceDated
            ? `The first release imported here: ${release.added.toLocaleString('en')} values. Later releases will show their new periods and revised values here.`
            : `The first import here: ${release.added.toLocaleString('en')} values. Later imports will show their new periods and revised values here.`}
        </p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
            <dt className="text-slate-500 dark:text-slate-400">New periods</dt>
            <dd>
              {release.newPeriods.length > 0
                ? `${release.newPeriods.map(periodRun).join(', ')} (${newPeriods.toLocaleString('en')})`
                : 'none'}
            </dd>
            <dt className="text-slate-500 dark:text-slate-400">Values</dt>
            <dd>
              {release.added.toLocaleString('en')} added, {release.changed.toLocaleString('en')} revised,{' '}
              {release.removed.toLocaleString('en')} removed
            </dd>
          </dl>
          {release.largest.length > 0 ? (
            <>
              <h3 className="mt-4 text-sm font-semibold">Largest revisions of the main series</h3>
              <ul className="mt-2 divide-y divide-slate-100 text-sm dark:divide-slate-800">
                {release.largest.map((r) => {
                  const delta = change(r.oldValue, r.newValue);
                  return (
                    <li
                      key={`${r.geo}-${r.period}`}
                      className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-1.5"
                    >
                      <span>
                        <span className="font-medium">{r.geoName}</span>{' '}
                        <span className="text-slate-500 dark:text-slate-400">{r.period}</span>
                      </span>
                      <span className="tabular-nums">
                        {shown(r.oldValue, r.oldFlags)} → {shown(r.newValue, r.newFlags)}
                        {delta ? <span className="ml-2 text-slate-500 dark:text-slate-400">({delta})</span> : null}
                      </span>
                    </li>
                  );
                })}
              </ul>
              {unit ? <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{unit}</p> : null}
            </>
          ) : (
            <p className="mt-3 text-sm">No value of the main series was revised.</p>
          )}
        </>
      )}
      <p className="mt-3 text-sm">
        <a
          className="text-blue-700 underline underline-offset-2 dark:text-blue-400"
          href={`/api/datasets/${datasetCode}/revisions`}
        >
          Every revision (API)
        </a>
        <span className="text-slate-500 dark:text-slate-400">
          {' '}
          · values as they stood at any time: <code>as_of</code> on the data API
        </span>
      </p>
    </section>
  );
}
