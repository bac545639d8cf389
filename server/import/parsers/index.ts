// Recognises an import file's format from its content and hands it to the matching parser.
import { readFileSync } from 'node:fs';
import { constants, gunzipSync } from 'node:zlib';
import { ImportError, type ParsedFile, type SourceFormat } from '../types';
import { parseEurostatTsv } from './eurostat-tsv';
import { headOf, inputText, isGzip, TextFile } from './input-text';
import { parseJsonStatAll } from './json-stat';
import { labelDimensions, parseSdmxCsv, type SdmxCsvOptions } from './sdmx-csv';

/** Enough of the start of a file to read its first line (Eurostat TSV headers run to a few kB). */
const sniffBytes = 256 * 1024;

/** The format of a file from its content (the name may lie: Eurostat .tsv files are sometimes gzip). */
export function detectFormat(fileName: string, bytes: Buffer): SourceFormat | null {
  return formatOfText(startOf(bytes));
}

/** Parses a file that holds one dataset: a Eurostat TSV (current or legacy), SDMX-CSV or JSON-stat, gzip or not. */
export function parseFile(fileName: string, bytes: Buffer): ParsedFile {
  const all = parseFiles(fileName, bytes);
  if (all.length !== 1) {
    throw new ImportError(fileName, null, `holds ${all.length} datasets; import the file to store each of them`);
  }
  return all[0]!;
}

/**
 * Parses every dataset of a file: one, or each dataset of a JSON-stat collection or 1.x bundle. A TSV given as a
 * TextFile is read from disk on every walk; other formats are read whole.
 */
export function parseFiles(fileName: string, input: Buffer | TextFile, options: SdmxCsvOptions = {}): ParsedFile[] {
  if (input instanceof TextFile) {
    const format = detectFormat(fileName, startOfFile(input));
    if (format === 'eurostat-tsv' || format === 'eurostat-tsv-legacy') return [parseEurostatTsv(fileName, input)];
    return parseFiles(fileName, readFileSync(input.path), options);
  }
  const text = inputText(input);
  const format = formatOfText(text);
  switch (format) {
    case 'eurostat-tsv':
    case 'eurostat-tsv-legacy':
      return [parseEurostatTsv(fileName, text)];
    case 'sdmx-csv':
      return [parseSdmxCsv(fileName, text, options)];
    case 'json-stat':
      return parseJsonStatAll(fileName, text);
    case null:
      throw new ImportError(
        fileName,
        null,
        'unknown format: expected a Eurostat TSV (…\\TIME_PERIOD or …\\time header), SDMX-CSV (DATAFLOW or STRUCTURE header) or JSON-stat file',
      );
  }
}

/**
 * The dimensions of an SDMX-CSV file whose labels the built-in code lists cannot map, read from its first
 * 256 kB only (whole lines), so a large file is not decompressed twice.
 */
export function sdmxLabelDimensions(fileName: string, bytes: Buffer): string[] {
  const head = startOf(bytes);
  const whole = !isGzip(bytes) && bytes.length <= sniffBytes;
  try {
    return labelDimensions(fileName, whole ? head : head.slice(0, head.lastIndexOf('\n') + 1));
  } catch {
    return []; // a malformed head: the parser reports it with its line
  }
}

/** The first bytes of a text file, enough to tell its format. */
export function startOfFile(file: TextFile): Buffer {
  return headOf(file.path, sniffBytes);
}

function startOf(bytes: Buffer): string {
  // Only the head is needed: a sync flush returns what a truncated gzip stream holds instead of failing.
  const head = isGzip(bytes)
    ? gunzipSync(bytes.subarray(0, sniffBytes), { finishFlush: constants.Z_SYNC_FLUSH })
    : bytes.subarray(0, sniffBytes);
  return inputText(head.toString('utf8'));
}

function formatOfText(text: string): SourceFormat | null {
  const start = text.trimStart();
  if (start.startsWith('{')) return 'json-stat';
  const lineEnd = start.search(/\r?\n/);
  const firstLine = lineEnd < 0 ? start : start.slice(0, lineEnd);
  const firstCell = (firstLine.split('\t')[0] ?? '').trim();
  if (firstCell.endsWith('\\TIME_PERIOD')) return 'eurostat-tsv';
  if (firstCell.endsWith('\\time')) return 'eurostat-tsv-legacy';
  // SDMX-CSV 1.0 starts with DATAFLOW; 2.0 with STRUCTURE, maybe STRUCTURE[;], then its field separator.
  if (/^"?(DATAFLOW|STRUCTURE(\[[^\]]*\])?)"?([,;\t|]|$)/.test(firstLine)) return 'sdmx-csv';
  return null;
}

export { parseEurostatTsv, parseSdmxCsv, TextFile };
