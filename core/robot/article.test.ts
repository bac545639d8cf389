import { describe, expect, it } from 'vitest';
import { renderPostMarkdown } from '../blog/markdown';
import { formatPeriod, toOrdinal } from '../periods';
import {
  buildRobotArticle,
  lagWords,
  numberWords,
  ordinalWords,
  uncitedDraftNumbers,
  type CitedValue,
  type PlaceFacts,
  type RobotFacts,
} from './article';

const SERIES = 'Annual rate of change · All-items HICP';

function obs(
  geo: string,
  place: string,
  year: number,
  month: number,
  value: number,
  flags: string | null = null,
): CitedValue {
  const period = toOrdinal('M', year, month);
  return {
    period,
    value,
    flags,
    citation: {
      dataset_code: 'prc_hicp_manr',
      geo,
      period: formatPeriod('M', period),
      value,
      flags,
      url: `https://example.org/datasets/prc_hicp_manr?chart_type=bar&country[]=${geo}&time_start=${formatPeriod('M', period)}`,
      dataset_name: 'HICP - monthly data (annual rate of change)',
      series: SERIES,
      place: place,
      unit: 'RCH_A',
      decimals: 1,
    },
  };
}

const germany: PlaceFacts = {
  geo: 'DE',
  name: 'Germany',
  isCountry: true,
  inEu: true,
  values: [
    obs('DE', 'Germany', 2022, 10, 11.6),
    obs('DE', 'Germany', 2024, 9, 1.8),
    obs('DE', 'Germany', 2025, 8, 2.1),
    obs('DE', 'Germany', 2025, 9, 2.4, 'e'),
  ],
  rank: {
    period: toOrdinal('M', 2025, 9),
    members: [
      { geo: 'DE', name: 'Germany', value: obs('DE', 'Germany', 2025, 9, 2.4, 'e') },
      { geo: 'EE', name: 'Estonia', value: obs('EE', 'Estonia', 2025, 9, 5.6) },
      { geo: 'FR', name: 'France', value: obs('FR', 'France', 2025, 9, 1.1) },
      { geo: 'CY', name: 'Cyprus', value: obs('CY', 'Cyprus', 2025, 9, -0.4) },
    ],
  },
  revisions: [
    {
      period: toOrdinal('M', 2025, 8),
      before: obs('DE', 'Germany', 2025, 8, 2.2),
      now: obs('DE', 'Germany', 2025, 8, 2.1),
    },
  ],
};

const facts: RobotFacts = {
  dataset: { code: 'prc_hicp_manr', name: 'HICP - monthly data (annual rate of change)', freq: 'M' },
  series: { label: SERIES, unit: 'RCH_A', dimensions: {} },
  places: [germany],
  sections: ['latest', 'change', 'rank', 'peak', 'revisions'],
  lag: 12,
  titlePattern: 'Inflation in {place}: {value} in {period}',
  firstRelease: false,
};

describe('buildRobotArticle', () => {
  const article = buildRobotArticle(facts);

  it('writes the title from the pattern and the latest cited value', () => {
    expect(article.title).toBe('Inflation in Germany: 2.4 % in September 2025');
    expect(article.summary).toBe(
      "Germany: 2.4 % (estimated) in September 2025, according to Eurostat's HICP - monthly data (annual rate of change).",
    );
    expect(article.markdown.split('\n')[0]).toBe(
      "Eurostat's HICP - monthly data (annual rate of change) (prc_hicp_manr) puts Germany at 2.4 % (estimated) [1] in September 2025 (Annual rate of change · All-items HICP).",
    );
  });

  it('states the latest figure, the change, the rank, the peak and the revisions, each number cited', () => {
    const md = article.markdown;
    expect(md).toContain(
      'The latest figure for Germany is 2.4 % (estimated) [1], for September 2025. The figure may still be revised.',
    );
    expect(md).toContain(
      'In September 2024, a year earlier, the figure for Germany was 1.8 % [2]; in September 2025 it was 2.4 % (estimated) [1], up 0.6 percentage points.',
    );
    expect(md).toContain(
      'Germany had the second-highest figure of the four EU countries with a figure for that period',
    );
    expect(md).toContain('The highest was Estonia, at 5.6 % [3]. The lowest was Cyprus, at −0.4 % [4].');
    expect(md).toContain(
      'the highest figure was 11.6 % [5] in October 2022 and the lowest 1.8 % [2] in September 2024',
    );
    expect(md).toContain('- August 2025: 2.2 % [6] before, 2.1 % [7] now');
    expect(article.citations[5]!.series).toBe(`${SERIES} (as published before the last release)`);
    expect(article.citations).toHaveLength(7);
    expect(article.derived.map((d) => d.text)).toEqual(['0.6', '9.2']);
  });

  it('leaves no number without a citation, and the check catches one that has none', () => {
    expect(uncitedDraftNumbers(article.title, article.markdown, article)).toEqual([]);
    const edited = article.markdown.replace('up 0.6 percentage points', 'up 0.7 percentage points');
    expect(uncitedDraftNumbers(article.title, edited, article)).toEqual(['0.7']);
  });

  it('lists each citation with dataset, series, place, period, value, flag meaning and chart link', () => {
    expect(article.citations[0]).toMatchObject({
      geo: 'DE',
      period: '9/2025',
      value: 2.4,
      flags: 'e',
      flag_meaning: 'estimated',
    });
    expect(article.markdown).toContain(
      '- [1] Germany, Annual rate of change · All-items HICP, 9/2025: 2.4 %, flag e (estimated). [HICP - monthly data (annual rate of change) (prc\\_hicp\\_manr)](https://example.org/datasets/prc_hicp_manr?chart_type=bar&country[]=DE&time_start=9/2025)',
    );
  });

  it('shows a live chart shortcode the blog renders as a chart', () => {
    expect(article.markdown).toContain(
      '{{< chart dataset="prc_hicp_manr" type="line" countries="DE" from="10/2020" >}}',
    );
    const charts = renderPostMarkdown(article.markdown).filter((s) => s.kind === 'chart');
    expect(charts).toHaveLength(1);
  });

  it('says plainly when a figure is missing, and never makes one up', () => {
    const sparse = buildRobotArticle({
      ...facts,
      places: [
        { ...germany, values: [obs('DE', 'Germany', 2025, 9, 2.4)], rank: null, revisions: [] },
        { geo: 'EA20', name: 'Euro area', isCountry: false, inEu: false, values: [], rank: null, revisions: null },
      ],
    });
    expect(sparse.markdown).toContain(
      'There is no figure for Germany in September 2024, a year earlier, to compare with.',
    );
    expect(sparse.markdown).toContain('There is no figure for Germany to rank among the EU countries.');
    expect(sparse.markdown).toContain('There is no figure for Euro area in this dataset.');
    expect(sparse.markdown).toContain('Euro area is not a country, so it is not ranked among the EU countries.');
    expect(sparse.markdown).toContain('The last release revised no earlier figure for Germany.');
    expect(sparse.markdown).toContain('The latest figure is that peak.');
    expect(uncitedDraftNumbers(sparse.title, sparse.markdown, sparse)).toEqual([]);
  });

  it('says when the last release was the first import', () => {
    const first = buildRobotArticle({ ...facts, sections: ['revisions'], firstRelease: true });
    expect(first.markdown).toContain('The last release is the first of this dataset imported here');
  });

  it('writes no chart for a place without figures', () => {
    const none = buildRobotArticle({ ...facts, places: [{ ...germany, values: [], rank: null, revisions: null }] });
    expect(none.markdown).not.toContain('{{< chart');
    expect(none.title).toBe('Inflation in Germany: no figure in');
  });
});

describe('words for counts', () => {
  it('writes counts, ranks and lags in words', () => {
    expect(numberWords(27)).toBe('twenty-seven');
    expect(ordinalWords(1)).toBe('first');
    expect(ordinalWords(22)).toBe('twenty-second');
    expect(ordinalWords(20)).toBe('twentieth');
    expect(ordinalWords(13)).toBe('thirteenth');
    expect(lagWords('M', 12)).toBe('a year earlier');
    expect(lagWords('M', 1)).toBe('a month earlier');
    expect(lagWords('Q', 2)).toBe('two quarters earlier');
    expect(lagWords('A', 1)).toBe('a year earlier');
    expect(lagWords('W', 52)).toBe('a year earlier');
    expect(lagWords('W', 1)).toBe('a week earlier');
    expect(lagWords('D', 2)).toBe('two days earlier');
  });
});
