import { describe, expect, it } from 'vitest';
import { lastUpdateFact, lastUpdatePhrase, releaseName } from './release-section';

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

describe('lastUpdateFact', () => {
  const eurostat = { source_name: 'Eurostat' };
  it("is the source's date of the data when there is one", () => {
    expect(
      lastUpdateFact({ ...eurostat, last_update: '2023-06-20T09:00:00.000Z', last_update_from: 'source' }),
    ).toEqual({
      label: 'Last update',
      value: '2023-06-20',
    });
  });

  it('never gives the import time as the last update: it says when it was imported and that the source gave none', () => {
    expect(
      lastUpdateFact({ ...eurostat, last_update: '2026-11-29T10:00:00.000Z', last_update_from: 'import' }),
    ).toEqual({
      label: 'Imported',
      value: '29 November 2026; Eurostat gave no release date',
    });
    expect(lastUpdatePhrase({ last_update: '2026-11-29T10:00:00.000Z', last_update_from: 'import' })).toBe(
      'imported 2026-11-29',
    );
    expect(lastUpdatePhrase({ last_update: '2023-06-20T09:00:00.000Z', last_update_from: 'source' })).toBe(
      'updated 2023-06-20',
    );
    expect(lastUpdateFact({ ...eurostat, last_update: null, last_update_from: 'source' }).value).toBe('unknown');
  });
});
