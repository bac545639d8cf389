// A line series as tones (decision 214): each value a note whose pitch rises and falls with it, on a bounded scale,
// one after another in time. Pure: the widget's Listen control plays the schedule with the Web Audio API.

/** The lowest and highest pitch (A3 and A5): two octaves, clear on small speakers and not shrill. */
export const TONE_LOW_HZ = 220;
export const TONE_HIGH_HZ = 880;

/** A series is played in about this many seconds at most: 28 years of months in 20 s, a year of months in 3 s. */
export const MAX_DURATION_S = 20;
/** Each value sounds at least this long (long series) and at most this long (short ones). */
export const MIN_STEP_S = 0.06;
export const MAX_STEP_S = 0.25;
/** The share of its step a note sounds: the rest is a breath, so that equal values are heard as separate notes. */
export const NOTE_SHARE = 0.8;

/**
 * The pitch of a value between the series' lowest and highest: equal steps of value are equal musical intervals
 * (exponential in hertz), from TONE_LOW_HZ at `min` to TONE_HIGH_HZ at `max`; outside them, the nearest end. A flat
 * series (min = max) sounds in the middle.
 */
export function toneFrequency(value: number, min: number, max: number): number {
  const share = max > min ? Math.min(1, Math.max(0, (value - min) / (max - min))) : 0.5;
  const hz = TONE_LOW_HZ * (TONE_HIGH_HZ / TONE_LOW_HZ) ** share;
  return Math.round(hz * 100) / 100;
}

export interface Tone {
  /** The value's index in the series. */
  index: number;
  /** Seconds from the start of the playback. */
  at: number;
  duration: number;
  frequency: number;
}

export interface ToneSchedule {
  /** Seconds per value. */
  step: number;
  /** Seconds from `from` to the end of the series, gaps included. */
  duration: number;
  /** The index the playback starts at (a resume after a pause). */
  from: number;
  /** One note per value from `from` on; a missing value is a rest. */
  tones: Tone[];
}

/**
 * When each value of a series sounds and at which pitch, from the value at `from` on. The step and the pitches come
 * from the whole series, so a playback resumed after a pause sounds as it would have.
 */
export function toneSchedule(values: readonly (number | null)[], from = 0): ToneSchedule {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  const min = Math.min(...known);
  const max = Math.max(...known);
  const step = Math.min(MAX_STEP_S, Math.max(MIN_STEP_S, MAX_DURATION_S / Math.max(1, values.length)));
  const start = Math.max(0, Math.min(from, values.length));
  const tones: Tone[] = [];
  values.forEach((v, index) => {
    if (index < start || v === null || !Number.isFinite(v)) return;
    const at = round((index - start) * step);
    tones.push({ index, at, duration: round(step * NOTE_SHARE), frequency: toneFrequency(v, min, max) });
  });
  return { step, duration: round((values.length - start) * step), from: start, tones };
}

/** The index of the value sounding `elapsed` seconds into a schedule (its last value once it has ended). */
export function pointAt(schedule: ToneSchedule, elapsed: number, count: number): number {
  const i = schedule.from + Math.floor(Math.max(0, elapsed) / schedule.step + 1e-9);
  return Math.max(0, Math.min(count - 1, i));
}

function round(seconds: number): number {
  return Math.round(seconds * 1e4) / 1e4;
}
