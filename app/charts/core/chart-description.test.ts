import { describe, expect, it } from 'vitest';
import { describeChart, describedSeries, listLabels, type DescribedSeries } from './chart-description';
import type { ChartTable } from './chart-series';

const INFLATION = 'Annual inflation';
const RATE = 'Annual rate of change (%)';
const months = (from: number, count: number, year = 2020) =>
  Array.from({ length: count }, (_, i) => `${((from - 1 + i) % 12) + 1}/${year + Math.floor((from - 1 + i) / 12)}`);
const place = (label: string, values: (number | null)[], flags?: (string | undefined)[]): DescribedSeries => ({
  label,
  place: label,
  values,
  ...(flags ? { flags } : {}),
});
const line = (series: DescribedSeries[], periods: string[], unit = RATE, decimals = 1) =>
  describeChart({ kind: 'series', title: INFLATION, unit, decimals, periods, series });

describe('listLabels', () => {
  it('joins up to three labels and counts the rest', () => {
    expect(listLabels([])).toBe('');
    expect(listLabels(['Germany'])).toBe('Germany');
    expect(listLabels(['Germany', 'France'])).toBe('Germany and France');
    expect(listLabels(['Germany', 'France', 'Spain'])).toBe('Germany, France and Spain');
    expect(listLabels(['Germany', 'France', 'Spain', 'Italy', 'Poland'])).toBe('Germany, France, Spain and 2 more');
  });
});

describe('describeChart: one series', () => {
  it('says the start, a notable peak and the latest value in readable periods and the unit', () => {
    const periods = ['1/2020', '10/2022', '5/2025'];
    expect(line([place('Germany', [1.4, 11.6, 2.1])], periods)).toBe(
      'Annual inflation in Germany rose from 1.4 % in January 2020 to a peak of 11.6 % in October 2022 and was 2.1 % in May 2025.',
    );
  });

  it('says a steady rise or fall without a peak', () => {
    const periods = months(1, 4);
    expect(line([place('Spain', [1, 2, 3, 4])], periods)).toBe(
      'Annual inflation in Spain rose from 1.0 % in January 2020 to 4.0 % in April 2020.',
    );
    expect(line([place('Spain', [4, 3.5, 2, 1])], periods)).toBe(
      'Annual inflation in Spain fell from 4.0 % in January 2020 to 1.0 % in April 2020.',
    );
    expect(line([place('Spain', [2, 2.1, 1.9, 2])], periods)).toBe(
      'Annual inflation in Spain was 2.0 % in January 2020 and 2.0 % in April 2020.',
    );
  });

  it('says a notable low, and a peak then a low in time order', () => {
    const periods = months(1, 5);
    expect(line([place('Greece', [3, -2, 1, 2.5, 2.8])], periods)).toBe(
      'Annual inflation in Greece fell from 3.0 % in January 2020 to a low of -2.0 % in February 2020 and was 2.8 % in May 2020.',
    );
    expect(line([place('Greece', [2, 9, 5, -4, 1])], periods)).toBe(
      `Annual inflation in Greece rose from 2.0 % in January 2020 to a peak of 9.0 % in February 2020, then fell to a low of -4.0 % in April 2020 and was 1.0 % in May 2020.`,
    );
  });

  it('says a single value as it is', () => {
    expect(line([place('Malta', [null, 2.5, null])], months(1, 3))).toBe(
      'Annual inflation in Malta was 2.5 % in February 2020.',
    );
  });

  it('skips missing values: the start and latest are the first and last values there are', () => {
    expect(line([place('Italy', [null, 1, null, 3, null])], months(1, 5))).toBe(
      'Annual inflation in Italy rose from 1.0 % in February 2020 to 3.0 % in April 2020.',
    );
  });

  it('names the flags of the values it quotes', () => {
    expect(line([place('Austria', [1, 2, 3], ['', undefined, 'p'])], ['2021', '2022', '2023'])).toBe(
      'Annual inflation in Austria rose from 1.0 % in 2021 to 3.0 % (provisional) in 2023.',
    );
  });

  it('writes a short unit after each number and a long one once', () => {
    expect(line([place('Germany', [100, 120])], ['2021', '2022'], 'Million euro', 0)).toBe(
      'Annual inflation in Germany rose from 100 million euro in 2021 to 120 million euro in 2022.',
    );
    expect(line([place('Germany', [100, 120])], ['2021', '2022'], 'Index, 1/2020 = 100', 0)).toBe(
      'Annual inflation in Germany rose from 100 in 2021 to 120 in 2022. Values in index, 1/2020 = 100.',
    );
  });

  it('names a series that is not a place by its label', () => {
    const food: DescribedSeries = { label: 'Germany, Food', place: 'Germany', values: [1, 2] };
    const other: DescribedSeries = { label: 'Food', values: [1, 2] };
    expect(line([food, other], ['2021', '2022'])).toBe(
      'Annual inflation in Germany (Food) rose from 1.0 % in 2021 to 2.0 % in 2022. ' +
        'For Food it rose from 1.0 % in 2021 to 2.0 % in 2022.',
    );
  });
});

describe('describeChart: many series', () => {
  it('tells up to three series one by one and says which have no data', () => {
    const text = line(
      [place('Germany', [1, 2]), place('France', [2, 1]), place('Spain', [3, 3]), place('Malta', [null, null])],
      ['2021', '2022'],
    );
    expect(text.split('. ')).toHaveLength(4);
    expect(text).toContain('. In France it fell from 2.0 % in 2021 to 1.0 % in 2022.');
    expect(text).toMatch(/No data for Malta\.$/);
  });

  it('sums up more than three: the places, the range, the highest and lowest latest and the highest of all', () => {
    const text = line(
      [
        place('Germany', [1, 11.6, 2.1]),
        place('France', [1.5, 7.1, 0.6]),
        place('Estonia', [1, 25.2, 4.6]),
        place('Italy', [0.4, 12.6, 1.9]),
      ],
      ['1/2020', '10/2022', '5/2025'],
    );
    expect(text).toBe(
      'Annual inflation for 4 places (Germany, France, Estonia and 1 more) from January 2020 to May 2025. ' +
        'In May 2025 the highest was Estonia at 4.6 % and the lowest France at 0.6 %. ' +
        'The highest of all was Estonia at 25.2 % in October 2022.',
    );
  });

  it('says the range is cut short', () => {
    expect(
      describeChart({
        kind: 'series',
        title: INFLATION,
        unit: RATE,
        decimals: 1,
        periods: ['2021', '2022'],
        series: [place('Germany', [1, 2])],
        cutShort: true,
      }),
    ).toMatch(/The range is cut short at 2022 to fit the chart's width\.$/);
  });
});

describe('describeChart: one period, a map and a table', () => {
  const values = [
    { label: 'Germany', value: 2.1 },
    { label: 'Estonia', value: 4.6 },
    { label: 'France', value: 0.6, flag: 'e' },
    { label: 'Italy', value: 1.9 },
  ];

  it('ranks the bars of a period, with the view’s place and the series without data', () => {
    expect(
      describeChart({
        kind: 'ranking',
        title: INFLATION,
        unit: RATE,
        decimals: 1,
        period: '5/2025',
        values,
        place: 'Germany',
        missing: ['Malta'],
      }),
    ).toBe(
      'Annual inflation in May 2025: the highest is Estonia at 4.6 % and the lowest France at 0.6 % (estimated), of 4 shown. ' +
        'Germany is 2nd at 2.1 %. No data for Malta.',
    );
  });

  it('says the highest and lowest region of a map and the period', () => {
    expect(
      describeChart({
        kind: 'map',
        title: INFLATION,
        unit: RATE,
        decimals: 1,
        period: '10/2022',
        where: 'Europe',
        values,
      }),
    ).toBe(
      'Annual inflation in October 2022 across Europe: the highest is Estonia at 4.6 % and the lowest France at 0.6 % (estimated), of 4 regions with data.',
    );
  });

  it('says what a table lists', () => {
    expect(
      describeChart({
        kind: 'table',
        title: INFLATION,
        unit: RATE,
        rows: ['Germany', 'France'],
        periods: ['1/2025', '2/2025', '3/2025'],
        shownPeriods: 2,
      }),
    ).toBe(
      'Table of Annual inflation, Annual rate of change (%), for Germany and France from January 2025 to March 2025: 2 rows and 3 periods. The image shows the newest 2.',
    );
  });
});

describe('describedSeries', () => {
  it('takes a chart table’s places and flags', () => {
    const table: ChartTable = {
      freq: 'A',
      periods: ['2021', '2022'],
      ordinals: [2021, 2022],
      unit: RATE,
      title: INFLATION,
      subtitle: '',
      series: [
        { key: '1:Germany', label: 'Germany', seriesId: 1, geo: 'Germany', colorIndex: 0, values: [1, 2] },
        { key: '2:Germany', label: 'Food', seriesId: 2, geo: 'Germany', colorIndex: 1, values: [1, null] },
      ],
    };
    expect(describedSeries(table, new Map([['1:Germany|2022', 'p']]))).toEqual([
      { label: 'Germany', place: 'Germany', values: [1, 2], flags: [undefined, 'p'] },
      { label: 'Food', values: [1, null], flags: [undefined, undefined] },
    ]);
  });
});
