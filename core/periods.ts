// Periods: parsing of every source spelling, integer ordinals for storage, and the display format.
import { z } from 'zod';

/** Frequencies we store. Eurostat also has W and D; importing them gives a clear error. */
export const frequencySchema = z.enum(['A', 'S', 'Q', 'M']);
export type Frequency = z.infer<typeof frequencySchema>;

const perYear: Record<Frequency, number> = { A: 1, S: 2, Q: 4, M: 12 };

export interface Period {
  freq: Frequency;
  /** A: year; S: year*2+s-1; Q: year*4+q-1; M: year*12+m-1. */
  ordinal: number;
}

export function toOrdinal(freq: Frequency, year: number, sub = 1): number {
  return year * perYear[freq] + (sub - 1);
}

export function yearOf(freq: Frequency, ordinal: number): number {
  return Math.floor(ordinal / perYear[freq]);
}

export function subOf(freq: Frequency, ordinal: number): number {
  return (ordinal % perYear[freq]) + 1;
}

/** The specification's display format: YYYY, S{n}/YYYY, Q{n}/YYYY, M/YYYY (10/2022). */
export function formatPeriod(freq: Frequency, ordinal: number): string {
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
 * Dates for people, on axes, in tooltips and in prose: Oct 2022 (October 2022 in prose), Q3 2022,
 * H1 2022, 2022. The API, URLs and data exports keep formatPeriod's M/YYYY.
 */
export function formatPeriodReadable(freq: Frequency, ordinal: number, style: PeriodStyle = 'short'): string {
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
  }
}

/**
 * Any period spelling (10/2022, 2022-10, Q3/2022 …, and Eurostat's weekly 2022-W05 and daily
 * 2022-10-03, which we do not store) written for people; text that is not a period comes back as it is.
 */
export function readablePeriod(text: string, style: PeriodStyle = 'short'): string {
  const p = parsePeriod(text);
  if (p) return formatPeriodReadable(p.freq, p.ordinal, style);
  const t = text.trim();
  const week = /^(\d{4})-?W(0?[1-9]|[1-4]\d|5[0-3])$/.exec(t);
  if (week) return style === 'long' ? `week ${Number(week[2])} of ${week[1]}` : `Week ${Number(week[2])} ${week[1]}`;
  const day = /^(\d{4})-?(0[1-9]|1[0-2])-?(0[1-9]|[12]\d|3[01])$/.exec(t);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const d = new Date(Date.UTC(year, month - 1, date));
    if (d.getUTCMonth() === month - 1) return `${date} ${monthName(month, style)} ${year}`;
  }
  return text;
}

/** ISO-like spelling used in CSV and JSON-stat output: 2022, 2022-S1, 2022-Q4, 2022-10. */
export function formatSourcePeriod(freq: Frequency, ordinal: number): string {
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
      return `${year}-${String(sub).padStart(2, '0')}`;
  }
}

const patterns: { re: RegExp; freq: Frequency; year: number; sub: number }[] = [
  // Source spellings (Eurostat TSV current and legacy, SDMX-CSV, JSON-stat).
  { re: /^(\d{4})$/, freq: 'A', year: 1, sub: 0 },
  { re: /^(\d{4})-?S([12])$/, freq: 'S', year: 1, sub: 2 },
  { re: /^(\d{4})-?Q([1-4])$/, freq: 'Q', year: 1, sub: 2 },
  { re: /^(\d{4})-?M?(0[1-9]|1[0-2])$/, freq: 'M', year: 1, sub: 2 },
  // Display spellings of the specification.
  { re: /^S([12])\/(\d{4})$/, freq: 'S', year: 2, sub: 1 },
  { re: /^Q([1-4])\/(\d{4})$/, freq: 'Q', year: 2, sub: 1 },
  { re: /^(0?[1-9]|1[0-2])\/(\d{4})$/, freq: 'M', year: 2, sub: 1 },
];

/** Parses any supported spelling; returns null when the text is not a period we store. */
export function parsePeriod(text: string): Period | null {
  const t = text.trim();
  for (const p of patterns) {
    const m = p.re.exec(t);
    if (!m) continue;
    const year = Number(m[p.year]);
    const sub = p.sub === 0 ? 1 : Number(m[p.sub]);
    return { freq: p.freq, ordinal: toOrdinal(p.freq, year, sub) };
  }
  return null;
}

/** Converts an ordinal between frequencies for range filters (start of the period). */
export function convertOrdinal(from: Frequency, ordinal: number, to: Frequency, edge: 'start' | 'end'): number {
  if (from === to) return ordinal;
  const year = yearOf(from, ordinal);
  const sub = subOf(from, ordinal);
  const monthsPer = 12 / perYear[from];
  const firstMonth = (sub - 1) * monthsPer + 1;
  const month = edge === 'start' ? firstMonth : firstMonth + monthsPer - 1;
  const toSub = Math.floor((month - 1) / (12 / perYear[to])) + 1;
  return toOrdinal(to, year, toSub);
}
