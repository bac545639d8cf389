// /app/statistics: the comparison workbench. Indicators from several datasets side by side for chosen places, one
// panel each on a shared period axis, a table of all of them, CSV/JSON exports, and "add to dashboard" (decision 110).
import { useEffect, useRef, useState } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { indicatorToken, workbenchQuery, type WorkbenchSelection } from '#core/workbench';
import { useSiteRootData } from '../../components/site/root-data';
import { addToDashboard, type AddOutcome } from '../../features/workbench/add-to-dashboard';
import { WorkbenchPanel } from '../../features/workbench/workbench-panel';
import type { Route } from './+types/statistics';
import { requireSession } from './guard.server';
import { workbenchPage } from './statistics.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSession(request, context);
  return workbenchPage(context.db, new URL(request.url));
}

export function meta() {
  return [{ title: 'Statistics workbench · Statistics publisher' }];
}

/** An example the empty workbench offers: the issue's analyst question. */
const EXAMPLE = '/app/statistics?i=prc_hicp_manr&i=une_rt_m&i=tec00115&geo=DE,FR,IT,ES&from=2015';

function href(sel: WorkbenchSelection, view: 'charts' | 'table'): string {
  const q = workbenchQuery(sel);
  const parts = [q, view === 'table' ? 'view=table' : ''].filter(Boolean).join('&');
  return `/app/statistics${parts ? `?${parts}` : ''}`;
}

/** The current selection as hidden fields, so that each small form keeps everything else. */
function Keep({ sel, view, omit = [] }: { sel: WorkbenchSelection; view: string; omit?: string[] }) {
  return (
    <>
      {sel.indicators.map((ind) => (
        <input key={indicatorToken(ind)} type="hidden" name="i" value={indicatorToken(ind)} />
      ))}
      {sel.places.length > 0 && <input type="hidden" name="geo" value={sel.places.join(',')} />}
      {sel.from && !omit.includes('from') && <input type="hidden" name="from" value={sel.from} />}
      {sel.to && !omit.includes('to') && <input type="hidden" name="to" value={sel.to} />}
      {view === 'table' && <input type="hidden" name="view" value="table" />}
    </>
  );
}

const chip =
  'inline-flex items-center gap-2 rounded-full border border-slate-300 px-3 py-1 text-sm dark:border-slate-700';
const button =
  'rounded-md bg-brand-dark px-3 py-1.5 text-sm font-semibold text-white hover:bg-[#237530] disabled:opacity-60';
const input = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900';
const link = 'text-brand-dark underline dark:text-brand';

export default function Workbench({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const root = useSiteRootData();
  const theme = root?.resolvedTheme ?? 'light';
  const sel = d.selection;
  const [adding, setAdding] = useState<AddOutcome | 'busy' | null>(null);
  const apiQuery = d.query;
  const ready = d.panels.length > 0 && d.places.length > 0;
  // A form the server could not apply stays on its address with a message (WCAG 3.3.1, 3.3.3): a place it does not
  // know is kept in its field, which the message describes, and the field takes the focus; any other message (an
  // indicator it cannot add, a period it cannot read) takes the focus itself.
  const [params] = useSearchParams();
  const badPlace = d.message ? params.get('place') : null;
  const summary = useRef<HTMLDivElement>(null);
  const placeField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!d.message && d.problems.length === 0) return;
    (badPlace ? placeField.current : summary.current)?.focus();
  }, [d, badPlace]);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Statistics workbench</h1>
        <p className="mt-1 max-w-3xl text-slate-600 dark:text-slate-300">
          Put indicators from different datasets side by side for the places you choose: one panel each on a shared
          period axis, a table of all of them, and exports of the combined table.
        </p>
      </div>

      {(d.message || d.problems.length > 0) && (
        <div
          ref={summary}
          id="wb-problems"
          tabIndex={-1}
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {d.message && <p>{d.message}</p>}
          {d.problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      )}

      <section aria-labelledby="wb-indicators" className="space-y-3">
        <h2 id="wb-indicators" className="text-lg font-semibold">
          Indicators
        </h2>
        {d.panels.length > 0 ? (
          <ul className="flex flex-wrap gap-2">
            {d.panels.map((p, n) => (
              <li key={p.token} className={chip}>
                <span>{p.label}</span>
                <Link
                  to={href({ ...sel, indicators: sel.indicators.filter((_, k) => k !== n) }, d.view)}
                  aria-label={`Remove ${p.label}`}
                  className="text-slate-500 dark:text-slate-400 hover:text-slate-900 dark:hover:text-white"
                >
                  ✕
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            No indicators yet. Search the catalogue below, or{' '}
            <Link to={EXAMPLE} className={link}>
              compare HICP inflation, unemployment and real GDP growth for Germany, France, Italy and Spain since 2015
            </Link>
            .
          </p>
        )}
        <Form key={`q ${d.query} ${d.q}`} method="get" className="flex flex-wrap items-end gap-2" role="search">
          <Keep sel={sel} view={d.view} />
          <label className="flex flex-col gap-1 text-sm">
            <span>Find an indicator</span>
            <input
              name="q"
              type="search"
              defaultValue={d.q}
              placeholder="inflation, unemployment, GDP…"
              className={`${input} w-72 max-w-full`}
            />
          </label>
          <button type="submit" className={button}>
            Search
          </button>
        </Form>
        {d.results && (
          <ul aria-label="Search results" className="grid gap-3 md:grid-cols-2">
            {d.results.length === 0 && (
              <li className="text-sm text-slate-600 dark:text-slate-300">No dataset matches.</li>
            )}
            {d.results.map((r) => (
              <li key={r.code} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
                <Form method="get" className="space-y-2" aria-label={r.name}>
                  <Keep sel={sel} view={d.view} />
                  <input type="hidden" name="add" value={r.code} />
                  <p className="font-medium">{r.name}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {r.code} · {r.frequency}
                  </p>
                  {r.dimensions
                    .filter((dim) => dim.values.length > 1)
                    .map((dim) => (
                      <label key={dim.key} className="flex flex-col gap-1 text-xs">
                        <span>{dim.label}</span>
                        <select name={dim.key} defaultValue={dim.chosen} className={`${input} max-w-full`}>
                          {dim.values.map((v) => (
                            <option key={v.code} value={v.code}>
                              {v.label}
                            </option>
                          ))}
                        </select>
                      </label>
                    ))}
                  <button type="submit" className={button} aria-label={`Add ${r.name}`}>
                    Add
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="wb-places" className="space-y-3">
        <h2 id="wb-places" className="text-lg font-semibold">
          Places
        </h2>
        {d.places.length > 0 && (
          <ul className="flex flex-wrap gap-2">
            {d.places.map((p) => (
              <li key={p.code} className={chip}>
                <span>{p.name}</span>
                <Link
                  to={href({ ...sel, places: sel.places.filter((c) => c !== p.code) }, d.view)}
                  aria-label={`Remove ${p.name}`}
                  className="text-slate-500 dark:text-slate-400 hover:text-slate-900 dark:hover:text-white"
                >
                  ✕
                </Link>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-end gap-6">
          <Form key={`p ${d.query}`} method="get" className="flex flex-wrap items-end gap-2">
            <Keep sel={sel} view={d.view} />
            <label className="flex flex-col gap-1 text-sm">
              <span>Add places by name</span>
              <input
                ref={placeField}
                name="place"
                list="wb-place-names"
                defaultValue={badPlace ?? ''}
                aria-invalid={badPlace ? true : undefined}
                aria-describedby={badPlace ? 'wb-problems' : undefined}
                placeholder="Germany, France…"
                className={`${input} w-64 max-w-full`}
              />
            </label>
            <datalist id="wb-place-names">
              {d.placeNames.map((n) => (
                <option key={n} value={n} />
              ))}
            </datalist>
            <button type="submit" className={button}>
              Add places
            </button>
          </Form>
          <Form key={`t ${d.query}`} method="get" className="flex flex-wrap items-end gap-2">
            <Keep sel={sel} view={d.view} omit={['from', 'to']} />
            <label className="flex flex-col gap-1 text-sm">
              <span>From</span>
              <input name="from" defaultValue={sel.from ?? ''} placeholder="2015" className={`${input} w-24`} />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              <span>To</span>
              <input name="to" defaultValue={sel.to ?? ''} placeholder="12/2024" className={`${input} w-24`} />
            </label>
            <button type="submit" className={button}>
              Set period
            </button>
          </Form>
        </div>
      </section>

      {ready && (
        <section aria-labelledby="wb-results" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="wb-results" className="text-lg font-semibold">
              {d.axis.from && d.axis.to ? `${d.axis.from} – ${d.axis.to}` : 'No data in this period'}
              <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">
                {d.axis.frequency} axis
              </span>
            </h2>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <nav
                aria-label="View"
                className="flex overflow-hidden rounded-md border border-slate-300 dark:border-slate-700"
              >
                <Link
                  to={href(sel, 'charts')}
                  aria-current={d.view === 'charts' ? 'page' : undefined}
                  className={`px-3 py-1.5 ${d.view === 'charts' ? 'bg-slate-200 font-medium dark:bg-slate-700' : ''}`}
                >
                  Charts
                </Link>
                <Link
                  to={href(sel, 'table')}
                  aria-current={d.view === 'table' ? 'page' : undefined}
                  className={`px-3 py-1.5 ${d.view === 'table' ? 'bg-slate-200 font-medium dark:bg-slate-700' : ''}`}
                >
                  Table
                </Link>
              </nav>
              <a href={`/api/workbench?${apiQuery}&format=csv`} download="workbench.csv" className={link}>
                CSV
              </a>
              <a href={`/api/workbench?${apiQuery}&format=json`} download="workbench.json" className={link}>
                JSON
              </a>
              <button
                type="button"
                className={button}
                disabled={adding === 'busy'}
                onClick={() => {
                  setAdding('busy');
                  void addToDashboard(d.panels.map((p) => p.follow)).then(setAdding, (e: Error) =>
                    setAdding({ status: 'error', message: e.message }),
                  );
                }}
              >
                Add to dashboard
              </button>
            </div>
          </div>
          {adding && adding !== 'busy' && (
            <p role="status" className="text-sm">
              {adding.status === 'added' ? (
                <>
                  {adding.added + adding.already === 1
                    ? 'The indicator is'
                    : `All ${adding.added + adding.already} indicators are`}{' '}
                  on your dashboard{adding.already > 0 ? ` (${adding.already} followed already)` : ''}.{' '}
                  <Link to="/app/dashboard" className={link}>
                    Open the dashboard
                  </Link>
                </>
              ) : adding.status === 'signed-out' ? (
                'Your session has ended: sign in again to add charts to your dashboard.'
              ) : (
                adding.message
              )}
            </p>
          )}
          {d.view === 'table' ? (
            // Focusable: a keyboard scrolls the table sideways on a narrow screen (2.1.1).
            <div
              className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800"
              tabIndex={0}
              role="region"
              aria-label="All indicators by period and place"
            >
              <table className="min-w-full text-sm">
                <caption className="sr-only">All indicators by period and place</caption>
                <thead className="bg-slate-50 text-left dark:bg-slate-900">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Period
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Place
                    </th>
                    {d.table.columns.map((c) => (
                      <th key={c.token} scope="col" className="min-w-40 px-3 py-2 text-right">
                        {c.label}
                        <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">{c.unit}</span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {d.table.rows.map((r) => (
                    <tr key={`${r.period}|${r.geo}`} className="border-t border-slate-100 dark:border-slate-800">
                      <td className="px-3 py-1.5 whitespace-nowrap">{r.period}</td>
                      <td className="px-3 py-1.5">{r.geoName}</td>
                      {r.cells.map((cell, i) => (
                        <td key={i} className="px-3 py-1.5 text-right tabular-nums">
                          {cell ? (
                            <>
                              {cell.text}
                              {cell.flags ? (
                                <sup className="ml-0.5 text-slate-500 dark:text-slate-400">{cell.flags}</sup>
                              ) : null}
                              {d.table.columns[i]?.coarser ? (
                                <span className="ml-1 text-xs text-slate-500 dark:text-slate-400">({cell.period})</span>
                              ) : null}
                            </>
                          ) : (
                            ''
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <div className="space-y-4">
              {d.panels.map((p) => (
                <WorkbenchPanel
                  key={p.token}
                  label={p.label}
                  unit={p.unit}
                  frequency={p.frequency}
                  coarser={p.coarser}
                  axisFrom={d.axis.from}
                  axisTo={d.axis.to}
                  source={p.source}
                  data={p.data}
                  places={sel.places}
                  theme={theme}
                />
              ))}
            </div>
          )}
        </section>
      )}
      {d.panels.length > 0 && d.places.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">Add places to see the indicators.</p>
      )}
    </div>
  );
}
