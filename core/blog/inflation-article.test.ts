// The generated article from the real HICP release (May 2025 flash estimate), read with the project's parser.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseFile } from '../../server/import/parsers';
import type { Observation } from '../../server/import/types';
import { toOrdinal } from '../periods';
import { buildInflationArticle, type InflationFacts, type MonthValue } from './inflation-article';

const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../../../shared/data');
let observations: Observation[];

beforeAll(() => {
  const file = 'estat_prc_hicp_manr_filtered.tsv';
  observations = parseFile(
    file,
    readFileSync(path.join(mirror, 'eurostat/prc_hicp_manr', file)),
  ).observations.toArray();
});

function series(geo: string, coicop = 'CP00'): MonthValue[] {
  return observations
    .filter((o) => o.geo === geo && o.dims.includes(coicop) && o.value !== null)
    .map((o) => ({ ordinal: o.period, value: o.value!, decimals: o.decimals, flags: o.flags }))
    .sort((a, b) => a.ordinal - b.ordinal);
}

const labels: Record<string, string> = {
  CP01: 'Food and non-alcoholic beverages',
  CP011: 'Food',
  CP0111: 'Bread and cereals',
  CP01111: 'Rice',
};

function facts(geo: string, name: string): InflationFacts {
  const categories = Object.keys(labels).flatMap((code) => {
    const last = series(geo, code).at(-1);
    return last ? [{ code, label: labels[code]!, value: last }] : [];
  });
  return {
    country: { code: geo, name },
    series: series(geo),
    euroArea: series('EA'),
    eu: series('EU27_2020'),
    categories,
    release: { datasetCode: 'prc_hicp_manr', datasetName: 'HICP - monthly data', lastUpdate: '2025-06-03T09:00:00Z' },
  };
}

describe('buildInflationArticle for Germany', () => {
  const article = () => buildInflationArticle(facts('DE', 'Germany'))!;

  it('quotes the latest rate, its period and flag, and the peak', () => {
    const a = article();
    expect(a.title).toBe('Inflation in Germany: 2.1% in May 2025');
    expect(a.summary).toBe(
      'Annual HICP inflation in Germany was 2.1% in May 2025 (flash estimate), down from 2.2% in April 2025.',
    );
    expect(a.latest).toEqual({ period: '5/2025', value: 2.1, text: '2.1%', flags: 'e' });
    expect(a.peak).toMatchObject({ period: '10/2022', value: 11.6 });
  });

  it('compares with the euro area in the same month and with the EU in its latest month', () => {
    const comparison = article().sections.find((s) => s.id === 'comparison')!;
    expect(comparison.paragraphs).toEqual([
      "In May 2025, the euro area had an annual rate of 1.9%; Germany's 2.1% was 0.2 percentage points above the rate in the euro area.",
      "In April 2025, the European Union had an annual rate of 2.4%; Germany's 2.2% was 0.2 percentage points below the rate in the European Union.",
    ]);
  });

  it('describes the last 12 months and the food sub-indices of the latest detailed month', () => {
    const a = article();
    expect(a.sections.find((s) => s.id === 'trend')!.paragraphs).toEqual([
      'Over the 12 months to May 2025, the annual rate in Germany moved between 1.8% (September 2024) and 2.8% (December 2024).',
      'A year earlier, in May 2024, the rate was 2.8%: inflation has eased by 0.7 percentage points over the year.',
    ]);
    const food = a.sections.find((s) => s.id === 'categories')!.paragraphs;
    expect(food[0]).toBe(
      'In April 2025, the latest month with figures by product group, prices of food and non-alcoholic beverages in Germany were 3.3% higher than a year earlier, above the all-items rate of 2.2%.',
    );
    expect(food[1]).toBe('Within that group, the annual rates were: food +2.9%; bread and cereals +0.8%; rice +2.2%.');
  });

  it('says which release it reflects', () => {
    expect(article().releaseNote).toContain('prc_hicp_manr');
    expect(article().releaseNote).toContain('last updated on 3 June 2025, with figures up to May 2025');
  });
});

describe('buildInflationArticle for other countries', () => {
  it('mentions the recent peak when the all-time peak is older (Bulgaria, 1997)', () => {
    const a = buildInflationArticle(facts('BG', 'Bulgaria'))!;
    expect(a.peak).toMatchObject({ period: '12/1997', value: 547.7 });
    expect(a.sections.find((s) => s.id === 'peak')!.paragraphs[1]).toBe(
      'Since January 2020, the highest rate was 15.6% in September 2022.',
    );
  });

  it('writes falling prices as lower prices', () => {
    const a = buildInflationArticle({
      ...facts('DE', 'Germany'),
      series: series('DE').filter((o) => o.ordinal <= toOrdinal('M', 2009, 7)),
    })!;
    expect(a.latest).toMatchObject({ period: '7/2009', value: -0.7 });
    expect(a.sections[0]!.paragraphs[0]).toContain(
      'Consumer prices in Germany were 0.7% lower in July 2009 than a year earlier',
    );
  });

  it('has no article without figures', () => {
    expect(buildInflationArticle({ ...facts('DE', 'Germany'), series: [] })).toBeNull();
  });
});
