// Chart data for pages: a dataset's series filtered to a few places, with its (memoised) metadata.
import type { ReadDb } from '#db/client';
import { getDatasetMeta, listDatasets, type DatasetRow } from '#db/queries/datasets';
import { loadView } from '#db/queries/view';
import { packDatasetData } from '#core/packed-series';
import { formatPeriod, frequencySchema } from '#core/periods';
import type { ChartType } from '../../charts';
import {
  PLACE_CHARTS,
  PLACE_LIST_PAGE,
  type DatasetSource,
  type PlaceChart,
  type PlaceDatasets,
} from '../../components/statistics/place-data';
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

/**
 * The page of the list a place's page shows (`?page=N`, default 1); null when the parameter is not a page number or
 * past the last page.
 */
export function listPage(request: Request, total: number): number | null {
  const text = new URL(request.url).searchParams.get('page');
  if (text === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(text)) return null;
  const page = Number(text);
  return page <= Math.max(1, Math.ceil(total / PLACE_LIST_PAGE)) ? page : null;
}

/** The datasets with data for the place (of one category, or all): the first charted, every one listed, a page of it. */
export async function placeDatasets(
  db: ReadDb,
  state: CatalogueState,
  geo: string,
  request: Request,
  category?: string,
): Promise<PlaceDatasets | null> {
  const first = await listDatasets(db, { geo, category, sort: 'name', limit: PLACE_CHARTS, offset: 0 });
  const page = listPage(request, first.total);
  if (page === null) return null;
  const listed =
    page === 1 && first.total <= PLACE_CHARTS
      ? first
      : await listDatasets(db, {
          geo,
          category,
          sort: 'name',
          limit: PLACE_LIST_PAGE,
          offset: (page - 1) * PLACE_LIST_PAGE,
        });
  const charts: PlaceChart[] = [];
  // Later pages of the list are the list alone.
  for (const item of page === 1 ? first.items : []) {
    const row = state.byCode.get(item.dataset_code);
    if (!row) continue;
    const chart = await chartOf(db, row, { countries: [geo] });
    if (chart.data.data.some((s) => s.periods.length > 0)) charts.push(chart);
  }
  return {
    charts,
    list: listed.items.map((i) => ({ code: i.dataset_code, name: i.dataset_name, latestPeriod: i.latest_period })),
    total: first.total,
    page,
    pages: Math.max(1, Math.ceil(first.total / PLACE_LIST_PAGE)),
  };
}
