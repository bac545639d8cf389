// Chart data for pages: a dataset's series filtered to a few places, with its (memoised) metadata.
import type { ReadDb } from '#db/client';
import { getDatasetMeta, listDatasets, type DatasetRow } from '#db/queries/datasets';
import { loadView } from '#db/queries/view';
import { packDatasetData } from '#core/packed-series';
import { formatPeriod, frequencySchema } from '#core/periods';
import type { ChartType } from '../../charts';
import type { DatasetSource, PlaceChart } from '../../components/statistics/place-data';
import type { CatalogueState } from '#db/catalogue-memo';

export function sourceOf(row: DatasetRow): DatasetSource {
  return {
    datasetId: row.id,
    datasetCode: row.code,
    datasetName: row.name,
    sourceName: row.sourceName,
    sourceUrl: row.sourceUrl,
  };
}

/** Line for long series, bars for a handful of periods. */
function chartTypeFor(periods: number): ChartType {
  return periods <= 12 ? 'bar' : 'line';
}

export interface ChartRequest {
  /** dim1…dimN → codes; a dimension left out is the main series' value. */
  dimensions?: Record<string, string[]>;
  countries: string[];
  /** Ordinals in the dataset's frequency: `from` positions the slider, `to` ends the data. */
  from?: number;
  to?: number;
  /** Leave out the periods before `from` too (posts: the author's range, and a lighter page). */
  cutFrom?: boolean;
  chartType?: ChartType;
  title?: string;
  height?: number;
}

/**
 * One chart widget's first paint: what the widget would fetch for these props (the selection up to `to`, from
 * `from` when cut), with only the charted geos in the metadata and the flags of the values.
 */
export async function chartOf(db: ReadDb, row: DatasetRow, req: ChartRequest): Promise<PlaceChart> {
  const meta = await getDatasetMeta(db, row);
  const freq = frequencySchema.parse(meta.frequency);
  const dimensions = req.dimensions ?? {};
  const from = req.cutFrom ? req.from : undefined;
  const { data: loaded } = await loadView(db, meta, { dims: dimensions, countries: req.countries, from, to: req.to });
  const data = loaded.data;
  const wanted = new Set(req.countries);
  const periods = Math.max(0, ...data.map((s) => s.rows.length));
  const last = data[0]?.rows[data[0].rows.length - 1]?.period ?? null;
  return {
    title: req.title ?? meta.dataset_name,
    chartType: req.chartType ?? chartTypeFor(periods),
    dimensions,
    countries: req.countries,
    timeStart: req.from === undefined ? undefined : formatPeriod(freq, req.from),
    timeEnd: req.to === undefined ? undefined : formatPeriod(freq, req.to),
    height: req.height,
    // The values in columns: row objects would be most of the page's loader data (decision 169).
    data: packDatasetData({
      dataset: { ...meta, available_countries: meta.available_countries.filter((c) => wanted.has(c.code)) },
      data,
    }),
    source: sourceOf(row),
    latestPeriod: last,
  };
}

/** Each dataset with data for the place (of one category, or all), charted for the place alone. */
export async function placeCharts(
  db: ReadDb,
  state: CatalogueState,
  geo: string,
  category?: string,
): Promise<PlaceChart[]> {
  const { items } = await listDatasets(db, { geo, category, sort: 'name', limit: 200, offset: 0 });
  const charts: PlaceChart[] = [];
  for (const item of items) {
    const row = state.byCode.get(item.dataset_code);
    if (!row) continue;
    const chart = await chartOf(db, row, { countries: [geo] });
    if (chart.data.data.some((s) => s.periods.length > 0)) charts.push(chart);
  }
  return charts;
}
