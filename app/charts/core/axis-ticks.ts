// Axis tick choice: nice value ticks for the value axis and non-colliding period labels for the time axis.
import { scaleLinear } from 'd3-scale';
import { formatPeriodReadable, subOf, yearOf, type Frequency } from '../../../core/periods';
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
}

/** Nice ticks for values in [min, max] along an axis `length` pixels long (about one tick per 40px). */
export function niceValueTicks(
  min: number,
  max: number,
  length: number,
  { includeZero = false, minSpacing = 40 }: ValueTickOptions = {},
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
  return { domain: [d0, d1], ticks, labels: formatAxisTicks(ticks) };
}

export interface PeriodTick {
  /** Position in the period list the ticks were chosen from. */
  index: number;
  label: string;
}

const PER_YEAR: Record<Frequency, number> = { A: 1, S: 2, Q: 4, M: 12 };
const SUB_YEAR_STEPS: Record<Frequency, number[]> = { A: [], S: [1], Q: [1, 2], M: [1, 2, 3, 6] };
const YEAR_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000];
/** Least free space between two labels, in pixels. */
export const LABEL_GAP = 12;

interface Candidate {
  periodsPerTick: number;
  pick: (ordinal: number) => string | null;
}

function candidates(freq: Frequency): Candidate[] {
  const subYear = SUB_YEAR_STEPS[freq].map((step) => ({
    periodsPerTick: step,
    pick: (o: number) => ((subOf(freq, o) - 1) % step === 0 ? formatPeriodReadable(freq, o) : null),
  }));
  const years = YEAR_STEPS.map((step) => ({
    periodsPerTick: step * PER_YEAR[freq],
    pick: (o: number) => (subOf(freq, o) === 1 && yearOf(freq, o) % step === 0 ? String(yearOf(freq, o)) : null),
  }));
  return [...subYear, ...years];
}

/**
 * Labels for a time axis of contiguous periods (`ordinals`), `pxPerPeriod` pixels apart. Takes the
 * finest step whose labels fit with a gap: every month, 2, 3 or 6 months (Oct 2022), then every
 * 1, 2, 5, 10 … years at January (2022). 28 years of months across 700px gives a label every 2 years.
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
      const label = c.pick(o);
      if (label !== null) ticks.push({ index, label });
    });
    if (ticks.length === 0) continue;
    const width = maxTextWidth(
      ticks.map((t) => t.label),
      fontSize,
    );
    if (c.periodsPerTick * pxPerPeriod >= width + LABEL_GAP) return ticks;
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
