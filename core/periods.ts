// Periods: parsing of every source spelling, integer ordinals for storage, the display format and dates for people.
import { z } from 'zod';

/** Frequencies we store: annual, semi-annual, quarterly, monthly, weekly (ISO 8601 weeks) and daily. */
export const frequencySchema = z.enum(['A', 'S', 'Q', 'M', 'W', 'D']);
export type Frequency = z.infer<typeof frequencySchema>;

/** The frequencies that divide a calendar year into equal parts of months. */
type CalendarFrequency = 'A' | 'S' | 'Q' | 'M';
const perYear: Record<CalendarFrequency, number> = { A: 1, S: 2, Q: 4, M: 12 };
const isCalendar = (freq: Frequency): freq is CalendarFrequency => freq !== 'W' && freq !== 'D';

export interface Period {
  freq: Frequency;
  /**
   * Consecutive integers, one per period: A: year; S: year*2+s-1; Q: year*4+q-1; M: year*12+m-1; W: ISO weeks since
   * week 1 of 1970 (Monday 29 December 1969); D: days since 1970-01-01.
   */
  ordinal: number;
}

/**
 * Periods in a year: 1, 2, 4, 12, 52 and 365. Orders frequencies from coarse to fine, and is the lag of a comparison
 * with a year earlier (52 weeks, the same weekday; 365 days).
 */
export function periodsPerYear(freq: Frequency): number {
  return freq === 'W' ? 52 : freq === 'D' ? 365 : perYear[freq];
}

/** What one period is called: 'month', 'week'. */
export const PERIOD_NAME: Record<Frequency, string> = {
  A: 'year',
  S: 'half-year',
  Q: 'quarter',
  M: 'month',
  W: 'week',
  D: 'day',
};

/** How often a dataset is published, in words: 'Monthly', 'Weekly'. */
export const FREQUENCY_LABEL: Record<Frequency, string> = {
  A: 'Annual',
  S: 'Half-yearly',
  Q: 'Quarterly',
  M: 'Monthly',
  W: 'Weekly',
  D: 'Daily',
};

/** The display spellings (the API, URLs, exports), for messages that refuse a period. */
export const PERIOD_SPELLINGS = 'YYYY, S{n}/YYYY, Q{n}/YYYY, M/YYYY, W{n}/YYYY or YYYY-MM-DD';

/** The source spellings imports and the SDMX API read, for messages that refuse a period. */
export const SOURCE_PERIOD_SPELLINGS =
  'YYYY, YYYY-Sn, YYYY-Qn, YYYY-MM, YYYY-Www or YYYY-MM-DD, the dash optional (2005Q1, 2005M01, 2019W01, ' +
  '20200101), or YYYY - n';

// ---- days: a proleptic Gregorian calendar in integers (H. Hinnant's algorithms), no time zones ----

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The calendar date of a day ordinal (days since 1970-01-01). */
export function dateOfDay(dayOrdinal: number): CalendarDate {
  const z = dayOrdinal + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Days since 1970-01-01 of a date; null when there is no such date (2023-02-29). */
export function dayOrdinal(year: number, month: number, day: number): number | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const ordinal = daysFromCivil(year, month, day);
  return dateOfDay(ordinal).month === month ? ordinal : null;
}

/** The ISO week (Monday to Sunday) holding a day; 1970-01-01 was a Thursday of week 0. */
const weekOfDay = (dayOrdinal: number) => Math.floor((dayOrdinal + 3) / 7);

/** The ISO week-year of a week: the year of its Thursday. */
const isoYearOfWeek = (week: number) => dateOfDay(week * 7).year;

/** Week 1 of an ISO year: the week holding 4 January. */
const firstWeekOf = (isoYear: number) => weekOfDay(daysFromCivil(isoYear, 1, 4));

// ---- ordinals ----

export function toOrdinal(freq: Frequency, year: number, sub = 1): number {
  if (freq === 'W') return firstWeekOf(year) + sub - 1;
  if (freq === 'D') return daysFromCivil(year, 1, 1) + sub - 1;
  return year * perYear[freq] + (sub - 1);
}

/** The year a period belongs to: for weeks the ISO week-year (2019-W01 begins on 31 December 2018). */
export function yearOf(freq: Frequency, ordinal: number): number {
  if (freq === 'W') return isoYearOfWeek(ordinal);
  if (freq === 'D') return dateOfDay(ordinal).year;
  return Math.floor(ordinal / perYear[freq]);
}

/** The period's number within its year: half-year, quarter, month, ISO week (1–53) or day of the year (1–366). */
export function subOf(freq: Frequency, ordinal: number): number {
  if (!isCalendar(freq)) return ordinal - toOrdinal(freq, yearOf(freq, ordinal), 1) + 1;
  return ordinal - yearOf(freq, ordinal) * perYear[freq] + 1;
}

/** The days a period covers, first and last inclusive, as day ordinals. */
export function periodDays(freq: Frequency, ordinal: number): { first: number; last: number } {
  if (freq === 'D') return { first: ordinal, last: ordinal };
  if (freq === 'W') return { first: ordinal * 7 - 3, last: ordinal * 7 + 3 };
  return { first: firstDayOf(freq, ordinal), last: firstDayOf(freq, ordinal + 1) - 1 };
}

function firstDayOf(freq: CalendarFrequency, ordinal: number): number {
  const year = Math.floor(ordinal / perYear[freq]);
  const month = (ordinal - year * perYear[freq]) * (12 / perYear[freq]) + 1;
  return daysFromCivil(year, month, 1);
}

/** The period of a frequency that holds a day. */
export function periodOfDay(freq: Frequency, dayOrdinal: number): number {
  if (freq === 'D') return dayOrdinal;
  if (freq === 'W') return weekOfDay(dayOrdinal);
  const { year, month } = dateOfDay(dayOrdinal);
  return year * perYear[freq] + Math.floor((month - 1) / (12 / perYear[freq]));
}

/**
 * Converts an ordinal between any two frequencies, by dates: the period of `to` holding the first ('start') or the
 * last ('end') day of the period. A week that straddles two months or years belongs to both.
 */
export function convertOrdinal(from: Frequency, ordinal: number, to: Frequency, edge: 'start' | 'end'): number {
  if (from === to) return ordinal;
  const days = periodDays(from, ordinal);
  return periodOfDay(to, edge === 'start' ? days.first : days.last);
}

// ---- writing ----

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function isoDate(dayOrdinal: number): string {
  const { year, month, day } = dateOfDay(dayOrdinal);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * The specification's display format, for the API, URLs and exports: YYYY, S{n}/YYYY, Q{n}/YYYY, M/YYYY (10/2022),
 * and in its spirit W{n}/YYYY for ISO weeks (W5/2022) and the ISO date for days (2022-10-03).
 */
export function formatPeriod(freq: Frequency, ordinal: number): string {
  if (freq === 'D') return isoDate(ordinal);
  const year = yearOf(freq, ordinal);
  const sub = subOf(freq, ordinal);
  switch (freq) {
    case 'A':
      return String(year);
    case 'S':
      return `S${sub}/${year}`;
    case 'Q':
      return `Q${sub}/${year}`;
    case 'M':
      return `${sub}/${year}`;
    case 'W':
      return `W${sub}/${year}`;
  }
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'short' for axes and tooltips (Oct 2022), 'long' for prose (In October 2022 …). */
export type PeriodStyle = 'short' | 'long';

function monthName(month: number, style: PeriodStyle): string {
  const name = MONTHS[month - 1]!;
  return style === 'long' ? name : name.slice(0, 3);
}

/**
 * Dates for people, on axes, in tooltips and in prose: Oct 2022 (October 2022 in prose), Q3 2022, H1 2022, 2022,
 * Week 5 2022 (week 5 of 2022), 3 Oct 2022 (3 October 2022). The API, URLs and data exports keep formatPeriod's.
 */
export function formatPeriodReadable(freq: Frequency, ordinal: number, style: PeriodStyle = 'short'): string {
  if (freq === 'D') {
    const { year, month, day } = dateOfDay(ordinal);
    return `${day} ${monthName(month, style)} ${year}`;
  }
  const year = yearOf(freq, ordinal);
  const sub = subOf(freq, ordinal);
  switch (freq) {
    case 'A':
      return String(year);
    case 'S':
      return `H${sub} ${year}`;
    case 'Q':
      return `Q${sub} ${year}`;
    case 'M':
      return `${monthName(sub, style)} ${year}`;
    case 'W':
      return style === 'long' ? `week ${sub} of ${year}` : `Week ${sub} ${year}`;
  }
}

/** Any period spelling (10/2022, 2022-10, Q3/2022, 2022-W05 …) written for people; other text comes back as it is. */
export function readablePeriod(text: string, style: PeriodStyle = 'short'): string {
  const p = parsePeriod(text);
  return p ? formatPeriodReadable(p.freq, p.ordinal, style) : text;
}

/** ISO-like spelling used in CSV and JSON-stat output and SDMX: 2022, 2022-S1, 2022-Q4, 2022-10, 2022-W05, 2022-10-03. */
export function formatSourcePeriod(freq: Frequency, ordinal: number): string {
  if (freq === 'D') return isoDate(ordinal);
  const year = yearOf(freq, ordinal);
  const sub = subOf(freq, ordinal);
  switch (freq) {
    case 'A':
      return String(year);
    case 'S':
      return `${year}-S${sub}`;
    case 'Q':
      return `${year}-Q${sub}`;
    case 'M':
      return `${year}-${pad(sub)}`;
    case 'W':
      return `${year}-W${pad(sub)}`;
  }
}

// ---- reading ----

/** What `YYYY - n` counts: INE and ICANE write quarters so (2005 - 1), some files months or half-years. */
export type NumberedFrequency = 'S' | 'Q' | 'M';

export interface ParseOptions {
  /** What n of `YYYY - n` counts (default quarters); see numberedPeriodFrequency. */
  numbered?: NumberedFrequency;
  /** Only the display spellings (view URLs, follows) or only the source spellings (SDMX); default both. */
  spelling?: 'display' | 'source';
}

type Reader = (m: RegExpExecArray, options: ParseOptions) => Period | null;

/** A period of a calendar frequency from its year and number, null when the number is out of range. */
function numbered(freq: CalendarFrequency, year: string | undefined, sub: string | undefined): Period | null {
  const n = Number(sub ?? 1);
  return n >= 1 && n <= perYear[freq] ? { freq, ordinal: toOrdinal(freq, Number(year), n) } : null;
}

function isoWeek(year: string | undefined, week: string | undefined): Period | null {
  const y = Number(year);
  const ordinal = firstWeekOf(y) + Number(week) - 1;
  return Number(week) >= 1 && isoYearOfWeek(ordinal) === y ? { freq: 'W', ordinal } : null;
}

function date(year: string | undefined, month: string | undefined, day: string | undefined): Period | null {
  const ordinal = dayOrdinal(Number(year), Number(month), Number(day));
  return ordinal === null ? null : { freq: 'D', ordinal };
}

const patterns: { re: RegExp; spelling: 'display' | 'source' | 'both'; read: Reader }[] = [
  { re: /^(\d{4})$/, spelling: 'both', read: (m) => numbered('A', m[1], '1') },
  { re: /^(\d{4})-(\d{2})-(\d{2})$/, spelling: 'both', read: (m) => date(m[1], m[2], m[3]) },
  // Source spellings: Eurostat TSV (current and legacy), SDMX-CSV, JSON-stat, SSB and SCB (2012K1), INE (2005 - 1).
  { re: /^(\d{4})-?S(\d)$/, spelling: 'source', read: (m) => numbered('S', m[1], m[2]) },
  { re: /^(\d{4})-?[QK](\d)$/, spelling: 'source', read: (m) => numbered('Q', m[1], m[2]) },
  { re: /^(\d{4})-?(0[1-9]|1[0-2])$/, spelling: 'source', read: (m) => numbered('M', m[1], m[2]) },
  { re: /^(\d{4})-?M(\d{1,2})$/, spelling: 'source', read: (m) => numbered('M', m[1], m[2]) },
  { re: /^(\d{4})-?W(\d{1,2})$/, spelling: 'source', read: (m) => isoWeek(m[1], m[2]) },
  { re: /^(\d{4})(\d{2})(\d{2})$/, spelling: 'source', read: (m) => date(m[1], m[2], m[3]) },
  // Eurostat's table of contents writes days 2020M01D01.
  { re: /^(\d{4})M(\d{2})D(\d{2})$/, spelling: 'source', read: (m) => date(m[1], m[2], m[3]) },
  { re: /^(\d{4})\s+-\s+(\d{1,2})$/, spelling: 'source', read: (m, o) => numbered(o.numbered ?? 'Q', m[1], m[2]) },
  // Display spellings of the specification, and W{n}/YYYY.
  { re: /^S(\d)\/(\d{4})$/, spelling: 'display', read: (m) => numbered('S', m[2], m[1]) },
  { re: /^Q(\d)\/(\d{4})$/, spelling: 'display', read: (m) => numbered('Q', m[2], m[1]) },
  { re: /^(\d{1,2})\/(\d{4})$/, spelling: 'display', read: (m) => numbered('M', m[2], m[1]) },
  { re: /^W(\d{1,2})\/(\d{4})$/, spelling: 'display', read: (m) => isoWeek(m[2], m[1]) },
];

/** Parses any supported spelling; returns null when the text is not a period we store. */
export function parsePeriod(text: string, options: ParseOptions = {}): Period | null {
  const t = text.trim();
  for (const p of patterns) {
    if (options.spelling && p.spelling !== 'both' && p.spelling !== options.spelling) continue;
    const m = p.re.exec(t);
    if (m) return p.read(m, options);
  }
  return null;
}

/**
 * What n of a time dimension's `YYYY - n` periods counts. The dimension's names (its label, then its id) say it when
 * they can (Trimestre, Quarter; Mes, Month; Semestre, Half-year); else n up to 4 is a quarter and up to 12 a month.
 */
export function numberedPeriodFrequency(codes: Iterable<string>, names: readonly string[] = []): NumberedFrequency {
  for (const name of names) {
    const words = name.toLowerCase();
    if (/semest|half|halbjahr/.test(words)) return 'S';
    if (/trimest|quart|kwarta|kvartal/.test(words)) return 'Q';
    if (/\b(mes|meses|month|months|monat|mois|mese|maand)\b/.test(words)) return 'M';
  }
  let most = 0;
  for (const code of codes) {
    const m = /^\d{4}\s+-\s+(\d{1,2})$/.exec(code.trim());
    if (m) most = Math.max(most, Number(m[1]));
  }
  return most > 4 ? 'M' : 'Q';
}
