import { describe, expect, it } from 'vitest';
import { releaseName } from './release-section';

describe('releaseName', () => {
  it('names a release by its day', () => {
    expect(releaseName({ releaseDate: '2026-09-22T09:00:00.000Z', sameDayAsEarlier: false })).toBe('22 September 2026');
  });

  it('adds the time when an earlier release fell on the same day (Eurostat publishes at 11:00 and 23:00)', () => {
    expect(releaseName({ releaseDate: '2026-09-22T21:00:00.000Z', sameDayAsEarlier: true })).toBe(
      '22 September 2026, 21:00 UTC',
    );
  });
});
