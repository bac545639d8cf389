import { describe, expect, it } from 'vitest';
import { lastUpdateText, releaseName } from './release-section';

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

describe('lastUpdateText', () => {
  it("is the source's date of the data when there is one", () => {
    expect(lastUpdateText('2023-06-20T09:00:00.000Z', { importedAt: '2026-11-29T10:00:00.000Z' }, 'Eurostat')).toBe(
      '2023-06-20',
    );
  });

  it('never gives the import time as the last update: it says the source gave none and when it was imported', () => {
    expect(lastUpdateText(null, { importedAt: '2026-11-29T10:00:00.000Z' }, 'Eurostat')).toBe(
      'not given by Eurostat (imported here on 29 November 2026)',
    );
    expect(lastUpdateText(null, null, 'Eurostat')).toBe('unknown');
  });
});
