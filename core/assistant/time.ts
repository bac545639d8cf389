// Time expressions in questions: 3 October 2022, 2022-10-03, week 5 of 2022, 2022-W05, October 2022, oct 2022,
// 10/2022, 2022-10, Q3 2023, 2023, last year, latest, since 2020, from 2019 to 2022, between 2019 and 2022.
import { formatPeriod, parsePeriod, subOf, toOrdinal, yearOf } from '../periods';
import { normalize } from './text';

/** A point in time as the question wrote it, at its own precision. */
export interface TimePoint {
  freq: 'A' | 'S' | 'Q' | 'M' | 'W' | 'D';
  year: number;
  /** Quarter, month, ISO week or day of the year (core/periods toOrdinal); 1 for a year. */
  sub: number;
}

export type TimeSpec =
  { kind: 'point'; at: TimePoint } | { kind: 'range'; from: TimePoint; to?: TimePoint } | { kind: 'latest' };

const months = [
  // English, and the German and French spellings that differ.
  ['january', 'jan', 'januar', 'janvier'],
  ['february', 'feb', 'februar', 'fevrier', 'février'],
  ['march', 'mar', 'märz', 'maerz', 'mars'],
  ['april', 'apr', 'avril'],
  ['may', 'mai'],
  ['june', 'jun', 'juni', 'juin'],
  ['july', 'jul', 'juli', 'juillet'],
  ['august', 'aug', 'aout', 'août'],
  ['september', 'sep', 'sept', 'septembre'],
  ['october', 'oct', 'oktober', 'octobre'],
  ['november', 'nov', 'novembre'],
  ['december', 'dec', 'dezember', 'décembre', 'decembre'],
];
const monthOf = new Map(months.flatMap((names, i) => names.map((n): [string, number] => [n, i + 1])));
const monthWords = [...monthOf.keys()].join('|');

// Any year from 1000 to 2999: "1066" and "2099" are periods asked (and declined), not other numbers.
const YEAR = '(1\\d\\d\\d|2\\d\\d\\d)';
const DAY = '(0?[1-9]|[12]\\d|3[01])';
const pad = (n: number | string) => String(n).padStart(2, '0');

/** A week or day the question wrote, read by the one period parser (core/periods), as a point; null if none. */
function pointOf(text: string): TimePoint | null {
  const p = parsePeriod(text);
  if (!p || (p.freq !== 'W' && p.freq !== 'D')) return null;
  return { freq: p.freq, year: yearOf(p.freq, p.ordinal), sub: subOf(p.freq, p.ordinal) };
}
const day = (year: string, month: number | string, date: string) => pointOf(`${year}-${pad(month)}-${pad(date)}`);

const quarter = (year: string | undefined, q: string | undefined): TimePoint => ({
  freq: 'Q',
  year: Number(year),
  sub: Number(q),
});
const month = (year: string | undefined, m: number | string | undefined): TimePoint => ({
  freq: 'M',
  year: Number(year),
  sub: Number(m),
});
const named = (m: string | undefined) => monthOf.get(m ?? '') ?? 0;
const ordinalWords: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
};
const half = (year: string | undefined, h: string | undefined): TimePoint | null => {
  const n = ordinalWords[h ?? ''] ?? Number(h);
  return n === 1 || n === 2 ? { freq: 'S', year: Number(year), sub: n } : null;
};
const week = (year: string | undefined, w: string | undefined) => pointOf(`W${w}/${year}`);

/** One point's spellings, most precise first; each reads its own groups. Matched against the lower-cased question. */
const SPELLINGS: { re: string; at: (g: (string | undefined)[]) => TimePoint | null }[] = [
  // 2022-10-03
  { re: `\\b${YEAR}-(0[1-9]|1[0-2])-${DAY}\\b`, at: ([y, m, d]) => day(y!, m!, d!) },
  // 3 october 2022
  { re: `\\b${DAY}\\.?\\s+(${monthWords})\\.?\\s+${YEAR}\\b`, at: ([d, m, y]) => day(y!, named(m), d!) },
  // october 3, 2022
  { re: `\\b(${monthWords})\\.?\\s+${DAY},?\\s+${YEAR}\\b`, at: ([m, d, y]) => day(y!, named(m), d!) },
  // week 5 of 2022
  { re: `\\bweek\\s+(\\d{1,2})\\s+(?:of\\s+|in\\s+)?${YEAR}\\b`, at: ([w, y]) => week(y, w) },
  // 2022-w05
  { re: `\\b${YEAR}-?w(\\d{1,2})\\b`, at: ([y, w]) => week(y, w) },
  // w5/2022
  { re: `\\bw(\\d{1,2})\\/${YEAR}\\b`, at: ([w, y]) => week(y, w) },
  // october 2022
  { re: `\\b(${monthWords})\\.?\\s+(?:of\\s+)?${YEAR}\\b`, at: ([m, y]) => month(y, named(m)) },
  // 10/2022
  { re: `\\b(0?[1-9]|1[0-2])\\/${YEAR}\\b`, at: ([m, y]) => month(y, m) },
  // 2022-10
  { re: `\\b${YEAR}-(0[1-9]|1[0-2])\\b`, at: ([y, m]) => month(y, m) },
  // the first half of 2021, h1 2021
  { re: `\\b(first|second|1st|2nd)\\s+half\\s+(?:of\\s+|in\\s+)?${YEAR}\\b`, at: ([h, y]) => half(y, h) },
  { re: `\\bh([12])\\s*\\/?\\s*${YEAR}\\b`, at: ([h, y]) => half(y, h) },
  // the fourth quarter of 2016
  {
    re: `\\b(first|second|third|fourth|1st|2nd|3rd|4th)\\s+quarter\\s+(?:of\\s+|in\\s+)?${YEAR}\\b`,
    at: ([q, y]) => quarter(y, String(ordinalWords[q ?? ''])),
  },
  // q3 2023
  { re: `\\bq([1-4])\\s*\\/?\\s*${YEAR}\\b`, at: ([q, y]) => quarter(y, q) },
  // 2023-q3
  { re: `\\b${YEAR}\\s*-?\\s*q([1-4])\\b`, at: ([y, q]) => quarter(y, q) },
  // 2023
  { re: `\\b${YEAR}\\b`, at: ([y]) => ({ freq: 'A', year: Number(y), sub: 1 }) },
];

/** Each spelling in a group of its own, and where its own groups start in the match. */
const POINT = new RegExp(SPELLINGS.map((s) => `(${s.re})`).join('|'), 'g');
const groupStarts: number[] = [];
SPELLINGS.reduce((at, s) => {
  groupStarts.push(at);
  return at + 1 + (new RegExp(`${s.re}|`).exec('')!.length - 1);
}, 1);

interface Found {
  at: TimePoint;
  index: number;
  end: number;
}

/** The points a text names, in order; a spelling that names no real day or week gives way to a less precise one. */
function pointsIn(text: string): Found[] {
  const out: Found[] = [];
  const re = new RegExp(POINT);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const i = groupStarts.findIndex((start) => m![start] !== undefined);
    const at = SPELLINGS[i]?.at(m.slice(groupStarts[i]! + 1, groupStarts[i + 1] ?? m.length));
    if (at) out.push({ at, index: m.index, end: m.index + m[0].length });
    else re.lastIndex = m.index + 1;
  }
  return out;
}

/** The time the question names, or null; `today` resolves "last year" and "this year". */
export function parseTime(question: string, today: Date): TimeSpec | null {
  // An index's base year ("2015 = 100") is no period asked.
  const raw = question.toLowerCase().replace(/\b(?:19|20)\d\d\s*=\s*100\b/g, ' ');
  const words = normalize(raw);
  const thisYear = today.getUTCFullYear();
  const relative = (w: string): TimePoint | null =>
    w === 'last year'
      ? { freq: 'A', year: thisYear - 1, sub: 1 }
      : w === 'this year'
        ? { freq: 'A', year: thisYear, sub: 1 }
        : null;
  const points = pointsIn(raw);
  for (const w of ['last year', 'this year']) {
    if (words.includes(w)) {
      const at = relative(w)!;
      if (/\bsince\b/.test(raw)) return { kind: 'range', from: at };
      points.push({ at, index: raw.indexOf(w), end: raw.indexOf(w) + w.length });
    }
  }
  points.sort((a, b) => a.index - b.index);
  const first = points[0];
  if (first) {
    const before = raw.slice(0, first.index);
    if (/\b(since|after|from|starting(?: in)?|as of)\s+(the\s+)?(start of\s+|beginning of\s+)?$/.test(before)) {
      const second = points[1];
      if (second && /^\s*(to|until|till|through|and|-|–)\s*(the\s+)?$/.test(raw.slice(first.end, second.index)))
        return { kind: 'range', from: first.at, to: second.at };
      return { kind: 'range', from: first.at };
    }
    if (/\bbetween\s+$/.test(before) && points[1]) return { kind: 'range', from: first.at, to: points[1].at };
    if (points[1] && /^\s*(to|until|till|through|-|–|and)\s*(the\s+)?$/.test(raw.slice(first.end, points[1].index)))
      return { kind: 'range', from: first.at, to: points[1].at };
    if (/\b(until|up to|through)\s+$/.test(before))
      return { kind: 'range', from: { freq: 'A', year: 1900, sub: 1 }, to: first.at };
    return { kind: 'point', at: first.at };
  }
  if (/\b(latest|most recent|newest|current|currently|now|today|last month|recent)\b/.test(words))
    return { kind: 'latest' };
  return null;
}

/** A period in the display format of the specification: 2023, Q3/2023, 10/2022, W5/2022, 2022-10-03. */
export function formatTimePoint(p: TimePoint): string {
  return formatPeriod(p.freq, toOrdinal(p.freq, p.year, p.sub));
}
