import { describe, expect, it } from 'vitest';
import {
  convertOrdinal,
  formatPeriod,
  formatPeriodReadable,
  formatSourcePeriod,
  frequencySchema,
  numberedPeriodFrequency,
  parsePeriod,
  periodDays,
  periodsPerYear,
  readablePeriod,
  subOf,
  toOrdinal,
  yearOf,
  type Frequency,
} from './periods';

/** Days since 1970-01-01 of a date written YYYY-MM-DD. */
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

describe('periods', () => {
  it('parses source spellings of every layout', () => {
    expect(parsePeriod('2022-10 ')).toEqual({ freq: 'M', ordinal: 2022 * 12 + 9 });
    expect(parsePeriod('2022M10')).toEqual({ freq: 'M', ordinal: 2022 * 12 + 9 });
    expect(parsePeriod('2021 ')).toEqual({ freq: 'A', ordinal: 2021 });
    expect(parsePeriod('2020-Q3')).toEqual({ freq: 'Q', ordinal: 2020 * 4 + 2 });
    expect(parsePeriod('2020Q3')).toEqual({ freq: 'Q', ordinal: 2020 * 4 + 2 });
    expect(parsePeriod('2020-S2')).toEqual({ freq: 'S', ordinal: 2020 * 2 + 1 });
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
    expect(convertOrdinal('S', 2022 * 2 + 1, 'M', 'start')).toBe(2022 * 12 + 6);
  });

  it('keeps the stored ordinals of annual, semi-annual, quarterly and monthly data', () => {
    expect(toOrdinal('A', 2022)).toBe(2022);
    expect(toOrdinal('S', 2022, 2)).toBe(2022 * 2 + 1);
    expect(toOrdinal('Q', 2022, 3)).toBe(2022 * 4 + 2);
    expect(toOrdinal('M', 2022, 10)).toBe(2022 * 12 + 9);
  });
});

describe('weeks (ISO 8601)', () => {
  const week = (text: string) => parsePeriod(text)!;

  it('reads 2019W01, 2019-W01, 2019-W1 and the display spelling W1/2019 as one week', () => {
    const first = week('2019W01');
    expect(first.freq).toBe('W');
    for (const text of ['2019-W01', '2019-W1', '2019W1', 'W1/2019', ' 2019-W01 ']) expect(week(text)).toEqual(first);
    expect(formatPeriod('W', first.ordinal)).toBe('W1/2019');
    expect(formatSourcePeriod('W', first.ordinal)).toBe('2019-W01');
    expect(formatPeriodReadable('W', first.ordinal)).toBe('Week 1 2019');
    expect(formatPeriodReadable('W', first.ordinal, 'long')).toBe('week 1 of 2019');
    expect(readablePeriod('2022-W05')).toBe('Week 5 2022');
    expect(readablePeriod('2022W52', 'long')).toBe('week 52 of 2022');
  });

  it('counts weeks from the Monday of ISO week 1 of 1970, one ordinal a week', () => {
    // ISO week 1 of 1970 starts on Monday 29 December 1969.
    expect(toOrdinal('W', 1970, 1)).toBe(0);
    expect(periodDays('W', 0)).toEqual({ first: day('1969-12-29'), last: day('1970-01-04') });
    // 2019-W01 runs from Monday 31 December 2018 to Sunday 6 January 2019: week 1 starts in the previous December.
    expect(periodDays('W', week('2019W01').ordinal)).toEqual({ first: day('2018-12-31'), last: day('2019-01-06') });
    expect(yearOf('W', week('2019W01').ordinal)).toBe(2019);
    expect(subOf('W', week('2019W01').ordinal)).toBe(1);
  });

  it('has a week 53 in long ISO years (2020, 2026), none in others, and stays consecutive across year ends', () => {
    expect(formatPeriod('W', week('2020-W52').ordinal + 1)).toBe('W53/2020');
    expect(week('2020-W53').ordinal + 1).toBe(week('2021-W01').ordinal);
    expect(periodDays('W', week('2020-W53').ordinal)).toEqual({ first: day('2020-12-28'), last: day('2021-01-03') });
    expect(week('2026-W53').ordinal + 1).toBe(week('2027-W01').ordinal);
    expect(parsePeriod('2019-W53')).toBeNull();
    expect(parsePeriod('2021W53')).toBeNull();
    expect(parsePeriod('2019-W00')).toBeNull();
    expect(week('2019-W52').ordinal + 1).toBe(week('2020-W01').ordinal);
    // Every week of 2015–2030 in turn: formatting and parsing back, one ordinal apart.
    let previous = week('2014-W52').ordinal;
    for (let o = week('2015-W01').ordinal; o <= week('2030-W52').ordinal; o++) {
      expect(o).toBe(previous + 1);
      expect(week(formatPeriod('W', o)).ordinal).toBe(o);
      expect(week(formatSourcePeriod('W', o)).ordinal).toBe(o);
      previous = o;
    }
  });
});

describe('days', () => {
  it('reads 2020-01-01 and 20200101, writes 2020-01-01 for the API and 1 Jan 2020 for people', () => {
    const newYear = parsePeriod('2020-01-01')!;
    expect(newYear).toEqual({ freq: 'D', ordinal: day('2020-01-01') });
    expect(parsePeriod('20200101')).toEqual(newYear);
    // Eurostat's table of contents spells days this way.
    expect(parsePeriod('2020M01D01')).toEqual(newYear);
    expect(parsePeriod('2020M02D30')).toBeNull();
    expect(formatPeriod('D', newYear.ordinal)).toBe('2020-01-01');
    expect(formatSourcePeriod('D', newYear.ordinal)).toBe('2020-01-01');
    expect(formatPeriodReadable('D', newYear.ordinal)).toBe('1 Jan 2020');
    expect(formatPeriodReadable('D', newYear.ordinal, 'long')).toBe('1 January 2020');
    expect(readablePeriod('2022-10-03')).toBe('3 Oct 2022');
    expect(readablePeriod('2022-10-03', 'long')).toBe('3 October 2022');
  });

  it('counts days since 1970-01-01 and refuses dates that do not exist', () => {
    expect(toOrdinal('D', 1970, 1)).toBe(0);
    expect(parsePeriod('1969-12-31')).toEqual({ freq: 'D', ordinal: -1 });
    expect(parsePeriod('2024-02-29')).toEqual({ freq: 'D', ordinal: day('2024-02-29') });
    expect(parsePeriod('2023-02-29')).toBeNull();
    expect(parsePeriod('2022-02-30')).toBeNull();
    expect(parsePeriod('2022-0230')).toBeNull();
    expect(readablePeriod('2022-02-30')).toBe('2022-02-30');
    expect(yearOf('D', day('2020-12-31'))).toBe(2020);
    expect(subOf('D', day('2020-12-31'))).toBe(366);
    expect(subOf('D', day('2021-01-01'))).toBe(1);
  });

  it('is consecutive across year ends and leap days, and round-trips every day of 1999–2030', () => {
    expect(parsePeriod('2020-12-31')!.ordinal + 1).toBe(parsePeriod('2021-01-01')!.ordinal);
    expect(parsePeriod('2020-02-28')!.ordinal + 2).toBe(parsePeriod('2020-03-01')!.ordinal);
    for (let o = day('1999-01-01'); o <= day('2030-12-31'); o++) {
      expect(parsePeriod(formatPeriod('D', o))).toEqual({ freq: 'D', ordinal: o });
    }
  });
});

describe('quarters written "2005 - 1" (INE, ICANE)', () => {
  it('reads YYYY - n as a quarter unless told the file numbers months or semesters', () => {
    expect(parsePeriod('2005 - 1')).toEqual(parsePeriod('2005Q1'));
    expect(parsePeriod('2005 - 4')).toEqual(parsePeriod('2005-Q4'));
    expect(parsePeriod('2005 - 5')).toBeNull();
    expect(parsePeriod('2005 - 12', { numbered: 'M' })).toEqual(parsePeriod('2005M12'));
    expect(parsePeriod('2005 - 2', { numbered: 'S' })).toEqual(parsePeriod('2005-S2'));
    expect(parsePeriod('2005 - 3', { numbered: 'S' })).toBeNull();
  });

  it('decides what n counts from the time dimension: its name, else the highest n', () => {
    const quarters = ['2005', '2005 - 1', '2005 - 2', '2005 - 3', '2005 - 4'];
    expect(numberedPeriodFrequency(quarters, ['Trimestre'])).toBe('Q');
    expect(numberedPeriodFrequency(quarters)).toBe('Q');
    expect(numberedPeriodFrequency(['2005 - 1', '2005 - 7', '2005 - 12'])).toBe('M');
    // A monthly file of January to April still reads as months when its dimension's label says so.
    expect(numberedPeriodFrequency(['2024 - 1', '2024 - 4'], ['Mes', 'trimestre'])).toBe('M');
    expect(numberedPeriodFrequency(['2024 - 1', '2024 - 2'], ['Periodo (semestre)'])).toBe('S');
    expect(numberedPeriodFrequency(['2024 - 1', '2024 - 2'], ['Periodo', 'Quarter'])).toBe('Q');
  });
});

describe('the notations of other offices', () => {
  it('reads Eurostat, SDMX, Statistics Norway and Sweden spellings', () => {
    const q1 = parsePeriod('2005Q1');
    for (const text of ['2005-Q1', '2005K1', 'Q1/2005']) expect(parsePeriod(text)).toEqual(q1);
    const jan = parsePeriod('2005M01');
    for (const text of ['2005-01', '2005M1', '200501', '1/2005', '01/2005']) expect(parsePeriod(text)).toEqual(jan);
    expect(parsePeriod('2005S1')).toEqual(parsePeriod('S1/2005'));
  });

  it('reads only display spellings when asked (view URLs, follows) and only source spellings for SDMX', () => {
    expect(parsePeriod('W5/2022', { spelling: 'display' })?.freq).toBe('W');
    expect(parsePeriod('2022-10-03', { spelling: 'display' })?.freq).toBe('D');
    expect(parsePeriod('2022-W05', { spelling: 'display' })).toBeNull();
    expect(parsePeriod('2022-10', { spelling: 'display' })).toBeNull();
    expect(parsePeriod('10/2022', { spelling: 'source' })).toBeNull();
    expect(parsePeriod('2022-W05', { spelling: 'source' })?.freq).toBe('W');
    expect(parsePeriod('2022', { spelling: 'source' })).toEqual(parsePeriod('2022', { spelling: 'display' }));
  });
});

describe('convertOrdinal between any two frequencies, by dates', () => {
  const all = frequencySchema.options;

  it('maps a period to the one holding its first or last day', () => {
    const w = parsePeriod('2019-W01')!.ordinal;
    expect(formatPeriod('D', convertOrdinal('W', w, 'D', 'start'))).toBe('2018-12-31');
    expect(formatPeriod('D', convertOrdinal('W', w, 'D', 'end'))).toBe('2019-01-06');
    expect(formatPeriod('M', convertOrdinal('W', w, 'M', 'start'))).toBe('12/2018');
    expect(formatPeriod('A', convertOrdinal('W', w, 'A', 'end'))).toBe('2019');
    expect(formatPeriod('W', convertOrdinal('A', 2020, 'W', 'start'))).toBe('W1/2020');
    expect(formatPeriod('W', convertOrdinal('A', 2020, 'W', 'end'))).toBe('W53/2020');
    expect(formatPeriod('W', convertOrdinal('D', parsePeriod('2021-01-03')!.ordinal, 'W', 'start'))).toBe('W53/2020');
    expect(formatPeriod('D', convertOrdinal('Q', toOrdinal('Q', 2024, 1), 'D', 'end'))).toBe('2024-03-31');
    expect(formatPeriod('Q', convertOrdinal('D', parsePeriod('2024-02-29')!.ordinal, 'Q', 'start'))).toBe('Q1/2024');
  });

  it('comes back to the same period through any finer frequency', () => {
    const samples: Record<Frequency, number> = {
      A: 2020,
      S: toOrdinal('S', 2020, 2),
      Q: toOrdinal('Q', 2020, 4),
      M: toOrdinal('M', 2020, 12),
      W: toOrdinal('W', 2020, 53),
      D: toOrdinal('D', 2020, 366),
    };
    for (const from of all) {
      for (const to of all) {
        if (periodsPerYear(to) < periodsPerYear(from)) continue;
        for (const edge of ['start', 'end'] as const) {
          const there = convertOrdinal(from, samples[from], to, edge);
          // Weeks straddle months and years; every other finer period lies inside the coarser one.
          if (from !== 'W' && to !== 'W') expect(convertOrdinal(to, there, from, edge)).toBe(samples[from]);
        }
      }
    }
  });

  it('orders frequencies from coarse to fine', () => {
    expect(all.map(periodsPerYear)).toEqual([1, 2, 4, 12, 52, 365]);
  });
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

  it('leaves text it cannot read as it is', () => {
    expect(readablePeriod('latest')).toBe('latest');
    expect(readablePeriod('')).toBe('');
  });
});
