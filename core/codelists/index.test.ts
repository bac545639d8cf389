import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveCodelists } from '../../scripts/derive-codelists';
import { codeLabel, isCodelistDimension, labelToCode } from './index';

const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../..', '../shared/data');

describe('code lists', () => {
  it('map the labels Eurostat writes back to codes', () => {
    expect(labelToCode('geo', 'Germany')).toBe('DE');
    expect(labelToCode('geo', 'Euro area – 20 countries (from 2023)')).toBe('EA20');
    expect(labelToCode('geo', 'Euro area - 19 countries  (2015-2022)')).toBe('EA19');
    expect(labelToCode('geo', 'Kosovo*')).toBe('XK');
    expect(labelToCode('geo', 'Türkiye')).toBe('TR');
    expect(
      labelToCode(
        'geo',
        'Euro area (EA11-1999, EA12-2001, EA13-2007, EA15-2008, EA16-2009, EA17-2011, EA18-2014, EA19-2015, EA20-2023)',
      ),
    ).toBe('EA');
    expect(labelToCode('freq', 'Monthly')).toBe('M');
    expect(labelToCode('freq', 'Annual')).toBe('A');
    expect(labelToCode('freq', 'Quarterly')).toBe('Q');
    expect(labelToCode('unit', 'Chain linked volumes, percentage change on previous period')).toBe('CLV_PCH_PRE');
    expect(labelToCode('na_item', 'Gross domestic product at market prices')).toBe('B1GQ');
    expect(labelToCode('coicop', 'All-items HICP')).toBe('CP00');
    expect(labelToCode('age', 'Total')).toBe('TOTAL');
    expect(labelToCode('sex', 'Total')).toBe('T');
    expect(labelToCode('geo', 'Atlantis')).toBeNull();
  });

  it('tolerate dash and spacing variants of a label but nothing looser', () => {
    expect(labelToCode('geo', 'Euro area - 20 countries (from 2023)')).toBe('EA20');
    expect(labelToCode('geo', 'Euro area – 19 countries (2015-2022)')).toBe('EA19');
    expect(labelToCode('geo', 'Euro area 20 countries')).toBeNull();
  });

  it('give the label of a code', () => {
    expect(codeLabel('geo', 'EA20')).toBe('Euro area – 20 countries (from 2023)');
    expect(codeLabel('s_adj', 'SA')).toBe('Seasonally adjusted data, not calendar adjusted data');
    expect(codeLabel('geo', 'DE212')).toBeNull();
    expect(isCodelistDimension('geo')).toBe(true);
    expect(isCodelistDimension('nuts')).toBe(false);
  });

  it('agree with the labels of the current Statistics API (JSON-stat une_rt_m)', () => {
    const file = path.join(mirror, 'eurostat/jsonstat/une_rt_m_DE_SA_2024-01_2026-08.json');
    const json: { dimension: Record<string, { category: { label: Record<string, string> } }> } = JSON.parse(
      readFileSync(file, 'utf8'),
    );
    let checked = 0;
    for (const [dimension, { category }] of Object.entries(json.dimension)) {
      if (!isCodelistDimension(dimension)) continue;
      for (const [code, label] of Object.entries(category.label)) {
        expect(codeLabel(dimension, code), `${dimension} ${code}`).toBe(label);
        checked++;
      }
    }
    expect(checked).toBe(6);
  });

  it('are what derive.ts produces from the shared files', () => {
    const derived = deriveCodelists(mirror);
    for (const [dimension, list] of derived) {
      const committed = JSON.parse(readFileSync(path.join(import.meta.dirname, `${dimension}.json`), 'utf8'));
      expect(committed, dimension).toEqual(Object.fromEntries(list));
      expect(isCodelistDimension(dimension), dimension).toBe(true);
      if (!isCodelistDimension(dimension)) continue;
      for (const [code, label] of list) expect(labelToCode(dimension, label)).toBe(code);
    }
    expect([...derived.keys()].sort()).toEqual(['age', 'coicop', 'freq', 'geo', 'na_item', 's_adj', 'sex', 'unit']);
  });
});
