import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePeriod } from '#core/periods';
import { ImportError, type ParsedFile } from '../types';
import { parseJsonStat } from './json-stat';

const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../../..', '../shared/data');
const read = (file: string) => readFileSync(path.join(mirror, 'eurostat/jsonstat', file));

function cell(parsed: ParsedFile, geo: string, period: string) {
  const ordinal = parsePeriod(period)?.ordinal;
  return parsed.observations.toArray().find((o) => o.geo === geo && o.period === ordinal);
}

/** A two-geo × three-month cube; tests overwrite value/status to try each JSON-stat spelling. */
function cube(extra: Record<string, unknown>) {
  return JSON.stringify({
    version: '2.0',
    class: 'dataset',
    id: ['unit', 'geo', 'time'],
    size: [1, 2, 3],
    dimension: {
      unit: { label: 'Unit', category: { label: { PC: 'Percent' } } },
      geo: { category: { index: ['DE', 'FR'], label: { DE: 'Germany', FR: 'France' } } },
      time: { category: { index: { '2024-01': 0, '2024-02': 1, '2024-03': 2 } } },
    },
    value: [],
    ...extra,
  });
}

const rows = (parsed: ParsedFile) => parsed.observations.toArray().map((o) => [o.geo, o.period % 12, o.value, o.flags]);

describe('parseJsonStat on the shared files', () => {
  it('reads the legacy web-service file (sparse value and status, no freq)', () => {
    const parsed = parseJsonStat('legacy.json', read('nama_10_gdp_B1GQ_CP_MEUR_2010-2011_legacy-api.json'));
    expect(parsed.format).toBe('json-stat');
    // The file names its dataset in extension.datasetId and in its href.
    expect(parsed.code).toBe('nama_10_gdp');
    expect(parsed.name).toBe('GDP and main components (output, expenditure and income)');
    expect(parsed.lastUpdate?.toISOString()).toBe('2019-01-07T00:00:00.000Z');
    expect(parsed.observations).toHaveLength(88);
    expect(parsed.observations.toArray().every((o) => o.freq === 'A' && o.dims.join() === 'CP_MEUR,B1GQ')).toBe(true);
    expect(cell(parsed, 'DE', '2010')).toMatchObject({ value: 2_580_060, flags: null });
    expect(cell(parsed, 'EA19', '2010')).toMatchObject({ value: 9_552_204.5, flags: null });
    expect(cell(parsed, 'EL', '2011')).toMatchObject({ value: 207_028.9, flags: 'p' });
    // Cells 52 and 53 (Liechtenstein) are missing with status ':' only: no value, no flag, no observation.
    expect(parsed.observations.toArray().some((o) => o.geo === 'LI')).toBe(false);
    expect(parsed.geoLabels.size).toBe(45);
    expect(parsed.dimensions).toEqual([
      { code: 'unit', label: 'unit', values: [{ code: 'CP_MEUR', label: 'Current prices, million euro' }] },
      {
        code: 'na_item',
        label: 'na_item',
        values: [{ code: 'B1GQ', label: 'Gross domestic product at market prices' }],
      },
    ]);
  });

  it('reads the current Statistics API file (positions with no data, freq dimension)', () => {
    const parsed = parseJsonStat('une.json', read('une_rt_m_DE_SA_2024-01_2026-08.json'));
    expect(parsed.code).toBe('une_rt_m');
    expect(parsed.name).toBe('Unemployment by sex and age - monthly data');
    expect(parsed.lastUpdate?.toISOString()).toBe('2026-09-22T09:00:00.000Z');
    expect(parsed.observations).toHaveLength(31);
    expect(new Set(parsed.observations.toArray().map((o) => o.period)).size).toBe(31);
    expect(cell(parsed, 'DE', '2024-02')).toMatchObject({
      value: 3.2,
      freq: 'M',
      dims: ['SA', 'TOTAL', 'PC_ACT', 'T'],
    });
    expect(cell(parsed, 'DE', '2026-08')).toBeUndefined();
    expect(parsed.geoLabels).toEqual(new Map([['DE', 'Germany']]));
    expect(parsed.dimensions.map((d) => [d.code, d.label])).toEqual([
      ['s_adj', 'Seasonal adjustment'],
      ['age', 'Age class'],
      ['unit', 'Unit of measure'],
      ['sex', 'Sex'],
    ]);
  });
});

describe('parseJsonStat spellings', () => {
  it('reads dense arrays with a status array, in row-major order', () => {
    const parsed = parseJsonStat(
      'a.json',
      cube({ value: [1, 2, null, 4, null, 6], status: [null, 'p', 'e', null, ':', null] }),
    );
    expect(rows(parsed)).toEqual([
      ['DE', 0, 1, null],
      ['DE', 1, 2, 'p'],
      ['DE', 2, null, 'e'],
      ['FR', 0, 4, null],
      ['FR', 2, 6, null],
    ]);
    expect(parsed.dimensions[0]?.values).toEqual([{ code: 'PC', label: 'Percent' }]);
  });

  it('reads sparse objects, one status for all cells, and positions with no data', () => {
    const sparse = parseJsonStat('s.json', cube({ value: { '5': 6, '0': 1 }, status: 'p' }));
    expect(rows(sparse)).toEqual([
      ['DE', 0, 1, 'p'],
      ['FR', 2, 6, 'p'],
    ]);
    const noData = cube({ value: { '0': 1, '2': 3 }, extension: { 'positions-with-no-data': { time: [2] } } });
    expect(rows(parseJsonStat('n.json', noData))).toEqual([['DE', 0, 1, null]]);
  });

  it('reports what is wrong, naming the file', () => {
    const error = (text: string) => {
      try {
        parseJsonStat('bad.json', text);
      } catch (e) {
        if (e instanceof ImportError) return e.message;
        throw e;
      }
      return 'no error';
    };
    expect(error('{"class":')).toMatch(/^bad\.json: invalid JSON: /);
    expect(error('{"class":"collection"}')).toBe(
      'bad.json: a JSON-stat collection without embedded datasets: it links to 0 dataset(s); download one of them and import that file',
    );
    expect(error('{"class":"dimension"}')).toBe(
      'bad.json: expected a JSON-stat dataset or collection, found class "dimension"',
    );
    expect(error(cube({ value: [1, 2, 3] }))).toBe('bad.json: value has 3 cells, expected 6');
    expect(error(cube({ value: { '6': 1 } }))).toBe('bad.json: value key "6" is not a cell index below 6');
    expect(error(cube({ size: [1, 2, 4] }))).toBe('bad.json: dimension "time" has 3 categories but size 4');
    expect(error(cube({ id: ['unit', 'country', 'time'] }))).toBe(
      'bad.json: dimension "country" is listed in id but not described',
    );
    const weekly = JSON.parse(cube({ value: [1, 2, 3, 4, 5, 6] }));
    weekly.dimension.time.category.index = ['2020-W52', '2020-W53', '2020-W54'];
    expect(error(JSON.stringify(weekly))).toBe(
      'bad.json: unsupported period "2020-W54" in dimension time: expected YYYY, YYYY-Sn, YYYY-Qn, YYYY-MM, ' +
        'YYYY-Www or YYYY-MM-DD, the dash optional (2005Q1, 2005M01, 2019W01, 20200101), or YYYY - n',
    );
    const annual = JSON.parse(cube({ value: { '1': 2 } }));
    annual.id.unshift('freq');
    annual.size.unshift(1);
    annual.dimension.freq = { category: { index: { A: 0 } } };
    expect(error(JSON.stringify(annual))).toBe('bad.json: freq "A" does not match period "2024-02" (cell 1)');
    expect(error(cube({ value: ['1', 2, 3, 'n.a.', 5, 6] }))).toBe(
      'bad.json: value "n.a." in cell 3 is not a number (expected a number, a number as text or null)',
    );
    expect(error(cube({ value: { '0': true } }))).toMatch(/^bad\.json: not a JSON-stat 2\.0 dataset: value/);
  });

  it('reads numbers written as text with their published decimals, and missing-value marks as no value', () => {
    // JSON-stat allows text values; "4.0" says one decimal where the JSON number 4 cannot.
    const parsed = parseJsonStat(
      't.json',
      cube({ value: ['4.0', '..', ' -0.25 ', null, ':', 12], status: { '4': 'c' } }),
    );
    expect(parsed.observations.toArray().map((o) => [o.geo, o.period % 12, o.value, o.decimals, o.flags])).toEqual([
      ['DE', 0, 4, 1, null],
      ['DE', 2, -0.25, 2, null],
      // FR 2024-02 is ':' with status c (confidential): kept as a flagged empty cell.
      ['FR', 1, null, null, 'c'],
      ['FR', 2, 12, null, null],
    ]);
  });
});
