// The datasets with data for a place: the first each as a chart widget filtered to the place, then every one listed, a
// page at a time.
import { Link } from 'react-router';
import { PLACE_CHARTS, PLACE_LIST_PAGE, pagedPath, type PlaceChart, type PlaceDatasets } from './place-data';
import { PlaceChartView } from './place-chart-view';
import { readablePeriod } from '#core/periods';

export function DatasetCharts({ charts, placeName }: { charts: readonly PlaceChart[]; placeName: string }) {
  if (charts.length === 0) {
    return <p className="text-slate-600 dark:text-slate-400">No dataset in this selection has data for {placeName}.</p>;
  }
  return (
    <ul className="grid gap-6 lg:grid-cols-2">
      {charts.map((c) => (
        <li
          key={c.source.datasetId}
          data-dataset={c.source.datasetCode}
          className="min-w-0 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
        >
          <PlaceChartView chart={c} serverWidth={520} />
          <p className="mt-2 text-sm">
            <Link to={`/datasets/${c.source.datasetId}`} className="text-brand-dark hover:underline dark:text-brand">
              About this dataset
            </Link>
            {c.latestPeriod && (
              <span className="text-slate-500 dark:text-slate-400">
                {' '}
                · latest period {readablePeriod(c.latestPeriod)}
              </span>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The charts (on the first page), then, when there are more datasets than charts, the list of all and its pages. */
export function PlaceDatasetsView({
  datasets,
  placeName,
  geo,
}: {
  datasets: PlaceDatasets;
  placeName: string;
  geo: string;
}) {
  const { list, total, page, pages } = datasets;
  const linkClass = 'text-brand-dark hover:underline dark:text-brand';
  return (
    <>
      {page === 1 && <DatasetCharts charts={datasets.charts} placeName={placeName} />}
      {total > PLACE_CHARTS && (
        <div className="mt-8">
          <h3 id="all-datasets" className="mb-3 font-semibold">
            {`All ${total.toLocaleString('en')} datasets with data for ${placeName}`}
          </h3>
          <ol start={(page - 1) * PLACE_LIST_PAGE + 1} className="list-decimal space-y-1 pl-8 text-sm">
            {list.map((d) => (
              <li key={d.code}>
                <Link to={`/datasets/${d.code}?country[]=${encodeURIComponent(geo)}`} className={linkClass}>
                  {d.name}
                </Link>
                {d.latestPeriod && (
                  <span className="text-slate-600 dark:text-slate-400">
                    {' '}
                    · latest period {readablePeriod(d.latestPeriod)}
                  </span>
                )}
              </li>
            ))}
          </ol>
          {pages > 1 && (
            <nav aria-labelledby="all-datasets" className="mt-4 flex flex-wrap items-center gap-4 text-sm">
              {page > 1 && (
                <Link to={pagedPath('', page - 1) || '?'} className={`${linkClass} inline-block py-1`} rel="prev">
                  Previous page
                </Link>
              )}
              <span>{`Page ${page} of ${pages}`}</span>
              {page < pages && (
                <Link to={pagedPath('', page + 1)} className={`${linkClass} inline-block py-1`} rel="next">
                  Next page
                </Link>
              )}
            </nav>
          )}
        </div>
      )}
    </>
  );
}
