// Which chart types a dataset allows and which it opens on, by rule (issue 36, decision 190): the page, the widget's
// type menu, embeds, sharing cards and the image API ask here.
import { hasOutline, mostlyRegions } from '../../../core/geo/places';
import type { DatasetMeta } from '../../../core/schemas/dataset';
import { CHART_TYPES, type ChartType } from '../core/slider';
import { GROUPED_BAR_MAX_SERIES } from './widget-state';

/** What the rule reads of a dataset: its places and the range of its periods. */
export type ChartTypeFacts = Pick<DatasetMeta, 'available_countries' | 'oldest_period' | 'latest_period'>;

/**
 * Why a dataset does not allow a chart type, in the words of a page's note ('"map" (this dataset has no places on a
 * map)'), or null when it does. A map needs a place with an outline (a country or a NUTS region: aggregates and the
 * whole area of a national file have none); a line needs two periods.
 */
export function refusedChartType(facts: ChartTypeFacts, type: ChartType): string | null {
  if (type === 'map' && !facts.available_countries.some((c) => hasOutline(c.code))) {
    return `"map" (this dataset has no places on a map)`;
  }
  if (type === 'line' && facts.oldest_period !== null && facts.oldest_period === facts.latest_period) {
    return `"line" (this dataset has one period)`;
  }
  return null;
}

/** The chart types a dataset allows, in the type menu's order. */
export function allowedChartTypes(facts: ChartTypeFacts): ChartType[] {
  return CHART_TYPES.filter((t) => refusedChartType(facts, t) === null);
}

/**
 * The type a dataset opens on: a map of a regional dataset; a line of a time series of a few places (as many as a
 * grouped bar chart draws, national data of one place among them); otherwise the specification's bar chart, which
 * ranks many places in the latest period and moves through time with the slider.
 */
export function defaultChartType(facts: ChartTypeFacts): ChartType {
  const codes = facts.available_countries.map((c) => c.code);
  if (mostlyRegions(codes)) return 'map';
  const series = refusedChartType(facts, 'line') === null && facts.oldest_period !== null;
  if (series && codes.length <= GROUPED_BAR_MAX_SERIES) return 'line';
  return 'bar';
}

/** The type to draw for the one asked: it when the dataset allows it, else the dataset's default. */
export function allowedChartType(facts: ChartTypeFacts, asked: ChartType): ChartType {
  return refusedChartType(facts, asked) === null ? asked : defaultChartType(facts);
}
