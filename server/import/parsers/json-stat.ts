// Parses a JSON-stat 2.0 dataset (Eurostat Statistics API and the legacy JSON web service) into a ParsedFile.
import { z } from 'zod';
import { parsePeriod, type Period } from '../../../core/periods';
import { ImportError, type Observation, type ParsedDimension, type ParsedFile } from '../types';
import { inputText } from './input-text';

const categorySchema = z.object({
  index: z.union([z.array(z.string()), z.record(z.string(), z.number().int().nonnegative())]).optional(),
  label: z.record(z.string(), z.string()).optional(),
});

const datasetSchema = z.object({
  label: z.string().optional(),
  href: z.string().optional(),
  updated: z.string().optional(),
  id: z.array(z.string()).min(1),
  size: z.array(z.number().int().nonnegative()),
  dimension: z.record(z.string(), z.object({ label: z.string().optional(), category: categorySchema })),
  value: z.union([z.array(z.number().nullable()), z.record(z.string(), z.number().nullable())]),
  status: z.union([z.string(), z.array(z.string().nullable()), z.record(z.string(), z.string().nullable())]).optional(),
  extension: z
    .object({
      id: z.string().optional(),
      datasetId: z.string().optional(),
      'positions-with-no-data': z.record(z.string(), z.array(z.number().int())).optional(),
    })
    .optional(),
});

type Dataset = z.infer<typeof datasetSchema>;

/** Parses a JSON-stat 2.0 dataset given as text or as (possibly gzip-compressed) bytes. */
export function parseJsonStat(fileName: string, input: string | Buffer): ParsedFile {
  const fail = (problem: string) => new ImportError(fileName, null, problem);
  let json: unknown;
  try {
    json = JSON.parse(inputText(input));
  } catch (error) {
    throw fail(`invalid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const kind = typeof json === 'object' && json !== null && 'class' in json ? json.class : undefined;
  if (kind !== undefined && kind !== 'dataset')
    throw fail(`expected a JSON-stat dataset, found class "${String(kind)}"`);
  const checked = datasetSchema.safeParse(json);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw fail(`not a JSON-stat 2.0 dataset: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  const data = checked.data;
  const { id, size } = data;
  if (size.length !== id.length) throw fail(`id lists ${id.length} dimensions but size has ${size.length}`);

  const codes = id.map((dimension, i) => categoryCodes(fail, data, dimension, size[i] ?? 0));
  const timeAt = requireDimension(fail, id, 'time');
  const geoAt = requireDimension(fail, id, 'geo');
  const freqAt = id.indexOf('freq');
  const periods = (codes[timeAt] ?? []).map((code): Period => {
    const period = parsePeriod(code);
    if (!period) throw fail(`unsupported period "${code}" in dimension time`);
    return period;
  });

  // Row-major: the last dimension varies fastest.
  const strides = size.map(() => 1);
  for (let i = size.length - 2; i >= 0; i--) strides[i] = (strides[i + 1] ?? 1) * (size[i + 1] ?? 1);
  const total = (strides[0] ?? 1) * (size[0] ?? 1);
  const noData = id.map((dimension) => new Set(data.extension?.['positions-with-no-data']?.[dimension] ?? []));
  const otherAt = id.flatMap((dimension, i) =>
    dimension === 'time' || dimension === 'geo' || dimension === 'freq' ? [] : [i],
  );

  const { value, status } = data;
  const valueAt = (i: number) => (Array.isArray(value) ? value[i] : value[String(i)]) ?? null;
  const statusAt = (i: number): string | null => {
    // One string for the whole dataset qualifies the values it has; it does not turn every empty cell into one.
    if (typeof status === 'string') return valueAt(i) === null ? null : status;
    return (Array.isArray(status) ? status[i] : status?.[String(i)]) ?? null;
  };

  const seriesDims = new Map<number, string[]>();
  const positions = id.map(() => 0);
  const observations: Observation[] = [];
  for (const index of cellIndexes(fail, value, status, total)) {
    let rest = index;
    let skip = false;
    for (let d = 0; d < id.length; d++) {
      const stride = strides[d] ?? 1;
      const position = Math.floor(rest / stride);
      rest -= position * stride;
      positions[d] = position;
      if (noData[d]?.has(position)) skip = true;
    }
    if (skip) continue;
    const v = valueAt(index);
    const rawFlags = statusAt(index)?.trim() ?? '';
    // ':' only repeats that the cell is empty; any other status on an empty cell is worth keeping.
    const flags = rawFlags === '' || rawFlags === ':' ? null : rawFlags;
    if (v === null && flags === null) continue;

    const timePos = positions[timeAt] ?? 0;
    const geoPos = positions[geoAt] ?? 0;
    const period = periods[timePos] as Period;
    const timeCode = codes[timeAt]?.[timePos] ?? '';
    if (freqAt >= 0) {
      const freq = codes[freqAt]?.[positions[freqAt] ?? 0];
      if (freq !== period.freq) throw fail(`freq "${freq}" does not match period "${timeCode}" (cell ${index})`);
    }
    const seriesKey = index - timePos * (strides[timeAt] ?? 1) - geoPos * (strides[geoAt] ?? 1);
    let dims = seriesDims.get(seriesKey);
    if (!dims) {
      dims = otherAt.map((d) => codes[d]?.[positions[d] ?? 0] ?? '');
      seriesDims.set(seriesKey, dims);
    }
    observations.push({
      dims,
      freq: period.freq,
      geo: codes[geoAt]?.[geoPos] ?? '',
      period: period.ordinal,
      value: v,
      // JSON numbers drop trailing zeros (4.0 arrives as 4), so the published precision is not in the file.
      decimals: null,
      flags,
    });
  }

  const geoLabels = new Map<string, string>();
  const geoCategory = data.dimension.geo?.category;
  for (const code of codes[geoAt] ?? []) {
    const label = geoCategory?.label?.[code];
    if (label !== undefined) geoLabels.set(code, label);
  }
  const dimensions = otherAt.map((d): ParsedDimension => {
    const dimension = data.dimension[id[d] ?? ''];
    return {
      code: id[d] ?? '',
      label: dimension?.label ?? null,
      values: (codes[d] ?? []).map((code) => ({ code, label: dimension?.category.label?.[code] ?? null })),
    };
  });

  return {
    format: 'json-stat',
    code: datasetCode(data),
    name: data.label ?? null,
    lastUpdate: data.updated === undefined ? null : parseUpdated(fail, data.updated),
    dimensions,
    geoLabels,
    observations,
  };
}

type Fail = (problem: string) => ImportError;

function requireDimension(fail: Fail, id: string[], dimension: string): number {
  const at = id.indexOf(dimension);
  if (at < 0) throw fail(`dimension "${dimension}" is missing (dimensions: ${id.join(', ')})`);
  return at;
}

/** Category codes in index order; `index` may be an array, an object of positions, or absent for one category. */
function categoryCodes(fail: Fail, data: Dataset, dimension: string, size: number): string[] {
  const category = data.dimension[dimension]?.category;
  if (!category) throw fail(`dimension "${dimension}" is listed in id but not described`);
  const { index, label } = category;
  let codes: string[];
  if (Array.isArray(index)) codes = index;
  else if (index) {
    codes = [];
    for (const [code, position] of Object.entries(index)) {
      if (position >= size || codes[position] !== undefined) {
        throw fail(`dimension "${dimension}": bad index ${position} for category "${code}"`);
      }
      codes[position] = code;
    }
  } else codes = Object.keys(label ?? {});
  if (codes.length !== size || codes.includes('')) {
    throw fail(`dimension "${dimension}" has ${codes.length} categories but size ${size}`);
  }
  return codes;
}

/** Flat indexes of the cells that have a value or a status, ascending. */
function cellIndexes(fail: Fail, value: Dataset['value'], status: Dataset['status'], total: number): number[] {
  if (Array.isArray(value) && value.length !== total) throw fail(`value has ${value.length} cells, expected ${total}`);
  const indexes = new Set<number>();
  const addKeys = (keys: Iterable<string>, what: string) => {
    for (const key of keys) {
      const index = Number(key);
      if (!Number.isInteger(index) || index < 0 || index >= total || String(index) !== key) {
        throw fail(`${what} key "${key}" is not a cell index below ${total}`);
      }
      indexes.add(index);
    }
  };
  if (Array.isArray(value)) value.forEach((v, i) => v !== null && indexes.add(i));
  else addKeys(Object.keys(value), 'value');
  if (Array.isArray(status)) status.forEach((s, i) => s !== null && i < total && indexes.add(i));
  else if (status && typeof status === 'object') addKeys(Object.keys(status), 'status');
  return [...indexes].sort((a, b) => a - b);
}

/** The current API names the dataset in extension.id, the legacy service in extension.datasetId and its href. */
function datasetCode(data: Dataset): string | null {
  const fromExtension = data.extension?.id ?? data.extension?.datasetId;
  if (fromExtension) return fromExtension.toLowerCase();
  if (!data.href) return null;
  try {
    const last = new URL(data.href).pathname.split('/').pop() ?? '';
    return /^[A-Za-z0-9_]+$/.test(last) ? last.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** ISO dates and date-times; Eurostat writes offsets without a colon (+0200), which not every engine reads. */
function parseUpdated(fail: Fail, text: string): Date {
  const date = new Date(text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isNaN(date.getTime())) throw fail(`invalid updated "${text}"`);
  return date;
}
