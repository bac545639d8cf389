import { describe, expect, it } from 'vitest';
import { coverageOf } from './observations';

const m = (month: number, year: number) => year * 12 + month - 1;

describe('coverageOf', () => {
  it('ends at the latest period more than half of the places have reached (une_rt_m: Germany alone at 7/2026)', () => {
    const places = [
      { name: 'Germany', latest: m(7, 2026) },
      { name: 'France', latest: m(6, 2026) },
      { name: 'Spain', latest: m(5, 2026) },
      { name: 'Poland', latest: m(5, 2026) },
    ];
    expect(coverageOf('M', places)).toEqual({
      period: '5/2026',
      partial: [
        // Half the places is not most of them.
        { period: '6/2026', places: ['Germany', 'France'] },
        { period: '7/2026', places: ['Germany'] },
      ],
      places: 4,
    });
    expect(coverageOf('M', places.slice(0, 3))).toEqual({
      period: '6/2026',
      partial: [{ period: '7/2026', places: ['Germany'] }],
      places: 3,
    });
  });

  it('has nothing partial when every place is up to date, and no period without data', () => {
    expect(
      coverageOf('A', [
        { name: 'DE1', latest: 2021 },
        { name: 'DE2', latest: 2021 },
      ]),
    ).toEqual({
      period: '2021',
      partial: [],
      places: 2,
    });
    expect(coverageOf('A', [])).toEqual({ period: null, partial: [], places: 0 });
  });
});
