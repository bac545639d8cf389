// Turns the API's data response into chart series on one timeline: the input of every view's state.
import type { DatasetData, Series } from '#core/schemas/dataset';
import { isAggregate, shortGeoName } from '#core/geo';
import { parsePeriod, type Frequency } from '#core/periods';
import { contiguousTimeline, pickRange } from './chart-periods';
import { viewLabels } from './view-labels';

/** Which part of a data response a chart shows. */
export interface ChartSelection {
  /** Geo codes (or names) to show, in this order; absent or empty: every geo in the data. */
  countries?: readonly string[];
  /** Series ids to show; absent or empty: every series in the response. */
  seriesIds?: readonly number[];
}

/** One drawn series: a country of one data series, aligned with the table's periods. */
export interface ChartSeries {
  /** Stable key: `${seriesId}:${geo name}`. */
  key: string;
  label: string;
  seriesId: number;
  geo: string;
  /** Palette position, fixed before any filtering so a country keeps its colour across ranges. */
  colorIndex: number;
  values: (number | null)[];
  /** An aggregate of countries (EU27_2020, EA20): drawn apart from the countries. */
  aggregate?: boolean;
  /** The label with the place's short name ('EU27'), for where the full label does not fit; absent when none. */
  shortLabel?: string;
}

export interface ChartTable {
  freq: Frequency;
  /** Display labels (M/YYYY …), chronological and contiguous. */
  periods: string[];
  ordinals: number[];
  series: ChartSeries[];
  /** The label of the selected unit (view-labels). */
  unit: string;
  title: string;
  /** The selected dimension values, unit last ('Food and non-alcoholic beverages · Annual rate of change'). */
  subtitle: string;
}

function seriesLabels(data: DatasetData, series: readonly Series[]): Map<number, string> {
  const dims = data.dataset.dimensions;
  // Name a series by the dimensions whose value differs between the selected series.
  const varying = dims.filter((d) => new Set(series.map((s) => s.series_key[`${d.key}_value`])).size > 1);
  const used = varying.length > 0 ? varying : dims.slice(0, 1);
  const out = new Map<number, string>();
  for (const s of series) {
    const parts = used.map((d) => {
      const code = s.series_key[`${d.key}_value`] ?? '';
      return d.values.find((v) => v.code === code)?.label ?? code;
    });
    out.set(s.id, parts.filter(Boolean).join(', ') || `Series ${s.id}`);
  }
  return out;
}

function selectedGeos(data: DatasetData, series: readonly Series[], countries: readonly string[]): string[] {
  const present = new Set<string>();
  for (const s of series) for (const r of s.rows) for (const name of Object.keys(r.values)) present.add(name);
  const byCode = new Map(data.dataset.available_countries.map((c) => [c.code, c.name]));
  if (countries.length > 0) {
    const names = countries.map((c) => byCode.get(c) ?? c);
    return [...new Set(names)];
  }
  const known = data.dataset.available_countries.map((c) => c.name).filter((n) => present.has(n));
  const rest = [...present].filter((n) => !known.includes(n)).sort();
  return [...known, ...rest];
}

function frequencyOf(data: DatasetData, series: readonly Series[]): Frequency {
  const counts = new Map<Frequency, number>();
  for (const s of series) {
    for (const r of s.rows) {
      const p = parsePeriod(r.period);
      if (p) counts.set(p.freq, (counts.get(p.freq) ?? 0) + 1);
    }
  }
  if ((counts.get(data.dataset.frequency) ?? 0) > 0) return data.dataset.frequency;
  let best: Frequency = data.dataset.frequency;
  let most = 0;
  for (const [f, n] of counts) if (n > most) [best, most] = [f, n];
  return best;
}

/**
 * The selected series of a response on one contiguous timeline. With one data series there is one
 * chart series per country (labelled by country); with several series and one country, one per
 * data series (labelled by its dimension values); otherwise one per pair. Series without any
 * value are left out. Never throws on odd input: unparseable periods and non-finite values are skipped.
 */
export function buildChartTable(data: DatasetData, selection: ChartSelection = {}): ChartTable {
  const ids = selection.seriesIds ?? [];
  const chosen = ids.length > 0 ? data.data.filter((s) => ids.includes(s.id)) : data.data;
  const geos = selectedGeos(data, chosen, selection.countries ?? []);
  const freq = frequencyOf(data, chosen);
  const labels = seriesLabels(data, chosen);
  const codeOf = new Map(data.dataset.available_countries.map((c) => [c.name, c.code]));

  const byOrdinal = chosen.map((s) => {
    const m = new Map<number, Record<string, number>>();
    for (const r of s.rows) {
      const p = parsePeriod(r.period);
      if (p && p.freq === freq) m.set(p.ordinal, { ...m.get(p.ordinal), ...r.values });
    }
    return m;
  });
  const timeline = contiguousTimeline(
    freq,
    byOrdinal.flatMap((m) => [...m.keys()]),
  );

  const series: ChartSeries[] = [];
  let colorIndex = 0;
  chosen.forEach((s, si) => {
    for (const geo of geos) {
      const values = timeline.ordinals.map((o) => {
        const v = byOrdinal[si]?.get(o)?.[geo];
        return typeof v === 'number' && Number.isFinite(v) ? v : null;
      });
      const seriesLabel = labels.get(s.id) ?? `Series ${s.id}`;
      const label = chosen.length === 1 ? geo : geos.length === 1 ? seriesLabel : `${geo}, ${seriesLabel}`;
      const index = colorIndex++;
      if (values.some((v) => v !== null)) {
        const code = codeOf.get(geo) ?? geo;
        const short = shortGeoName(code);
        series.push({
          key: `${s.id}:${geo}`,
          label,
          seriesId: s.id,
          geo,
          colorIndex: index,
          values,
          ...(isAggregate(code) ? { aggregate: true } : {}),
          ...(short && label.startsWith(geo) ? { shortLabel: short + label.slice(geo.length) } : {}),
        });
      }
    }
  });

  const labelsOfView = viewLabels(data.dataset, chosen, data.transform);
  return {
    freq,
    periods: timeline.labels,
    ordinals: timeline.ordinals,
    series,
    unit: labelsOfView.unit,
    title: data.dataset.dataset_name,
    subtitle: labelsOfView.subtitle,
  };
}

/**
 * The table restricted to periods `start`…`end` (inclusive, clamped); series without values there are dropped,
 * unless `keepEmpty` (bar and table views show them as 'No data' or empty cells rather than lose them).
 */
export function sliceTable(
  table: ChartTable,
  start: number,
  end: number = table.periods.length - 1,
  options: { keepEmpty?: boolean } = {},
): ChartTable {
  const idx = pickRange(
    table.periods.map((_, i) => i),
    start,
    end,
  );
  const first = idx[0] ?? 0;
  const last = idx.length > 0 ? first + idx.length : 0;
  return {
    ...table,
    periods: table.periods.slice(first, last),
    ordinals: table.ordinals.slice(first, last),
    series: table.series
      .map((s) => ({ ...s, values: s.values.slice(first, last) }))
      .filter((s) => options.keepEmpty || s.values.some((v) => v !== null)),
  };
}

/** Every non-null value of the given series. */
export function allValues(series: readonly ChartSeries[]): number[] {
  return series.flatMap((s) => s.values.filter((v): v is number => v !== null));
}
