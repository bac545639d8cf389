// Server helpers for dataset pages: the chart view of the URL, its data and flags, and map outlines.
import { isAggregate } from '../../../../core/geo';
import { parsePeriod } from '../../../../core/periods';
import type { DatasetMeta } from '../../../../core/schemas/dataset';
import type { ReadDb } from '../../../../db/client';
import { selectObservations, toSeriesList, type DataSelection } from '../../../../db/queries/observations';
import {
  chooseOutlines,
  coverageNote,
  geoCodesOf,
  NO_DATA_MESSAGE,
  NO_MATCHING_SERIES_MESSAGE,
  parseViewQuery,
  type ChartViewSpec,
  type Coverage,
  type LoadedOutlines,
  type QueryReader,
  type WidgetData,
} from '../../../charts';
import type { PageOutlines } from '../../../load-context';

/** A dataset whose geos are mostly NUTS regions opens as a map; every other as the specification's bar chart. */
export function defaultChartType(meta: DatasetMeta): ChartViewSpec['chartType'] {
  const codes = meta.available_countries.map((c) => c.code).filter((c) => !isAggregate(c));
  const regions = codes.filter((c) => /^[A-Z]{2}[0-9A-Z]{1,3}$/.test(c));
  return codes.length > 0 && regions.length * 2 > codes.length ? 'map' : 'bar';
}

export interface PageView {
  view: ChartViewSpec;
  /** Parameters the page ignored, for the log and tests. */
  problems: string[];
}

/** The view the URL asks for; without chart_type the dataset's default type. */
export function pageView(meta: DatasetMeta, query: QueryReader): PageView {
  const parsed = parseViewQuery(query);
  const view = query.get('chart_type') ? parsed.view : { ...parsed.view, chartType: defaultChartType(meta) };
  return { view, problems: parsed.problems };
}

/** The query's selection for the observation query, or the specification's message when it matches nothing. */
export function selectionOf(
  meta: DatasetMeta,
  view: ChartViewSpec,
  range: { from?: string; to?: string } = {},
): DataSelection | { error: string } {
  const sel: DataSelection = { dims: {} };
  for (const [key, codes] of Object.entries(view.dimensions)) {
    const dim = meta.dimensions.find((d) => d.key === key);
    if (!dim || codes.some((c) => !dim.values.some((v) => v.code === c))) return { error: NO_MATCHING_SERIES_MESSAGE };
    sel.dims[key] = codes;
  }
  if (view.countries.length > 0) {
    const known = view.countries.filter((c) => meta.available_countries.some((g) => g.code === c));
    if (known.length === 0) return { error: NO_DATA_MESSAGE };
    sel.countries = known;
  }
  const ordinal = (text: string | undefined) => {
    const p = text ? parsePeriod(text) : null;
    return p && p.freq === meta.frequency ? p.ordinal : undefined;
  };
  sel.from = ordinal(range.from);
  sel.to = ordinal(range.to);
  return sel;
}

/**
 * The widget's data for a view: every period (the slider needs them) up to time_end, in the API's shape
 * (values with their flags).
 */
export async function chartData(
  db: ReadDb,
  meta: DatasetMeta,
  view: ChartViewSpec,
): Promise<{ value: WidgetData } | { error: string }> {
  const sel = selectionOf(meta, view, { to: view.timeEnd });
  if ('error' in sel) return sel;
  const rows = await selectObservations(db, meta, sel);
  return { value: { data: { dataset: meta, data: toSeriesList(meta, rows) } } };
}

/** What a default view says about a newer, partial period, with a link to the view that shows it. */
export interface CoverageNote {
  text: string;
  href: string;
}

/**
 * A default view (no time, countries or dimensions in the URL) ends at the latest period most of the dataset's places have
 * reached, and says which newer period exists and who has it ('7/2026: Germany only'), linking to the view that
 * includes it. A view the URL names a time or countries for is left as asked.
 */
export function withCoverage(
  view: ChartViewSpec,
  query: URLSearchParams,
  coverage: Coverage,
  path: string,
): { view: ChartViewSpec; note: CoverageNote | null } {
  // The coverage is the main series': a view of other dimension values is left as asked too.
  const asked =
    ['time_start', 'time_end', 'time', 'country[]', 'country', 'dimension[]'].some((k) => query.has(k)) ||
    Object.keys(view.dimensions).length > 0;
  const newest = coverage.partial.at(-1);
  const text = coverageNote(coverage);
  if (asked || !coverage.period || !newest || !text) return { view, note: null };
  const next = new URLSearchParams(query);
  next.set('time_end', newest.period);
  const readable = next
    .toString()
    .replace(/%2F/gi, '/')
    .replace(/%5B%5D/gi, '[]')
    .replace(/%3A/gi, ':');
  return { view: { ...view, timeEnd: coverage.period }, note: { text, href: `${path}?${readable}` } };
}

/** Outlines for a map of this data; null when the server has none (regional data without a data mirror). */
export function outlinesForData(outlines: PageOutlines, data: WidgetData['data']): Promise<LoadedOutlines | null> {
  return outlines.forChoice(chooseOutlines(geoCodesOf(data)));
}
