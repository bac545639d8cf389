// Serialises selected observations as CSV (RFC 4180) and JSON-stat 2.0.
import { describeFlags } from '../../core/flags';
import {
  FREQUENCY_LABEL,
  formatPeriod,
  formatSourcePeriod,
  frequencySchema,
  parsePeriod,
  type Frequency,
} from '../../core/periods';
import type { DatasetMeta, ViewTransform } from '../../core/schemas/dataset';
import type { ObservationRow } from '../../db/queries/observations';

/** The value as published: 13.0 stays 13.0. */
export function publishedValue(value: number | null, decimals: number | null): string {
  if (value === null) return '';
  return decimals === null ? String(value) : value.toFixed(decimals);
}

/** An RFC 4180 field: quoted when it holds a quote, a comma or a line break. Text cells pass csvText first. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A text cell (code, label, flag) that a spreadsheet would run as a formula: one starting with =, +, -, @, a tab or a
 * carriage return gets a leading apostrophe (OWASP's advice on CSV injection). Values are numbers and never pass here,
 * so -1.5 stays -1.5; JSON and JSON-stat keep every text exactly.
 */
export function csvText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * What a chart's CSV export says about itself (decision 200), as the PNG and SVG exports print it under the chart: one
 * line each before the header, starting with `#` (programs skip them as comments: pandas `comment='#'`, R
 * `comment.char='#'`), a key and its value in two cells.
 */
export interface CsvAbout {
  title: string;
  /** The selected dimension values and the unit (the image's subtitle). */
  subtitle?: string;
  /** `Eurostat ({dataset code})` and the source's address. */
  source: string;
  licence: string;
  /** The view's page on this site. */
  view?: string;
}

function csvPreamble(about: CsvAbout): string[] {
  const pairs: [string, string | undefined][] = [
    ['title', about.title],
    ['subtitle', about.subtitle],
    ['source', about.source],
    ['licence', about.licence],
    ['view', about.view],
  ];
  return pairs.flatMap(([key, value]) => (value ? [`# ${key},${csvField(csvText(value))}`] : []));
}

/**
 * CSV of the rows: each period as the API writes it (`period`, `M/YYYY`) and beside it in ISO 8601 (`period_iso`,
 * `2020-01`, `2020-Q1`, `2020`), which a spreadsheet does not take for a day; transformed values (decision 034) get a
 * last column naming the transformation. With `about`, the lines that say what the file is come first.
 */
export function toCsv(
  meta: DatasetMeta,
  rows: readonly ObservationRow[],
  transform?: ViewTransform,
  about?: CsvAbout,
): string {
  const freq = frequencySchema.parse(meta.frequency);
  const header = [
    'dataset',
    ...meta.dimensions.map((d) => d.code),
    'geo',
    'geo_name',
    'period',
    'period_iso',
    'value',
    'flags',
  ];
  if (transform) header.push('transform');
  const lines = [...(about ? csvPreamble(about) : []), header.map((h) => csvField(csvText(h))).join(',')];
  for (const r of rows) {
    const period = [formatPeriod(freq, r.period), formatSourcePeriod(freq, r.period)];
    const texts = [meta.dataset_code, ...r.dims, r.geo, r.geoName, ...period].map(csvText);
    const fields = [...texts, publishedValue(r.value, r.decimals), csvText(r.flags ?? '')];
    if (transform) fields.push(csvText(transform.label));
    lines.push(fields.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** How a JSON-stat answer lays out its cells: ours, or as Eurostat's Statistics API writes them (decision 202). */
export type JsonStatLayout = 'dense' | 'eurostat';

export interface JsonStatOptions {
  transform?: ViewTransform;
  /**
   * `dense` (the data API's `format=jsonstat`): `value` an array of every cell, `category.index` arrays, periods
   * labelled for people. `eurostat` (`/api/statistics/1.0/data`): Eurostat's `freq` dimension first, `value` an object
   * of the cells with a value keyed by flat index, `category.index` objects, periods labelled by their codes.
   */
  layout?: JsonStatLayout;
}

interface JsonStatDimension {
  label: string;
  category: {
    index: string[] | Record<string, number>;
    label: Record<string, string>;
    /** The metric dimension's categories: the unit each names. */
    unit?: Record<string, { label: string }>;
  };
}

/** A JSON-stat 2.0 dataset as we serve it. */
export interface JsonStatDataset {
  version: '2.0';
  class: 'dataset';
  label: string;
  source: string;
  /** The source's release time; absent when the source gave none (the import's time is no release, decision 208). */
  updated?: string;
  href?: string;
  id: string[];
  size: number[];
  role: { time: string[]; geo: string[]; metric?: string[] };
  dimension: Record<string, JsonStatDimension>;
  value: (number | null)[] | Record<string, number>;
  status: Record<string, string>;
  extension: Record<string, unknown>;
}

/**
 * The dimension whose categories are units of measure (JSON-stat's `metric` role): Eurostat's concept `unit`, in every
 * dataset that has it.
 */
const METRIC_DIMENSION = 'unit';

/**
 * Codes in the order a JSON object keeps them as keys: integer-like codes first, ascending (JavaScript orders them so
 * whatever the insertion order), then the others as given. Eurostat's layout puts its categories in this order so that
 * the order of `category.label` is the order of `category.index`: R's eurostat package reads the labels' order.
 */
function inKeyOrder(codes: string[]): string[] {
  const integer = (c: string) => /^(0|[1-9]\d{0,8})$/.test(c);
  return [...codes.filter(integer).sort((a, b) => Number(a) - Number(b)), ...codes.filter((c) => !integer(c))];
}

/** A period of the dataset in the source spelling (2025-05), or undefined. */
function sourcePeriodOf(freq: Frequency, display: string | null): string | undefined {
  const p = display ? parsePeriod(display) : null;
  return p && p.freq === freq ? formatSourcePeriod(freq, p.ordinal) : undefined;
}

/**
 * A JSON-stat 2.0 dataset of exactly the selected cells, with `role` (time, geo, and metric where the dataset has a
 * unit dimension), `updated` (the source's release; absent when it gave none) and the meaning of each status in
 * `extension.status.label`, as Eurostat writes them; `status` is sparse in both layouts.
 */
export function toJsonStat(
  meta: DatasetMeta,
  rows: readonly ObservationRow[],
  options: JsonStatOptions,
): JsonStatDataset {
  const eurostat = options.layout === 'eurostat';
  const order = (codes: string[]) => (eurostat ? inKeyOrder(codes) : codes);
  const freq = frequencySchema.parse(meta.frequency);
  const usedDims = meta.dimensions.map((_, i) => new Set(rows.map((r) => r.dims[i]!)));
  const geos = new Map<string, string>();
  const periods = new Set<number>();
  for (const r of rows) {
    geos.set(r.geo, r.geoName);
    periods.add(r.period);
  }
  const indexOf = (codes: string[]) => (eurostat ? Object.fromEntries(codes.map((c, k) => [c, k])) : codes);
  const dimension: Record<string, JsonStatDimension> = {};
  const ids: string[] = [];
  const indexes: Map<string, number>[] = [];
  if (eurostat) {
    ids.push('freq');
    indexes.push(new Map([[freq, 0]]));
    dimension.freq = {
      label: 'Time frequency',
      category: { index: { [freq]: 0 }, label: { [freq]: FREQUENCY_LABEL[freq] } },
    };
  }
  for (const [i, d] of meta.dimensions.entries()) {
    const used = d.values.filter((v) => usedDims[i]!.has(v.code));
    const labels = new Map(used.map((v) => [v.code, v.label]));
    const codes = order(used.map((v) => v.code));
    ids.push(d.code);
    indexes.push(new Map(codes.map((c, k) => [c, k])));
    const label = Object.fromEntries(codes.map((c) => [c, labels.get(c)!]));
    dimension[d.code] = { label: d.label, category: { index: indexOf(codes), label } };
    if (d.code === METRIC_DIMENSION) {
      dimension[d.code]!.category.unit = Object.fromEntries(codes.map((c) => [c, { label: labels.get(c)! }]));
    }
  }
  const geoCodes = order([...geos.keys()].sort());
  const times = [...periods].sort((a, b) => a - b);
  const timeCodes = times.map((t) => formatSourcePeriod(freq, t));
  dimension.geo = {
    label: 'Geopolitical entity',
    category: { index: indexOf(geoCodes), label: Object.fromEntries(geoCodes.map((g) => [g, geos.get(g)!])) },
  };
  dimension.time = {
    label: 'Time',
    category: {
      index: indexOf(timeCodes),
      label: Object.fromEntries(times.map((t, k) => [timeCodes[k]!, eurostat ? timeCodes[k]! : formatPeriod(freq, t)])),
    },
  };
  const geoIndex = new Map(geoCodes.map((g, k) => [g, k]));
  const timeIndex = new Map(times.map((t, k) => [t, k]));
  const size = [...indexes.map((m) => m.size), geoCodes.length, times.length];
  const total = size.reduce((a, b) => a * b, 1);
  const dense: (number | null)[] = eurostat ? [] : new Array<number | null>(total).fill(null);
  const sparse: Record<string, number> = {};
  const status: Record<string, string> = {};
  const lead = eurostat ? [0] : [];
  for (const r of rows) {
    const dims = r.dims.map((c, i) => indexes[i + lead.length]!.get(c)!);
    const pos = [...lead, ...dims, geoIndex.get(r.geo)!, timeIndex.get(r.period)!];
    const flat = pos.reduce((acc, p, i) => acc * size[i]! + p, 0);
    if (eurostat) {
      if (r.value !== null) sparse[String(flat)] = r.value;
    } else dense[flat] = r.value;
    if (r.flags) status[String(flat)] = r.flags;
  }
  const updated = meta.last_update_from === 'source' ? (meta.last_update ?? undefined) : undefined;
  const statusLabels = Object.fromEntries([...new Set(Object.values(status))].sort().map((f) => [f, describeFlags(f)]));
  const oldest = sourcePeriodOf(freq, meta.oldest_period);
  const latest = sourcePeriodOf(freq, meta.latest_period);
  // Eurostat's annotations of the same names: when the data changed, the dataset's first and last period, its source.
  const annotation = [
    ...(updated ? [{ type: 'UPDATE_DATA', date: updated }] : []),
    ...(oldest ? [{ type: 'OBS_PERIOD_OVERALL_OLDEST', title: oldest }] : []),
    ...(latest ? [{ type: 'OBS_PERIOD_OVERALL_LATEST', title: latest }] : []),
    { type: 'SOURCE_INSTITUTIONS', text: meta.source_name },
  ];
  return {
    version: '2.0',
    class: 'dataset',
    label: meta.dataset_name,
    source: meta.source_name,
    updated,
    href: meta.source_url || undefined,
    id: [...ids, 'geo', 'time'],
    size,
    role: {
      time: ['time'],
      geo: ['geo'],
      ...(meta.dimensions.some((d) => d.code === METRIC_DIMENSION) ? { metric: [METRIC_DIMENSION] } : {}),
    },
    dimension,
    value: eurostat ? sparse : dense,
    status,
    extension: {
      // Eurostat's own fields (its Statistics API's, and the legacy service's datasetId and status labels) …
      lang: 'EN',
      id: meta.dataset_code.toUpperCase(),
      datasetId: meta.dataset_code,
      status: { label: statusLabels },
      annotation,
      // … and ours.
      dataset_code: meta.dataset_code,
      unit: meta.unit,
      ...(options.transform ? { transform: options.transform } : {}),
    },
  };
}
