// The chart a sharing card draws for a page's view, and its alt text (decision 213): one rule for the card's image
// (server/charts/og-content.ts) and the page's og:image:alt.
import type { DatasetData } from '#core/schemas/dataset';
import { refusedChartType, type ChartTypeFacts, type ChartViewSpec } from '#core/view';
import { describeView } from '../widget/chart-view';
import { chooseOutlines, geoCodesOf, sliderFor } from '../widget/widget-state';

/**
 * The view a card draws. Without a chart type of its own, a card draws a world map where the dataset allows one
 * (decision 190: aggregates alone have no outline), else sorted bars; so does a card of a map of regions (a card draws
 * no NUTS outlines).
 */
export function cardView(
  data: DatasetData,
  meta: ChartTypeFacts,
  opened: ChartViewSpec,
  chartTypeAsked: boolean,
): ChartViewSpec {
  const worldMap = chooseOutlines(geoCodesOf(data)).kind === 'world' && refusedChartType(meta, 'map') === null;
  const asked = chartTypeAsked && !(opened.chartType === 'map' && !worldMap);
  return asked ? opened : { ...opened, chartType: worldMap ? 'map' : 'horizontal-bar' };
}

/** The card's chart in words, as the chart itself says it: the page's og:image:alt. */
export function cardImageAlt(data: DatasetData, view: ChartViewSpec): string {
  const { periods, index } = sliderFor(data, view);
  return describeView({ data, type: view.chartType, sliderIndex: index, periods, countries: view.countries });
}
