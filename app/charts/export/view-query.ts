// A chart view written as URL query parameters (chart_type, dimension[]=dimN:code, country[], time_start, time_end,
// time for the one period of map and horizontal bar, transform), as pairs. Joining them into a query (joinQuery) and
// reading them back are core/view.ts's (one view, decision 194).
import { transformPairs } from '#core/selection';
import { joinQuery, parseViewQuery, sliderModeFor, type ChartViewSpec } from '#core/view';

export type { ChartViewSpec } from '#core/view';

/** dimension[]=dimN:code for every chosen code, in dimension order. */
export function dimensionPairs(dimensions: Readonly<Record<string, readonly string[]>>): [string, string][] {
  return Object.keys(dimensions)
    .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))
    .flatMap((key) => (dimensions[key] ?? []).map((code): [string, string] => ['dimension[]', `${key}:${code}`]));
}

/**
 * The view's query pairs in the specification's order: chart_type, dimension[], country[], time_start,
 * time_end. Times are written only where the caller passes them (line and bar in embed URLs).
 */
export function viewPairs(view: ChartViewSpec): [string, string][] {
  const pairs: [string, string][] = [['chart_type', view.chartType], ...dimensionPairs(view.dimensions)];
  for (const c of view.countries) pairs.push(['country[]', c]);
  if (view.timeStart) pairs.push(['time_start', view.timeStart]);
  if (view.timeEnd) pairs.push(['time_end', view.timeEnd]);
  pairs.push(...transformPairs(view.transform));
  if (view.asOf) pairs.push(['as_of', view.asOf]);
  return pairs;
}

/**
 * The dataset page's own URL query for a view (its shareable address): the embed's parameters, with `time` for
 * the one period of map and horizontal bar (its time_end, if any, stays the end of the data loaded).
 */
export function pageViewPairs(view: ChartViewSpec): [string, string][] {
  const pairs = viewPairs(view);
  if (sliderModeFor(view.chartType) !== 'period' || !view.time) return pairs;
  const at = pairs.findIndex(([k]) => k === 'time_end' || k === 'transform' || k === 'as_of');
  pairs.splice(at < 0 ? pairs.length : at, 0, ['time', view.time]);
  return pairs;
}

/**
 * The view parameters of a page address, as the one parser reads them and the widget writes them, without what the
 * address did not ask for (a default chart type would change the view's card) or what is not a view (tracking
 * parameters): the shared view's query, and the address an "Ask this chart" citation links to (decision 212).
 */
export function addressViewQuery(query: URLSearchParams): string {
  const asked = (key: string) => query.has(key) || query.has(key.replace(/\[\]$/, ''));
  return joinQuery(pageViewPairs(parseViewQuery(query).view).filter(([key]) => asked(key)));
}
