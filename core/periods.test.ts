import { describe, expect, it } from 'vitest';
import { convertOrdinal, formatPeriod, formatSourcePeriod, parsePeriod, readablePeriod } from './periods';

describe('periods', () => {
  it('parses source spellings of every layout', () => {
    expect(parsePeriod('2022-10 ')).toEqual({ freq: 'M', ordinal: 2022 * 12 + 9 });
    expect(parsePeriod('2022M10')).toEqual({ freq: 'M', ordinal: 2022 * 12 + 9 });
    expect(parsePeriod('2021 ')).toEqual({ freq: 'A', ordinal: 2021 });
    expect(parsePeriod('2020-Q3')).toEqual({ freq: 'Q', ordinal: 2020 * 4 + 2 });
    expect(parsePeriod('2020Q3')).toEqual({ freq: 'Q', ordinal: 2020 * 4 + 2 });
    expect(parsePeriod('2020-S2')).toEqual({ freq: 'S', ordinal: 2020 * 2 + 1 });
    expect(parsePeriod('2020-W01')).toBeNull();
    expect(parsePeriod('2022-13')).toBeNull();
  });

  it('formats as the specification says and round-trips', () => {
    const oct = parsePeriod('2022-10')!;
    expect(formatPeriod(oct.freq, oct.ordinal)).toBe('10/2022');
    expect(formatPeriod('M', 2023 * 12)).toBe('1/2023');
    expect(formatPeriod('Q', 2020 * 4 + 2)).toBe('Q3/2020');
    expect(formatPeriod('A', 2021)).toBe('2021');
    for (const text of ['10/2022', '1/2023', 'Q3/2020', '2021', 'S1/2020']) {
      const p = parsePeriod(text)!;
      expect(formatPeriod(p.freq, p.ordinal)).toBe(text);
    }
    expect(formatSourcePeriod('M', 2023 * 12)).toBe('2023-01');
  });

  it('converts range edges between frequencies', () => {
    expect(convertOrdinal('A', 2022, 'M', 'start')).toBe(2022 * 12);
    expect(convertOrdinal('A', 2022, 'M', 'end')).toBe(2022 * 12 + 11);
    expect(convertOrdinal('M', 2022 * 12 + 9, 'Q', 'start')).toBe(2022 * 4 + 3);
    expect(convertOrdinal('Q', 2022 * 4 + 3, 'A', 'end')).toBe(2022);
  });

  describe('readablePeriod: dates for people (axes, tooltips, prose); the API keeps M/YYYY', () => {
    it('writes monthly periods as "Oct 2022", or "October 2022" in prose', () => {
      expect(readablePeriod('10/2022')).toBe('Oct 2022');
      expect(readablePeriod('2022-10')).toBe('Oct 2022');
      expect(readablePeriod('2022M01')).toBe('Jan 2022');
      expect(readablePeriod('4/2025', 'long')).toBe('April 2025');
    });

    it('writes quarters, semesters and years', () => {
      expect(readablePeriod('Q3/2022')).toBe('Q3 2022');
      expect(readablePeriod('2022-Q3', 'long')).toBe('Q3 2022');
      expect(readablePeriod('S1/2020')).toBe('H1 2020');
      expect(readablePeriod('2020-S2', 'long')).toBe('H2 2020');
      expect(readablePeriod('2022')).toBe('2022');
    });

    it('writes weekly and daily source codes', () => {
      expect(readablePeriod('2022-W05')).toBe('Week 5 2022');
      expect(readablePeriod('2022W52', 'long')).toBe('week 52 of 2022');
      expect(readablePeriod('2022-10-03')).toBe('3 Oct 2022');
      expect(readablePeriod('2022-10-03', 'long')).toBe('3 October 2022');
      expect(readablePeriod('2022-02-30')).toBe('2022-02-30');
    });

    it('leaves text it cannot read as it is', () => {
      expect(readablePeriod('latest')).toBe('latest');
      expect(readablePeriod('')).toBe('');
    });
  });
});
