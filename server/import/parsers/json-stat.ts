// Parses JSON-stat from any publisher into ParsedFiles: 2.0 datasets, 2.0 collections with embedded datasets,
// and 1.x bundles ({"dataset": {...}} or {"name": {...}, …} with id, size and role inside `dimension`).
import { z } from 'zod';
import { codeLabel } from '#core/codelists';
import { geoName } from '#core/geo';
import { numberedPeriodFrequency, parsePeriod, SOURCE_PERIOD_SPELLINGS, type Period } from '#core/periods';
import {
  ImportError,
  wholeArea,
  type FileMetadata,
  type Observation,
  type ParsedDimension,
  type ParsedFile,
} from '../types';
import { ChunkGatherer, Observations } from '../observations';
import { inputText } from './input-text';
import { decimalsOf } from './number-text';

const noteSchema = z.union([z.string(), z.array(z.string())]).optional();

const categorySchema = z.object({
  index: z.union([z.array(z.string()), z.record(z.string(), z.number().int().nonnegative())]).optional(),
  label: z.record(z.string(), z.string()).optional(),
  unit: z
    .record(
      z.string(),
      z.object({ label: z.string().optional(), base: z.string().optional(), symbol: z.string().optional() }).loose(),
    )
    .optional(),
});

const roleSchema = z
  .object({
    time: z.array(z.string()).optional(),
    geo: z.array(z.string()).optional(),
    metric: z.array(z.string()).optional(),
  })
  .loose()
  .optional();

const datasetSchema = z.object({
  label: z.string().optional(),
  href: z.string().optional(),
  source: z.string().optional(),
  note: noteSchema,
  updated: z.string().optional(),
  id: z.array(z.string()).min(1),
  size: z.array(z.number().int().nonnegative()),
  role: roleSchema,
  dimension: z.record(z.string(), z.object({ label: z.string().optional(), category: categorySchema })),
  // JSON-stat allows text values; a number written as text ("4.0") keeps its published decimals.
  value: z.union([
    z.array(z.union([z.number(), z.string()]).nullable()),
    z.record(z.string(), z.union([z.number(), z.string()]).nullable()),
  ]),
  status: z.union([z.string(), z.array(z.string().nullable()), z.record(z.string(), z.string().nullable())]).optional(),
  extension: z.record(z.string(), z.unknown()).optional(),
});

type Dataset = z.infer<typeof datasetSchema>;
type Fail = (problem: string) => ImportError;
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses a file holding exactly one JSON-stat dataset; a collection or bundle of several is an error. */
export function parseJsonStat(fileName: string, input: string | Buffer): ParsedFile {
  const all = parseJsonStatAll(fileName, input);
  if (all.length !== 1) {
    throw new ImportError(fileName, null, `holds ${all.length} datasets; import the file to store each of them`);
  }
  return all[0]!;
}

/** Parses every dataset of a JSON-stat file: one for a dataset, each embedded one of a collection or 1.x bundle. */
export function parseJsonStatAll(fileName: string, input: string | Buffer): ParsedFile[] {
  const fail = (problem: string) => new ImportError(fileName, null, problem);
  let json: unknown;
  try {
    json = JSON.parse(inputText(input));
  } catch (error) {
    throw fail(`invalid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(json)) throw fail('expected a JSON-stat object, found a JSON array or value');
  return datasetsOf(fail, json).map(({ where, key, data }) => {
    const inner = (problem: string) => fail(where ? `${where}: ${problem}` : problem);
    return parseDataset(inner, data, key);
  });
}

interface Found {
  /** Where the dataset sits, for error messages ("dataset 2 of the collection", "bundle dataset \"x\""). */
  where: string;
  /** The bundle key, which names the dataset in 1.x bundles. */
  key: string | null;
  data: Json;
}

function datasetsOf(fail: Fail, json: Json): Found[] {
  const kind = json.class;
  if (kind === 'collection') {
    const items = isObject(json.link) && Array.isArray(json.link.item) ? json.link.item : [];
    const embedded = items.filter(
      (item): item is Json => isObject(item) && item.class === 'dataset' && 'value' in item,
    );
    if (embedded.length === 0) {
      const linked = items
        .filter(isObject)
        .map((item) => `${typeof item.label === 'string' ? item.label : '(no label)'} <${String(item.href ?? '')}>`);
      throw fail(
        `a JSON-stat collection without embedded datasets: it links to ${linked.length} dataset(s)${
          linked.length ? ` (${linked.join('; ')})` : ''
        }; download one of them and import that file`,
      );
    }
    return embedded.map((data, i) => ({
      where: embedded.length > 1 ? `dataset ${i + 1} of the collection` : '',
      key: null,
      data,
    }));
  }
  if (kind === 'dataset' || (kind === undefined && 'id' in json && 'value' in json)) {
    return [{ where: '', key: null, data: json }];
  }
  if (kind !== undefined) throw fail(`expected a JSON-stat dataset or collection, found class "${String(kind)}"`);
  // JSON-stat 1.x: a bundle of named datasets whose `dimension` holds id, size and role.
  const bundle = Object.entries(json).filter(([, v]) => isObject(v) && 'dimension' in v && 'value' in v);
  if (bundle.length === 0) {
    throw fail('not JSON-stat: expected a 2.0 dataset ("class": "dataset"), a collection or a 1.x bundle');
  }
  return bundle.map(([key, data]) => ({
    where: bundle.length > 1 ? `bundle dataset "${key}"` : '',
    key,
    data: fromVersion1(data as Json),
  }));
}

/** A 1.x dataset in the 2.0 shape: id, size and role move from `dimension` to the dataset. */
function fromVersion1(data: Json): Json {
  const dimension = isObject(data.dimension) ? data.dimension : {};
  const { id, size, role, ...dimensions } = dimension;
  return { ...data, id, size, role, dimension: dimensions };
}

function parseDataset(fail: Fail, json: Json, bundleKey: string | null): ParsedFile {
  const checked = datasetSchema.safeParse(json);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw fail(`not a JSON-stat 2.0 dataset: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  const data = checked.data;
  const { id, size } = data;
  if (size.length !== id.length) throw fail(`id lists ${id.length} dimensions but size has ${size.length}`);

  const codes = id.map((dimension, i) => categoryCodes(fail, data, dimension, size[i] ?? 0));
  const timeAt = findTime(fail, data);
  const geoAt = findGeo(data, codes);
  const freqAt = id.indexOf('freq');
  const timeId = id[timeAt] ?? '';
  const timeCodes = codes[timeAt] ?? [];
  // INE and ICANE number quarters (or months) within the year, 2005 - 1: the dimension says which (core/periods).
  const numbered = numberedPeriodFrequency(timeCodes, [data.dimension[timeId]?.label ?? '', timeId]);
  const periods = timeCodes.map((code): Period => {
    const period = parsePeriod(code, { numbered });
    if (!period) {
      throw fail(`unsupported period "${code}" in dimension ${timeId}: expected ${SOURCE_PERIOD_SPELLINGS}`);
    }
    return period;
  });

  // Row-major: the last dimension varies fastest.
  const strides = size.map(() => 1);
  for (let i = size.length - 2; i >= 0; i--) strides[i] = (strides[i + 1] ?? 1) * (size[i + 1] ?? 1);
  const total = (strides[0] ?? 1) * (size[0] ?? 1);
  const positionsWithNoData = data.extension?.['positions-with-no-data'];
  const noData = id.map((dimension) => {
    const list = isObject(positionsWithNoData) ? positionsWithNoData[dimension] : undefined;
    return new Set(Array.isArray(list) ? list : []);
  });
  const otherAt = id.flatMap((_, i) => (i === timeAt || i === geoAt || i === freqAt ? [] : [i]));

  const { value, status } = data;
  const rawAt = (i: number) => (Array.isArray(value) ? value[i] : value[String(i)]) ?? null;
  // A status string, or an array of one, qualifies every value; it does not turn every empty cell into one.
  const everyCell =
    typeof status === 'string'
      ? status
      : Array.isArray(status) && status.length === 1 && total > 1
        ? status[0]
        : undefined;
  const statusAt = (i: number, v: number | null): string | null => {
    if (everyCell !== undefined) return v === null ? null : (everyCell ?? null);
    if (typeof status === 'string') return null;
    return (Array.isArray(status) ? status[i] : status?.[String(i)]) ?? null;
  };

  const seriesDims = new Map<number, string[]>();
  const cellStatus = everyCell === undefined ? status : undefined;
  function* cells(): Generator<Observation[]> {
    const positions = id.map(() => 0);
    const chunks = new ChunkGatherer();
    for (const index of cellIndexes(fail, value, cellStatus, total)) {
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
      const [v, decimals] = readValue(fail, rawAt(index), index);
      const rawFlags = statusAt(index, v)?.trim() ?? '';
      // ':' only repeats that the cell is empty; any other status on an empty cell is worth keeping.
      const flags = rawFlags === '' || rawFlags === ':' ? null : rawFlags;
      if (v === null && flags === null) continue;

      const timePos = positions[timeAt] ?? 0;
      const geoPos = geoAt < 0 ? 0 : (positions[geoAt] ?? 0);
      const period = periods[timePos] as Period;
      const timeCode = codes[timeAt]?.[timePos] ?? '';
      if (freqAt >= 0) {
        const freq = codes[freqAt]?.[positions[freqAt] ?? 0];
        if (freq !== period.freq) throw fail(`freq "${freq}" does not match period "${timeCode}" (cell ${index})`);
      }
      const seriesKey = index - timePos * (strides[timeAt] ?? 1) - (geoAt < 0 ? 0 : geoPos * (strides[geoAt] ?? 1));
      let dims = seriesDims.get(seriesKey);
      if (!dims) {
        dims = otherAt.map((d) => codes[d]?.[positions[d] ?? 0] ?? '');
        seriesDims.set(seriesKey, dims);
      }
      const full = chunks.add({
        dims,
        freq: period.freq,
        geo: geoAt < 0 ? wholeArea.code : (codes[geoAt]?.[geoPos] ?? ''),
        period: period.ordinal,
        value: v,
        // JSON numbers drop trailing zeros (4.0 arrives as 4), so only a number written as text says its precision.
        decimals,
        flags,
      });
      if (full) yield full;
    }
    const rest = chunks.rest();
    if (rest) yield rest;
  }
  const observations = Observations.read(cells);

  const geoLabels = new Map<string, string>();
  if (geoAt < 0) geoLabels.set(wholeArea.code, wholeArea.name);
  else {
    const geoCategory = data.dimension[id[geoAt] ?? '']?.category;
    for (const code of codes[geoAt] ?? []) {
      const label = geoCategory?.label?.[code];
      if (label !== undefined) geoLabels.set(code, label);
    }
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
    code: datasetCode(data, bundleKey),
    name: data.label ?? null,
    lastUpdate: data.updated === undefined ? null : parseUpdated(fail, data.updated),
    dimensions,
    geoLabels,
    observations,
    meta: metadataOf(data),
  };
}

/** The time dimension: the first with role time, else the one called time. */
function findTime(fail: Fail, data: Dataset): number {
  const byRole = (data.role?.time ?? []).map((d) => data.id.indexOf(d)).find((at) => at >= 0);
  if (byRole !== undefined) return byRole;
  const byName = data.id.findIndex((d) => d.toLowerCase() === 'time' || d === 'TIME_PERIOD');
  if (byName >= 0) return byName;
  throw fail(`no time dimension: expected one with role "time" or id "time" (dimensions: ${data.id.join(', ')})`);
}

/**
 * The place: of the geo-role dimensions, the first whose codes include a known geo code, else the first;
 * without a geo role, the dimension called geo; else none (-1), and the data is for the whole area covered.
 */
function findGeo(data: Dataset, codes: string[][]): number {
  const candidates = (data.role?.geo ?? []).map((d) => data.id.indexOf(d)).filter((at) => at >= 0);
  const known = candidates.find((at) => (codes[at] ?? []).some((c) => geoName(c) !== undefined || codeLabel('geo', c)));
  if (known !== undefined) return known;
  if (candidates[0] !== undefined) return candidates[0];
  return data.id.findIndex((d) => d.toLowerCase() === 'geo');
}

function metadataOf(data: Dataset): FileMetadata {
  const notes = typeof data.note === 'string' ? [data.note] : (data.note ?? []);
  const metricId = data.role?.metric?.find((d) => data.id.includes(d)) ?? null;
  const unitId = metricId ?? (data.id.includes('unit') ? 'unit' : null);
  const units = new Map<string, string>();
  const category = unitId === null ? undefined : data.dimension[unitId]?.category;
  for (const [code, unit] of Object.entries(category?.unit ?? {})) {
    const label = unit.label ?? unit.base ?? unit.symbol;
    if (label) units.set(code, label);
  }
  const source = data.source?.trim() || null;
  return {
    description:
      notes
        .map((n) => n.trim())
        .filter(Boolean)
        .join('\n\n') || null,
    source: source === 'ESTAT' ? 'Eurostat' : source,
    sourceUrl: data.href && /^https?:\/\//.test(data.href) ? data.href : null,
    unitDimension: unitId,
    units,
    extension: data.extension ?? null,
  };
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

/** Text that publishers write in a cell for "no value" (Eurostat ':', PxWeb '..', others '-', 'x'). */
const MISSING_TEXT = new Set(['', ':', '.', '..', '...', '-', '\u2013', 'x', 'X', 'NA', 'n/a']);

/** A cell's value and published decimals: a JSON number, a number written as text, or a missing-value mark. */
function readValue(fail: Fail, raw: number | string | null, index: number): [number | null, number | null] {
  if (typeof raw === 'number' || raw === null) return [raw, null];
  const text = raw.trim();
  if (MISSING_TEXT.has(text)) return [null, null];
  const decimals = decimalsOf(text);
  if (decimals < 0) {
    throw fail(`value "${raw}" in cell ${index} is not a number (expected a number, a number as text or null)`);
  }
  return [Number(text), decimals];
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

/**
 * The current Eurostat API names the dataset in extension.id, the legacy service in extension.datasetId;
 * otherwise the last part of href (oecd.json → oecd), then the name of a 1.x bundle entry other than "dataset".
 */
function datasetCode(data: Dataset, bundleKey: string | null): string | null {
  const { id, datasetId } = data.extension ?? {};
  const fromExtension = typeof id === 'string' ? id : typeof datasetId === 'string' ? datasetId : null;
  if (fromExtension) return fromExtension.toLowerCase();
  const shaped = (text: string) => (/^[A-Za-z][A-Za-z0-9_]*$/.test(text) ? text.toLowerCase() : null);
  if (data.href) {
    try {
      const last = new URL(data.href).pathname.split('/').pop() ?? '';
      const code = shaped(last.replace(/\.json$/i, '').replace(/-/g, '_'));
      if (code) return code;
    } catch {
      // not a URL: fall through
    }
  }
  return bundleKey && bundleKey !== 'dataset' ? shaped(bundleKey) : null;
}

/**
 * ISO dates and date-times, read as UTC when they carry no offset; Eurostat writes offsets without a colon
 * (+0200), and some publishers a space instead of the T (2018-08-17 13:39:14).
 */
function parseUpdated(fail: Fail, text: string): Date {
  let iso = text.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:\d{2})?$/.exec(iso);
  if (m) iso = `${m[1]}T${m[2]}${m[3] ?? 'Z'}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) {
    throw fail(`invalid updated "${text}": expected an ISO 8601 date or date-time`);
  }
  return date;
}
