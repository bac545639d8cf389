// Parses SDMX-CSV 1.0 as Eurostat exports it (codes variant or English-labels variant) into a ParsedFile.
import { codeLabel, isCodelistDimension, labelToCode } from '../../../core/codelists';
import { frequencySchema, parsePeriod, type Period } from '../../../core/periods';
import { ImportError, type Observation, type ParsedFile } from '../types';
import { readCsv, type CsvRecord } from './csv-reader';
import { DimensionValues } from './dimension-values';
import { inputText } from './input-text';
import { decimalsOf } from './number-text';

/** Eurostat codes are upper-case letters, digits, '_', '-' and '.'; labels have spaces or lower case. */
const codeShape = /^[A-Z0-9][A-Z0-9_.-]*$/;
const lastUpdateShape = /^(\d{2})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const dataflowShape = /^(?:[^:]+:)?([A-Za-z0-9_]+)(?:\([^)]*\))?$/;

function isDimensionColumn(name: string): boolean {
  return !(
    name === 'DATAFLOW' ||
    name === 'LAST UPDATE' ||
    name === 'TIME_PERIOD' ||
    name.startsWith('OBS_') ||
    name.startsWith('CONF_')
  );
}

/** One dimension column: how each distinct cell text maps to a code (and keeps its label, in the labels variant). */
interface ColumnMapping {
  name: string;
  codes: Map<string, string>;
  holdsLabels: boolean;
}

/** Parses an SDMX-CSV file given as text or as (possibly gzip-compressed) bytes. */
export function parseSdmxCsv(fileName: string, input: string | Buffer): ParsedFile {
  const records = readCsv(fileName, inputText(input));
  const first = records.next();
  if (first.done) throw new ImportError(fileName, 1, 'empty file');
  const header = first.value.fields.map((name) => name.trim());
  const column = (name: string) => header.indexOf(name);
  for (const required of ['geo', 'TIME_PERIOD', 'OBS_VALUE']) {
    if (column(required) < 0) throw new ImportError(fileName, 1, `missing column ${required}`);
  }
  const dimensionNames = header.filter(isDimensionColumn);
  const dimensionAt = dimensionNames.map(column);
  const otherNames = dimensionNames.filter((name) => name !== 'freq' && name !== 'geo');

  // First pass: keep the rows and every distinct text per dimension column, to decide codes vs labels per column.
  const rows: CsvRecord[] = [];
  const distinct = dimensionNames.map(() => new Map<string, number>());
  const meta = new FileMeta(fileName, column('DATAFLOW'), column('LAST UPDATE'));
  for (const record of records) {
    if (record.fields.length !== header.length) {
      throw new ImportError(fileName, record.line, `expected ${header.length} fields, found ${record.fields.length}`);
    }
    dimensionAt.forEach((at, i) => {
      const seen = distinct[i];
      const text = record.fields[at] ?? '';
      if (seen && !seen.has(text)) seen.set(text, record.line);
    });
    meta.read(record);
    rows.push(record);
  }
  const mappings = dimensionNames.map((name, i) => mapColumn(fileName, name, distinct[i] ?? new Map()));
  const mappingOf = (name: string) => mappings[dimensionNames.indexOf(name)];

  const at = { time: column('TIME_PERIOD'), value: column('OBS_VALUE'), flag: column('OBS_FLAG') };
  const confAt = column('CONF_STATUS');
  const geoAt = column('geo');
  const freqAt = column('freq');
  const geoMapping = mappingOf('geo');
  const freqMapping = mappingOf('freq');
  const others = otherNames.map((name) => ({ at: column(name), mapping: mappingOf(name) }));
  const values = new DimensionValues(otherNames);
  const geoLabels = new Map<string, string>();
  const periods = new Map<string, Period | null>();
  const seriesDims = new Map<string, string[]>();
  const observations: Observation[] = [];

  for (const { fields, line } of rows) {
    const periodText = (fields[at.time] ?? '').trim();
    let period = periods.get(periodText);
    if (period === undefined) periods.set(periodText, (period = parsePeriod(periodText)));
    if (!period) throw new ImportError(fileName, line, `unsupported period "${periodText}" in column TIME_PERIOD`);

    const geoText = fields[geoAt] ?? '';
    const geo = geoMapping?.codes.get(geoText) ?? geoText;
    if (geo === '') throw new ImportError(fileName, line, 'empty geo');
    if (freqAt >= 0) {
      const freq = freqMapping?.codes.get(fields[freqAt] ?? '') ?? '';
      if (freq !== period.freq) {
        throw new ImportError(fileName, line, `freq "${freq}" does not match period "${periodText}"`);
      }
    }

    let flags = at.flag < 0 ? null : (fields[at.flag] ?? '').trim() || null;
    const confidentiality = confAt < 0 ? '' : (fields[confAt] ?? '').trim();
    // The TSV writes confidentiality as '@C' in the flags; spelling it the same keeps both formats' flags equal.
    if (confidentiality !== '') flags = `${flags ?? ''}@${confidentiality}`;
    const valueText = (fields[at.value] ?? '').trim();
    const missing = valueText === '' || valueText === ':' || valueText === 'NaN';
    if (missing && flags === null) continue;
    let value: number | null = null;
    let decimals: number | null = null;
    if (!missing) {
      decimals = decimalsOf(valueText);
      if (decimals < 0) throw new ImportError(fileName, line, `invalid value "${valueText}" for ${geo} ${periodText}`);
      value = Number(valueText);
    }

    if (geoMapping?.holdsLabels) geoLabels.set(geo, geoText);
    const seriesKey = others.map((o) => fields[o.at] ?? '').join('\u0000');
    let dims = seriesDims.get(seriesKey);
    if (!dims) {
      dims = others.map((o, j) => {
        const text = fields[o.at] ?? '';
        const code = o.mapping?.codes.get(text) ?? text;
        values.add(j, code, o.mapping?.holdsLabels ? text : null);
        return code;
      });
      seriesDims.set(seriesKey, dims);
    }
    observations.push({ dims, freq: period.freq, geo, period: period.ordinal, value, decimals, flags });
  }

  return {
    format: 'sdmx-csv',
    code: meta.code,
    name: null,
    lastUpdate: meta.lastUpdate,
    dimensions: values.toParsed(),
    geoLabels,
    observations,
  };
}

/**
 * A column holds labels when any text cannot be a code, or is a known label but not a known code;
 * then every text must map through the code list. Unknown code-shaped texts (NUTS regions) stay codes.
 */
function mapColumn(fileName: string, name: string, texts: Map<string, number>): ColumnMapping {
  const dimension = isCodelistDimension(name) ? name : null;
  const toCode = (text: string) => (dimension ? labelToCode(dimension, text) : null);
  const isKnownCode = (text: string) => dimension !== null && codeLabel(dimension, text) !== null;
  const holdsLabels = [...texts.keys()].some(
    (text) => !codeShape.test(text) || (!isKnownCode(text) && toCode(text) !== null),
  );
  const codes = new Map<string, string>();
  for (const [text, line] of texts) {
    const code = holdsLabels ? toCode(text) : text;
    if (code === null || code === '') {
      throw new ImportError(fileName, line, `unknown ${name} label "${text}" in column ${name}`);
    }
    if (name === 'freq' && !frequencySchema.safeParse(code).success) {
      throw new ImportError(fileName, line, `unsupported frequency "${text}" in column freq`);
    }
    codes.set(text, code);
  }
  return { name, codes, holdsLabels };
}

/** Dataset code and release time from the DATAFLOW and LAST UPDATE columns, checked on every row. */
class FileMeta {
  code: string | null = null;
  lastUpdate: Date | null = null;
  private dataflow: string | null = null;
  private lastUpdateText: string | null = null;

  constructor(
    private readonly fileName: string,
    private readonly dataflowAt: number,
    private readonly lastUpdateAt: number,
  ) {}

  read({ fields, line }: CsvRecord): void {
    const dataflow = this.dataflowAt < 0 ? null : (fields[this.dataflowAt] ?? '').trim();
    if (dataflow !== null && dataflow !== this.dataflow) {
      if (this.dataflow !== null) {
        throw new ImportError(this.fileName, line, `DATAFLOW "${dataflow}" differs from "${this.dataflow}" above`);
      }
      const match = dataflowShape.exec(dataflow);
      if (!match?.[1]) throw new ImportError(this.fileName, line, `invalid DATAFLOW "${dataflow}"`);
      this.dataflow = dataflow;
      this.code = match[1].toLowerCase();
    }
    const text = this.lastUpdateAt < 0 ? '' : (fields[this.lastUpdateAt] ?? '').trim();
    if (text === '' || text === this.lastUpdateText) return;
    this.lastUpdateText = text;
    const date = parseLastUpdate(text);
    if (!date) {
      throw new ImportError(this.fileName, line, `invalid LAST UPDATE "${text}": expected dd/mm/yy HH:MM:SS`);
    }
    if (!this.lastUpdate || date > this.lastUpdate) this.lastUpdate = date;
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
