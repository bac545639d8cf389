// What a chart shows, in words, from the view's data (decision 213): the SVG's <desc> and accessible description,
// the SVG export's, the embed snippet's title and the sharing card's alt text. Pure; every view calls describeChart.
import { describeFlags } from '#core/flags';
import { readablePeriod } from '#core/periods';
import type { ChartTable } from './chart-series';
import { formatNumber } from './number-format';

/** 'A', 'A and B', 'A, B, C and 4 more'. */
export function listLabels(labels: readonly string[], max = 3): string {
  if (labels.length <= 1) return labels[0] ?? '';
  if (labels.length <= max) return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
  return `${labels.slice(0, max).join(', ')} and ${labels.length - max} more`;
}

/** One series of a line or grouped bar chart, aligned with the chart's periods. */
export interface DescribedSeries {
  label: string;
  /** The place the series is of ('Germany'), when its label begins with it. */
  place?: string;
  values: readonly (number | null | undefined)[];
  /** Observation flags aligned with `values` ('' or absent: none). */
  flags?: readonly (string | undefined)[];
}

/** A chart table's series for describeChart, with their flags (`flagIndex`) where given. */
export function describedSeries(table: ChartTable, flags?: ReadonlyMap<string, string>): DescribedSeries[] {
  return table.series.map((s) => ({
    label: s.label,
    ...(s.label === s.geo || s.label.startsWith(`${s.geo}, `) ? { place: s.geo } : {}),
    values: s.values,
    ...(flags && flags.size > 0 ? { flags: table.periods.map((p) => flags.get(`${s.key}|${p}`)) } : {}),
  }));
}

/** One value of a one-period chart (bars of one period, a map's regions). */
export interface DescribedValue {
  label: string;
  value: number;
  flag?: string;
}

interface DescribedChart {
  /** The chart's title (the dataset's name). */
  title: string;
  /** The view's unit label ('Annual rate of change (%)', 'Million euro'); '' when mixed. */
  unit: string;
  /** The decimals of the chart's values. */
  decimals: number;
}

export type ChartDescriptionInput =
  | (DescribedChart & {
      kind: 'series';
      periods: readonly string[];
      series: readonly DescribedSeries[];
      /** The chart shows fewer periods than the range (bars cut to fit the width). */
      cutShort?: boolean;
    })
  | (DescribedChart & {
      kind: 'ranking';
      period: string;
      values: readonly DescribedValue[];
      /** Labels of the selected series without a value in the period. */
      missing?: readonly string[];
      /** The view's own place: its rank is said. */
      place?: string;
    })
  | (DescribedChart & {
      kind: 'map';
      period: string;
      /** The area the map shows, by name ("Europe", "Germany"); none when it has no name to say. */
      where?: string;
      values: readonly DescribedValue[];
    })
  | {
      kind: 'table';
      title: string;
      unit: string;
      rows: readonly string[];
      periods: readonly string[];
      /** An image of the table shows only the newest periods. */
      shownPeriods?: number;
    };

/** Up to this many series are told one by one; more are summed up. */
export const DESCRIBED_SERIES = 3;

/** A peak or low is told when it stands this share of the series' range beyond both its ends. */
const NOTABLE_SHARE = 0.25;
/** … and this share of the largest value's size. */
const NOTABLE_SIZE = 0.1;

const PERCENT_UNIT = /\(%\)|^percentage$|rate of change/i;

/** How the unit is written: after each number (' %', ' million euro') or once, in a sentence of its own. */
function unitStyle(unit: string): { suffix: string; sentence: string } {
  const text = unit.trim();
  if (!text) return { suffix: '', sentence: '' };
  if (PERCENT_UNIT.test(text)) return { suffix: ' %', sentence: '' };
  const lower = /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
  if (text.length <= 24 && !/[,()\d=]/.test(text)) return { suffix: ` ${lower}`, sentence: '' };
  return { suffix: '', sentence: `Values in ${lower}.` };
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

interface Point {
  index: number;
  value: number;
}

/**
 * The series' subject: 'Title in Germany', 'Title in Germany (Food)', 'Title (Food)'; after the first series the title
 * is not said again: 'In France it', 'For Food it'.
 */
function subjectOf(title: string, s: DescribedSeries, first: boolean): string {
  const rest = s.place && s.label.startsWith(`${s.place}, `) ? s.label.slice(s.place.length + 2) : null;
  if (s.place && (s.label === s.place || rest !== null)) {
    const where = `${s.place}${rest ? ` (${rest})` : ''}`;
    return first ? `${title} in ${where}` : `In ${where} it`;
  }
  return first ? `${title} (${s.label})` : `For ${s.label} it`;
}

function pointsOf(s: DescribedSeries): Point[] {
  return s.values.flatMap((v, index) =>
    v === null || v === undefined || !Number.isFinite(v) ? [] : [{ index, value: v }],
  );
}

/** One sentence per series: its start, a notable peak or low, and its latest value. */
function seriesSentence(
  s: DescribedSeries,
  title: string,
  first: boolean,
  at: (s: DescribedSeries, p: Point) => string,
  number: (v: number) => string,
): string | null {
  const points = pointsOf(s);
  const subject = subjectOf(title, s, first);
  const start = points[0];
  const latest = points[points.length - 1];
  if (!start || !latest) return null;
  if (points.length === 1) return `${subject} was ${at(s, start)}.`;
  let max = start;
  let min = start;
  for (const p of points) {
    if (p.value > max.value) max = p;
    if (p.value < min.value) min = p;
  }
  const range = max.value - min.value;
  const inside = (p: Point) => p.index !== start.index && p.index !== latest.index;
  const stops: (Point & { word: string; verb: string })[] = [];
  // Beyond both ends by a share of the range and of the values' size: a wiggle of a flat series is no peak.
  const scale = Math.max(Math.abs(max.value), Math.abs(min.value));
  const notable = (beyond: number) => range > 0 && beyond >= range * NOTABLE_SHARE && beyond >= scale * NOTABLE_SIZE;
  if (inside(max) && notable(max.value - Math.max(start.value, latest.value)))
    stops.push({ ...max, word: 'a peak of', verb: 'rose' });
  if (inside(min) && notable(Math.min(start.value, latest.value) - min.value))
    stops.push({ ...min, word: 'a low of', verb: 'fell' });
  stops.sort((a, b) => a.index - b.index);
  if (stops.length === 0) {
    if (number(start.value) === number(latest.value)) return `${subject} was ${at(s, start)} and ${at(s, latest)}.`;
    const verb = latest.value > start.value ? 'rose' : 'fell';
    return `${subject} ${verb} from ${at(s, start)} to ${at(s, latest)}.`;
  }
  const legs = stops.map((stop, i) => `${i === 0 ? '' : `, then ${stop.verb} `}to ${stop.word} ${at(s, stop)}`);
  return `${subject} ${stops[0]!.verb} from ${at(s, start)} ${legs.join('')} and was ${at(s, latest)}.`;
}

/** Many series: what they are, the highest and lowest in the latest period and the highest of all. */
function seriesSummary(
  series: readonly DescribedSeries[],
  title: string,
  periods: readonly string[],
  at: (s: DescribedSeries, p: Point) => string,
  valueOf: (s: DescribedSeries, p: Point) => string,
): string {
  const long = (i: number) => readablePeriod(periods[i] ?? '', 'long');
  const noun = series.every((s) => s.place) ? 'places' : 'series';
  const parts = [
    `${title} for ${series.length} ${noun} (${listLabels(series.map((s) => s.label))}) from ${long(0)} to ${long(periods.length - 1)}.`,
  ];
  const last = Math.max(...series.flatMap((s) => pointsOf(s).map((p) => p.index)));
  const atLast = series.flatMap((s) => {
    const v = s.values[last];
    return v === null || v === undefined ? [] : [{ s, p: { index: last, value: v } }];
  });
  atLast.sort((a, b) => b.p.value - a.p.value);
  const top = atLast[0];
  const bottom = atLast[atLast.length - 1];
  if (top && bottom && top !== bottom)
    parts.push(
      `In ${long(last)} the highest was ${top.s.label} at ${valueOf(top.s, top.p)} and the lowest ${bottom.s.label} at ${valueOf(bottom.s, bottom.p)}.`,
    );
  let overall: { s: DescribedSeries; p: Point } | null = null;
  for (const s of series) for (const p of pointsOf(s)) if (!overall || p.value > overall.p.value) overall = { s, p };
  if (overall && overall.p.index !== last)
    parts.push(`The highest of all was ${overall.s.label} at ${at(overall.s, overall.p)}.`);
  return parts.join(' ');
}

/** The chart in words: a sentence per series (up to three) or a summary, the ranking of one period, the map's ends. */
export function describeChart(input: ChartDescriptionInput): string {
  if (input.kind === 'table') {
    const first = readablePeriod(input.periods[0] ?? '', 'long');
    const last = readablePeriod(input.periods[input.periods.length - 1] ?? '', 'long');
    // The unit apart, not in a second pair of brackets ('Annual rate of change (%)'; issue 41).
    const what = input.unit ? `${input.title}, ${input.unit},` : input.title;
    const span = input.periods.length > 1 ? `from ${first} to ${last}` : `in ${first}`;
    const shown =
      input.shownPeriods !== undefined && input.shownPeriods < input.periods.length
        ? ` The image shows the newest ${input.shownPeriods}.`
        : '';
    return `Table of ${what} for ${listLabels(input.rows)} ${span}: ${input.rows.length} rows and ${input.periods.length} periods.${shown}`;
  }
  const unit = unitStyle(input.unit);
  const number = (v: number) => formatNumber(v, input.decimals);
  const value = (v: number, flag?: string) => `${number(v)}${unit.suffix}${flag ? ` (${describeFlags(flag)})` : ''}`;
  const end = (parts: string[]) => [...parts, unit.sentence].filter(Boolean).join(' ');
  if (input.kind === 'series') {
    const period = (i: number) => readablePeriod(input.periods[i] ?? '', 'long');
    const valueOf = (s: DescribedSeries, p: Point) => value(p.value, s.flags?.[p.index]);
    const at = (s: DescribedSeries, p: Point) => `${valueOf(s, p)} in ${period(p.index)}`;
    const withData = input.series.filter((s) => pointsOf(s).length > 0);
    const without = input.series.filter((s) => pointsOf(s).length === 0).map((s) => s.label);
    const parts =
      withData.length <= DESCRIBED_SERIES
        ? withData.flatMap((s, i) => seriesSentence(s, input.title, i === 0, at, number) ?? [])
        : [seriesSummary(withData, input.title, input.periods, at, valueOf)];
    if (without.length > 0) parts.push(`No data for ${listLabels(without)}.`);
    if (input.cutShort)
      parts.push(`The range is cut short at ${period(input.periods.length - 1)} to fit the chart's width.`);
    return end(parts);
  }
  const when = readablePeriod(input.period, 'long');
  const sorted = [...input.values].sort((a, b) => b.value - a.value);
  const top = sorted[0];
  const bottom = sorted[sorted.length - 1];
  // The period once: a title that already names it ("…, 2021") is not followed by "in 2021".
  const named = [input.period, when].some((p) => p !== '' && input.title.includes(p));
  const across = input.kind === 'map' && input.where ? ` across ${input.where}` : '';
  const head = `${input.title}${named ? '' : ` in ${when}`}${across}`;
  const parts: string[] = [];
  if (!top || !bottom) parts.push(`${head}: no values.`);
  else if (top === bottom) parts.push(`${head}: ${top.label} at ${value(top.value, top.flag)}.`);
  else {
    const count = input.kind === 'map' ? `${sorted.length} regions with data` : `${sorted.length} shown`;
    parts.push(
      `${head}: the highest is ${top.label} at ${value(top.value, top.flag)} and the lowest ${bottom.label} at ${value(bottom.value, bottom.flag)}, of ${count}.`,
    );
  }
  if (input.kind === 'ranking') {
    const rank = input.place ? sorted.findIndex((v) => v.label === input.place) : -1;
    const own = sorted[rank];
    if (own && own !== top && own !== bottom)
      parts.push(`${own.label} is ${ordinal(rank + 1)} at ${value(own.value, own.flag)}.`);
    if (input.missing && input.missing.length > 0) parts.push(`No data for ${listLabels(input.missing)}.`);
  }
  return end(parts);
}
