// Server helpers for dataset pages: the chart view of the URL, its data and flags, and map outlines.
import { coverageEnd, defaultPlaces } from '../../../../core/default-view';
import type { DatasetMeta } from '../../../../core/schemas/dataset';
import {
  leftOutNote,
  pageSelection,
  resolvePageSelection,
  type PageSelection,
  type Selection,
} from '../../../../core/selection';
import type { AccountSession } from '../../../../core/schemas/account';
import type { ReadDb } from '../../../../db/client';
import { getFollowByDataset } from '../../../../db/queries/follows';
import { NotYetImported } from '../../../../db/queries/revisions';
import { loadView, ViewTooLarge, viewTooLargeNote } from '../../../../db/queries/view';
import { readAsOf } from '../../../../core/as-of';
import {
  chooseOutlines,
  coverageNote,
  defaultChartType,
  geoCodesOf,
  NO_DATA_MESSAGE,
  NO_MATCHING_SERIES_MESSAGE,
  parseViewQuery,
  refusedChartType,
  type ChartViewSpec,
  type Coverage,
  type LoadedOutlines,
  type QueryReader,
  type WidgetData,
} from '../../../charts';
import type { PageOutlines } from '../../../load-context';

export interface PageView {
  view: ChartViewSpec;
  /**
   * What the page left out of the URL's view, each as the API's message (an unknown chart type, a country without
   * data, a period of another frequency): shown under the chart (decision 035), never silently dropped.
   */
  problems: string[];
  /** The note under the chart naming what was left out; null when nothing was. */
  note: string | null;
}

/**
 * The view the URL asks for, read by the one parser. Without chart_type the dataset's default type, and a type the
 * dataset does not allow (a map without places, a line of one period) gives way to it with a note; without
 * countries the dataset's default places (decision 190).
 */
export function pageView(meta: DatasetMeta, query: QueryReader): PageView {
  const parsed = parseViewQuery(query);
  // parseViewQuery named the syntax problems (and an unknown chart type); the one parser adds what the dataset lacks.
  const chartType = parsed.problems.filter((p) => p.startsWith('invalid chart_type'));
  const asked = query.get('chart_type') && chartType.length === 0 ? parsed.view.chartType : null;
  const refused = asked ? refusedChartType(meta, asked) : null;
  if (refused) chartType.push(`invalid chart_type: ${refused}`);
  const view = { ...parsed.view, chartType: asked && !refused ? asked : defaultChartType(meta) };
  const page = pageSelection(meta, query);
  const problems = [...chartType, ...page.leftOut];
  // The view without what was left out, so the widget's own requests ask for what is shown; a view with nothing
  // left keeps what it asked for, and chartData answers the specification's message.
  const shown = page.empty ? view : shownView(view, page.selection);
  const places = view.countries.length === 0 ? defaultPlaces(meta.available_countries.map((c) => c.code)) : null;
  return { view: places ? { ...shown, countries: places } : shown, problems, note: leftOutNote(problems) };
}

/** A view cut to what the one parser kept of it. */
function shownView(view: ChartViewSpec, kept: Selection): ChartViewSpec {
  const dimensions: Record<string, string[]> = {};
  for (const [key, codes] of Object.entries(view.dimensions)) {
    const known = kept.dims[key];
    const shown = Array.isArray(known) ? codes.filter((c) => known.includes(c)) : [];
    if (shown.length > 0) dimensions[key] = shown;
  }
  const countries = kept.countries ? view.countries.filter((c) => kept.countries!.includes(c)) : view.countries;
  const { timeStart, timeEnd, transform, ...rest } = view;
  return {
    ...rest,
    dimensions,
    countries,
    ...(timeStart && kept.from !== undefined ? { timeStart } : {}),
    ...(timeEnd && kept.to !== undefined ? { timeEnd } : {}),
    ...(transform && kept.transform ? { transform } : {}),
  };
}

/** A page's view checked against the dataset (the one parser), loading every period up to time_end. */
export function selectionOf(meta: DatasetMeta, view: ChartViewSpec): PageSelection {
  const page = resolvePageSelection(meta, {
    dims: view.dimensions,
    countries: view.countries,
    ...(view.timeEnd ? { to: view.timeEnd, toParam: 'time_end' } : {}),
    ...(view.transform ? { transform: view.transform } : {}),
    ...(view.asOf && readAsOf(view.asOf) ? { asOf: readAsOf(view.asOf)! } : {}),
  });
  return page;
}

/**
 * The widget's data for a view: every period (the slider needs them) up to time_end, in the API's shape
 * (values with their flags), through the one loader; the specification's message when nothing asked for is left.
 */
export async function chartData(
  db: ReadDb,
  meta: DatasetMeta,
  view: ChartViewSpec,
): Promise<{ value: WidgetData } | { error: string }> {
  const page = selectionOf(meta, view);
  if (page.empty === 'no_series') return { error: NO_MATCHING_SERIES_MESSAGE };
  if (page.empty === 'no_data') return { error: NO_DATA_MESSAGE };
  try {
    const loaded = await loadView(db, meta, page.selection);
    return { value: { data: loaded.data } };
  } catch (error) {
    // as_of before the first import here: the data API's message, shown where the chart would be; so is a view over
    // the value cap (db/queries/view.ts), read no further than its count.
    if (error instanceof NotYetImported) return { error: error.message };
    if (error instanceof ViewTooLarge) return { error: viewTooLargeNote(error) };
    throw error;
  }
}

/** What a default view says about a newer, partial period, with a link to the view that shows it. */
export interface CoverageNote {
  text: string;
  href: string;
}

/**
 * A default view (no time, countries, dimensions or vintage in the URL: coverageEnd, the rule the sharing card follows
 * too) ends at the latest period most of the dataset's places have reached, and says which newer period exists and who
 * has it ('7/2026: Germany only'), linking to the view that includes it. A view the URL chooses is left as asked.
 */
export function withCoverage(
  view: ChartViewSpec,
  query: URLSearchParams,
  coverage: Coverage,
  path: string,
): { view: ChartViewSpec; note: CoverageNote | null } {
  // One rule with the sharing card (core/default-view.ts); the coverage is the main series', so a view of other
  // dimension values is left as asked too.
  const end = coverageEnd(query, coverage);
  const newest = coverage.partial.at(-1);
  const text = coverageNote(coverage);
  if (end === null || !newest || !text) return { view, note: null };
  const next = new URLSearchParams(query);
  next.set('time_end', newest.period);
  const readable = next
    .toString()
    .replace(/%2F/gi, '/')
    .replace(/%5B%5D/gi, '[]')
    .replace(/%3A/gi, ':');
  return { view: { ...view, timeEnd: end }, note: { text, href: `${path}?${readable}` } };
}

/**
 * The signed-in visitor's follow of the dataset, so the Follow button reads "Following" (decision 103). Anonymous
 * pages (the ones the response cache keeps) never ask: they are the same for every visitor.
 */
export async function visitorFollow(
  db: ReadDb,
  session: AccountSession | null,
  datasetId: number,
): Promise<{ id: number } | null> {
  if (!session) return null;
  const follow = await getFollowByDataset(db, session.user.id, datasetId);
  return follow ? { id: follow.id } : null;
}

/** Outlines for a map of this data; null when the server has none (regional data without a data mirror). */
export function outlinesForData(outlines: PageOutlines, data: WidgetData['data']): Promise<LoadedOutlines | null> {
  return outlines.forChoice(chooseOutlines(geoCodesOf(data)));
}
