// The widget's pure state: timeline and slider, the view of the current selection, errors and map outlines.
import { placeKind } from '#core/geo/places';
import type { DatasetData } from '#core/schemas/dataset';
import { barRangeEnd } from '../bar/bar-state';
import { buildChartTable } from '../core/chart-series';
import {
  MISSING_DATASET_ID_MESSAGE,
  NO_DATA_MESSAGE,
  NO_HBAR_DATA_MESSAGE,
  NO_MAP_DATA_MESSAGE,
  NO_MATCHING_SERIES_MESSAGE,
} from '../core/chart-messages';
import { defaultSliderIndex, resolvePeriodIndex, shownRange, sliderModeFor, type ChartType } from '../core/slider';
import { GROUPED_BAR_MAX_SERIES, type ChartViewSpec } from '#core/view';

/** The periods the slider moves over (every period of the selected series, chronological and contiguous) and the number of drawn series. */
export function widgetTimeline(
  data: DatasetData,
  countries: readonly string[] = [],
): { periods: string[]; seriesCount: number } {
  const table = buildChartTable(data, { countries });
  return { periods: table.periods, seriesCount: table.series.length };
}

/** The index of a period (display format) in the timeline, or null when it is not there. */
export function periodIndexOf(periods: readonly string[], period: string | undefined): number | null {
  if (!period) return null;
  const i = periods.indexOf(period);
  return i < 0 ? null : i;
}

/** The timeline and where the widget's slider sits for a view's address (the server's images and cards). */
export function sliderFor(data: DatasetData, view: ChartViewSpec): { periods: string[]; index: number } {
  const { periods, seriesCount } = widgetTimeline(data, view.countries);
  // `time` names the one period of a map or horizontal bar, as the widget opens on it (the page's address).
  const opened = sliderModeFor(view.chartType) === 'period' ? periodIndexOf(periods, view.time) : null;
  return {
    periods,
    index: opened ?? initialSliderIndex(view.chartType, periods, seriesCount, view.timeStart, view.timeEnd),
  };
}

/**
 * Where the slider starts: at time_start when the URL gives one, else the view's default (the latest period
 * for map and horizontal bar, the first for line and table, the last 12 for a bar chart of a few series and
 * the latest alone for a bar chart of many, so that a 40-country chart opens as sorted bars). A map or horizontal
 * bar given a range (time_start … time_end) shows the range's end, the latest period loaded when the end is not in
 * the data, as a switch from a range does (sliderIndexOnSwitch; issue 11, item 2); one period is that period.
 */
export function initialSliderIndex(
  type: ChartType,
  periods: readonly string[],
  seriesCount: number,
  timeStart?: string,
  timeEnd?: string,
): number {
  const count = periods.length;
  if (sliderModeFor(type) === 'period' && timeEnd && timeEnd !== timeStart && count > 0) {
    return periodIndexOf(periods, timeEnd) ?? count - 1;
  }
  const given = periodIndexOf(periods, timeStart);
  if (given !== null) return given;
  if (type === 'bar' && seriesCount > GROUPED_BAR_MAX_SERIES) return Math.max(0, count - 1);
  return defaultSliderIndex(type, count);
}

/**
 * The last period a view draws for a slider position: the one period of map and horizontal bar; for line the end
 * thumb's (`chosenEnd`, -1 the latest), for the table the latest; for grouped bars the end thumb's or, before it, the
 * last that fits the width (`width` and `seriesCount` given), so that the label and URLs name the bars drawn.
 */
export function shownEndIndex(
  type: ChartType,
  index: number,
  count: number,
  fit?: { width: number; seriesCount: number },
  chosenEnd: number = -1,
): number {
  const i = resolvePeriodIndex(index, count);
  if (count <= 0) return -1;
  if (sliderModeFor(type) === 'period') return i;
  const end = Math.max(i, resolvePeriodIndex(chosenEnd, count));
  if (type === 'bar' && fit && fit.seriesCount > 0) return barRangeEnd(i, count, fit.seriesCount, fit.width, end);
  // The table shows every period from the start (its slider is hidden).
  return type === 'table' ? count - 1 : end;
}

/** The slider's label: '1/2020 – 5/2025' for a range (to `end`, default the latest), the period itself for one. */
export function sliderValueText(type: ChartType, index: number, periods: readonly string[], end?: number): string {
  const i = resolvePeriodIndex(index, periods.length);
  const period = periods[i] ?? '';
  if (sliderModeFor(type) === 'period') return period;
  const lastIndex = end === undefined ? periods.length - 1 : Math.max(i, Math.min(end, periods.length - 1));
  const last = periods[lastIndex] ?? '';
  return i >= lastIndex ? period : `${period} \u2013 ${last}`;
}

/**
 * The view as its URLs name it: line, bar and table from the slider's period on (to time_end when the
 * page was opened with one); map and horizontal bar the slider's one period as start and end.
 */
export function currentView(
  base: ChartViewSpec,
  type: ChartType,
  index: number,
  periods: readonly string[],
  end?: number,
): ChartViewSpec {
  const range = shownRange(type, index, periods.length);
  const view: ChartViewSpec = {
    chartType: type,
    dimensions: base.dimensions,
    countries: base.countries,
    ...(base.transform ? { transform: base.transform } : {}),
    ...(base.asOf ? { asOf: base.asOf } : {}),
  };
  if (!range) return view;
  if (sliderModeFor(type) === 'period') {
    const p = periods[range.start];
    return p ? { ...view, timeStart: p, timeEnd: p } : view;
  }
  const start = range.start > 0 ? periods[range.start] : undefined;
  // A range cut short (grouped bars that do not fit) names its real end, so the image shows the same bars.
  const cut = end !== undefined && end >= range.start && end < periods.length - 1 ? periods[end] : undefined;
  const timeEnd = cut ?? base.timeEnd;
  return {
    ...view,
    ...(start ? { timeStart: start } : {}),
    ...(timeEnd ? { timeEnd } : {}),
  };
}

/** True when a response holds at least one value. */
function hasValues(data: DatasetData): boolean {
  return data.data.some((s) => s.rows.some((r) => Object.keys(r.values).length > 0));
}

/**
 * The error message of a loaded response, or null: no series for the chosen dimensions, or no values at
 * all; then the view's own case (no map or horizontal bar data in the slider's period).
 */
export function dataError(
  data: DatasetData,
  type: ChartType,
  index: number,
  periods: readonly string[],
  dimensionsGiven: boolean,
): string | null {
  if (data.data.length === 0) return dimensionsGiven ? NO_MATCHING_SERIES_MESSAGE : NO_DATA_MESSAGE;
  if (!hasValues(data) || periods.length === 0) return NO_DATA_MESSAGE;
  if (type !== 'map' && type !== 'horizontal-bar') return null;
  const period = periods[resolvePeriodIndex(index, periods.length)];
  const row = data.data[0]?.rows.find((r) => r.period === period);
  const anyValue =
    type === 'map'
      ? Object.values(row?.values ?? {}).some((v) => Number.isFinite(v))
      : data.data.some((s) => Object.keys(s.rows.find((r) => r.period === period)?.values ?? {}).length > 0);
  if (anyValue) return null;
  return type === 'map' ? NO_MAP_DATA_MESSAGE : NO_HBAR_DATA_MESSAGE;
}

/** The widget's first check: it needs a dataset id, given or resolved from a data id. */
export function missingIdError(datasetId: unknown, dataId: unknown): string | null {
  const given = (v: unknown) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v !== '');
  return given(datasetId) || given(dataId) ? null : MISSING_DATASET_ID_MESSAGE;
}

export type OutlineChoice = { kind: 'world' } | { kind: 'nuts'; level: 0 | 1 | 2 | 3 };

/**
 * World outlines for country data; NUTS outlines at the most common level of the geos when most of them
 * are NUTS regions (DE1, DE11, DE111), as in regional datasets. Aggregates (EU27_2020, EA20, EA11) do not count.
 */
export function chooseOutlines(geoCodes: readonly string[]): OutlineChoice {
  const codes = geoCodes.filter((c) => placeKind(c) === 'country' || placeKind(c) === 'region');
  const regions = codes.filter((c) => placeKind(c) === 'region');
  if (regions.length === 0 || regions.length * 2 < codes.length) return { kind: 'world' };
  const counts = [0, 0, 0, 0];
  for (const c of regions) counts[Math.min(3, c.length - 2)]! += 1;
  const level = counts.indexOf(Math.max(...counts)) as 1 | 2 | 3;
  return { kind: 'nuts', level };
}

/** The geo API path of an outline choice. */
export function outlinesPath(choice: OutlineChoice): string {
  return choice.kind === 'world' ? '/api/geo/world' : `/api/geo/nuts/${choice.level}`;
}

/** The geo codes of a response's values (names mapped back through the dataset's list). */
export function geoCodesOf(data: DatasetData): string[] {
  const byName = new Map(data.dataset.available_countries.map((c) => [c.name, c.code]));
  const seen = new Set<string>();
  for (const s of data.data) for (const r of s.rows) for (const name of Object.keys(r.values)) seen.add(name);
  return [...seen].map((name) => byName.get(name) ?? name);
}

/**
 * The slider position after a type switch from `from` to `next`. Map and horizontal bar pick one period: coming
 * from a range (line, bar, table) they show the range's end, the latest period loaded (specification: "For map
 * and horizontal bar the slider picks a period, starting at the latest"). Otherwise the position is kept, except
 * that a line chart would show a single period when the slider sits on the latest one (coming from a map or
 * sparse bars); it then starts at the first. `rangeStart` is the range's start before the visitor went to a map or
 * horizontal bar: coming back with the slider still on the latest period restores it.
 */
export function sliderIndexOnSwitch(
  from: ChartType,
  next: ChartType,
  index: number,
  count: number,
  rangeStart: number | null = null,
): number {
  if (count <= 0) return index;
  if (sliderModeFor(next) === 'period' && sliderModeFor(from) !== 'period') return count - 1;
  // Back from a map left on the latest period: the range that was shown before it.
  if (sliderModeFor(from) === 'period' && sliderModeFor(next) !== 'period' && rangeStart !== null) {
    if (resolvePeriodIndex(index, count) >= count - 1) return resolvePeriodIndex(rangeStart, count);
  }
  if (next === 'line' && count > 1 && resolvePeriodIndex(index, count) >= count - 1) {
    return defaultSliderIndex('line', count);
  }
  return index;
}
