import { describe, expect, it } from 'vitest';
import { readAsOf } from './as-of';
import { parseSelection, type SelectionMeta } from './selection';

describe('readAsOf', () => {
  it('reads date-times with a zone, and a date as the end of that day in UTC', () => {
    expect(readAsOf('2026-06-02T10:00:00Z')?.toISOString()).toBe('2026-06-02T10:00:00.000Z');
    expect(readAsOf('2026-06-02T12:00:00+02:00')?.toISOString()).toBe('2026-06-02T10:00:00.000Z');
    expect(readAsOf('2026-06-02T10:00Z')?.toISOString()).toBe('2026-06-02T10:00:00.000Z');
    expect(readAsOf('2026-06-02T10:00:00.123456Z')?.toISOString()).toBe('2026-06-02T10:00:00.123Z');
    expect(readAsOf('2026-06-02')?.toISOString()).toBe('2026-06-02T23:59:59.999Z');
  });

  it('refuses what is not one: no zone, impossible dates, words', () => {
    for (const raw of ['2026-06-02T10:00:00', '2026-02-30', '2026-13-01T00:00:00Z', 'yesterday', '', '1e9']) {
      expect(readAsOf(raw), raw).toBeNull();
    }
  });
});

describe('as_of in the one selection parser', () => {
  const meta: SelectionMeta = {
    dataset_code: 'une_rt_m',
    frequency: 'M',
    dimensions: [],
    available_countries: [{ code: 'DE', name: 'Germany' }],
  };

  it('carries the time into the selection the view loader reads', () => {
    const { selection, problems } = parseSelection(meta, new URLSearchParams('country=DE&as_of=2026-06-02T10:00:00Z'));
    expect(problems).toEqual([]);
    expect(selection.asOf?.toISOString()).toBe('2026-06-02T10:00:00.000Z');
    expect(parseSelection(meta, new URLSearchParams('country=DE')).selection.asOf).toBeUndefined();
  });

  it('names a time it cannot read', () => {
    const { selection, problems } = parseSelection(meta, new URLSearchParams('as_of=last-week'));
    expect(selection.asOf).toBeUndefined();
    expect(problems.map((p) => [p.kind, p.param])).toEqual([['bad_as_of', 'as_of']]);
    expect(problems[0]!.message).toContain('invalid as_of: "last-week" (an ISO 8601 date-time with its zone');
  });
});
