// A dashboard card's headline is about what its chart draws (issue 41): a series it draws, in the periods it draws.
import { describe, expect, it } from 'vitest';
import type { DatasetData } from '#core/schemas/dataset';
import { cardFigure } from './follow-cards.server';

const months = ['1/2025', '2/2025', '3/2025', '4/2025'];
/** Two series (food, all items) of two places; France has values only in the last two months. */
function data(): DatasetData {
  const rows = (values: Record<string, (number | null)[]>) =>
    months.map((period, i) => ({
      period,
      values: Object.fromEntries(
        Object.entries(values).flatMap(([geo, v]) => (v[i] === null || v[i] === undefined ? [] : [[geo, v[i]]])),
      ),
    }));
  return {
    dataset: {
      id: 1,
      dataset_code: 'x',
      dataset_name: 'Prices',
      frequency: 'M',
      unit: 'Percent',
      available_countries: [
        { code: 'DE', name: 'Germany' },
        { code: 'FR', name: 'France' },
      ],
      dimensions: [],
    },
    data: [
      {
        id: 7,
        series_key: { dim1_value: 'CP01' },
        label: 'Food',
        rows: rows({ Germany: [2, 2.1, 2.3, 2.2], France: [null, null, 5, 4.5] }),
      },
      {
        id: 8,
        series_key: { dim1_value: 'CP00' },
        label: 'All items',
        rows: rows({ Germany: [1, 1.1, 1.2, 1.3], France: [null, null, 3, 3.1] }),
      },
    ],
  } as unknown as DatasetData;
}

describe('cardFigure', () => {
  it('names a series the chart draws, as the chart names it, with its change on the period before', () => {
    const figure = cardFigure(data(), ['FR', 'DE'], { start: 0, end: 3 });
    expect(figure).toMatchObject({ geo: 'FR', seriesId: 7, period: '4/2025', value: 4.5, change: -0.5 });
    expect(figure!.label).toMatch(/^France, /);
  });

  it('takes its value from the periods drawn, and a place with a value there', () => {
    // The chart draws January and February: France has no value there, so the headline is Germany's, in February.
    const figure = cardFigure(data(), ['FR', 'DE'], { start: 0, end: 1 });
    expect(figure).toMatchObject({ geo: 'DE', period: '2/2025', value: 2.1, previousPeriod: '1/2025' });
  });

  it('is about a place the map draws: never an aggregate, which has no outline', () => {
    const withEu = data();
    withEu.dataset.available_countries.unshift({ code: 'EU27_2020', name: 'European Union' });
    for (const series of withEu.data) for (const row of series.rows) row.values['European Union'] = 2;
    expect(cardFigure(withEu, ['EU27_2020', 'DE'], { start: 3, end: 3 })).toMatchObject({ geo: 'EU27_2020' });
    expect(cardFigure(withEu, ['EU27_2020', 'DE'], { start: 3, end: 3, map: true })).toMatchObject({ geo: 'DE' });
  });
});
