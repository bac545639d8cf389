// Time expressions in questions: October 2022, oct 2022, 10/2022, 2022-10, Q3 2023, 2023, last year, latest,
// since 2020, from 2019 to 2022, between 2019 and 2022.
import { normalize } from './text';

/** A point in time as the question wrote it, at its own precision. */
export interface TimePoint {
  freq: 'A' | 'Q' | 'M';
  year: number;
  /** Quarter or month; 1 for a year. */
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

const YEAR = '(1[89]\\d\\d|20\\d\\d)';
/** One point's spelling, anchored inside a larger pattern; matched against the raw (lower-cased) question. */
const POINT = new RegExp(
  [
    `\\b(${monthWords})\\.?\\s+(?:of\\s+)?${YEAR}\\b`, // october 2022, oct 2022
    `\\b(0?[1-9]|1[0-2])\\/${YEAR}\\b`, // 10/2022
    `\\b${YEAR}-(0[1-9]|1[0-2])\\b`, // 2022-10
    `\\bq([1-4])\\s*\\/?\\s*${YEAR}\\b`, // Q3 2023, Q3/2023
    `\\b${YEAR}\\s*-?\\s*q([1-4])\\b`, // 2023-Q3, 2023 Q3
    `\\b${YEAR}\\b`, // 2023
  ].join('|'),
  'g',
);

interface Found {
  at: TimePoint;
  index: number;
  end: number;
}

function pointsIn(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(POINT)) {
    const g = m.slice(1);
    let at: TimePoint | null = null;
    if (g[0]) at = { freq: 'M', year: Number(g[1]), sub: monthOf.get(g[0])! };
    else if (g[2]) at = { freq: 'M', year: Number(g[3]), sub: Number(g[2]) };
    else if (g[4]) at = { freq: 'M', year: Number(g[4]), sub: Number(g[5]) };
    else if (g[6]) at = { freq: 'Q', year: Number(g[7]), sub: Number(g[6]) };
    else if (g[8]) at = { freq: 'Q', year: Number(g[8]), sub: Number(g[9]) };
    else if (g[10]) at = { freq: 'A', year: Number(g[10]), sub: 1 };
    if (at) out.push({ at, index: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** The time the question names, or null; `today` resolves "last year" and "this year". */
export function parseTime(question: string, today: Date): TimeSpec | null {
  const raw = question.toLowerCase();
  const words = normalize(question);
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
      if (second && /^\s*(to|until|till|through|and|-|–)\s*$/.test(raw.slice(first.end, second.index)))
        return { kind: 'range', from: first.at, to: second.at };
      return { kind: 'range', from: first.at };
    }
    if (/\bbetween\s+$/.test(before) && points[1]) return { kind: 'range', from: first.at, to: points[1].at };
    if (points[1] && /^\s*(to|until|till|through|-|–|and)\s*$/.test(raw.slice(first.end, points[1].index)))
      return { kind: 'range', from: first.at, to: points[1].at };
    if (/\b(until|up to|through)\s+$/.test(before))
      return { kind: 'range', from: { freq: 'A', year: 1900, sub: 1 }, to: first.at };
    return { kind: 'point', at: first.at };
  }
  if (/\b(latest|most recent|newest|current|currently|now|today|last month|recent)\b/.test(words))
    return { kind: 'latest' };
  return null;
}

/** A period in the display format of the specification: 2023, Q3/2023, 10/2022. */
export function formatTimePoint(p: TimePoint): string {
  return p.freq === 'A' ? String(p.year) : p.freq === 'Q' ? `Q${p.sub}/${p.year}` : `${p.sub}/${p.year}`;
}
