// When the scheduled refresh runs: times of day in Europe/Luxembourg (Eurostat publishes at 11:00 and 23:00 there),
// from REFRESH_SCHEDULE ("11:15,23:15" by default, "off" for none), across daylight-saving changes.

export const scheduleZone = 'Europe/Luxembourg';

/** REFRESH_SCHEDULE's shape: "off", or times of day HH:MM separated by commas. */
export const schedulePattern = /^\s*(off|([01]?\d|2[0-3]):[0-5]\d(\s*,\s*([01]?\d|2[0-3]):[0-5]\d)*)\s*$/i;

export interface Schedule {
  /** Minutes after local midnight, ascending, no repeats. */
  minutes: number[];
  zone: string;
}

/** The schedule REFRESH_SCHEDULE describes, or null for "off"; throws on anything else. */
export function parseSchedule(text: string, zone = scheduleZone): Schedule | null {
  if (!schedulePattern.test(text)) {
    throw new Error(`REFRESH_SCHEDULE must be "off" or times of day such as "11:15,23:15" (got "${text}")`);
  }
  if (text.trim().toLowerCase() === 'off') return null;
  const minutes = text
    .split(',')
    .map((t) => t.trim().split(':').map(Number))
    .map(([h, m]) => h! * 60 + m!);
  return { minutes: [...new Set(minutes)].sort((a, b) => a - b), zone };
}

/** "11:15 and 23:15 (Europe/Luxembourg)" */
export function describeSchedule(schedule: Schedule | null): string {
  if (!schedule) return 'off';
  const times = schedule.minutes.map((m) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`);
  const list = times.length > 1 ? `${times.slice(0, -1).join(', ')} and ${times.at(-1)}` : times[0]!;
  return `daily at ${list} (${schedule.zone})`;
}

const pad = (n: number) => String(n).padStart(2, '0');

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `zone` at `instant`, as if it were UTC (for offset arithmetic). */
function wallClock(instant: number, zone: string): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
}

/**
 * The instant when the wall clock in `zone` shows the given local time (as UTC fields). A time that the spring change
 * skips (02:30 on the last Sunday of March) happens an hour later; one the autumn change repeats, the first time.
 */
export function zonedTime(local: number, zone: string): number {
  const halfDay = 12 * 60 * 60 * 1000;
  // The offsets half a day before and after: around a change they differ, and each may give a valid instant.
  const before = local - (wallClock(local - halfDay, zone) - (local - halfDay));
  const after = local - (wallClock(local + halfDay, zone) - (local + halfDay));
  const valid = [before, after].filter((t) => wallClock(t, zone) === local);
  // In the spring gap neither is valid: the offset before the change, which lands an hour later on the wall clock.
  return valid.length > 0 ? Math.min(...valid) : before;
}

/** The first scheduled time strictly after `after`. */
export function nextRun(schedule: Schedule, after: Date): Date {
  const today = new Date(wallClock(after.getTime(), schedule.zone));
  for (let day = 0; day < 3; day++) {
    for (const minute of schedule.minutes) {
      const local = Date.UTC(
        today.getUTCFullYear(),
        today.getUTCMonth(),
        today.getUTCDate() + day,
        Math.floor(minute / 60),
        minute % 60,
      );
      const at = zonedTime(local, schedule.zone);
      if (at > after.getTime()) return new Date(at);
    }
  }
  throw new Error('no scheduled time within three days');
}
