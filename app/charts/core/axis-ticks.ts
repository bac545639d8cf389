// Axis tick choice: nice value ticks for the value axis and non-colliding period labels for the time axis.
import { scaleLinear } from 'd3-scale';
import { formatPeriodReadable, periodOfDay, periodsPerYear, subOf, yearOf, type Frequency } from '#core/periods';
import { formatAxisTicks } from './number-format';
import { maxTextWidth } from './text-width';

export interface ValueTicks {
  domain: [number, number];
  ticks: number[];
  labels: string[];
}

export interface ValueTickOptions {
  /** Stretch the domain to include zero (bars always do). */
  includeZero?: boolean;
  /** Least pixels between two ticks. */
  minSpacing?: number;
  /** The axis's unit: one that names a scale ('Million euro') gets its ticks in full (formatAxisTicks). */
  unit?: string;
}

/** Nice ticks for values in [min, max] along an axis `length` pixels long (about one tick per 40px). */
export function niceValueTicks(
  min: number,
  max: number,
  length: number,
  { includeZero = false, minSpacing = 40, unit }: ValueTickOptions = {},
): ValueTicks {
  let lo = Number.isFinite(min) ? min : 0;
  let hi = Number.isFinite(max) ? max : lo + 1;
  if (lo > hi) [lo, hi] = [hi, lo];
  if (includeZero) {
    lo = Math.min(lo, 0);
    hi = Math.max(hi, 0);
  }
  if (lo === hi) {
    const pad = Math.abs(lo) * 0.1 || 1;
    lo = includeZero && lo >= 0 ? lo : lo - pad;
    hi = includeZero && hi <= 0 ? hi : hi + pad;
  }
  const count = Math.max(2, Math.floor((Number.isFinite(length) ? length : 0) / minSpacing));
  const scale = scaleLinear().domain([lo, hi]).nice(count);
  const [d0, d1] = scale.domain() as [number, number];
  const ticks = scale.ticks(count);
  return { domain: [d0, d1], ticks, labels: formatAxisTicks(ticks, unit) };
}

export interface PeriodTick {
  /** Position in the period list the ticks were chosen from. */
  index: number;
  label: string;
}

const SUB_YEAR_STEPS: Record<Frequency, number[]> = {
  A: [],
  S: [1],
  Q: [1, 2],
  M: [1, 2, 3, 6],
  W: [1, 2, 4, 13, 26],
  D: [],
};
const MONTH_STEPS = [1, 2, 3, 6];
const YEAR_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000];
/** Least free space between two labels, in pixels. */
export const LABEL_GAP = 12;

interface Candidate {
  /** Periods between two ticks, for a choice of one tick (more ticks measure their own spacing). */
  periodsPerTick: number;
  /** The label at `ordinal`, or null; `previous` is the period before it on the axis. */
  pick: (ordinal: number, previous: number) => string | null;
}

function candidates(freq: Frequency): Candidate[] {
  if (freq === 'D') return dayCandidates();
  // Week 53 is a year's last week: a label there would crowd week 1 of the next year.
  const subYear = SUB_YEAR_STEPS[freq].map((step) => ({
    periodsPerTick: step,
    pick: (o: number) => {
      const sub = subOf(freq, o);
      return (sub - 1) % step === 0 && (step === 1 || sub < 53) ? formatPeriodReadable(freq, o) : null;
    },
  }));
  const years = YEAR_STEPS.map((step) => ({
    periodsPerTick: step * periodsPerYear(freq),
    pick: (o: number) => (subOf(freq, o) === 1 && yearOf(freq, o) % step === 0 ? String(yearOf(freq, o)) : null),
  }));
  return [...subYear, ...years];
}

/**
 * Days may skip (a market publishes on working days: the axis holds only the days with data), so a tick goes on the
 * first day of the axis in each week, month or year.
 */
function dayCandidates(): Candidate[] {
  const first = (of: (day: number) => number) => (o: number, previous: number) => of(o) !== of(previous);
  const newWeek = first((o) => periodOfDay('W', o));
  const newMonth = first((o) => periodOfDay('M', o));
  const newYear = first((o) => yearOf('D', o));
  return [
    { periodsPerTick: 1, pick: (o) => formatPeriodReadable('D', o) },
    { periodsPerTick: 7, pick: (o, previous) => (newWeek(o, previous) ? formatPeriodReadable('D', o) : null) },
    ...MONTH_STEPS.map((step) => ({
      periodsPerTick: step * 30,
      pick: (o: number, previous: number) => {
        const month = periodOfDay('M', o);
        return newMonth(o, previous) && month % step === 0 ? formatPeriodReadable('M', month) : null;
      },
    })),
    ...YEAR_STEPS.map((step) => ({
      periodsPerTick: step * 365,
      pick: (o: number, previous: number) =>
        newYear(o, previous) && yearOf('D', o) % step === 0 ? String(yearOf('D', o)) : null,
    })),
  ];
}

/**
 * Labels for a time axis of periods (`ordinals`, contiguous but for days), `pxPerPeriod` pixels apart. Takes the
 * finest step whose labels fit with a gap: every month, 2, 3 or 6 months (Oct 2022), then every
 * 1, 2, 5, 10 … years at January (2022). 28 years of months across 700px gives a label every 2 years. Weeks go by
 * 1, 2, 4, 13 or 26 weeks (Week 14 2022), days by day, week (3 Oct 2022), month (Oct 2022), then years.
 */
export function choosePeriodTicks(
  freq: Frequency,
  ordinals: readonly number[],
  pxPerPeriod: number,
  fontSize: number,
): PeriodTick[] {
  if (ordinals.length === 0) return [];
  const first = ordinals[0]!;
  const last = ordinals[ordinals.length - 1]!;
  if (ordinals.length === 1) return [{ index: 0, label: formatPeriodReadable(freq, first) }];
  let fallback: PeriodTick[] = [];
  for (const c of candidates(freq)) {
    const ticks: PeriodTick[] = [];
    ordinals.forEach((o, index) => {
      const label = c.pick(o, index === 0 ? o - 1 : ordinals[index - 1]!);
      if (label !== null) ticks.push({ index, label });
    });
    if (ticks.length === 0) continue;
    const width = maxTextWidth(
      ticks.map((t) => t.label),
      fontSize,
    );
    let spacing = ticks.length === 1 ? c.periodsPerTick : Infinity;
    for (let i = 1; i < ticks.length; i++) spacing = Math.min(spacing, ticks[i]!.index - ticks[i - 1]!.index);
    if (spacing * pxPerPeriod >= width + LABEL_GAP) return ticks;
    fallback = ticks;
  }
  // Not even the widest step fits (a very narrow chart): label the two ends, or only the last.
  const ends = [
    { index: 0, label: formatPeriodReadable(freq, first) },
    { index: ordinals.length - 1, label: formatPeriodReadable(freq, last) },
  ];
  const endWidth = maxTextWidth(
    ends.map((t) => t.label),
    fontSize,
  );
  if ((ordinals.length - 1) * pxPerPeriod >= endWidth + LABEL_GAP) return ends;
  return fallback.length === 1 ? fallback : [ends[1]!];
}
