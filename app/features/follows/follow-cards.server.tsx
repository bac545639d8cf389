// The dashboard's live cards, drawn on the server: the followed view as a small chart (light and dark) with its key
// when it draws several series, the latest value of a series it draws with its period and flags, and the change on
// the previous period (decisions 102, 198).
import { renderToStaticMarkup } from 'react-dom/server';
import { describeFlags } from '#core/flags';
import { hasOutline } from '#core/geo/places';
import type { DatasetData, DatasetMeta } from '#core/schemas/dataset';
import {
  buildChartTable,
  ChartView,
  initialSliderIndex,
  shownEndIndex,
  type ChartSeries,
  type ChartViewSpec,
  type LoadedOutlines,
  type WidgetData,
} from '../../charts';
import type { FollowChanges } from '#db/queries/follows';
import { showsOnePeriod, type FollowSettings } from './follow-view';

/** Size of a card's chart, drawn once per theme. */
export const CARD_CHART = { width: 360, height: 200 };
/** A card that draws several series has its key (direct labels or a legend) and a little more height for it. */
const CARD_CHART_WITH_KEY = { width: 360, height: 230 };
/** Cards drawn with their chart; further ones show their figure only (bounded work per request, decision 064). */
export const MAX_CARD_CHARTS = 24;

export interface CardFigure {
  geo: string;
  geoName: string;
  /** What the figure is the value of, as the chart names that series: the place, or the place and the series. */
  label: string;
  /** The series (its id in the data) the figure belongs to. */
  seriesId: number;
  period: string;
  value: number;
  /** Observation flags as published ('p') and what they mean ('provisional'). */
  flags: string | null;
  flagsText: string | null;
  previousPeriod: string | null;
  change: number | null;
  unit: string;
}

export interface FollowCard {
  id: number;
  datasetId: number;
  datasetCode: string;
  title: string;
  subtitle: string;
  note: string;
  chartType: ChartViewSpec['chartType'];
  position: number | null;
  createdAt: string;
  /** When the dataset last changed (newest data first). */
  lastUpdate: string | null;
  latestPeriod: string | null;
  lastSeenAt: string | null;
  figure: CardFigure | null;
  /** Static SVG markup of the small chart, per theme; null when not drawn or the view has no data. */
  chart: { light: string; dark: string } | null;
  error: string | null;
  /** New periods and revised values of the figure's series since the last visit (decision 104); null: none. */
  changes: FollowChanges | null;
  /** The settings the follow had, for Undo after Remove (decision 198). */
  settings: FollowSettings;
}

/** Aggregates a card prefers when the view names no country. */
const PREFERRED_GEOS = ['EU27_2020', 'EA20', 'EU', 'EA'];

/**
 * The periods a card's chart draws: the slider's index and the last period shown (one period for map and hbar); `map`:
 * the chart is a map, which draws only places with an outline (no aggregate).
 */
export interface CardRange {
  start: number;
  end: number;
  map?: boolean;
}

/** What a card's chart draws of a view: the periods, the slider's position and the last period shown. */
export function cardRange(
  data: DatasetData,
  view: ChartViewSpec,
  settings: FollowSettings,
): CardRange & {
  periods: string[];
  seriesCount: number;
} {
  const table = buildChartTable(data, { countries: view.countries });
  const { periods } = table;
  const seriesCount = table.series.length;
  const type = view.chartType;
  const index =
    showsOnePeriod(type) && settings.period_index !== undefined && settings.period_index >= 0
      ? Math.min(settings.period_index, periods.length - 1)
      : showsOnePeriod(type)
        ? periods.length - 1
        : initialSliderIndex(type, periods, seriesCount, view.timeStart, view.timeEnd);
  const end = shownEndIndex(type, index, periods.length, { width: CARD_CHART.width, seriesCount });
  return { periods, seriesCount, start: index, end, map: type === 'map' };
}

/**
 * The series a card's figure is about, among those its chart draws: the view's first place, else the EU or the euro
 * area, else the first series drawn; always one with a value in the periods drawn.
 */
function figureSeries(
  data: DatasetData,
  series: readonly ChartSeries[],
  countries: readonly string[],
  range: CardRange,
) {
  const names = new Map(data.dataset.available_countries.map((g) => [g.code, g.name]));
  const codes = new Map(data.dataset.available_countries.map((g) => [g.name, g.code]));
  const withValue = series.filter(
    (s) =>
      s.values.slice(range.start, range.end + 1).some((v) => v !== null) &&
      (!range.map || hasOutline(codes.get(s.geo) ?? s.geo)),
  );
  for (const code of [...countries, ...PREFERRED_GEOS]) {
    const found = withValue.find((s) => s.geo === (names.get(code) ?? code));
    if (found) return found;
  }
  return withValue[0];
}

/**
 * The latest value, in the periods the card draws, of a series the card draws (figureSeries), and its change on the
 * period before. Without a range: every period (a suggestion, which draws no chart).
 */
export function cardFigure(data: DatasetData, countries: readonly string[], range?: CardRange): CardFigure | null {
  const table = buildChartTable(data, { countries });
  const drawn = range ?? { start: 0, end: table.periods.length - 1 };
  const series = figureSeries(data, table.series, countries, drawn);
  if (!series) return null;
  const codes = new Map(data.dataset.available_countries.map((g) => [g.name, g.code]));
  for (let i = Math.min(drawn.end, table.periods.length - 1); i >= drawn.start; i--) {
    const value = series.values[i];
    if (value === null || value === undefined) continue;
    const previous = i > 0 ? series.values[i - 1] : null;
    const period = table.periods[i]!;
    const row = data.data.find((s) => s.id === series.seriesId)?.rows.find((r) => r.period === period);
    const flags = row?.flags?.[series.geo] ?? null;
    const hasPrevious = previous !== null && previous !== undefined;
    return {
      geo: codes.get(series.geo) ?? series.geo,
      geoName: series.geo,
      label: series.label,
      seriesId: series.seriesId,
      period,
      value,
      flags,
      flagsText: flags ? describeFlags(flags) : null,
      previousPeriod: hasPrevious ? table.periods[i - 1]! : null,
      change: hasPrevious ? Math.round((value - previous) * 1e6) / 1e6 : null,
      unit: table.unit || data.dataset.unit,
    };
  }
  return null;
}

/**
 * The small chart of a view as static SVG in both themes, with the chart's own key (direct labels or a legend) when
 * it draws two or more series in colours (line, grouped bars). The map's pan and zoom stay on the chart page: made on
 * a wide drawing, they would crop another region out of a card of another shape; the card shows the whole map.
 */
export function cardChart(
  id: number,
  data: WidgetData,
  view: ChartViewSpec,
  settings: FollowSettings,
  outlines: LoadedOutlines | null,
): { light: string; dark: string } {
  const { periods, seriesCount, start, end } = cardRange(data.data, view, settings);
  const type = view.chartType;
  const keyed = (type === 'line' || type === 'bar') && seriesCount >= 2;
  const size = keyed ? CARD_CHART_WITH_KEY : CARD_CHART;
  // The map image's tooltip texts are for the embed page's script; a card has no use for them.
  const draw = (theme: 'light' | 'dark') =>
    renderToStaticMarkup(
      <ChartView
        data={data.data}
        type={type}
        sliderIndex={start}
        endIndex={showsOnePeriod(type) ? undefined : end}
        periods={periods}
        width={size.width}
        height={size.height}
        theme={theme}
        title={settings.title || data.data.dataset.dataset_name}
        hideLegend={!keyed}
        countries={view.countries}
        outlines={outlines}
        mode="image"
        idPrefix={`card-${id}-${theme}`}
        chartSettings={{ showValues: settings.show_values, seriesColor: settings.series_color ?? undefined }}
      />,
    ).replace(/<script type="application\/json" data-map-values[^>]*>[\s\S]*?<\/script>/g, '');
  return { light: draw('light'), dark: draw('dark') };
}

export function cardOf(
  follow: {
    id: number;
    datasetId: number;
    settings: FollowSettings;
    position: number | null;
    createdAt: Date;
    lastSeenAt: Date | null;
  },
  meta: DatasetMeta,
  view: ChartViewSpec,
  loaded: { data: WidgetData | null; error: string | null; outlines: LoadedOutlines | null },
  drawChart: boolean,
): FollowCard {
  const { data } = loaded;
  return {
    id: follow.id,
    datasetId: follow.datasetId,
    datasetCode: meta.dataset_code,
    title: follow.settings.title || meta.dataset_name,
    subtitle: follow.settings.subtitle ?? '',
    note: follow.settings.note ?? '',
    chartType: view.chartType,
    position: follow.position,
    createdAt: follow.createdAt.toISOString(),
    lastUpdate: meta.last_update,
    latestPeriod: meta.latest_period,
    lastSeenAt: follow.lastSeenAt?.toISOString() ?? null,
    figure: data ? cardFigure(data.data, view.countries, cardRange(data.data, view, follow.settings)) : null,
    chart: data && drawChart ? cardChart(follow.id, data, view, follow.settings, loaded.outlines) : null,
    error: loaded.error,
    changes: null,
    settings: follow.settings,
  };
}
