import { describe, expect, it } from 'vitest';
import { siblingSlugs, slugify } from './slugs';

describe('slugify', () => {
  it.each([
    ['Germany', 'germany'],
    ['Baden-Württemberg', 'baden-wurttemberg'],
    ['Bad Tölz-Wolfratshausen', 'bad-tolz-wolfratshausen'],
    ['München, Kreisfreie Stadt', 'munchen-kreisfreie-stadt'],
    [
      'Région de Bruxelles-Capitale/ Brussels Hoofdstedelijk Gewest',
      'region-de-bruxelles-capitale-brussels-hoofdstedelijk-gewest',
    ],
    ['Kosovo*', 'kosovo'],
    ['Türkiye', 'turkiye'],
    ['Şanlıurfa, Diyarbakır', 'sanliurfa-diyarbakir'],
    ['Łódzkie', 'lodzkie'],
    ['Sjælland', 'sjaelland'],
    ['Østlandet', 'ostlandet'],
    ['Pfaffenhofen a. d. Ilm', 'pfaffenhofen-a-d-ilm'],
    ['Mühldorf a. Inn', 'muhldorf-a-inn'],
    ['Grad Zagreb', 'grad-zagreb'],
    ['Höfuðborgarsvæði', 'hofudborgarsvaedi'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('siblingSlugs', () => {
  it('keeps names unique among siblings by appending the code of those that clash', () => {
    const slugs = siblingSlugs([
      { code: 'XX1', name: 'North' },
      { code: 'XX2', name: 'Nörth' },
      { code: 'XX3', name: 'South' },
      { code: 'XX4', name: '***' },
    ]);
    expect([...slugs]).toEqual([
      ['XX1', 'north-xx1'],
      ['XX2', 'north-xx2'],
      ['XX3', 'south'],
      ['XX4', 'xx4'],
    ]);
  });

  it('does not depend on the order of the siblings', () => {
    const a = siblingSlugs([
      { code: 'B', name: 'Same' },
      { code: 'A', name: 'Same' },
    ]);
    const b = siblingSlugs([
      { code: 'A', name: 'Same' },
      { code: 'B', name: 'Same' },
    ]);
    expect(a.get('A')).toBe(b.get('A'));
    expect(a.get('B')).toBe(b.get('B'));
  });
});
