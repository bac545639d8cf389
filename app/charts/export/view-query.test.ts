import { describe, expect, it } from 'vitest';
import { encodeQueryValue, joinQuery, parseViewQuery } from '#core/view';
import { dimensionPairs, pageViewPairs, viewPairs } from './view-query';
import { dataApiPairs } from './view-urls';

const q = (s: string) => new URLSearchParams(s);

describe('parseViewQuery', () => {
  it('reads the embed parameters of the specification', () => {
    const { view, problems } = parseViewQuery(
      q(
        'embed=true&chart_type=line&dimension[]=dim2:CP00&dimension[]=dim2:CP01&dimension[]=dim1:RCH_A&country[]=DE&country[]=fr&time_start=1/2020&time_end=05/2025',
      ),
    );
    expect(problems).toEqual([]);
    expect(view).toEqual({
      chartType: 'line',
      dimensions: { dim2: ['CP00', 'CP01'], dim1: ['RCH_A'] },
      countries: ['DE', 'FR'],
      timeStart: '1/2020',
      timeEnd: '5/2025',
    });
  });

  it('defaults to a bar chart of everything', () => {
    expect(parseViewQuery(q(''))).toEqual({ view: { chartType: 'bar', dimensions: {}, countries: [] }, problems: [] });
  });

  it('accepts percent-encoded brackets, plain names and comma lists', () => {
    const { view } = parseViewQuery(q('dimension%5B%5D=dim2%3ACP00&country=DE,EA20&country%5B%5D=DE'));
    expect(view.dimensions).toEqual({ dim2: ['CP00'] });
    expect(view.countries).toEqual(['DE', 'EA20']);
  });

  it('drops and names what it cannot read', () => {
    const { view, problems } = parseViewQuery(
      q('chart_type=pie&dimension[]=coicop:CP00&dimension[]=dim2&country[]=D%20E&time_start=2020-01&time_end=Q5/2020'),
    );
    expect(view).toEqual({ chartType: 'bar', dimensions: {}, countries: [] });
    expect(problems).toEqual([
      'invalid chart_type: "pie" (one of line, bar, horizontal-bar, map, table)',
      'invalid dimension: "coicop:CP00" (write dimN:code, e.g. dim2:CP00)',
      'invalid dimension: "dim2" (write dimN:code, e.g. dim2:CP00)',
      'invalid country: "D E"',
      'invalid time_start: "2020-01" (YYYY, S{n}/YYYY, Q{n}/YYYY, M/YYYY, W{n}/YYYY or YYYY-MM-DD)',
      'invalid time_end: "Q5/2020" (YYYY, S{n}/YYYY, Q{n}/YYYY, M/YYYY, W{n}/YYYY or YYYY-MM-DD)',
    ]);
  });
});

describe('query writing', () => {
  it('keeps : / , and [] readable and escapes the rest', () => {
    expect(encodeQueryValue('dim2:CP00')).toBe('dim2:CP00');
    expect(encodeQueryValue('10/2022')).toBe('10/2022');
    expect(encodeQueryValue('DE,FR')).toBe('DE,FR');
    expect(encodeQueryValue('a&b c')).toBe('a%26b%20c');
    expect(joinQuery([['dimension[]', 'dim2:CP00']])).toBe('dimension[]=dim2:CP00');
  });

  it('orders dimensions numerically and writes the view in the specification order', () => {
    expect(dimensionPairs({ dim10: ['X'], dim2: ['CP00'] })).toEqual([
      ['dimension[]', 'dim2:CP00'],
      ['dimension[]', 'dim10:X'],
    ]);
    expect(
      viewPairs({
        chartType: 'bar',
        dimensions: { dim2: ['CP00'] },
        countries: ['DE'],
        timeStart: '1/2020',
        timeEnd: '5/2025',
      }),
    ).toEqual([
      ['chart_type', 'bar'],
      ['dimension[]', 'dim2:CP00'],
      ['country[]', 'DE'],
      ['time_start', '1/2020'],
      ['time_end', '5/2025'],
    ]);
  });

  it('round-trips through parseViewQuery', () => {
    const view = {
      chartType: 'map' as const,
      dimensions: { dim1: ['RCH_A'], dim2: ['CP01'] },
      countries: ['EL', 'DE'],
    };
    expect(parseViewQuery(q(joinQuery(viewPairs(view)))).view).toEqual(view);
  });
});

describe('the dataset page address (decision 150)', () => {
  it('names the one period of a map or horizontal bar `time`, and reads it back', () => {
    const view = {
      chartType: 'map' as const,
      dimensions: { dim2: ['CP00'] },
      countries: ['DE', 'FR'],
      timeEnd: '5/2025',
      time: '4/2025',
    };
    const query = joinQuery(pageViewPairs(view));
    expect(query).toBe('chart_type=map&dimension[]=dim2:CP00&country[]=DE&country[]=FR&time=4/2025&time_end=5/2025');
    expect(parseViewQuery(q(query))).toEqual({ view, problems: [] });
  });

  it('keeps time_start for a range, ignores `time` there and reports a misspelt one', () => {
    const line = { chartType: 'line' as const, dimensions: {}, countries: [], timeStart: '1/2020' };
    expect(joinQuery(pageViewPairs(line))).toBe('chart_type=line&time_start=1/2020');
    expect(parseViewQuery(q('chart_type=line&time=4/2025')).view).toEqual({
      chartType: 'line',
      dimensions: {},
      countries: [],
    });
    expect(parseViewQuery(q('chart_type=horizontal-bar&time=2025-04')).problems).toEqual([
      'invalid time: "2025-04" (YYYY, S{n}/YYYY, Q{n}/YYYY, M/YYYY, W{n}/YYYY or YYYY-MM-DD)',
    ]);
  });
});

describe('a view of an earlier vintage (as_of, decision 125)', () => {
  it('reads as_of as written, writes it last in page and data URLs, and reports one that is no time', () => {
    const { view, problems } = parseViewQuery(q('chart_type=map&country[]=DE&time=2/2024&as_of=2026-06-30'));
    expect(problems).toEqual([]);
    expect(view).toEqual({ chartType: 'map', dimensions: {}, countries: ['DE'], time: '2/2024', asOf: '2026-06-30' });
    expect(joinQuery(pageViewPairs(view))).toBe('chart_type=map&country[]=DE&time=2/2024&as_of=2026-06-30');
    expect(dataApiPairs({ ...view, timeEnd: '2/2024' })).toEqual([
      ['country', 'DE'],
      ['period_to', '2/2024'],
      ['as_of', '2026-06-30'],
    ]);
    const bad = parseViewQuery(q('chart_type=line&as_of=last%20week'));
    expect(bad.view.asOf).toBeUndefined();
    expect(bad.problems).toHaveLength(1);
    expect(bad.problems[0]).toMatch(/^invalid as_of: "last week"/);
  });
});
