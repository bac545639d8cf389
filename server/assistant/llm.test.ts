// The language model's prose filled by the server (decisions 081, 216): placeholders become cited values with their
// unit words, a change between two values of one series is the server's difference listed in `derived`, and anything
// else (a literal number, an unknown placeholder, a change between two series, other double braces) refuses it all.
import { describe, expect, it } from 'vitest';
import { uncitedNumbers } from '../../core/assistant/compose';
import type { DatasetMeta } from '../../core/schemas/dataset';
import { fill, LLM_REFUSED, type ToolValue } from './llm';

const meta = {
  id: 1,
  dataset_code: 'gov_10dd_edpt1',
  dataset_name: 'Government deficit/surplus, debt and associated data',
  description: '',
  source_name: 'Eurostat',
  source_url: '',
  unit: 'PC_GDP',
  frequency: 'A',
  categories: [],
  last_update: null,
  last_update_from: 'source',
  oldest_period: '1995',
  latest_period: '2022',
  available_countries: [{ code: 'AT', name: 'Austria' }],
  dimensions: [
    {
      key: 'dim1',
      code: 'unit',
      label: 'Unit of measure',
      values: [{ code: 'PC_GDP', label: 'Percentage of gross domestic product (GDP)' }],
      default: 'PC_GDP',
    },
    {
      key: 'dim2',
      code: 'na_item',
      label: 'National accounts indicator (ESA 2010)',
      values: [
        { code: 'B9', label: 'Net lending (+) /net borrowing (-)' },
        { code: 'GD', label: 'Government consolidated gross debt' },
      ],
      default: 'GD',
    },
  ],
} satisfies DatasetMeta;

function value(id: string, na_item: string, period: number, v: number, flags: string | null = null): ToolValue {
  return {
    id,
    ds: { meta, freq: 'A' },
    series: { dims: { dim1: 'PC_GDP', dim2: na_item }, byCode: { unit: 'PC_GDP', na_item } },
    obs: { geo: 'AT', geoName: 'Austria', period, value: v, decimals: 1, flags },
  };
}

const box = {
  values: new Map(
    [value('v1', 'B9', 2014, -2.7), value('v2', 'B9', 2015, -1), value('v3', 'GD', 2015, 84.4, 'p')].map((v) => [
      v.id,
      v,
    ]),
  ),
};
const origin = 'http://localhost:3000';

describe('fill', () => {
  it('writes each value with its unit words and cites it; a change is the difference of the two cited values', () => {
    const out = fill('Austria: {{v1}} in 2014, {{ v2 }} in 2015 ({{change:v1:v2}}).', box, origin);
    expect(out.answer).toBe(
      'Austria: −2.7 % of gross domestic product (GDP) [1] in 2014, −1.0 % of gross domestic product (GDP) [2] in 2015 (up 1.7 percentage points).',
    );
    expect(out.citations.map((c) => [c.period, c.value])).toEqual([
      ['2014', -2.7],
      ['2015', -1],
    ]);
    expect(out.derived).toEqual([{ text: '1.7', value: 1.7, from: [2, 1] }]);
    expect(uncitedNumbers(out.answer, out.citations, out.derived)).toEqual([]);
  });

  it('cites both values of a change the prose does not state, and says when nothing changed', () => {
    const down = fill('The deficit went {{change:v2:v1}} from 2015 back to 2014.', box, origin);
    expect(down.answer).toBe('The deficit went down 1.7 percentage points from 2015 back to 2014.');
    expect(down.citations.map((c) => c.period)).toEqual(['2015', '2014']);
    const same = fill('It was {{change:v1:v1}}.', box, origin);
    expect(same.answer).toBe('It was unchanged.');
  });

  it('refuses a literal number, an unknown placeholder, a change between two series and other braces', () => {
    for (const prose of [
      'The deficit was 2.7 % in 2014.',
      'It was {{v9}}.',
      'From the deficit to the debt: {{change:v1:v3}}.',
      'Twice the deficit: {{v1*2}}.',
      'The deficit {{v1}} and {{sum:v1:v2}}.',
    ])
      expect(fill(prose, box, origin)).toMatchObject({ answer: LLM_REFUSED, citations: [], declined: true });
  });
});
