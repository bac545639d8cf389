// /datasets: the catalogue, with search, filters (category, geography, frequency) and sorting by last update or name.
import { Form, Link, useNavigate } from 'react-router';
import type { Route } from './+types/datasets';
import { pageMeta } from '#app/components/site/page-meta';
import { catalogueSearch } from '#app/components/site/catalogue-query';
import { Fact } from '#app/components/site/content';
import { datasetCount } from '#app/components/site/site';
import { lastUpdateFact } from '#app/features/releases/release-section';
import { FREQUENCY_LABEL } from '#core/periods';
import { catalogueData, readCatalogueQuery } from './datasets.server';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  return catalogueData(context.db, readCatalogueQuery(new URL(request.url)));
}

export function meta({ matches, data }: Route.MetaArgs) {
  const f = data?.filters;
  const category = data?.categories.find((c) => c.slug === f?.category)?.name;
  const geo = data?.geos.find((g) => g.code === f?.geo)?.name;
  const narrowed = [category, geo, f?.frequency && FREQUENCY_LABEL[f.frequency]].filter(Boolean).join(', ');
  return pageMeta(matches, {
    title: narrowed ? `Datasets: ${narrowed}` : 'Datasets',
    description:
      'Official Eurostat datasets on inflation (HICP), unemployment and GDP, nationally and by region, with every value and flag as published. Filter by category, country and frequency.',
    // Searches share the catalogue's address; filtered views are pages of their own.
    path: `/datasets${catalogueSearch({ ...f, q: undefined, sort: f?.sort === 'relevance' ? undefined : f?.sort })}`,
  });
}

const selectClass =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';

export default function Datasets({ loaderData }: Route.ComponentProps) {
  const { items, total, filters, catalogueEmpty, categories, geos, places } = loaderData;
  const navigate = useNavigate();
  const q = filters.q ?? '';
  // Submits without the empty and default fields, so a view's address stays short (and shareable).
  const go = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(form)) {
      if (typeof v === 'string' && v.trim()) params.set(k, v.trim());
    }
    // A new search ranks by relevance unless the visitor chose another order: the box showed "Last updated first"
    // only because there was no query before (issue 41).
    const newQuery = (params.get('q') ?? '') !== q;
    if (newQuery && params.get('sort') === filters.sort && filters.sort !== 'name') params.delete('sort');
    // The default order is no parameter: relevance for a search, last update otherwise.
    if (params.get('sort') === (params.has('q') ? 'relevance' : 'updated')) params.delete('sort');
    if (params.get('sort') === 'relevance') params.delete('sort');
    const s = params.toString();
    void navigate(`/datasets${s ? `?${s}` : ''}`, { preventScrollReset: true });
  };
  const narrowed = Boolean(filters.category || filters.geo || filters.frequency);
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight">Datasets</h1>
      <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-400">
        Every dataset is imported from Eurostat with its dimensions, flags and revisions. Open one to chart it as a
        line, bar, map or table, export it, or read it through the API.
      </p>
      <Form
        method="get"
        role="search"
        className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          go(e.currentTarget);
        }}
        onChange={(e) => {
          // Filters apply as soon as they change; typing in the search box waits for Enter or the button.
          if (e.target instanceof HTMLSelectElement) go(e.currentTarget);
        }}
      >
        <div>
          <label htmlFor="q" className="sr-only">
            Search datasets
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={q}
            key={q}
            placeholder="Search, e.g. unemployment germany"
            className={`${selectClass} px-3`}
          />
        </div>
        <Select label="Category" name="category" value={filters.category}>
          <option value="">All categories</option>
          {groupsOf(categories).map(([group, options]) => {
            const list = options.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name} ({c.datasets})
              </option>
            ));
            return group ? (
              <optgroup key={group} label={group}>
                {list}
              </optgroup>
            ) : (
              list
            );
          })}
        </Select>
        <Select label="Geography" name="geo" value={filters.geo}>
          <option value="">All geographies</option>
          {geos.map((g) => (
            <option key={g.code} value={g.code}>
              {g.name}
            </option>
          ))}
        </Select>
        <Select label="Frequency" name="frequency" value={filters.frequency}>
          <option value="">All frequencies</option>
          {Object.entries(FREQUENCY_LABEL).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </Select>
        <Select label="Sort" name="sort" value={filters.sort}>
          {q && <option value="relevance">Best match first</option>}
          <option value="updated">Last updated first</option>
          <option value="name">Name A–Z</option>
        </Select>
        <button type="submit" className="rounded-md bg-brand-dark px-4 py-2 font-medium text-white hover:bg-brand">
          Search
        </button>
      </Form>
      {catalogueEmpty ? (
        <p className="mt-8 text-slate-600 dark:text-slate-400">
          The catalogue is empty: no dataset has been imported yet. Import one with{' '}
          <code>npm run import -- &lt;file or dataset code&gt;</code>.
        </p>
      ) : (
        <>
          <p className="mt-5 text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
            {q ? `${datasetCount(total)} matching “${q}”` : datasetCount(total)}
            {places && places.length > 0 && (
              <> with data for {places.map((p) => p.name).join(' and ')}, opening on it</>
            )}
            {(narrowed || q) && (
              <>
                {' · '}
                <Link to="/datasets" className="underline">
                  Clear filters
                </Link>
              </>
            )}
          </p>
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
            {items.map((d) => (
              <li key={d.dataset_code} className="py-4">
                {d.theme.length > 1 && (
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {d.theme.slice(1).map((t, i) => (
                      <span key={t.slug}>
                        {i > 0 && ' › '}
                        <Link to={`/datasets?category=${encodeURIComponent(t.slug)}`} className="hover:underline">
                          {t.name}
                        </Link>
                      </span>
                    ))}
                  </p>
                )}
                <Link
                  to={`/datasets/${d.dataset_code}${d.view_query ? `?${d.view_query}` : ''}`}
                  className="inline-block py-0.5 text-lg font-medium text-brand-dark hover:underline dark:text-brand"
                >
                  {d.dataset_name}
                </Link>
                {d.description && (
                  <p className="mt-1 line-clamp-2 max-w-4xl text-sm text-slate-600 dark:text-slate-400">
                    {d.description}
                  </p>
                )}
                <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
                  <Fact label="Code">
                    <code>{d.dataset_code}</code>
                  </Fact>
                  <Fact label="Source">{d.source_name}</Fact>
                  {d.frequency && <Fact label="Frequency">{FREQUENCY_LABEL[d.frequency]}</Fact>}
                  {d.oldest_period && (
                    <Fact label="Periods">
                      {d.oldest_period} – {d.latest_period}
                    </Fact>
                  )}
                  {d.view_labels && <Fact label="Opens on">{d.view_labels.join(' · ')}</Fact>}
                  {!d.imported && <Fact label="Data">imported from Eurostat when first opened</Fact>}
                  <Fact label={lastUpdateFact(d).label}>{lastUpdateFact(d).value}</Fact>
                </dl>
              </li>
            ))}
          </ul>
          {loaderData.pages > 1 && (
            <nav aria-label="Pages" className="mt-6 flex items-center gap-4 text-sm">
              {loaderData.page > 1 && (
                <Link
                  to={`/datasets${catalogueSearch({ ...filters, sort: sortParam(filters), page: loaderData.page - 1 })}`}
                  className="underline"
                >
                  Previous page
                </Link>
              )}
              <span>{`Page ${loaderData.page} of ${loaderData.pages}`}</span>
              {loaderData.page < loaderData.pages && (
                <Link
                  to={`/datasets${catalogueSearch({ ...filters, sort: sortParam(filters), page: loaderData.page + 1 })}`}
                  className="underline"
                >
                  Next page
                </Link>
              )}
            </nav>
          )}
          {items.length === 0 && (
            <p className="mt-6">{q ? `No dataset matches “${q}”.` : 'No dataset matches these filters.'}</p>
          )}
        </>
      )}
    </div>
  );
}

/** The order as a parameter: none for the default (relevance with a search, last update without). */
function sortParam(f: { q?: string; sort: string }): 'name' | undefined {
  return f.sort === 'name' ? 'name' : undefined;
}

/** Options in the order given, grouped by their `group` (editorial categories, without one, first). */
function groupsOf<T extends { group: string | null }>(options: readonly T[]): [string | null, T[]][] {
  const groups = new Map<string | null, T[]>();
  for (const o of options) groups.set(o.group, [...(groups.get(o.group) ?? []), o]);
  return [...groups];
}

function Select(props: { label: string; name: string; value: string | undefined; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={props.name} className="sr-only">
        {props.label}
      </label>
      <select
        id={props.name}
        name={props.name}
        defaultValue={props.value ?? ''}
        key={props.value}
        className={selectClass}
      >
        {props.children}
      </select>
    </div>
  );
}
