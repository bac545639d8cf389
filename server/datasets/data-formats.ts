// Serialises selected observations as CSV (RFC 4180) and JSON-stat 2.0.
import { formatPeriod, formatSourcePeriod, frequencySchema } from '../../core/periods';
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

/** CSV of the rows; transformed values (decision 034) get a last column naming the transformation. */
export function toCsv(meta: DatasetMeta, rows: readonly ObservationRow[], transform?: ViewTransform): string {
  const freq = frequencySchema.parse(meta.frequency);
  const header = ['dataset', ...meta.dimensions.map((d) => d.code), 'geo', 'geo_name', 'period', 'value', 'flags'];
  if (transform) header.push('transform');
  const lines = [header.map((h) => csvField(csvText(h))).join(',')];
  for (const r of rows) {
    const texts = [meta.dataset_code, ...r.dims, r.geo, r.geoName, formatPeriod(freq, r.period)].map(csvText);
    const fields = [...texts, publishedValue(r.value, r.decimals), csvText(r.flags ?? '')];
    if (transform) fields.push(csvText(transform.label));
    lines.push(fields.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

interface JsonStatDimension {
  label: string;
  category: { index: string[]; label: Record<string, string> };
}

/** A JSON-stat 2.0 dataset of exactly the selected cells (value dense, status sparse). */
export function toJsonStat(meta: DatasetMeta, rows: readonly ObservationRow[], transform?: ViewTransform) {
  const freq = frequencySchema.parse(meta.frequency);
  const usedDims = meta.dimensions.map((_, i) => new Set(rows.map((r) => r.dims[i]!)));
  const geos = new Map<string, string>();
  const periods = new Set<number>();
  for (const r of rows) {
    geos.set(r.geo, r.geoName);
    periods.add(r.period);
  }
  const dimension: Record<string, JsonStatDimension> = {};
  const ids: string[] = [];
  const indexes: Map<string, number>[] = [];
  for (const [i, d] of meta.dimensions.entries()) {
    const codes = d.values.map((v) => v.code).filter((c) => usedDims[i]!.has(c));
    ids.push(d.code);
    indexes.push(new Map(codes.map((c, k) => [c, k])));
    dimension[d.code] = {
      label: d.label,
      category: {
        index: codes,
        label: Object.fromEntries(d.values.filter((v) => usedDims[i]!.has(v.code)).map((v) => [v.code, v.label])),
      },
    };
  }
  const geoCodes = [...geos.keys()].sort();
  const times = [...periods].sort((a, b) => a - b);
  dimension.geo = {
    label: 'Geopolitical entity',
    category: { index: geoCodes, label: Object.fromEntries(geoCodes.map((g) => [g, geos.get(g)!])) },
  };
  dimension.time = {
    label: 'Time',
    category: {
      index: times.map((t) => formatSourcePeriod(freq, t)),
      label: Object.fromEntries(times.map((t) => [formatSourcePeriod(freq, t), formatPeriod(freq, t)])),
    },
  };
  const geoIndex = new Map(geoCodes.map((g, k) => [g, k]));
  const timeIndex = new Map(times.map((t, k) => [t, k]));
  const size = [...indexes.map((m) => m.size), geoCodes.length, times.length];
  const total = size.reduce((a, b) => a * b, 1);
  const value: (number | null)[] = new Array<number | null>(total).fill(null);
  const status: Record<string, string> = {};
  for (const r of rows) {
    const pos = [...r.dims.map((c, i) => indexes[i]!.get(c)!), geoIndex.get(r.geo)!, timeIndex.get(r.period)!];
    const flat = pos.reduce((acc, p, i) => acc * size[i]! + p, 0);
    value[flat] = r.value;
    if (r.flags) status[String(flat)] = r.flags;
  }
  return {
    version: '2.0' as const,
    class: 'dataset' as const,
    label: meta.dataset_name,
    source: meta.source_name,
    updated: meta.last_update ?? undefined,
    href: meta.source_url,
    id: [...ids, 'geo', 'time'],
    size,
    dimension,
    value,
    status,
    extension: { dataset_code: meta.dataset_code, unit: meta.unit, ...(transform ? { transform } : {}) },
  };
}
