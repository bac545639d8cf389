// The dashboard's live cards, drawn on the server: the followed view as a small chart (light and dark), the latest
// value with its period and flags, and the change on the previous period (decision 102).
import { renderToStaticMarkup } from 'react-dom/server';
import { describeFlags } from '#core/flags';
import type { DatasetData, DatasetMeta } from '#core/schemas/dataset';
import {
  ChartView,
  initialSliderIndex,
  widgetTimeline,
  type ChartViewSpec,
  type LoadedOutlines,
  type WidgetData,
} from '../../charts';
import type { FollowChanges } from '#db/queries/follows';
import { showsOnePeriod, type FollowSettings } from './follow-view';

/** Size of a card's chart, drawn once per theme. */
export const CARD_CHART = { width: 360, height: 200 };
/** Cards drawn with their chart; further ones show their figure only (bounded work per request, decision 064). */
export const MAX_CARD_CHARTS = 24;

export interface CardFigure {
  geo: string;
  geoName: string;
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
}

/** Aggregates a card prefers when the view names no country. */
const PREFERRED_GEOS = ['EU27_2020', 'EA20', 'EU', 'EA'];

/** The geo a card's figure is about: the view's first country, else the EU or euro area, else the first with data. */
export function cardGeo(data: DatasetData, countries: readonly string[]): { code: string; name: string } | null {
  const geos = data.dataset.available_countries;
  const byCode = new Map(geos.map((g) => [g.code, g]));
  for (const code of [...countries, ...PREFERRED_GEOS]) {
    const g = byCode.get(code);
    if (g && data.data[0]?.rows.some((r) => r.values[g.name] !== undefined)) return g;
  }
  const rows = data.data[0]?.rows ?? [];
  for (let i = rows.length - 1; i >= 0; i--) {
    const name = Object.keys(rows[i]!.values)[0];
    const g = name ? geos.find((x) => x.name === name) : undefined;
    if (g) return g;
  }
  return null;
}

/** Latest value of the card's geo in the first series, and its change on the period before. */
export function cardFigure(data: DatasetData, countries: readonly string[]): CardFigure | null {
  const geo = cardGeo(data, countries);
  const rows = data.data[0]?.rows ?? [];
  if (!geo) return null;
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    const value = row.values[geo.name];
    if (value === undefined) continue;
    const before = rows[i - 1];
    const previous = before?.values[geo.name];
    const flags = row.flags?.[geo.name] ?? null;
    return {
      geo: geo.code,
      geoName: geo.name,
      period: row.period,
      value,
      flags,
      flagsText: flags ? describeFlags(flags) : null,
      previousPeriod: previous === undefined ? null : before!.period,
      change: previous === undefined ? null : Math.round((value - previous) * 1e6) / 1e6,
      unit: data.dataset.unit,
    };
  }
  return null;
}

/**
 * The small chart of a view as static SVG in both themes. The map's pan and zoom stay on the chart page: made on a
 * wide drawing, they would crop another region out of a card of another shape; the card shows the whole map.
 */
export function cardChart(
  id: number,
  data: WidgetData,
  view: ChartViewSpec,
  settings: FollowSettings,
  outlines: LoadedOutlines | null,
): { light: string; dark: string } {
  const { periods, seriesCount } = widgetTimeline(data.data, view.countries);
  const type = view.chartType;
  const index =
    showsOnePeriod(type) && settings.period_index !== undefined && settings.period_index >= 0
      ? Math.min(settings.period_index, periods.length - 1)
      : showsOnePeriod(type)
        ? periods.length - 1
        : initialSliderIndex(type, periods, seriesCount, view.timeStart, view.timeEnd);
  // The map image's tooltip texts are for the embed page's script; a card has no use for them.
  const draw = (theme: 'light' | 'dark') =>
    renderToStaticMarkup(
      <ChartView
        data={data.data}
        type={type}
        sliderIndex={index}
        periods={periods}
        width={CARD_CHART.width}
        height={CARD_CHART.height}
        theme={theme}
        title={settings.title || data.data.dataset.dataset_name}
        hideLegend
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
    figure: data ? cardFigure(data.data, view.countries) : null,
    chart: data && drawChart ? cardChart(follow.id, data, view, follow.settings, loaded.outlines) : null,
    error: loaded.error,
    changes: null,
  };
}
