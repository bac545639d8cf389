import { describe, expect, it } from 'vitest';
import {
  MAX_STEP_S,
  MIN_STEP_S,
  NOTE_SHARE,
  pointAt,
  TONE_HIGH_HZ,
  TONE_LOW_HZ,
  toneFrequency,
  toneSchedule,
} from './sonification';

describe('toneFrequency', () => {
  it('maps the lowest value to 220 Hz, the highest to 880 Hz and the middle an octave up from the lowest', () => {
    expect(toneFrequency(-2, -2, 10)).toBe(TONE_LOW_HZ);
    expect(toneFrequency(10, -2, 10)).toBe(TONE_HIGH_HZ);
    expect(toneFrequency(4, -2, 10)).toBe(440);
    // Equal steps of value are equal intervals: a quarter of the range is half an octave.
    expect(toneFrequency(1, -2, 10)).toBeCloseTo(220 * Math.SQRT2, 1);
  });

  it('rises and falls with the value and stays on its scale', () => {
    const values = [1.4, 2.0, 11.6, 8.1, 2.1];
    const hz = values.map((v) => toneFrequency(v, 1.4, 11.6));
    expect(hz[1]!).toBeGreaterThan(hz[0]!);
    expect(hz[2]!).toBeGreaterThan(hz[1]!);
    expect(hz[3]!).toBeLessThan(hz[2]!);
    expect(hz[4]!).toBeLessThan(hz[3]!);
    expect(toneFrequency(50, 1.4, 11.6)).toBe(TONE_HIGH_HZ);
    expect(toneFrequency(-50, 1.4, 11.6)).toBe(TONE_LOW_HZ);
  });

  it('plays a flat series in the middle of the scale', () => {
    expect(toneFrequency(3, 3, 3)).toBe(440);
  });
});

describe('toneSchedule', () => {
  it('gives each value a note in order, a rest for a missing one, pitched on the whole series', () => {
    const s = toneSchedule([1, 3, null, 2]);
    expect(s.step).toBe(MAX_STEP_S);
    expect(s.duration).toBe(4 * MAX_STEP_S);
    expect(s.tones).toEqual([
      { index: 0, at: 0, duration: MAX_STEP_S * NOTE_SHARE, frequency: 220 },
      { index: 1, at: 0.25, duration: MAX_STEP_S * NOTE_SHARE, frequency: 880 },
      { index: 3, at: 0.75, duration: MAX_STEP_S * NOTE_SHARE, frequency: 440 },
    ]);
  });

  it('plays a long series faster, within about 20 s, but never faster than its least step', () => {
    const months = Array.from({ length: 100 }, (_, i) => Math.sin(i / 5));
    expect(toneSchedule(months).step).toBeCloseTo(0.2, 6);
    expect(toneSchedule(months).duration).toBeCloseTo(20, 6);
    const long = Array.from({ length: 341 }, (_, i) => i);
    expect(toneSchedule(long).step).toBe(MIN_STEP_S);
  });

  it('resumes from a value with the same step and pitches, timed from there', () => {
    const values = [1, 3, null, 2, 5];
    const whole = toneSchedule(values);
    const rest = toneSchedule(values, 3);
    expect(rest.from).toBe(3);
    expect(rest.tones.map((t) => t.index)).toEqual([3, 4]);
    expect(rest.tones[0]!.at).toBe(0);
    expect(rest.tones.map((t) => t.frequency)).toEqual(whole.tones.slice(-2).map((t) => t.frequency));
    expect(rest.duration).toBe(2 * whole.step);
  });
});

describe('pointAt', () => {
  it('finds the value sounding at a moment of the playback, the last once it has ended', () => {
    const values = [1, 2, 3, 4, 5, 6];
    const s = toneSchedule(values, 2);
    expect(pointAt(s, 0, values.length)).toBe(2);
    expect(pointAt(s, s.step * 1.5, values.length)).toBe(3);
    expect(pointAt(s, s.step * 2, values.length)).toBe(4);
    expect(pointAt(s, 99, values.length)).toBe(5);
  });
});
