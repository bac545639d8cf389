// A followed chart's saved settings as the chart widget's props, and the widget's reports as settings changes.
import type { FollowSettings } from '#db/schema/follows';
import type { ChartType, ChartViewSpec, MapChartSettings, MapTransform } from '../../charts';

export type { FollowSettings };

/** Map and horizontal bar show one period: their slider is a period index; the others' a range start. */
export function showsOnePeriod(type: ChartType): boolean {
  return type === 'map' || type === 'horizontal-bar';
}

/** The chart page of one followed view: the dataset (the specification's `id`) and the follow (decision 198). */
export function followedChartPath(datasetId: number, followId: number): string {
  return `/app/chart?id=${datasetId}&follow_id=${followId}`;
}

/** Settings of a view the widget shows (the public page's view carried to a first follow). */
export function settingsOfView(view: ChartViewSpec): FollowSettings {
  const settings: FollowSettings = {
    chart_type: view.chartType,
    dimensions: view.dimensions,
    countries: view.countries,
  };
  if (view.timeStart) settings.time_start = view.timeStart;
  if (view.timeEnd) settings.time_end = view.timeEnd;
  return settings;
}

/** The widget's props that restore the saved view beyond the data selection. */
export function widgetPropsOfSettings(settings: FollowSettings) {
  const t = settings.map_transform;
  const chartSettings: MapChartSettings = {};
  if (settings.show_values !== undefined) chartSettings.showValues = settings.show_values;
  if (settings.series_color) chartSettings.seriesColor = settings.series_color;
  return {
    title: settings.title || undefined,
    subtitle: settings.subtitle || undefined,
    periodIndex: settings.period_index,
    chartSettings,
    customSeriesColors: settings.custom_series_colors,
    savedMapTransform: t ? { x: t.x, y: t.y, scale: t.scale } : null,
    savedMapReferenceWidth: t?.reference_width,
    savedMapReferenceHeight: t?.reference_height,
  };
}

/** A slider move: the one period of map and horizontal bar (-1 the latest, which follows new data), or a range start. */
export function sliderChange(type: ChartType, index: number, periods: readonly string[]): FollowSettings {
  if (showsOnePeriod(type)) return { period_index: index >= periods.length - 1 ? -1 : index };
  const period = periods[index];
  return period ? { time_start: period } : {};
}

/** A pan or zoom of the map, with the drawing size it was made at. */
export function transformChange(transform: MapTransform, reference: { width: number; height: number }): FollowSettings {
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    map_transform: {
      x: round(transform.x),
      y: round(transform.y),
      scale: round(transform.scale),
      reference_width: Math.round(reference.width),
      reference_height: Math.round(reference.height),
    },
  };
}

/** Values shown, a new series colour, or the user's own colours. */
export function mapSettingsChange(settings: MapChartSettings): FollowSettings {
  const change: FollowSettings = {};
  if (settings.showValues !== undefined) change.show_values = settings.showValues;
  if (settings.seriesColor) change.series_color = settings.seriesColor;
  if (settings.customSeriesColors) change.custom_series_colors = settings.customSeriesColors;
  return change;
}
