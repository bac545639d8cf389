// Parses SDMX-CSV into a ParsedFile: 1.0 as Eurostat exports it (DATAFLOW header; codes, labels, or combined
// "CODE: Label" cells) and 2.0 (STRUCTURE, STRUCTURE_ID, ACTION header, SDMX 3.0), from any agency.
import { codeLabel, isCodelistDimension, labelToCode } from '#core/codelists';
import { frequencySchema, parsePeriod, SOURCE_PERIOD_SPELLINGS, type Period } from '#core/periods';
import { ImportError, wholeArea, type Observation, type ParsedFile } from '../types';
import { ChunkGatherer, Observations } from '../observations';
import { readCsv, type CsvRecord } from './csv-reader';
import { DimensionValues } from './dimension-values';
import { inputText } from './input-text';
import { decimalsOf } from './number-text';

/** Eurostat codes are upper-case letters, digits, '_', '-' and '.'; labels have spaces or lower case. */
const codeShape = /^[A-Z0-9][A-Z0-9_.-]*$/;
/** "A: Annual" (labels=both), also written "A:Annual": a code without spaces, a colon, the label. */
const combinedShape = /^([^\s:]+): ?(.*)$/;
const lastUpdateShape = /^(\d{2})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
/** AGENCY:ID(VERSION), each part but the id optional, then ": Name" with labels=both. */
const structureShape = /^(?:([A-Za-z0-9_.@-]+):)?([A-Za-z0-9_.@-]+)(?:\(([^)]*)\))?(?:: ?(.*))?$/;

/**
 * Columns that are not dimensions: the message's own columns, the measure, attributes by the SDMX
 * naming conventions (OBS_*, CONF_*, ATTR_*, COMMENT*, the cross-domain attributes) and custom columns.
 */
const ownColumns = new Set(['STRUCTURE', 'STRUCTURE_ID', 'STRUCTURE_NAME', 'ACTION', 'SERIES_KEY', 'OBS_KEY']);
const attributeShape =
  /^(OBS_|CONF_|ATTR_|COMMENT|TITLE|EMBARGO|PRE_BREAK|MEAS_)|^(UNIT_MULT|DECIMALS|COMPILATION|SOURCE_AGENCY|TIME_FORMAT|BASE_PER|REF_PERIOD_DETAIL|UPDATED|LAST UPDATE|DATAFLOW)$/;

interface Column {
  /** Position in the record. */
  at: number;
  /** Component id as the header names it, without a "[…]" multi-value marker or ": Name". */
  id: string;
  /** Component name, from "ID: Name" (labels=both) or the next column (labels=name). */
  label: string | null;
  /** With labels=name: the position of the column holding the names of this column's codes. */
  namesAt: number;
}

export interface SdmxCsvOptions {
  /** Code lists beyond the built-in ones (fetched from Eurostat and cached): code → label per dimension. */
  codelists?: Map<string, Map<string, string>>;
}

/** The field separator: a comma, or in 2.0 the character after STRUCTURE or STRUCTURE[…]. */
function separatorOf(text: string): string {
  return /^\uFEFF?"?STRUCTURE(?:\[[^\]]*\])?"?([,;\t|])/.exec(text)?.[1] ?? ',';
}

/** The code list a dimension column maps through: geo for geo and REF_AREA, else its id in lower case. */
function dimensionOf(column: Column): string {
  const id = column.id.toLowerCase();
  return id === 'ref_area' ? 'geo' : id;
}

/**
 * The dimensions of an SDMX-CSV file whose cells (in the first rows) are labels the built-in code lists
 * cannot map: the code lists worth fetching before parsing.
 */
export function labelDimensions(fileName: string, input: string | Buffer, sampleRows = 5000): string[] {
  const text = inputText(input);
  const records = readCsv(fileName, text, separatorOf(text));
  const first = records.next();
  if (first.done) return [];
  const columns = readHeader(first.value.fields);
  const named = new Set(columns.map((c) => c.namesAt).filter((at) => at >= 0));
  const dimensions = columns.filter(
    (c) =>
      !ownColumns.has(c.id) &&
      !attributeShape.test(c.id) &&
      !named.has(c.at) &&
      c.namesAt < 0 &&
      c.id !== 'TIME_PERIOD' &&
      c.id !== 'TIME',
  );
  const texts = dimensions.map(() => new Map<string, number>());
  let n = 0;
  for (const record of records) {
    if (n++ >= sampleRows) break;
    dimensions.forEach((c, i) => {
      const cell = (record.fields[c.at] ?? '').trim();
      if (cell !== '' && !texts[i]!.has(cell)) texts[i]!.set(cell, record.line);
    });
  }
  return dimensions
    .filter((c, i) => {
      const seen = texts[i]!;
      if (seen.size === 0 || combinedColumn(seen)) return false;
      const dimension = dimensionOf(c);
      const list = isCodelistDimension(dimension) ? dimension : null;
      const mapped = (t: string) => list !== null && labelToCode(list, t) !== null;
      const known = (t: string) => list !== null && codeLabel(list, t) !== null;
      const labels = [...seen.keys()].some((t) => !codeShape.test(t) || (!known(t) && mapped(t)));
      return labels && [...seen.keys()].some((t) => !mapped(t));
    })
    .map(dimensionOf);
}

/** One dimension column: how each distinct cell text maps to a code, and the label the file gives it. */
interface ColumnMapping {
  codes: Map<string, string>;
  labels: Map<string, string | null>;
}

/** Parses an SDMX-CSV file given as text or as (possibly gzip-compressed) bytes. */
export function parseSdmxCsv(fileName: string, input: string | Buffer, options: SdmxCsvOptions = {}): ParsedFile {
  const text = inputText(input);
  const separator = separatorOf(text);
  const records = readCsv(fileName, text, separator);
  const first = records.next();
  if (first.done) throw new ImportError(fileName, 1, 'empty file');
  const columns = readHeader(first.value.fields);
  const byId = (...ids: string[]) => columns.find((c) => ids.includes(c.id));
  const fail = (line: number, problem: string) => new ImportError(fileName, line, problem);

  // The measure: OBS_VALUE, or the one measure column of another name (MEAS_1 in the 2.0 examples).
  const measures = columns.filter((c) => /^(OBS_VALUE|MEAS_)/.test(c.id));
  const valueColumn = byId('OBS_VALUE') ?? (measures.length === 1 ? measures[0] : undefined);
  if (!valueColumn) {
    throw fail(
      1,
      measures.length > 1
        ? `${measures.length} measure columns (${measures.map((c) => c.id).join(', ')}): expected one, OBS_VALUE`
        : 'missing column OBS_VALUE',
    );
  }
  const namedColumns = new Set(columns.map((c) => c.namesAt).filter((at) => at >= 0));
  const meta = new FileMeta(fileName, byId('DATAFLOW', 'STRUCTURE_ID'), byId('STRUCTURE_NAME'), [
    byId('LAST UPDATE'),
    byId('UPDATED'),
  ]);
  const actionAt = byId('ACTION')?.at ?? -1;
  const width = first.value.fields.length;

  // First pass: check every record and find the columns that hold anything.
  const checked: CsvRecord[] = [];
  const filled = new Set<number>();
  for (const record of records) {
    if (record.fields.length !== width) {
      throw fail(record.line, `expected ${width} fields, found ${record.fields.length}`);
    }
    const action = actionAt < 0 ? '' : (record.fields[actionAt] ?? '').trim();
    if (action === 'D') throw fail(record.line, 'ACTION "D" (delete) is not supported: expected I, A or R');
    if (action !== '' && !['I', 'A', 'R'].includes(action)) {
      throw fail(record.line, `unknown ACTION "${action}": expected I, A or R`);
    }
    record.fields.forEach((f, at) => f.trim() !== '' && filled.add(at));
    checked.push(record);
  }
  // Dimensions: the columns that are neither the message's own, the measure, an attribute, a names column,
  // nor empty throughout (an attribute the DSD has but this file does not use).
  const candidates = columns.filter(
    (c) => !ownColumns.has(c.id) && !attributeShape.test(c.id) && !namedColumns.has(c.at) && filled.has(c.at),
  );
  const timeNamed = candidates.find((c) => c.id === 'TIME_PERIOD' || c.id === 'TIME');

  // Second pass: the observation rows, and every distinct text per dimension column.
  const rows: CsvRecord[] = [];
  const distinct = candidates.map(() => new Map<string, number>());
  for (const record of checked) {
    // Rows of attributes attached to partial keys leave dimensions and the value empty: no observation.
    const partialKey = candidates.some((c) => (record.fields[c.at] ?? '').trim() === '');
    if (partialKey && (record.fields[valueColumn.at] ?? '').trim() === '') continue;
    candidates.forEach((c, i) => {
      const seen = distinct[i];
      const cell = record.fields[c.at] ?? '';
      if (seen && !seen.has(cell)) seen.set(cell, record.line);
    });
    meta.read(record);
    rows.push(record);
  }

  // The time column: TIME_PERIOD, else the last dimension column all of whose cells are periods.
  const timeColumn =
    timeNamed ??
    candidates.findLast(
      (_, i) =>
        (distinct[i]?.size ?? 0) > 0 &&
        [...(distinct[i]?.keys() ?? [])].every((t) => parsePeriod(combinedShape.exec(t)?.[1] ?? t) !== null),
    );
  if (!timeColumn) throw fail(1, 'missing column TIME_PERIOD');
  const dimensionColumns = candidates.filter((c) => c !== timeColumn);
  const code = (c: Column) => c.id.toLowerCase();
  const geoColumn = dimensionColumns.find((c) => code(c) === 'geo' || code(c) === 'ref_area');
  const freqColumn = dimensionColumns.find((c) => code(c) === 'freq');
  const mappingOf = new Map<Column, ColumnMapping>();
  for (const c of dimensionColumns) {
    const dimension = c === geoColumn ? 'geo' : code(c);
    const texts = distinct[candidates.indexOf(c)] ?? new Map<string, number>();
    mappingOf.set(c, mapColumn(fileName, dimension, c.id, texts, rows, c, options.codelists?.get(dimension)));
  }
  const timeMapping = combinedColumn(distinct[candidates.indexOf(timeColumn)] ?? new Map());

  const flagAt = byId('OBS_FLAG')?.at ?? -1;
  const statusAt = byId('OBS_STATUS')?.at ?? -1;
  const confAt = byId('CONF_STATUS', 'OBS_CONF')?.at ?? -1;
  const decimalComma = separator === ';';
  const others = dimensionColumns
    .filter((c) => c !== geoColumn && c !== freqColumn)
    .map((c) => ({ column: c, mapping: mappingOf.get(c)! }));
  const values = new DimensionValues(
    others.map((o) => code(o.column)),
    others.map((o) => o.column.label),
  );
  const geoLabels = new Map<string, string>();
  if (!geoColumn) geoLabels.set(wholeArea.code, wholeArea.name);
  const geoMapping = geoColumn ? mappingOf.get(geoColumn) : undefined;
  const freqMapping = freqColumn ? mappingOf.get(freqColumn) : undefined;
  const periods = new Map<string, Period | null>();
  const seriesDims = new Map<string, string[]>();
  // Narrowed once for the generator below, which TypeScript checks as a closure.
  const [time, valueAt] = [timeColumn, valueColumn.at];
  /** Whether a walk of the rows has ended, its keys checked. */
  let keysChecked = false;
  function* observationRows(): Generator<Observation[]> {
    const chunks = new ChunkGatherer();
    // A key given on two rows would store two values for one cell: each (series, place) pair gets a number, and the
    // line of each pair's period is kept under pair × 2^23 + 2^22 + period (any period of years 0–9999, days
    // included, lies within ±2^22).
    // Checked on the first walk only (the summary's, before any database work): later walks read the same rows.
    const checkKeys = !keysChecked;
    const pairIds = new Map<string, number>();
    const lineOfKey = new Map<number, number>();
    for (const { fields, line } of rows) {
      const timeCell = fields[time.at] ?? '';
      const periodText = (timeMapping?.get(timeCell) ?? timeCell).trim();
      let period = periods.get(periodText);
      if (period === undefined) periods.set(periodText, (period = parsePeriod(periodText)));
      if (!period) {
        throw fail(
          line,
          `unsupported period "${periodText}" in column ${time.id}: expected ${SOURCE_PERIOD_SPELLINGS}`,
        );
      }

      const geoText = geoColumn ? (fields[geoColumn.at] ?? '') : '';
      const geo = geoColumn ? (geoMapping?.codes.get(geoText) ?? geoText) : wholeArea.code;
      if (geo === '') throw fail(line, `empty ${geoColumn?.id ?? 'geo'}: expected a geo code`);
      if (freqColumn) {
        const freq = freqMapping?.codes.get(fields[freqColumn.at] ?? '') ?? '';
        if (freq !== period.freq) throw fail(line, `freq "${freq}" does not match period "${periodText}"`);
      }

      let flags = flagAt >= 0 ? attributeCode(fields[flagAt]) : null;
      if (flags === null && statusAt >= 0) {
        // SDMX OBS_STATUS "A" is a normal value: no flag.
        const status = attributeCode(fields[statusAt]);
        flags = status === 'A' ? null : status;
      }
      const confidentiality = confAt < 0 ? null : attributeCode(fields[confAt]);
      // The TSV writes confidentiality as '@C' in the flags; spelling it the same keeps both formats' flags equal.
      // SDMX CONF_STATUS "F" means free for publication: no flag.
      if (confidentiality !== null && confidentiality !== 'F') flags = `${flags ?? ''}@${confidentiality}`;
      let valueText = (fields[valueAt] ?? '').trim();
      if (decimalComma && /^-?\d+,\d+$/.test(valueText)) valueText = valueText.replace(',', '.');
      const missing = valueText === '' || valueText === ':' || valueText === 'NaN';
      if (missing && flags === null) continue;
      let value: number | null = null;
      let decimals: number | null = null;
      if (!missing) {
        decimals = decimalsOf(valueText);
        if (decimals < 0) throw fail(line, `invalid value "${valueText}" for ${geo} ${periodText}`);
        value = Number(valueText);
      }

      const geoLabel = geoMapping?.labels.get(geoText);
      if (geoLabel) geoLabels.set(geo, geoLabel);
      const seriesKey = others.map((o) => fields[o.column.at] ?? '').join('\u0000');
      let dims = seriesDims.get(seriesKey);
      if (!dims) {
        dims = others.map((o, j) => {
          const cell = fields[o.column.at] ?? '';
          const dimCode = o.mapping.codes.get(cell) ?? cell;
          values.add(j, dimCode, o.mapping.labels.get(cell) ?? null);
          return dimCode;
        });
        seriesDims.set(seriesKey, dims);
      }
      if (checkKeys) {
        const pair = `${period.freq}\u0000${seriesKey}\u0000${geo}`;
        let pairId = pairIds.get(pair);
        if (pairId === undefined) pairIds.set(pair, (pairId = pairIds.size));
        const key = pairId * 2 ** 23 + 2 ** 22 + period.ordinal;
        const earlier = lineOfKey.get(key);
        if (earlier !== undefined) {
          const series = [period.freq, ...dims].join(',');
          throw fail(
            line,
            `${geo} ${periodText} of series ${series} repeats line ${earlier}: each series, place and period has one row`,
          );
        }
        lineOfKey.set(key, line);
      }
      const full = chunks.add({ dims, freq: period.freq, geo, period: period.ordinal, value, decimals, flags });
      if (full) yield full;
    }
    const rest = chunks.rest();
    if (rest) yield rest;
    keysChecked = true;
  }
  const observations = Observations.read(observationRows);

  const dimensions = values.toParsed();
  const unitDimension = dimensions.find((d) => d.code === 'unit' || d.code === 'unit_measure');
  const units = new Map<string, string>();
  for (const v of unitDimension?.values ?? []) if (v.label) units.set(v.code, v.label);
  return {
    format: 'sdmx-csv',
    code: meta.code,
    name: meta.name,
    lastUpdate: meta.lastUpdate,
    dimensions,
    geoLabels,
    observations,
    meta: {
      description: null,
      source: meta.agency === 'ESTAT' ? 'Eurostat' : meta.agency,
      sourceUrl: null,
      unitDimension: unitDimension?.code ?? null,
      units,
      extension: null,
    },
  };
}

/** Header cells: "ID", "ID: Name" (labels=both), "ID[]" (multi-valued); with STRUCTURE_NAME, name columns follow. */
function readHeader(fields: string[]): Column[] {
  const columns: Column[] = fields.map((raw, at) => {
    const text = raw.replace(/^\uFEFF/, '').trim();
    const both = combinedShape.exec(text);
    const [id, label] = both && !text.startsWith('LAST UPDATE') ? [both[1] ?? '', both[2] ?? null] : [text, null];
    return { at, id: id.replace(/\[[^\]]*\]$/, ''), label, namesAt: -1 };
  });
  // labels=name: each component column is followed by a column of names. With STRUCTURE_NAME every one is;
  // without it (Eurostat writes "freq,Time frequency,…"), a header with a space, which an SDMX id cannot have.
  const byStructureName = columns.some((c) => c.id === 'STRUCTURE_NAME');
  const result: Column[] = [];
  for (let i = 0; i < columns.length; i++) {
    const c = columns[i]!;
    result.push(c);
    if (ownColumns.has(c.id) || c.id === 'DATAFLOW' || c.id === 'LAST UPDATE') continue;
    const names = columns[i + 1];
    if (names && (byStructureName || (/\s/.test(names.id) && names.id !== 'LAST UPDATE'))) {
      c.label = names.id;
      c.namesAt = names.at;
      result.push({ ...names, id: `${c.id} (names)` });
      i++;
    }
  }
  return result;
}

/** An attribute cell's code: "p" from "p", or from "p: provisional" (labels=both); null when empty. */
function attributeCode(cell: string | undefined): string | null {
  const text = (cell ?? '').trim();
  if (text === '') return null;
  return combinedShape.exec(text)?.[1] ?? text;
}

/** When every text of a column is "CODE: Label", the code of each; otherwise null. */
function combinedColumn(texts: Map<string, number>): Map<string, string> | null {
  const codes = new Map<string, string>();
  for (const text of texts.keys()) {
    const m = combinedShape.exec(text.trim());
    if (!m?.[1] || (m[2] ?? '') === '') return null;
    codes.set(text, m[1]);
  }
  return codes.size > 0 ? codes : null;
}

/**
 * How a dimension column's texts map to codes:
 * - "CODE: Label" cells (labels=both) give both;
 * - with labels=name, the code column is read as codes and the names column gives the labels;
 * - a column holds labels when any text cannot be a code, or is a known label but not a known code; then
 *   every text maps through the dimension's built-in code list, and a label the list lacks is an error;
 * - labels of a dimension without a built-in list get codes derived from the label (decision 051);
 * - otherwise the texts are codes, including codes no list knows (NUTS regions stay codes).
 */
function mapColumn(
  fileName: string,
  dimension: string,
  header: string,
  texts: Map<string, number>,
  rows: CsvRecord[],
  column: Column,
  fetched: Map<string, string> | undefined,
): ColumnMapping {
  const codes = new Map<string, string>();
  const labels = new Map<string, string | null>();
  const checkFreq = (text: string, freq: string, line: number) => {
    if (dimension === 'freq' && !frequencySchema.safeParse(freq).success) {
      throw new ImportError(fileName, line, `unsupported frequency "${text}" in column ${header}`);
    }
  };
  const combined = combinedColumn(texts);
  if (combined) {
    for (const [text, line] of texts) {
      const code = combined.get(text)!;
      checkFreq(text, code, line);
      codes.set(text, code);
      labels.set(text, combinedShape.exec(text.trim())?.[2] ?? null);
    }
    return { codes, labels };
  }
  if (column.namesAt >= 0) {
    for (const record of rows) {
      const text = record.fields[column.at] ?? '';
      if (codes.has(text)) continue;
      checkFreq(text, text, record.line);
      codes.set(text, text);
      labels.set(text, (record.fields[column.namesAt] ?? '').trim() || null);
    }
    return { codes, labels };
  }
  const list = isCodelistDimension(dimension) ? dimension : null;
  const fetchedCodes = new Map<string, string>();
  for (const [code, label] of fetched ?? []) fetchedCodes.set(foldLabel(label), code);
  const toCode = (text: string) => (list ? labelToCode(list, text) : null) ?? fetchedCodes.get(foldLabel(text)) ?? null;
  const isKnownCode = (text: string) =>
    (list !== null && codeLabel(list, text) !== null) || (fetched?.has(text) ?? false);
  const holdsLabels = [...texts.keys()].some(
    (text) => !codeShape.test(text) || (!isKnownCode(text) && toCode(text) !== null),
  );
  const derived = new Set<string>();
  for (const [text, line] of texts) {
    let code: string | null = holdsLabels ? toCode(text) : text;
    if (code === null && holdsLabels && !list) code = derivedCode(text, derived);
    if (code === null || code === '') {
      throw new ImportError(fileName, line, `unknown ${dimension} label "${text}" in column ${header}`);
    }
    checkFreq(text, code, line);
    codes.set(text, code);
    labels.set(text, holdsLabels ? text : null);
  }
  return { codes, labels };
}

/** Labels compared as core/codelists compares them: case, dash style and runs of spaces do not matter. */
function foldLabel(label: string): string {
  return label
    .normalize('NFC')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** A code for a label without one: upper case, runs of other characters as "_" ("Production (volume)" → PRODUCTION_VOLUME). */
function derivedCode(label: string, taken: Set<string>): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'X';
  let code = base;
  for (let n = 2; taken.has(code); n++) code = `${base}_${n}`;
  taken.add(code);
  return code;
}

/** Dataset code, name, agency and release time from the structure and update columns, checked on every row. */
class FileMeta {
  code: string | null = null;
  name: string | null = null;
  agency: string | null = null;
  lastUpdate: Date | null = null;
  private structure: string | null = null;
  private readonly seenDates = new Set<string>();

  constructor(
    private readonly fileName: string,
    private readonly structureColumn: Column | undefined,
    private readonly nameColumn: Column | undefined,
    private readonly dateColumns: (Column | undefined)[],
  ) {}

  read({ fields, line }: CsvRecord): void {
    const structure = this.structureColumn ? (fields[this.structureColumn.at] ?? '').trim() : null;
    const header = this.structureColumn?.id ?? 'DATAFLOW';
    if (structure !== null && structure !== this.structure) {
      if (this.structure !== null) {
        throw new ImportError(this.fileName, line, `${header} "${structure}" differs from "${this.structure}" above`);
      }
      const match = structureShape.exec(structure);
      if (!match?.[2]) throw new ImportError(this.fileName, line, `invalid ${header} "${structure}"`);
      this.structure = structure;
      this.code = match[2].toLowerCase().replace(/[^a-z0-9_]+/g, '_');
      this.agency = match[1] ?? null;
      this.name = match[4]?.trim() || null;
    }
    if (this.nameColumn) this.name = (fields[this.nameColumn.at] ?? '').trim() || this.name;
    for (const column of this.dateColumns) {
      if (!column) continue;
      const text = (fields[column.at] ?? '').trim();
      if (text === '' || this.seenDates.has(text)) continue;
      this.seenDates.add(text);
      const date = column.id === 'LAST UPDATE' ? parseLastUpdate(text) : parseIsoTime(text);
      if (!date) {
        const expected = column.id === 'LAST UPDATE' ? 'dd/mm/yy HH:MM:SS' : 'an ISO 8601 date-time';
        throw new ImportError(this.fileName, line, `invalid ${column.id} "${text}": expected ${expected}`);
      }
      if (!this.lastUpdate || date > this.lastUpdate) this.lastUpdate = date;
    }
  }
}

/** `dd/mm/yy HH:MM:SS`, read as UTC; two-digit years are 20yy (the format postdates 2000). */
function parseLastUpdate(text: string): Date | null {
  const m = lastUpdateShape.exec(text);
  if (!m) return null;
  const [day = 0, month = 0, year = 0, hour = 0, minute = 0, second = 0] = m.slice(1).map(Number);
  const date = new Date(Date.UTC(2000 + year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 31/02 over into March; a date that does not round-trip was not a real one.
  const valid =
    date.getUTCDate() === day && date.getUTCMonth() === month - 1 && hour < 24 && minute < 60 && second < 60;
  return valid ? date : null;
}

/** An ISO 8601 date-time with an offset or Z (UPDATED, a custom column of the SDMX-CSV 2.0 examples). */
function parseIsoTime(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return null;
  const date = new Date(text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? null : date;
}
