import { describe, expect, it } from 'vitest';
import { ImportError } from '../types';
import { readCsv } from './csv-reader';

const records = (text: string) => [...readCsv('t.csv', text)].map((r) => [r.line, ...r.fields]);

describe('readCsv', () => {
  it('splits plain records on CRLF or LF and skips blank lines', () => {
    expect(records('a,b,c\r\n1,,3\r\n\r\n4,5,6')).toEqual([
      [1, 'a', 'b', 'c'],
      [2, '1', '', '3'],
      [4, '4', '5', '6'],
    ]);
    expect(records('a,b\n1,2\n')).toEqual([
      [1, 'a', 'b'],
      [2, '1', '2'],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes, line breaks and empty quotes', () => {
    const text =
      'x,"Euro area (EA11-1999, EA12-2001)",y\r\n"say ""hi""","",z\r\n"two\r\nlines",2,"Kosovo*"\r\nlast,"Türkiye",\r\n';
    expect(records(text)).toEqual([
      [1, 'x', 'Euro area (EA11-1999, EA12-2001)', 'y'],
      [2, 'say "hi"', '', 'z'],
      [3, 'two\r\nlines', '2', 'Kosovo*'],
      [5, 'last', 'Türkiye', ''],
    ]);
  });

  it('reports malformed quoting with the line', () => {
    expect(() => records('a,b\n"open,1\n')).toThrow(new ImportError('t.csv', 2, 'unterminated quoted field'));
    expect(() => records('a,b\n"x"y,1\n')).toThrow(
      new ImportError('t.csv', 2, 'unexpected character after closing quote in field 1'),
    );
    expect(() => records('a,b\n1,x"y",2\n')).toThrow(
      new ImportError('t.csv', 2, 'unexpected quote inside unquoted field 2'),
    );
  });
});
