// The chart engine's public API: views, the widget, export builders and the constants pages need (named only).

// Views.
export { LineChart, type LineChartProps } from './line/line-chart';
export { BarChart, type BarChartProps } from './bar/bar-chart';
export { HBarChart, type HBarChartProps } from './hbar/hbar-chart';
export { TableChart, type TableChartProps } from './table/table-chart';
export { MapChart, type MapChartProps } from './map/map-chart';
export { MapImage, type MapImageProps } from './map/map-svg';
export type { MapRow, MapChartSettings } from './map/map-state';
export type { MapCountry, OutlineKind, Outlines } from './map/map-match';
export { worldOutlines, type CountriesTopology } from './map/world-outlines';
export type { MapTransform } from './map/map-zoom';

// The widget and what renders a view from outside it (server-side images).
export { ChartWidget, type ChartWidgetProps } from './widget/chart-widget';
export type { WidgetAction } from './widget/widget-menus';
export { ChartView, type ChartViewProps, type LoadedOutlines } from './widget/chart-view';
export {
  allowedChartType,
  allowedChartTypes,
  defaultChartType,
  refusedChartType,
  type ChartTypeFacts,
} from './widget/chart-types';
export type { WidgetData } from './widget/widget-data';
export { useContainerWidth, useDocumentTheme } from './widget/use-layout';
export {
  chooseOutlines,
  currentView,
  dataError,
  geoCodesOf,
  initialSliderIndex,
  periodIndexOf,
  outlinesPath,
  widgetTimeline,
  type OutlineChoice,
} from './widget/widget-state';

// Export builders and the view's URLs.
export { buildJsonExport, PRODUCT_NAME, type JsonExport, type JsonExportInput } from './export/json-export';
export {
  parseViewQuery,
  viewPairs,
  pageViewPairs,
  DEFAULT_CHART_TYPE,
  type ChartViewSpec,
  type QueryReader,
} from './export/view-query';
export {
  dataApiUrl,
  dataDownloadUrl,
  embedSnippet,
  embedUrl,
  exportFileName,
  hasTimeRange,
  pngDownloadUrl,
  type DownloadFormat,
  type ImageOptions,
} from './export/view-urls';

// Core constants and helpers shared with pages and the server.
export {
  CHART_HEIGHT,
  CHART_HEIGHT_MD,
  EMBED_HEIGHT,
  HALF_LAYOUT_MAX_WIDTH,
  MAP_HEIGHT,
  MAP_HEIGHT_MD,
  WIDGET_DEFAULT_HEIGHT,
  chartHeightFor,
  layoutFor,
} from './core/chart-size';
export { CHART_TYPES, isChartType, shownRange, sliderModeFor, type ChartType } from './core/slider';
export { themeColors, type Theme } from './core/palette';
export { CHART_ERROR_TITLE, NO_DATA_MESSAGE, NO_MATCHING_SERIES_MESSAGE, apiErrorMessage } from './core/chart-messages';
export { embedRuntimeScript } from './widget/embed-runtime';
export { viewLabels, type ViewLabels } from './core/view-labels';
export { unitLabel } from './core/unit-labels';
export { coverageNote, type Coverage } from './core/coverage';
export { publishedSvg, publishedChrome, type PublishedFrameInput } from './export/published-frame';
export { joinQuery } from './export/view-query';
