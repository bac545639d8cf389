import { describe, expect, it } from 'vitest';
import { matchDataset, questionWords, stem, type DatasetLabels } from './match';
import { parseQuestion } from './parse';
import { buildGazetteer } from './places';
import { parseTime } from './time';

// Labels as Eurostat's code lists write them (the matcher knows no dataset: it reads these).
const asylum: DatasetLabels = {
  code: 'migr_asyappctza',
  title: 'Asylum applicants by type of applicant, citizenship, age and sex - annual aggregated data',
  freq: 'A',
  dimensions: [
    { key: 'dim1', code: 'unit', label: 'Unit', default: 'PER', values: [{ code: 'PER', label: 'Person' }] },
    {
      key: 'dim2',
      code: 'citizen',
      label: 'Citizenship',
      default: 'TOTAL',
      values: [
        { code: 'TOTAL', label: 'Total' },
        { code: 'SY', label: 'Syria' },
        { code: 'AF', label: 'Afghanistan' },
      ],
    },
    {
      key: 'dim3',
      code: 'applicant',
      label: 'Applicant type',
      default: 'TOTAL',
      values: [
        { code: 'TOTAL', label: 'Total' },
        { code: 'FRST', label: 'First time applicant' },
      ],
    },
  ],
};
const debt: DatasetLabels = {
  code: 'gov_10dd_edpt1',
  title: 'Government deficit/surplus, debt and associated data',
  freq: 'A',
  dimensions: [
    {
      key: 'dim1',
      code: 'unit',
      label: 'Unit',
      default: 'PC_GDP',
      values: [
        { code: 'PC_GDP', label: 'Percentage of gross domestic product (GDP)' },
        { code: 'MIO_EUR', label: 'Million euro' },
      ],
    },
    {
      key: 'dim2',
      code: 'na_item',
      label: 'National accounts indicator',
      default: 'GD',
      values: [
        { code: 'GD', label: 'Government consolidated gross debt' },
        { code: 'B9', label: 'Net lending (+) /net borrowing (-)' },
      ],
    },
  ],
};

const gazetteer = buildGazetteer();
const today = new Date('2026-11-24T12:00:00Z');
const words = (question: string) => questionWords(question, ['austria', 'latvia']);

describe('matching a question to a dataset by its labels', () => {
  it('finds the series the code labels name: first-time applicants from Syria', () => {
    const m = matchDataset(
      words('How many first-time asylum applicants from Syria were there in Austria in 2015?'),
      asylum,
    );
    expect(m.dims).toEqual({ citizen: 'SY', applicant: 'FRST' });
    expect(m.titleHits).toBeGreaterThan(0);
    expect(m.unmatched).toEqual([]);
  });

  it('keeps the main series when no label is named, and scores the dataset whose title says it higher', () => {
    const q = words('How many asylum applicants were there in Latvia in 2011?');
    expect(matchDataset(q, asylum).dims).toEqual({});
    expect(matchDataset(q, asylum).score).toBeGreaterThan(matchDataset(q, debt).score);
    expect(matchDataset(words('government debt as a share of GDP in Austria in 2004'), debt)).toMatchObject({
      inTitle: 2,
      unmatched: [],
    });
  });

  it('leaves words no dataset has unmatched', () => {
    expect(matchDataset(words('How many unicorns lived in Austria in 2020?'), asylum)).toMatchObject({ titleHits: 0 });
  });

  it('reads people’s words as the labels’ and removes plural endings', () => {
    expect(stem('women')).toBe('female');
    expect(stem('applicants')).toBe('applicant');
    expect(stem('countries')).toBe('country');
  });
});

describe('questions of any dataset', () => {
  const parse = (question: string, previous?: ReturnType<typeof parseQuestion>) =>
    parseQuestion(question, { gazetteer, today, previous });

  it('ranks contraction ascending', () => {
    expect(parse('Which EU economy shrank the most in 2020?')).toMatchObject({ intent: 'extreme', order: 'asc' });
    expect(parse('Which EU country saw real GDP fall the most in 2020?')).toMatchObject({ order: 'asc' });
    expect(parse('Which EU country had the fewest asylum applicants in 2016?')).toMatchObject({ order: 'asc' });
  });

  it('keeps the measure in follow-ups that name none, and takes a new one that is named', () => {
    const first = { ...parse('How many asylum applicants were there in Romania in 2011?'), dataset: 'x', dims: {} };
    expect(parse('And in 2019?', first)).toMatchObject({ followUp: true, dataset: 'x', topic: first.topic });
    expect(parse('What about Poland?', first)).toMatchObject({ followUp: true, dataset: 'x' });
    expect(parse('Government debt in Spain in 2010?', first)).toMatchObject({ followUp: false, dataset: null });
  });

  it('notices places that are none', () => {
    expect(parse('What was the unemployment rate on Mars in 2020?').unknownPlace).toBe('Mars');
  });

  it('reads halves and ordinal quarters, and no base year of an index as a period', () => {
    expect(parseTime('in the first half of 2021', today)).toEqual({
      kind: 'point',
      at: { freq: 'S', year: 2021, sub: 1 },
    });
    expect(parseTime('the fourth quarter of 2016', today)).toEqual({
      kind: 'point',
      at: { freq: 'Q', year: 2016, sub: 4 },
    });
    expect(parseTime('house price index (2015 = 100) in Q3 2009', today)).toEqual({
      kind: 'point',
      at: { freq: 'Q', year: 2009, sub: 3 },
    });
  });
});
