// Parses Eurostat TSV, both the current (…\TIME_PERIOD) and the legacy bulk (…\time) layout, into a ParsedFile.
import { parsePeriod, SOURCE_PERIOD_SPELLINGS, type Frequency } from '#core/periods';
import { ImportError, type Observation, type ParsedFile, type SourceFormat } from '../types';
import { ChunkGatherer, Observations } from '../observations';
import { DimensionValues } from './dimension-values';
import { inputText, linesOf, TextFile } from './input-text';
import { decimalsOf } from './number-text';

interface PeriodColumn {
  text: string;
  freq: Frequency;
  ordinal: number;
}

interface TsvHeader {
  format: SourceFormat;
  /** The first header cell as published, for messages. */
  keyHeader: string;
  dimCodes: string[];
  freqIndex: number;
  geoIndex: number;
  periods: PeriodColumn[];
}

/**
 * Parses a Eurostat TSV file given as text, as (possibly gzip-compressed) bytes or as a text file on disk. The
 * observations are read from the text again whenever they are walked (server/import/observations.ts); a file on disk
 * is read a block at a time, so no walk holds it whole. The first walk, here, checks every cell.
 */
export function parseEurostatTsv(fileName: string, input: string | Buffer | TextFile): ParsedFile {
  const source = input instanceof TextFile ? input : inputText(input);
  let headerLine = '';
  for (const line of linesOf(source)) {
    headerLine = line;
    break;
  }
  const header = readHeader(fileName, stripCr(headerLine));
  const { dimCodes, freqIndex, geoIndex, periods } = header;
  const otherIndexes = dimCodes.flatMap((_, i) => (i === freqIndex || i === geoIndex ? [] : [i]));
  const values = new DimensionValues(otherIndexes.map((i) => dimCodes[i] ?? ''));
  const width = periods.length + 1;

  function* rows(): Generator<Observation[]> {
    const chunks = new ChunkGatherer();
    // The line of each key: a key given twice would store two values for one cell (a line per series and place).
    const lineOfKey = new Map<string, number>();
    let lineNo = 0;
    for (const raw of linesOf(source)) {
      lineNo++;
      const line = stripCr(raw);
      if (lineNo === 1 || line === '') continue;
      const cells = line.split('\t');
      if (cells.length !== width) {
        throw new ImportError(fileName, lineNo, `expected ${width} tab-separated cells, found ${cells.length}`);
      }
      const keyCell = (cells[0] ?? '').trim();
      const key = keyCell.split(',').map((part) => part.trim());
      if (key.length !== dimCodes.length) {
        throw new ImportError(
          fileName,
          lineNo,
          `key "${keyCell}" has ${key.length} parts, expected ${dimCodes.length} (${header.keyHeader})`,
        );
      }
      const emptyAt = key.indexOf('');
      if (emptyAt >= 0) throw new ImportError(fileName, lineNo, `empty ${dimCodes[emptyAt]} in key "${keyCell}"`);
      const keyText = key.join(',');
      const earlier = lineOfKey.get(keyText);
      if (earlier !== undefined) {
        throw new ImportError(
          fileName,
          lineNo,
          `key "${keyCell}" repeats line ${earlier}: each series and place has one line`,
        );
      }
      lineOfKey.set(keyText, lineNo);
      const geo = key[geoIndex] ?? '';
      const freq = freqIndex < 0 ? null : (key[freqIndex] ?? null);
      // One array per series, shared by its observations: the big files have ~500 values per row.
      const dims = otherIndexes.map((keyIndex, j) => {
        const code = key[keyIndex] ?? '';
        values.add(j, code);
        return code;
      });

      for (let c = 1; c < width; c++) {
        const cell = (cells[c] ?? '').trim();
        const space = cell.indexOf(' ');
        const number = space < 0 ? cell : cell.slice(0, space);
        const flags = space < 0 ? null : cell.slice(space + 1).trim() || null;
        // A bare ':' is simply "no value"; ': p' or ': @C' still says something about the cell.
        if (number === ':' && flags === null) continue;
        const period = periods[c - 1] as PeriodColumn;
        if (freq !== null && freq !== period.freq) {
          throw new ImportError(
            fileName,
            lineNo,
            `freq "${freq}" of key "${keyCell}" does not match period "${period.text}"`,
          );
        }
        let value: number | null = null;
        let decimals: number | null = null;
        if (number !== ':') {
          decimals = decimalsOf(number);
          if (decimals < 0)
            throw new ImportError(fileName, lineNo, `invalid value "${number}" for ${geo} ${period.text}`);
          value = Number(number);
        }
        const full = chunks.add({ dims, freq: period.freq, geo, period: period.ordinal, value, decimals, flags });
        if (full) yield full;
      }
    }
    const rest = chunks.rest();
    if (rest) yield rest;
  }

  const observations = Observations.read(rows);
  return {
    format: header.format,
    code: null,
    name: null,
    lastUpdate: null,
    dimensions: values.toParsed(),
    geoLabels: new Map(),
    observations,
  };
}

function readHeader(fileName: string, line: string): TsvHeader {
  const cells = line.split('\t');
  const keyHeader = (cells[0] ?? '').trim();
  const slash = keyHeader.lastIndexOf('\\');
  const timeWord = slash < 0 ? '' : keyHeader.slice(slash + 1);
  if (timeWord !== 'TIME_PERIOD' && timeWord !== 'time') {
    throw new ImportError(
      fileName,
      1,
      `unknown header "${keyHeader}": expected dimension codes followed by \\TIME_PERIOD or \\time`,
    );
  }
  const dimCodes = keyHeader
    .slice(0, slash)
    .split(',')
    .map((code) => code.trim());
  if (dimCodes.includes('')) throw new ImportError(fileName, 1, `empty dimension code in header "${keyHeader}"`);
  const duplicate = dimCodes.find((code, i) => dimCodes.indexOf(code) !== i);
  if (duplicate) throw new ImportError(fileName, 1, `duplicate dimension "${duplicate}" in header "${keyHeader}"`);
  const geoIndex = dimCodes.indexOf('geo');
  if (geoIndex < 0) throw new ImportError(fileName, 1, `header "${keyHeader}" has no geo dimension`);
  if (cells.length < 2) throw new ImportError(fileName, 1, `header "${keyHeader}" has no period columns`);

  const seen = new Set<string>();
  const periods = cells.slice(1).map((cell, i): PeriodColumn => {
    const text = cell.trim();
    const period = parsePeriod(text);
    if (!period) {
      throw new ImportError(
        fileName,
        1,
        `unsupported period "${text}" in header column ${i + 2}: expected ${SOURCE_PERIOD_SPELLINGS}`,
      );
    }
    if (seen.has(text)) throw new ImportError(fileName, 1, `duplicate period "${text}" in header`);
    seen.add(text);
    return { text, ...period };
  });

  return {
    format: timeWord === 'time' ? 'eurostat-tsv-legacy' : 'eurostat-tsv',
    keyHeader,
    dimCodes,
    freqIndex: dimCodes.indexOf('freq'),
    geoIndex,
    periods,
  };
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
