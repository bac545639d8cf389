import { describe, expect, it } from 'vitest';
import { AnswerBuilder, formatValue, uncitedNumbers, type Citation } from './compose';
import { parseQuestion, type ParsedQuestion } from './parse';
import { buildGazetteer, findPlaces } from './places';
import { formatTimePoint, parseTime } from './time';

const gazetteer = buildGazetteer([
  { code: 'DE21', name: 'Oberbayern', kind: 'region', level: 2 },
  { code: 'DE3', name: 'Berlin', kind: 'region', level: 1 },
  { code: 'DE30', name: 'Berlin', kind: 'region', level: 2 },
  { code: 'FR10', name: 'Ile-de-France', kind: 'region', level: 2 },
]);
const today = new Date('2026-11-24T12:00:00Z');
const parse = (q: string, previous: ParsedQuestion | null = null) => parseQuestion(q, { gazetteer, today, previous });
const codes = (q: ParsedQuestion) => q.places.map((p) => p.code);

describe('time expressions', () => {
  it.each([
    ['October 2022', { kind: 'point', at: { freq: 'M', year: 2022, sub: 10 } }],
    ['oct 2022', { kind: 'point', at: { freq: 'M', year: 2022, sub: 10 } }],
    ['10/2022', { kind: 'point', at: { freq: 'M', year: 2022, sub: 10 } }],
    ['2022-10', { kind: 'point', at: { freq: 'M', year: 2022, sub: 10 } }],
    ['im Oktober 2022', { kind: 'point', at: { freq: 'M', year: 2022, sub: 10 } }],
    ['Q3 2023', { kind: 'point', at: { freq: 'Q', year: 2023, sub: 3 } }],
    ['week 5 of 2022', { kind: 'point', at: { freq: 'W', year: 2022, sub: 5 } }],
    ['2020-W53', { kind: 'point', at: { freq: 'W', year: 2020, sub: 53 } }],
    ['W1/2019', { kind: 'point', at: { freq: 'W', year: 2019, sub: 1 } }],
    ['on 3 October 2022', { kind: 'point', at: { freq: 'D', year: 2022, sub: 276 } }],
    ['on October 3, 2022', { kind: 'point', at: { freq: 'D', year: 2022, sub: 276 } }],
    ['2022-10-03', { kind: 'point', at: { freq: 'D', year: 2022, sub: 276 } }],
    [
      'from 2020-01-02 to 2020-01-31',
      { kind: 'range', from: { freq: 'D', year: 2020, sub: 2 }, to: { freq: 'D', year: 2020, sub: 31 } },
    ],
    ['in 2023', { kind: 'point', at: { freq: 'A', year: 2023, sub: 1 } }],
    ['last year', { kind: 'point', at: { freq: 'A', year: 2025, sub: 1 } }],
    ['latest', { kind: 'latest' }],
    ['since 2020', { kind: 'range', from: { freq: 'A', year: 2020, sub: 1 } }],
    [
      'from 2019 to 2022',
      { kind: 'range', from: { freq: 'A', year: 2019, sub: 1 }, to: { freq: 'A', year: 2022, sub: 1 } },
    ],
    [
      'between January 2015 and January 2020',
      { kind: 'range', from: { freq: 'M', year: 2015, sub: 1 }, to: { freq: 'M', year: 2020, sub: 1 } },
    ],
  ])('%s', (text, expected) => {
    expect(parseTime(`unemployment ${text}`, today)).toEqual(expected);
  });

  it('has no time when none is written', () => {
    expect(parseTime('German inflation', today)).toBeNull();
  });

  it('writes a point as the API does, and reads no day or week that does not exist', () => {
    const point = (text: string) => {
      const t = parseTime(text, today);
      return t?.kind === 'point' ? formatTimePoint(t.at) : null;
    };
    expect(point('3 October 2022')).toBe('2022-10-03');
    expect(point('week 5 of 2022')).toBe('W5/2022');
    expect(point('Q3 2023')).toBe('Q3/2023');
    expect(point('October 2022')).toBe('10/2022');
    // 30 February is no day and 2021 has no week 53: what remains is the month, or the year.
    expect(point('30 February 2022')).toBe('2/2022');
    expect(point('week 53 of 2021')).toBe('2021');
  });
});

describe('places', () => {
  it('finds names in English and their own languages, accent-insensitive, adjectives and codes', () => {
    const found = (q: string) => findPlaces(q, gazetteer).map((f) => f.place.code);
    expect(found('Inflation in Deutschland')).toEqual(['DE']);
    expect(found('Österreich and osterreich')).toEqual(['AT']);
    expect(found('Dutch inflation vs España')).toEqual(['NL', 'ES']);
    expect(found('HICP for EL and DE')).toEqual(['EL', 'DE']);
    expect(found('GDP of Oberbayern and Île-de-France')).toEqual(['DE21', 'FR10']);
    // Berlin is DE3 and DE30: the higher level; "in" and "it" are words, not Indonesia or Italy.
    expect(found('GDP of Berlin in it')).toEqual(['DE3']);
  });

  it('names aggregates precisely', () => {
    const found = (q: string) => findPlaces(q, gazetteer).map((f) => f.place.code);
    expect(found('EU inflation')).toEqual(['EU27_2020']);
    expect(found('euro area and the eurozone')).toEqual(['EA20']);
    expect(found('EU28 and EA19')).toEqual(['EU28', 'EA19']);
  });
});

describe('questions', () => {
  it('reads intents', () => {
    expect(parse('German inflation in October 2022').intent).toBe('lookup');
    expect(parse('Compare inflation in Germany and France').intent).toBe('compare');
    expect(parse('Which EU country had the highest unemployment in June 2023?')).toMatchObject({
      intent: 'extreme',
      order: 'desc',
      scope: { kind: 'members', of: 'EU27_2020' },
      places: [],
    });
    expect(parse('top 3 euro area countries by inflation')).toMatchObject({
      intent: 'rank',
      top: 3,
      scope: { of: 'EA20' },
    });
    expect(parse('When did Dutch inflation peak?').intent).toBe('peak');
    expect(parse('When did unemployment in Germany bottom out?').intent).toBe('trough');
    expect(parse('How did German unemployment change between 2015 and 2020?').intent).toBe('change');
    expect(parse('How has unemployment in Spain evolved since 2020?').intent).toBe('trend');
  });

  it('reads indicators and dimension words', () => {
    expect(parse('CPI in France').indicator).toBe('inflation');
    expect(parse('jobless rate in Spain').indicator).toBe('unemployment');
    expect(parse('real GDP growth in Germany').indicator).toBe('gdp_growth');
    expect(parse('How did the economy do in Italy?').indicator).toBe('gdp_growth');
    expect(parse('GDP of Oberbayern').indicator).toBe('gdp');
    expect(parse('food inflation in Estonia').dims).toEqual({ coicop: 'CP011' });
    expect(parse('food and non-alcoholic beverages prices in Estonia').dims).toEqual({ coicop: 'CP01' });
    expect(parse('youth unemployment among women, not seasonally adjusted').dims).toEqual({
      age: 'Y_LT25',
      sex: 'F',
      s_adj: 'NSA',
    });
    expect(parse('GDP per capita of Luxembourg').dims).toEqual({ unit: 'EUR_HAB' });
    expect(parse('GDP per inhabitant in PPS').dims).toEqual({ unit: 'PPS_EU27_2020_HAB' });
  });

  it('keeps the context in follow-ups', () => {
    const first = parse('German inflation in October 2022');
    expect(codes(parse('and France?', first))).toEqual(['FR']);
    expect(parse('and France?', first)).toMatchObject({ indicator: 'inflation', followUp: true, time: first.time });
    const compare = parse('how much higher than France?', first);
    expect(compare.intent).toBe('compare');
    expect(codes(compare)).toEqual(['DE', 'FR']);
    const since = parse('since 2020?', first);
    expect(since).toMatchObject({ intent: 'change', time: { kind: 'range', from: { year: 2020 } } });
    expect(codes(since)).toEqual(['DE']);
    expect(parse('and for food?', first).dims).toEqual({ coicop: 'CP011' });
  });

  it('notices a place it does not know', () => {
    expect(parse('inflation in Narnia in October 2022').unknownPlace).toBe('Narnia');
    expect(parse('inflation in Germany in October 2022').unknownPlace).toBeNull();
  });
});

describe('answers', () => {
  const citation = (
    geo: string,
    value: number,
    decimals: number | null,
    place = geo,
  ): Omit<Citation, 'flag_meaning'> => ({
    dataset_code: 'prc_hicp_manr',
    geo,
    period: '10/2022',
    value,
    flags: geo === 'DE' ? 'p' : null,
    url: '/datasets/prc_hicp_manr',
    dataset_name: 'HICP',
    series: 'Annual rate of change · All-items HICP',
    place,
    unit: 'RCH_A',
    decimals,
  });

  it('writes values as published, with flags and their meaning and footnote markers', () => {
    expect(formatValue(13, 1)).toBe('13.0');
    expect(formatValue(3601750, 0)).toBe('3,601,750');
    expect(formatValue(-4.1, 1)).toBe('−4.1');
    const b = new AnswerBuilder();
    expect(b.cite(citation('DE', 11.6, 1), 'RCH_A')).toBe('11.6 % (provisional) [1]');
    expect(b.cite(citation('FR', 7.1, 1), 'RCH_A')).toBe('7.1 % [2]');
    expect(b.citations[0]!.flag_meaning).toBe('provisional');
    expect(b.difference(b.citations[0]!, b.citations[1]!, 'RCH_A')).toBe('4.5 percentage points');
    expect(b.derived).toEqual([{ text: '4.5', value: 4.5, from: [1, 2] }]);
  });

  it('finds every number that is not cited', () => {
    const b = new AnswerBuilder();
    const de = b.cite(citation('DE', 11.6, 1), 'RCH_A');
    const text = `In 10/2022 the Euro area – 20 countries, from 2023 (EA20) and Germany: ${de}.`;
    expect(uncitedNumbers(text, b.citations)).toEqual([]);
    expect(uncitedNumbers(`${text} France had 7.1 % and 2,000 more.`, b.citations)).toEqual(['7.1', '2,000']);
    expect(uncitedNumbers('It was 4.5 points higher in 2022.', b.citations, [])).toEqual(['4.5']);
    expect(uncitedNumbers('tec00118 starts in 2013.', [])).toEqual([]);
    expect(uncitedNumbers('Among NUTS 2 regions of Germany', [])).toEqual([]);
    // Weeks and days, as answers write them, are periods too.
    expect(uncitedNumbers('In week 5 of 2022 and on 3 October 2022 (2022-10-03, W5/2022) it was 4.5.', [])).toEqual([
      '4.5',
    ]);
  });
});
