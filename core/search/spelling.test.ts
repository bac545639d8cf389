import { describe, expect, it } from 'vitest';
import { britishSpelling, sameRoot, sameWordSpeltOtherwise } from './spelling';

describe('sameWordSpeltOtherwise', () => {
  it('pairs the British and American spellings of a word', () => {
    for (const [gb, us] of [
      ['fertiliser', 'fertilizer'],
      ['fertilisers', 'fertilizers'],
      ['fertiliser', 'fertilizers'],
      ['organisation', 'organization'],
      ['harmonised', 'harmonized'],
      ['analyse', 'analyze'],
      ['labour', 'labor'],
      ['colours', 'colors'],
      ['centre', 'center'],
      ['litres', 'liters'],
      ['defence', 'defense'],
      ['licence', 'license'],
      ['catalogue', 'catalog'],
      ['programme', 'program'],
      ['travelling', 'traveling'],
      ['paediatric', 'pediatric'],
      ['foetal', 'fetal'],
    ])
      expect(sameWordSpeltOtherwise(gb!, us!), `${gb} ${us}`).toBe(true);
  });

  it('pairs nothing else', () => {
    for (const [a, b] of [
      ['fertiliser', 'fertiliser'],
      ['elections', 'sections'],
      ['coffee', 'offene'],
      ['tenants', 'enfants'],
      ['trucks', 'tracks'],
      ['maternity', 'maturity'],
      ['rich', 'rice'],
      ['floods', 'floors'],
    ])
      expect(sameWordSpeltOtherwise(a!, b!), `${a} ${b}`).toBe(false);
  });
});

describe('britishSpelling', () => {
  it('knows English words spelt the British way, not typos nor American spellings', async () => {
    const speltRight = await britishSpelling();
    for (const word of ['elections', 'coffee', 'tenants', 'maternity', 'trucks', 'labour', 'harmonised', 'fertiliser'])
      expect(speltRight(word), word).toBe(true);
    for (const word of ['inflaton', 'povrety', 'housholds', 'color', 'center', 'fertilizer', 'arbeitslosigkeit'])
      expect(speltRight(word), word).toBe(false);
  });
});

describe('sameRoot', () => {
  it('pairs words of one root, their first six letters', () => {
    expect(sameRoot('retirees', 'retirement')).toBe(true);
    expect(sameRoot('fishermen', 'fisheries')).toBe(true);
    expect(sameRoot('turnout', 'turnover')).toBe(false);
    expect(sameRoot('storms', 'stores')).toBe(false);
    expect(sameRoot('bakers', 'bikes')).toBe(false);
  });
});
