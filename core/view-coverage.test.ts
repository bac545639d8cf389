import { describe, expect, it } from 'vitest';
import { coverageNote } from './view';

describe('coverageNote', () => {
  it('names the newest partial period and who has it', () => {
    expect(coverageNote({ period: '6/2026', partial: [{ period: '7/2026', places: ['Germany'] }], places: 37 })).toBe(
      '7/2026: Germany only',
    );
    expect(
      coverageNote({
        period: '5/2026',
        partial: [
          { period: '6/2026', places: ['Germany', 'France', 'Italy'] },
          { period: '7/2026', places: ['Germany', 'France'] },
        ],
        places: 37,
      }),
    ).toBe('7/2026: Germany and France only');
  });

  it('counts places when there are many, and says nothing without a partial period', () => {
    const places = ['AT', 'BE', 'DE', 'FR'];
    expect(coverageNote({ period: '2020', partial: [{ period: '2021', places }], places: 37 })).toBe(
      '2021: 4 of 37 places',
    );
    expect(coverageNote({ period: '2021', partial: [], places: 37 })).toBeNull();
  });
});
