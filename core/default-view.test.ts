import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  coverageEnd,
  defaultPlaces,
  headlineValues,
  totalRank,
  type DimensionFacts,
  type SeriesFacts,
} from './default-view';

const dictionaries = path.resolve(import.meta.dirname, '..', '../shared/data/eurostat-metadata/dic/en');

/** A dictionary of the mirror: code → label. */
function dic(name: string): Map<string, string> {
  const text = readFileSync(path.join(dictionaries, `${name}.dic`), 'utf8');
  return new Map(
    text.split('\n').flatMap((line) => (line.includes('\t') ? [line.split('\t') as [string, string]] : [])),
  );
}

const labelled = (name: string, codes: string[]) => {
  const labels = dic(name);
  return { code: name, values: codes.map((code) => ({ code, label: labels.get(code)?.trim() ?? null })) };
};

/** Every combination of the dimensions' codes, each with `places` places unless `places` says otherwise. */
function cube(dimensions: DimensionFacts[], places: (dims: string[]) => number = () => 10): SeriesFacts[] {
  let combos: string[][] = [[]];
  for (const d of dimensions) combos = combos.flatMap((c) => d.values.map((v) => [...c, v.code]));
  return combos.map((dims) => ({ dims, places: places(dims) }));
}

describe('totalRank', () => {
  it('reads TOTAL as the total in every one of Eurostat’s dictionaries that has it', () => {
    const files = readdirSync(dictionaries).filter((f) => f.endsWith('.dic') && f !== 'table_dic.dic');
    const withTotal = files.map((f) => [f, dic(f.replace(/\.dic$/, '')).get('TOTAL')] as const).filter(([, l]) => l);
    expect(withTotal.length).toBeGreaterThan(350);
    const missed = withTotal.filter(([, label]) => totalRank('TOTAL', label!) !== 3).map(([f, l]) => `${f}: ${l}`);
    // Labels that say it late: "Corresponding (total) number of students", "All enterprises (… not enterprise group)".
    expect(missed).toEqual([]);
  });

  it('tells totals from codes that look like them by their labels', () => {
    const rank = (dimension: string, code: string) => totalRank(code, dic(dimension).get(code) ?? null);
    expect(rank('sex', 'T')).toBe(3);
    expect(rank('unit', 'T')).toBe(0); // Tonne
    expect(rank('nace_r2', 'T')).toBe(0); // Activities of households as employers
    expect(rank('nace_r2', 'TOTAL')).toBe(3); // Total - all NACE activities
    expect(rank('coicop', 'CP00')).toBe(2); // All-items HICP
    expect(rank('coicop', 'CP00_X_042')).toBe(0); // All items HICP excluding imputed rentals
    expect(rank('isced11', 'TOTAL')).toBe(3); // All ISCED 2011 levels
    expect(rank('na_item', 'B1GQ')).toBe(2); // Gross domestic product at market prices
    expect(rank('sector', 'S1')).toBe(2); // Total economy
    expect(rank('age', 'Y_GE15')).toBe(0);
    expect(rank('citizen', 'WORLD')).toBe(2);
    expect(rank('customer', 'TOTAL')).toBe(3); // All customers
    expect(rank('spsector', 'GG_TOT')).toBe(1); // Total general government
    expect(totalRank('_T', null)).toBe(3);
    expect(totalRank('T', 'T')).toBe(3); // no label known: the code says it
    expect(totalRank('S1', 'Small enterprises')).toBe(0); // S1 is the total economy in sectors only
    expect(totalRank('S1', null)).toBe(2);
  });

  it('names few totals per dictionary', () => {
    const files = readdirSync(dictionaries).filter(
      (f) => f.endsWith('.dic') && !/^(table_dic|dimlst|geo)\.dic$/.test(f),
    );
    const crowded = files.filter((f) => {
      const strong = [...dic(f.replace(/\.dic$/, ''))].filter(([code, label]) => totalRank(code, label) === 3);
      return strong.length > 1;
    });
    // Six of 621 have two (NACE's TOTAL and TOT, a list of indicators with several "Total"): the most values decide.
    expect(crowded.length).toBeLessThan(10);
  });
});

describe('headlineValues', () => {
  it('opens asylum applications on every citizenship, both sexes and all ages, not the file’s first codes', () => {
    const dims = [
      labelled('citizen', ['AD', 'AF', 'TOTAL', 'EXT_EU27_2020']),
      labelled('sex', ['F', 'M', 'T', 'UNK']),
      labelled('applicant', ['NASY_APP', 'ASY_APP']),
      labelled('age', ['Y14-17', 'Y_LT14', 'TOTAL']),
      labelled('unit', ['PER']),
    ];
    const series = cube(dims, (d) => (d[2] === 'ASY_APP' ? 30 : 12));
    expect(headlineValues(dims, series, { unitDimension: 'unit' })).toEqual({
      citizen: 'TOTAL',
      sex: 'T',
      applicant: 'ASY_APP',
      age: 'TOTAL',
      unit: 'PER',
    });
  });

  it('takes the unit most series are published in, not the first in the file', () => {
    const dims = [labelled('unit', ['PC', 'THS_PER', 'NR']), labelled('sex', ['M', 'F', 'T'])];
    // Percentages are published for men and women only; persons for every sex, and a number for the total alone.
    const series = cube(dims).filter(({ dims: [unit, sex] }) =>
      unit === 'PC' ? sex !== 'T' : unit !== 'NR' || sex === 'T',
    );
    expect(headlineValues(dims, series, { unitDimension: 'unit' })).toEqual({ unit: 'THS_PER', sex: 'T' });
  });

  it('breaks a tie of series by the values published', () => {
    const dims = [labelled('unit', ['PC', 'NR'])];
    const series: SeriesFacts[] = [
      { dims: ['PC'], places: 3 },
      { dims: ['NR'], places: 12 },
    ];
    expect(headlineValues(dims, series, { unitDimension: 'unit' })).toEqual({ unit: 'NR' });
  });

  it('chooses a combination the data has: the total, then the unit among the series of that total', () => {
    const dims = [labelled('unit', ['PC_ACT', 'THS_PER']), labelled('age', ['Y15-24', 'Y25-74', 'TOTAL'])];
    // Thousands of persons are most published, but not for the total of ages.
    const series: SeriesFacts[] = [
      { dims: ['THS_PER', 'Y15-24'], places: 30 },
      { dims: ['THS_PER', 'Y25-74'], places: 30 },
      { dims: ['PC_ACT', 'TOTAL'], places: 30 },
    ];
    expect(headlineValues(dims, series, { unitDimension: 'unit' })).toEqual({ unit: 'PC_ACT', age: 'TOTAL' });
  });

  it('keeps an editorial default where the file has its code, and the rule elsewhere', () => {
    const dims = [labelled('s_adj', ['NSA', 'SA']), labelled('sex', ['F', 'T']), labelled('unit', ['THS_PER'])];
    const series = cube(dims);
    const editorial = { s_adj: 'SA', sex: 'M', unit: 'PC_ACT' };
    expect(headlineValues(dims, series, { editorial, unitDimension: 'unit' })).toEqual({
      s_adj: 'SA',
      sex: 'T',
      unit: 'THS_PER',
    });
  });

  it('without a total takes the code with the most values, then the file’s order', () => {
    const dims = [labelled('s_adj', ['NSA', 'SA', 'SCA']), labelled('indic', ['B', 'A'])];
    const series = cube(dims, ([adj]) => (adj === 'SA' ? 40 : 20));
    expect(headlineValues(dims, series)).toEqual({ s_adj: 'SA', indic: 'B' });
  });

  it('works from codes alone when no label is known (SDMX _T, TOT) and on a file without series', () => {
    const dims: DimensionFacts[] = [
      { code: 'activity', values: ['A', 'B', '_T'].map((code) => ({ code, label: null })) },
      { code: 'size', values: ['S1', 'TOT', 'L'].map((code) => ({ code, label: code })) },
    ];
    expect(headlineValues(dims, cube(dims))).toEqual({ activity: '_T', size: 'TOT' });
    expect(headlineValues(dims, [])).toEqual({ activity: 'A', size: 'S1' });
  });

  it('does not take a series of flags only for the headline', () => {
    const dims = [labelled('unit', ['EUR', 'NAC']), labelled('sex', ['T', 'M'])];
    const series: SeriesFacts[] = [
      { dims: ['EUR', 'T'], places: 0 },
      { dims: ['EUR', 'M'], places: 0 },
      { dims: ['NAC', 'T'], places: 5 },
      { dims: ['NAC', 'M'], places: 5 },
    ];
    expect(headlineValues(dims, series, { unitDimension: 'unit' })).toEqual({ unit: 'NAC', sex: 'T' });
  });
});

describe('defaultPlaces', () => {
  const hicp = ['EA', 'EA19', 'EA20', 'EU27_2020', 'EU28', 'AT', 'BE', 'DE', 'FR'];

  it('shows the countries with today’s EU as their reference, not every aggregate', () => {
    expect(defaultPlaces(hicp)).toEqual(['EU27_2020', 'AT', 'BE', 'DE', 'FR']);
    expect(defaultPlaces(['EA19', 'EA11', 'DE', 'FR'])).toEqual(['EA19', 'DE', 'FR']);
  });

  it('keeps every place of a dataset of one aggregate, of aggregates alone, or of regions (a map)', () => {
    expect(defaultPlaces(['EU27_2020', 'DE', 'FR'])).toBeNull();
    expect(defaultPlaces(['EU27_2020', 'EA20', 'EU28'])).toBeNull();
    expect(defaultPlaces(['EU27_2020', 'EA20', 'DE', 'DE1', 'DE2', 'DE3', 'FR1'])).toBeNull();
    expect(defaultPlaces(['_T'])).toBeNull();
  });
});

describe('coverageEnd', () => {
  const partial = { period: '4/2025', partial: [{ period: '5/2025', places: ['Germany'] }] };

  it('ends a default view at the covered period when newer periods are partial', () => {
    expect(coverageEnd(new URLSearchParams(''), partial)).toBe('4/2025');
    expect(coverageEnd(new URLSearchParams('chart_type=map&transform=index&base=1/2020'), partial)).toBe('4/2025');
    expect(coverageEnd(new URLSearchParams(''), { period: '5/2025', partial: [] })).toBeNull();
    expect(coverageEnd(new URLSearchParams(''), { period: null, partial: [] })).toBeNull();
  });

  it.each([
    'time=5/2025',
    'time_start=1/2024',
    'time_end=5/2025',
    'period_to=2025-05',
    'country=DE',
    'country[]=DE',
    'dimension[]=dim2:CP01',
    'dim2=CP01',
    'as_of=2025-06-01',
  ])('leaves a view the URL chooses as asked: %s', (query) => {
    expect(coverageEnd(new URLSearchParams(`chart_type=bar&${query}`), partial)).toBeNull();
  });
});
