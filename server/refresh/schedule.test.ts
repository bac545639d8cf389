import { describe, expect, it } from 'vitest';
import { describeSchedule, nextRun, parseSchedule } from './schedule';

const iso = (d: Date) => d.toISOString();

describe('refresh schedule', () => {
  const schedule = parseSchedule('11:15,23:15')!;

  it('reads REFRESH_SCHEDULE: times of day, or off', () => {
    expect(schedule.minutes).toEqual([675, 1395]);
    expect(parseSchedule('off')).toBeNull();
    expect(parseSchedule(' 23:15 , 7:05,23:15')!.minutes).toEqual([425, 1395]);
    expect(() => parseSchedule('every hour')).toThrow(/REFRESH_SCHEDULE must be "off" or times of day/);
    expect(() => parseSchedule('24:00')).toThrow();
    expect(describeSchedule(schedule)).toBe('daily at 11:15 and 23:15 (Europe/Luxembourg)');
  });

  it('runs at 11:15 and 23:15 Luxembourg time: UTC+1 in winter, UTC+2 in summer', () => {
    expect(iso(nextRun(schedule, new Date('2026-01-15T08:00:00Z')))).toBe('2026-01-15T10:15:00.000Z');
    expect(iso(nextRun(schedule, new Date('2026-01-15T10:15:00Z')))).toBe('2026-01-15T22:15:00.000Z');
    expect(iso(nextRun(schedule, new Date('2026-07-15T08:00:00Z')))).toBe('2026-07-15T09:15:00.000Z');
    // After 23:15 local: the next day's 11:15.
    expect(iso(nextRun(schedule, new Date('2026-07-15T21:30:00Z')))).toBe('2026-07-16T09:15:00.000Z');
  });

  it('follows the spring change (29 March 2026, 02:00 → 03:00)', () => {
    // Saturday 23:15 CET, then Sunday 11:15 CEST: 10 h apart in UTC instead of 12.
    expect(iso(nextRun(schedule, new Date('2026-03-28T12:00:00Z')))).toBe('2026-03-28T22:15:00.000Z');
    expect(iso(nextRun(schedule, new Date('2026-03-28T22:15:00Z')))).toBe('2026-03-29T09:15:00.000Z');
    // A time the change skips runs an hour later in wall-clock terms, at the same instant as 03:30 CEST.
    const skipped = parseSchedule('02:30')!;
    expect(iso(nextRun(skipped, new Date('2026-03-28T12:00:00Z')))).toBe('2026-03-29T01:30:00.000Z');
  });

  it('follows the autumn change (25 October 2026, 03:00 → 02:00)', () => {
    expect(iso(nextRun(schedule, new Date('2026-10-24T12:00:00Z')))).toBe('2026-10-24T21:15:00.000Z');
    expect(iso(nextRun(schedule, new Date('2026-10-24T21:15:00Z')))).toBe('2026-10-25T10:15:00.000Z');
    // A repeated time runs once, the first time (CEST).
    const repeated = parseSchedule('02:30')!;
    expect(iso(nextRun(repeated, new Date('2026-10-24T12:00:00Z')))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(nextRun(repeated, new Date('2026-10-25T00:30:00Z')))).toBe('2026-10-26T01:30:00.000Z');
  });
});
