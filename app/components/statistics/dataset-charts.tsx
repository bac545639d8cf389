// The datasets with data for a place, each as a chart widget filtered to the place.
import { Link } from 'react-router';
import type { PlaceChart } from './place-data';
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
