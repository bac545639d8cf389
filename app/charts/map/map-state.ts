// Map state: the chosen period's numeric values matched to outlines, colour bands and region; no pixels.
import type { DatasetData } from '#core/schemas/dataset';
import { describeChart } from '../core/chart-description';
import { sortRowsChronologically } from '../core/chart-periods';
import type { PeriodState } from '../core/chart-interface';
import { NO_MAP_DATA_MESSAGE, type ChartErrorState } from '../core/chart-messages';
import { bandColorOf, bandIndexOf, buildColorBands, noDataColorFor, type ColorBands } from '../core/color-bands';
import { decimalsFor } from '../core/number-format';
import { DEFAULT_SERIES_COLOR, type Theme } from '../core/palette';
import { clamp } from '../core/pixels';
import { viewLabels } from '../core/view-labels';
import {
  codeForName,
  indexOutlines,
  matchOutline,
  outlineKey,
  outlineName,
  type MapCountry,
  type OutlineKind,
  type Outlines,
} from './map-match';
import { chooseRegion, regionName, type MapRegion } from './map-region';

/** One period of the map: `name` is the period, `unit` its unit; every other field is a value keyed by geography name. */
export interface MapRow {
  name: string;
  unit?: string;
  [geo: string]: string | number | null | undefined;
}

/** The map settings a chart keeps (with the transform, kept separately). */
export interface MapChartSettings {
  /** Value labels on the regions; default false. */
  showValues?: boolean;
  /** Region borders; default true. */
  showBorders?: boolean;
  /** The colour the five bands are shaded from; default #39B54A. */
  seriesColor?: string;
  /** The user's own colours from the colour popup, newest first; when given, newer than the map's `customSeriesColors`. */
  customSeriesColors?: string[];
}

const NOT_DATA = new Set(['name', 'unit']);

/** -1 (the default) is the last row; any other index is clamped into 0…last. -1 without rows. */
export function resolveMapPeriodIndex(periodIndex: number | null | undefined, count: number): number {
  if (count <= 0) return -1;
  if (periodIndex === -1 || periodIndex === null || periodIndex === undefined) return count - 1;
  if (!Number.isFinite(periodIndex)) return count - 1;
  return clamp(Math.floor(periodIndex), 0, count - 1);
}

/** The mappable values of a row: numeric and not NaN (nor infinite); `name` and `unit` are never data. */
export function rowValues(row: MapRow): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, value] of Object.entries(row)) {
    if (NOT_DATA.has(key)) continue;
    if (typeof value === 'number' && Number.isFinite(value)) out.set(key, value);
  }
  return out;
}

/** The map rows of one series of the API's data response (default the first), oldest period first. */
export function datasetToMapRows(data: DatasetData, seriesId?: number): MapRow[] {
  const series = (seriesId === undefined ? undefined : data.data.find((s) => s.id === seriesId)) ?? data.data[0];
  if (!series) return [];
  const unit = viewLabels(data.dataset, [series], data.transform).unit;
  // Data keyed by geo code (DE21) is shown by the place's name (Oberbayern), as the API's data is.
  const names = new Map(data.dataset.available_countries.map((c) => [c.code, c.name]));
  const named = (values: Record<string, number>) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [names.get(k) ?? k, v]));
  return sortRowsChronologically(series.rows).map((r) => ({ ...named(r.values), name: r.period, unit }));
}

/**
 * The observation flags of the series the map rows come from (default the first), by `${geography name}|${period}`
 * as the rows name them: what a region's announcement says beside its value (decision 214).
 */
export function datasetToMapFlags(data: DatasetData, seriesId?: number): Map<string, string> {
  const series = (seriesId === undefined ? undefined : data.data.find((s) => s.id === seriesId)) ?? data.data[0];
  const names = new Map(data.dataset.available_countries.map((c) => [c.code, c.name]));
  const flags = new Map<string, string>();
  for (const r of series?.rows ?? []) {
    for (const [geo, f] of Object.entries(r.flags ?? {})) if (f) flags.set(`${names.get(geo) ?? geo}|${r.period}`, f);
  }
  return flags;
}

/** The colour the bands are shaded from: the chart setting, else the first custom series colour, else #39B54A. */
export function mapSeriesColor(settings?: MapChartSettings | null, customSeriesColors?: readonly string[]): string {
  return settings?.seriesColor || customSeriesColors?.[0] || DEFAULT_SERIES_COLOR;
}

export interface MapStateInput {
  rows: readonly MapRow[];
  periodIndex?: number;
  unit?: string;
  chartSettings?: MapChartSettings | null;
  customSeriesColors?: readonly string[];
  countries?: readonly MapCountry[];
  outlines?: Outlines | null;
  outlineKind?: OutlineKind;
  theme?: Theme;
  title?: string;
  /** Observation flags by `${geography name}|${period}` (datasetToMapFlags). */
  flags?: ReadonlyMap<string, string>;
}

/** One outline with its data. */
export interface MapArea {
  featureIndex: number;
  key: string;
  /** The data's name when matched (Germany, Kosovo*), else the outline's. */
  name: string;
  code: string | null;
  value: number | null;
  /** The value's observation flags as published (e, p …); '' when none. */
  flag: string;
  /** 0…4, or -1 without data. */
  band: number;
  fill: string;
}

export interface MapReadyState extends PeriodState {
  /** One per outline, in the outlines' order. */
  areas: MapArea[];
  /** Values without an outline (aggregates such as EU27_2020, regions outside the outlines). */
  unmatched: { name: string; value: number }[];
  bands: ColorBands;
  decimals: number;
  region: MapRegion;
  seriesColor: string;
  noDataColor: string;
}

export type MapState = MapReadyState | ChartErrorState;

export function buildMapState(input: MapStateInput): MapState {
  const title = input.title ?? '';
  const error: ChartErrorState = { status: 'error', title, message: NO_MAP_DATA_MESSAGE };
  const rows = input.rows ?? [];
  const periodIndex = resolveMapPeriodIndex(input.periodIndex, rows.length);
  const row = rows[periodIndex];
  if (!row) return error;
  const values = rowValues(row);
  if (values.size === 0) return error;

  const kind = input.outlineKind ?? 'world';
  const features = input.outlines?.features ?? [];
  const index = indexOutlines({ type: 'FeatureCollection', features }, kind);
  const countries = input.countries ?? [];
  const byFeature = new Map<number, { name: string; code: string | null; value: number; flag: string }>();
  const unmatched: { name: string; value: number }[] = [];
  for (const [name, value] of values) {
    const code = codeForName(name, countries);
    const hit = matchOutline(index, code, name);
    // A value keyed by its code (DE21) takes the outline's name (Oberbayern) when the data had none to give.
    const shown = hit >= 0 && code === name && kind === 'nuts' ? outlineName(features[hit]!) || name : name;
    const flag = input.flags?.get(`${name}|${row.name}`) ?? '';
    if (hit >= 0 && !byFeature.has(hit)) byFeature.set(hit, { name: shown, code, value, flag });
    else unmatched.push({ name, value });
  }
  const drawn = [...byFeature.values()];
  const bandValues = drawn.length > 0 ? drawn.map((d) => d.value) : [...values.values()];
  const seriesColor = mapSeriesColor(input.chartSettings, input.customSeriesColors);
  const theme = input.theme ?? 'light';
  const unit = input.unit || (typeof row.unit === 'string' ? row.unit : '');
  const bands = buildColorBands(bandValues, { seriesColor, theme, unit });
  if (!bands) return error;

  const areas = features.map((f, featureIndex): MapArea => {
    const d = byFeature.get(featureIndex);
    return {
      featureIndex,
      key: outlineKey(f, kind),
      name: d?.name ?? outlineName(f),
      code: d?.code ?? null,
      value: d?.value ?? null,
      flag: d?.flag ?? '',
      band: d ? bandIndexOf(bands, d.value) : -1,
      fill: bandColorOf(bands, d?.value),
    };
  });
  const regionCodes =
    drawn.length > 0 ? drawn.map((d) => d.code ?? '') : unmatched.map((u) => codeForName(u.name, countries) ?? '');
  return {
    status: 'ok',
    title,
    unit,
    period: String(row.name ?? ''),
    periodIndex,
    periods: rows.map((r) => String(r.name ?? '')),
    areas,
    unmatched,
    bands,
    decimals: decimalsFor(bandValues),
    region: chooseRegion(regionCodes),
    seriesColor,
    noDataColor: noDataColorFor(theme),
  };
}

/** The map in words (decision 213): what, where and when, with the highest and lowest region. */
export function describeMap(state: MapState): string {
  if (state.status === 'error') return state.message;
  const region = state.region;
  const where = region.kind === 'country' ? state.areas.find((a) => a.code === region.code)?.name : undefined;
  const drawn = state.areas.flatMap((a) => (a.value === null ? [] : [{ label: a.name, value: a.value }]));
  return describeChart({
    kind: 'map',
    title: state.title,
    unit: state.unit,
    decimals: state.decimals,
    period: state.period,
    // A country's map is named by the country's name; its code alone ("DE") is not said.
    where: region.kind === 'country' && where === undefined ? undefined : regionName(region, where),
    // The drawn regions; without outlines (a card's text, an embed's title) the values that would be drawn.
    values: drawn.length > 0 ? drawn : state.unmatched.map((u) => ({ label: u.name, value: u.value })),
  });
}
