// The chart engine's public API: views, the widget, export builders and the constants pages need (named only).

// Views.
export { LineChart, type LineChartProps, type TimeAxis } from './line/line-chart';
export type { BarChartProps } from './bar/bar-chart';
export type { HBarChartProps } from './hbar/hbar-chart';
export type { TableChartProps } from './table/table-chart';
export { MapChart, type MapChartProps } from './map/map-chart';
export type { MapImageProps } from './map/map-svg';
export type { MapRow, MapChartSettings } from './map/map-state';
export type { MapCountry, OutlineKind, Outlines } from './map/map-match';
export { worldOutlines, type CountriesTopology } from './map/world-outlines';
export type { MapTransform } from './map/map-zoom';

// The widget and what renders a view from outside it (server-side images).
export { ChartWidget, type ChartWidgetProps } from './widget/chart-widget';
export type { WidgetAction } from './widget/widget-menus';
export { ChartView, type ChartViewProps, type DescribedView, type LoadedOutlines } from './widget/chart-view';
export { allowedChartTypes, type ChartTypeFacts } from '../../core/view';
export type { WidgetData } from './widget/widget-data';
export { useContainerWidth, useDocumentTheme } from './widget/use-layout';
export {
  chooseOutlines,
  dataError,
  geoCodesOf,
  initialSliderIndex,
  outlinesPath,
  shownEndIndex,
  sliderFor,
  type OutlineChoice,
} from './widget/widget-state';
export { cardImageAlt, cardView } from './export/card-view';

// Export builders and the view's URLs.
export { buildJsonExport, type JsonExport, type JsonExportInput } from './export/json-export';
export { parseViewQuery, type ChartViewSpec, type QueryReader } from '../../core/view';
export { viewPairs, pageViewPairs } from './export/view-query';
export { exportFileName, type DownloadFormat, type ImageOptions } from './export/view-urls';

// Core constants and helpers shared with pages and the server.
export {
  CHART_HEIGHT,
  EMBED_NARROW_WIDTH,
  HALF_LAYOUT_MAX_WIDTH,
  MAP_HEIGHT,
  MAP_HEIGHT_MD,
  chartHeightFor,
  embedChartHeight,
} from './core/chart-size';
export { CHART_TYPES, type ChartType } from './core/slider';
export { buildChartTable, type ChartSeries, type ChartTable } from './core/chart-series';
export type { Theme } from './core/palette';
export { CHART_ERROR_TITLE, NO_DATA_MESSAGE, NO_MATCHING_SERIES_MESSAGE } from './core/chart-messages';
export { embedRuntimeScript } from './widget/embed-runtime';
export { viewLabels, type ViewLabels } from './core/view-labels';
export { unitLabel } from './core/unit-labels';
export { coverageNote, joinQuery } from '../../core/view';
export type { Coverage } from '../../core/default-view';
export { publishedSvg, type PublishedFrameInput } from './export/published-frame';
export { addressViewQuery } from './export/view-query';
