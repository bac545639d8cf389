// A small RFC 4180 CSV reader: quoted fields with separators, doubled quotes and line breaks; CRLF or LF.
// The separator is a comma unless told otherwise (SDMX-CSV 2.0 lets a locale use ';').
import { ImportError } from '../types';

export interface CsvRecord {
  fields: string[];
  /** 1-based line on which the record starts (a quoted field may span lines). */
  line: number;
}

/** Yields the records of a CSV text; blank lines are skipped. Throws ImportError on an unterminated quote. */
export function* readCsv(fileName: string, text: string, separator = ','): Generator<CsvRecord, void, undefined> {
  const n = text.length;
  let pos = 0;
  let line = 1;
  while (pos < n) {
    const newline = text.indexOf('\n', pos);
    const end = newline < 0 ? n : newline;
    const raw = text.charCodeAt(end - 1) === 13 && end > pos ? text.slice(pos, end - 1) : text.slice(pos, end);
    // Most records have no quotes at all: a plain split is several times faster than the scanner.
    if (!raw.includes('"')) {
      if (raw !== '') yield { fields: raw.split(separator), line };
      pos = end + 1;
      line++;
      continue;
    }
    const record = scanQuoted(fileName, text, pos, line, separator.charCodeAt(0));
    yield { fields: record.fields, line };
    pos = record.next;
    line = record.nextLine;
  }
}

/** Character scanner for a record that contains quotes; returns where the next record starts. */
function scanQuoted(
  fileName: string,
  text: string,
  start: number,
  startLine: number,
  sep: number,
): { fields: string[]; next: number; nextLine: number } {
  const fields: string[] = [];
  let pos = start;
  let line = startLine;
  for (;;) {
    let field = '';
    if (text.charCodeAt(pos) === 34 /* " */) {
      pos++;
      for (;;) {
        const quote = text.indexOf('"', pos);
        if (quote < 0) throw new ImportError(fileName, startLine, 'unterminated quoted field');
        field += text.slice(pos, quote);
        line += countNewlines(text, pos, quote);
        pos = quote + 1;
        if (text.charCodeAt(pos) !== 34) break;
        field += '"';
        pos++;
      }
      const c = text.charCodeAt(pos);
      if (!(c === sep || c === 10 || c === 13 || pos >= text.length)) {
        throw new ImportError(fileName, line, `unexpected character after closing quote in field ${fields.length + 1}`);
      }
    } else {
      let end = pos;
      while (end < text.length) {
        const c = text.charCodeAt(end);
        if (c === sep || c === 10 || c === 13) break;
        if (c === 34)
          throw new ImportError(fileName, line, `unexpected quote inside unquoted field ${fields.length + 1}`);
        end++;
      }
      field = text.slice(pos, end);
      pos = end;
    }
    fields.push(field);
    const c = text.charCodeAt(pos);
    if (c === sep) {
      pos++;
      continue;
    }
    if (c === 13 && text.charCodeAt(pos + 1) === 10) pos++;
    // pos is now at '\n' (or a lone '\r', or the end of the text)
    return { fields, next: pos + 1, nextLine: line + 1 };
  }
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
