// JSON-stat from publishers other than Eurostat: the specification's samples (OECD, Statistics Canada),
// a CSO Ireland 1.x bundle, collections, roles with any dimension names, and several geo-role dimensions.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePeriod } from '#core/periods';
import { ImportError, wholeArea, type ParsedFile } from '../types';
import { parseFiles } from './index';
import { parseJsonStat, parseJsonStatAll } from './json-stat';

const fixtures = path.resolve(import.meta.dirname, '../../../tests/fixtures/import');
const read = (file: string) => readFileSync(path.join(fixtures, file));
const ordinal = (period: string) => parsePeriod(period)!.ordinal;

function cell(parsed: ParsedFile, geo: string, period: string, dims: string[]) {
  return parsed.observations
    .toArray()
    .find((o) => o.geo === geo && o.period === ordinal(period) && o.dims.join('|') === dims.join('|'));
}

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof ImportError) return e.message;
    throw e;
  }
  return 'no error';
}

describe('JSON-stat 2.0 samples of the specification', () => {
  it('reads OECD: roles time=year, geo=area, metric=concept, and everything the file says about itself', () => {
    const oecd = parseJsonStat('oecd.json', read('oecd.json'));
    expect(oecd).toMatchObject({
      format: 'json-stat',
      code: 'oecd',
      name: 'Unemployment rate in the OECD countries 2003-2014',
      lastUpdate: new Date('2012-11-27T00:00:00Z'),
    });
    expect(oecd.observations).toHaveLength(432);
    expect(oecd.dimensions.map((d) => [d.code, d.label, d.values])).toEqual([
      ['concept', 'indicator', [{ code: 'UNR', label: 'unemployment rate' }]],
    ]);
    // Germany 2012 is cell 10 × 12 + 9; cells 10 and 11 (Australia 2013, 2014) are flagged estimates.
    expect(cell(oecd, 'DE', '2012', ['UNR'])).toMatchObject({ value: 5.28775372, flags: null, freq: 'A' });
    expect(cell(oecd, 'AU', '2013', ['UNR'])).toMatchObject({ value: 5.50415003, flags: 'e' });
    expect(cell(oecd, 'OECD', '2014', ['UNR'])).toMatchObject({ value: 8.004598637, flags: 'e' });
    expect(oecd.observations.toArray().filter((o) => o.flags === 'e')).toHaveLength(72);
    expect(oecd.geoLabels.get('EU15')).toBe('Euro area (15 countries)');
    expect(oecd.meta).toMatchObject({
      source: 'Economic Outlook No 92 - December 2012 - OECD Annual Projections',
      sourceUrl: 'http://json-stat.org/samples/oecd.json',
      unitDimension: 'concept',
      units: new Map([['UNR', '%']]),
      extension: { contact: 'EcoOutlook@oecd.org' },
    });
    expect(oecd.meta?.description).toMatch(/^Most of the data in this dataset are taken from/);
  });

  it('reads Statistics Canada: a one-element status array flags every cell, units per metric category', () => {
    const canada = parseJsonStat('canada.json', read('canada.json'));
    expect(canada.code).toBe('canada');
    expect(canada.observations).toHaveLength(120);
    expect(canada.observations.toArray().every((o) => o.flags === 'a' && o.geo === 'CA')).toBe(true);
    expect(canada.dimensions.map((d) => d.code)).toEqual(['age', 'concept', 'sex']);
    expect(cell(canada, 'CA', '2012', ['T', 'POP', 'T'])?.value).toBe(34880.5);
    expect(cell(canada, 'CA', '2012', ['older', 'PERCENT', 'F'])?.value).toBe(1.0);
    expect(canada.meta?.units).toEqual(
      new Map([
        ['POP', 'thousands of persons'],
        ['PERCENT', '%'],
      ]),
    );
    expect(canada.meta?.source).toBe('Statistics Canada, CANSIM, table 051-0001');
  });

  it('reads us-gsp: US states as places (FIPS codes), units by label or symbol', () => {
    const gsp = parseJsonStat('us-gsp.json', read('us-gsp.json'));
    expect(gsp).toMatchObject({ code: 'us_gsp', lastUpdate: new Date('2013-10-03T00:00:00Z') });
    expect(gsp.observations).toHaveLength(204);
    expect(cell(gsp, '06', '2013', ['gsp'])?.value).toBe(2080600);
    expect(cell(gsp, '56', '2013', ['capita'])?.value).toBe(63667);
    expect(gsp.geoLabels.get('06')).toBe('California');
    expect(gsp.meta?.units).toEqual(
      new Map([
        ['gsp', 'million'],
        ['perc', '%'],
        ['pop', 'million'],
        ['capita', '$'],
      ]),
    );
  });

  it('refuses order.json, whose values are text codes and which has no time dimension, saying why', () => {
    expect(errorOf(() => parseJsonStat('order.json', read('order.json')))).toBe(
      'order.json: no time dimension: expected one with role "time" or id "time" (dimensions: A, B, C)',
    );
    // With a time dimension, its text values ("A1B1C1", codes, not numbers) are refused by cell.
    const timed = JSON.parse(read('order.json').toString());
    timed.role = { time: ['C'] };
    timed.dimension.C.category.index = ['2020', '2021', '2022', '2023'];
    expect(errorOf(() => parseJsonStat('order.json', JSON.stringify(timed)))).toMatch(
      /^order\.json: value "A1B1C1" in cell 0 is not a number \(expected a number, a number as text or null\)$/,
    );
  });

  it('explains a collection that only links to its datasets', () => {
    expect(errorOf(() => parseFiles('collection.json', read('collection.json')))).toMatch(
      /^collection\.json: a JSON-stat collection without embedded datasets: it links to 8 dataset\(s\) \(Unemployment rate in the OECD countries 2003-2014 <http:\/\/json-stat\.org\/samples\/oecd\.json>; /,
    );
  });

  it('imports each dataset embedded in a collection', () => {
    const collection = {
      version: '2.0',
      class: 'collection',
      label: 'OECD and Canada',
      link: {
        item: [JSON.parse(read('oecd.json').toString()), JSON.parse(read('canada.json').toString())],
      },
    };
    const all = parseJsonStatAll('both.json', JSON.stringify(collection));
    expect(all.map((d) => [d.code, d.observations.length])).toEqual([
      ['oecd', 432],
      ['canada', 120],
    ]);
    expect(errorOf(() => parseJsonStat('both.json', JSON.stringify(collection)))).toBe(
      'both.json: holds 2 datasets; import the file to store each of them',
    );
  });
});

describe('JSON-stat 1.x bundles', () => {
  it('reads CSO Ireland ({"dataset": …}, roles time and metric, no geo role): the whole area covered', () => {
    const [cso, ...rest] = parseFiles('cso_cia01.json', read('cso_cia01.json'));
    expect(rest).toHaveLength(0);
    expect(cso).toMatchObject({
      code: null,
      name: 'Estimates of Household Income by County and Region, Year and Statistic',
      lastUpdate: new Date('2016-04-03T10:25:11Z'),
    });
    expect(cso!.dimensions.map((d) => d.code)).toEqual(['County and Region', 'Statistic']);
    expect(cso!.observations).toHaveLength(90);
    expect(cso!.observations.toArray().every((o) => o.geo === wholeArea.code)).toBe(true);
    expect(cso!.geoLabels.get(wholeArea.code)).toBe(wholeArea.name);
    expect(cell(cso!, wholeArea.code, '2001', ['-', 'CIA01C07'])?.value).toBe(75129);
    expect(cell(cso!, wholeArea.code, '2002', ['5001', 'CIA01C15'])?.value).toBe(98);
    expect(cso!.meta?.units.get('CIA01C08')).toBe('Euro');
    expect(cso!.meta?.source).toBe('Central Statistics Office, Ireland');
  });

  it('reads a bundle of named datasets, each named by its key', () => {
    const one = (time: string) => ({
      label: `data ${time}`,
      value: [1, 2],
      dimension: {
        id: ['geo', 'time'],
        size: [1, 2],
        role: { time: ['time'], geo: ['geo'] },
        geo: { category: { index: { DE: 0 } } },
        time: { category: { index: { [`${time}-01`]: 0, [`${time}-02`]: 1 } } },
      },
    });
    const all = parseJsonStatAll('b.json', JSON.stringify({ gdp_a: one('2020'), gdp_b: one('2021') }));
    expect(all.map((d) => [d.code, d.observations.toArray().map((o) => o.period)])).toEqual([
      ['gdp_a', [ordinal('2020-01'), ordinal('2020-02')]],
      ['gdp_b', [ordinal('2021-01'), ordinal('2021-02')]],
    ]);
    expect(errorOf(() => parseJsonStatAll('b.json', '{"x": 1}'))).toBe(
      'b.json: not JSON-stat: expected a 2.0 dataset ("class": "dataset"), a collection or a 1.x bundle',
    );
  });
});

describe('JSON-stat roles', () => {
  /** Galicia's shape (IGE): two geo-role dimensions, place of birth and province of residence. */
  function galicia(provinces: string[]) {
    return JSON.stringify({
      version: '2.0',
      class: 'dataset',
      id: ['birth', 'year', 'province', 'concept'],
      size: [2, 1, provinces.length, 1],
      role: { time: ['year'], geo: ['birth', 'province'], metric: ['concept'] },
      dimension: {
        birth: { label: 'place of birth', category: { index: ['abroad', 'total'] } },
        year: { category: { index: ['2011'] } },
        province: { label: 'province of residence', category: { index: provinces } },
        concept: { category: { index: ['pop'], unit: { pop: { label: 'persons' } } } },
      },
      value: Array.from({ length: 2 * provinces.length }, (_, i) => i + 1),
    });
  }

  it('takes the first geo-role dimension with known geo codes as the place, the others as dimensions', () => {
    const parsed = parseJsonStat('g.json', galicia(['ES', 'PT']));
    expect(parsed.dimensions.map((d) => d.code)).toEqual(['birth', 'concept']);
    expect(parsed.observations.toArray().map((o) => [o.geo, o.dims, o.value])).toEqual([
      ['ES', ['abroad', 'pop'], 1],
      ['PT', ['abroad', 'pop'], 2],
      ['ES', ['total', 'pop'], 3],
      ['PT', ['total', 'pop'], 4],
    ]);
  });

  it('takes the first geo-role dimension when none has known codes', () => {
    const parsed = parseJsonStat('g.json', galicia(['A Coruna', 'Lugo']));
    expect(parsed.dimensions.map((d) => d.code)).toEqual(['province', 'concept']);
    expect(parsed.observations.toArray()[0]).toMatchObject({ geo: 'abroad', dims: ['A Coruna', 'pop'] });
  });

  it("reads Statistics Norway's quarters (2012K1), and rejects a period the product does not know, naming it", () => {
    const ssb = JSON.parse(galicia(['ES']));
    ssb.dimension.year.category.index = ['2012K1'];
    ssb.dimension.year.label = 'kvartal';
    const quarter = parseJsonStat('ssb.json', JSON.stringify(ssb)).observations.toArray()[0]!;
    expect([quarter.freq, quarter.period]).toEqual(['Q', ordinal('2012Q1')]);
    ssb.dimension.year.category.index = ['2012K5'];
    expect(errorOf(() => parseJsonStat('ssb.json', JSON.stringify(ssb)))).toBe(
      'ssb.json: unsupported period "2012K5" in dimension year: expected YYYY, YYYY-Sn, YYYY-Qn, YYYY-MM, YYYY-Www ' +
        'or YYYY-MM-DD, the dash optional (2005Q1, 2005M01, 2019W01, 20200101), or YYYY - n',
    );
  });

  it('names the place in a collection when one of its datasets is wrong', () => {
    const bad = JSON.parse(galicia(['ES']));
    bad.value = [1];
    const collection = { class: 'collection', link: { item: [JSON.parse(galicia(['ES'])), bad] } };
    expect(errorOf(() => parseJsonStatAll('c.json', JSON.stringify(collection)))).toBe(
      'c.json: dataset 2 of the collection: value has 1 cells, expected 2',
    );
  });

  it('asks for a time dimension when neither a role nor an id says which it is', () => {
    const text = JSON.stringify({
      version: '2.0',
      class: 'dataset',
      id: ['geo', 'period'],
      size: [1, 1],
      dimension: { geo: { category: { index: ['DE'] } }, period: { category: { index: ['2020'] } } },
      value: [1],
    });
    expect(errorOf(() => parseJsonStat('t.json', text))).toBe(
      't.json: no time dimension: expected one with role "time" or id "time" (dimensions: geo, period)',
    );
  });
});

describe('INE and ICANE: quarters written "2005 - 1"', () => {
  it('reads the quarters of a time dimension that mixes years and their quarters, as ICANE publishes it', () => {
    const epa = parseJsonStat('icane_epa_cantabria.json', read('icane_epa_cantabria.json'));
    // The years (2005, 2006) hold no values: every observation is a quarter.
    expect(new Set(epa.observations.toArray().map((o) => o.freq))).toEqual(new Set(['Q']));
    expect(epa.observations).toHaveLength(48);
    expect(cell(epa, wholeArea.code, '2005-Q1', ['Ambos sexos', 'Total', 'Población'])?.value).toBe(477.8);
    expect(cell(epa, wholeArea.code, '2005-Q4', ['Ambos sexos', 'Total', 'Parados'])?.value).toBe(21.4);
    expect(cell(epa, wholeArea.code, '2006-Q4', ['Ambos sexos', 'Total', 'Ocupados'])?.value).toBe(256.1);
    const periods = [...new Set(epa.observations.toArray().map((o) => o.period))].sort((a, b) => a - b);
    expect(periods).toEqual(Array.from({ length: 8 }, (_, i) => ordinal('2005Q1') + i));
  });

  it('reads "YYYY - n" as months when the dimension says so or n goes past 4', () => {
    const epa = JSON.parse(read('icane_epa_cantabria.json').toString());
    const monthly = { ...epa, dimension: { ...epa.dimension } };
    monthly.dimension.Trimestre = { label: 'Mes', category: { index: epa.dimension.Trimestre.category.index } };
    const months = parseJsonStat('m.json', JSON.stringify(monthly)).observations.toArray();
    expect(new Set(months.map((o) => o.freq))).toEqual(new Set(['M']));
    expect(months[0]!.period).toBe(ordinal('2005-01'));
  });
});
