import { describe, expect, it } from 'vitest';
import { placeEntries } from './places';
import {
  alternativesOf,
  editDistance,
  frequencyAsked,
  germanParts,
  keepsItsWords,
  literalQuery,
  normaliseText,
  parseQuery,
  placeIndex,
  placeNameQuery,
  synonyms,
  termQueries,
  termQuery,
} from './query';

const regions = [
  { code: 'DE2', name: 'Bayern', level: 1 },
  { code: 'DE21', name: 'Oberbayern', level: 2 },
  { code: 'DE3', name: 'Berlin', level: 1 },
  { code: 'DE30', name: 'Berlin', level: 2 },
  { code: 'FR1', name: 'Ile-de-France', level: 1 },
  { code: 'FRB', name: 'Centre — Val de Loire', level: 1 },
];
const places = placeIndex(placeEntries(regions));

describe('normaliseText', () => {
  it('drops accents and case, splits on punctuation, keeps dataset codes whole', () => {
    expect(normaliseText('Österreich, Île-de-France!')).toBe('osterreich ile de france');
    expect(normaliseText('UNE_RT_M')).toBe('une_rt_m');
    expect(normaliseText('Ελλάδα')).toBe('ελλαδα');
  });
});

describe('parseQuery', () => {
  it('takes a country out of the query as a place', () => {
    const p = parseQuery('unemployment germany', places);
    expect(p.terms).toEqual(['unemployment']);
    expect(p.places).toEqual([{ text: 'germany', name: 'Germany', codes: ['DE'] }]);
  });

  it('leaves out "by country" (every dataset here is), but not "by country of birth"', () => {
    expect(parseQuery('inflation by country', places).terms).toEqual(['inflation']);
    expect(parseQuery('population par pays', places).terms).toEqual(['population']);
    expect(parseQuery('richest countries', places).terms).toEqual(['richest']);
    expect(parseQuery('countries of origin', places).terms).toEqual(['countries', 'origin']);
    expect(parseQuery('minimum wage by member state germany', places)).toMatchObject({
      terms: ['minimum', 'wage'],
      places: [{ codes: ['DE'] }],
    });
    expect(parseQuery('employment by country of birth', places).terms).toEqual(['employment', 'country', 'birth']);
    expect(parseQuery('emploi par pays de naissance', places).terms).toContain('pays');
  });

  it('knows countries by their own names, accents or not', () => {
    expect(parseQuery('Österreich inflation', places).places[0]?.codes).toEqual(['AT']);
    expect(parseQuery('osterreich', places).places[0]?.codes).toEqual(['AT']);
    expect(parseQuery('España', places).places[0]?.codes).toEqual(['ES']);
    expect(parseQuery('Ελλάδα', places).places[0]?.codes).toEqual(['EL']);
  });

  it('finds NUTS regions by name, the shallowest level first, and multi-word names whole', () => {
    expect(parseQuery('Bayern', places).places).toEqual([{ text: 'bayern', name: 'Bayern', codes: ['DE2'] }]);
    expect(parseQuery('Bavaria gdp', places).places[0]?.codes).toEqual(['DE2']);
    expect(parseQuery('berlin', places).places[0]?.codes).toEqual(['DE3']);
    expect(parseQuery('gdp île-de-france', places)).toMatchObject({ terms: ['gdp'], places: [{ codes: ['FR1'] }] });
  });

  it('knows large regions by their English names too', () => {
    const more = placeIndex(
      placeEntries([
        { code: 'EL43', name: 'Kriti', level: 2 },
        { code: 'BE2', name: 'Vlaams Gewest', level: 1 },
        { code: 'ES70', name: 'Canarias', level: 2 },
      ]),
    );
    expect(parseQuery('tourism in crete', more).places[0]?.codes).toEqual(['EL43']);
    expect(parseQuery('population flanders', more).places[0]?.codes).toEqual(['BE2']);
    expect(parseQuery('nights spent canary islands', more)).toMatchObject({
      terms: ['nights', 'spent'],
      places: [{ codes: ['ES70'] }],
    });
  });

  it('names aggregates with the codes a view prefers', () => {
    expect(parseQuery('euro area inflation', places)).toMatchObject({
      terms: ['inflation'],
      places: [{ codes: ['EA20', 'EA19', 'EA'] }],
    });
    expect(parseQuery('EU unemployment', places).places[0]?.codes[0]).toBe('EU27_2020');
  });

  it('tolerates one typo in a country name, none in short words', () => {
    expect(parseQuery('unemployment germny', places).places[0]?.codes).toEqual(['DE']);
    expect(parseQuery('unemployment fracne', places).places[0]?.codes).toEqual(['FR']);
    expect(parseQuery('gdp', places).places).toEqual([]);
  });

  it('keeps the field’s phrases together and drops stop words', () => {
    expect(parseQuery('GDP per capita', places).terms).toEqual(['gdp', 'per capita']);
    expect(parseQuery('what is the rate of inflation in France', places)).toMatchObject({
      terms: ['rate', 'inflation'],
      places: [{ codes: ['FR'] }],
    });
  });

  it('reads German and French words and phrases as the English the catalogue uses', () => {
    expect(parseQuery('Arbeitslosigkeit Deutschland', places)).toMatchObject({
      terms: ['arbeitslosigkeit'],
      places: [{ codes: ['DE'] }],
    });
    expect(termQuery('arbeitslosigkeit')).toBe('arbeitslosigkeit | unemployment');
    // A phrase of five words, stop words inside, is one term; the stop words of both languages go.
    expect(parseQuery('émissions de gaz à effet de serre', places).terms).toEqual([
      'emissions',
      'gaz a effet de serre',
    ]);
    expect(parseQuery("demandes d'asile en France", places)).toMatchObject({
      terms: ['demandes d asile'],
      places: [{ codes: ['FR'] }],
    });
    expect(parseQuery('Ausgaben für Forschung und Entwicklung', places).terms).toEqual([
      'ausgaben',
      'forschung',
      'entwicklung',
    ]);
  });

  it('reads a German compound nobody listed as its parts, when every part is a German word of the field', () => {
    expect(parseQuery('Säuglingssterblichkeit', places).terms).toEqual(['sauglingssterblichkeit']);
    expect(parseQuery('Flugpassagiere Deutschland', places)).toMatchObject({
      terms: ['flug', 'passagiere'],
      places: [{ codes: ['DE'] }],
    });
    expect(germanParts('haushaltseinkommen')).toEqual(['haushalt', 'einkommen']);
    expect(germanParts('frauenerwerbstatigkeit')).toEqual(['frauen', 'erwerbstatigkeit']);
    // English words and German words that are not compounds of the field's words stay whole.
    expect(germanParts('greenhouse')).toBeUndefined();
    expect(germanParts('household')).toBeUndefined();
    expect(germanParts('pendler')).toBeUndefined();
    expect(parseQuery('BIP pro Kopf', places).terms).toEqual(['bip', 'pro kopf']);
  });

  it('names each place once', () => {
    expect(parseQuery('germany deutschland', places).places).toHaveLength(1);
  });

  it('reads compounds of words added for decision 220 and phrases that hold stop words', () => {
    expect(parseQuery('Auslandsverschuldung', places).terms).toEqual(['ausland', 'verschuldung']);
    expect(parseQuery('Krankenhausentlassungen', places).terms).toEqual(['krankenhaus', 'entlassungen']);
    expect(parseQuery('Siedlungsfläche', places).terms).toEqual(['siedlung', 'flache']);
    // "how" alone is a stop word; "how often" asks for a frequency of use.
    expect(parseQuery('how often people use the internet', places).terms).toEqual([
      'how often',
      'people',
      'use',
      'internet',
    ]);
    expect(parseQuery('capacité de financement', places).terms).toEqual(['capacite de financement']);
  });

  it('reads both sexes named together as a gender gap, and a breakdown by sector or industry as NACE (220, amended)', () => {
    expect(parseQuery('temps partiel femmes hommes', places).terms).toEqual(['temps partiel', 'femmes hommes']);
    expect(parseQuery('employment women and men', places).terms).toEqual(['employment', 'women and men']);
    expect(termQuery('women and men')).toBe('(women <-> and <-> men) | (gender <-> gap) | gender | sex');
    expect(parseQuery('turnover by sector', places).terms).toEqual(['turnover', 'by sector']);
    expect(termQuery('real estate')).toContain('(nace <-> rev <-> 2 <-> l)');
    // "women" alone stays women.
    expect(parseQuery('women researchers', places).terms).toEqual(['women', 'researchers']);
  });
});

describe('placeNameQuery', () => {
  it('names a country or region as a phrase without accents, an aggregate not at all', () => {
    const named = (q: string) => parseQuery(q, places).places[0]!;
    expect(placeNameQuery(named('air freight Netherlands'))).toBe('netherlands');
    expect(placeNameQuery(named('population Île-de-France'))).toBe('(ile <-> de <-> france)');
    expect(placeNameQuery(named('EU trade'))).toBeUndefined();
    expect(placeNameQuery(named('inflation euro area'))).toBeUndefined();
  });
});

describe('frequencyAsked', () => {
  it('reads monthly and quarterly in English, German and French', () => {
    expect(frequencyAsked(['building', 'permits', 'quarterly'])).toBe('Q');
    expect(frequencyAsked(['inflation', 'monatlich'])).toBe('M');
    expect(frequencyAsked(['chomage', 'trimestriel'])).toBe('Q');
  });

  it('asks for no frequency when none or two are named, or the word names a measure', () => {
    expect(frequencyAsked(['unemployment'])).toBeUndefined();
    expect(frequencyAsked(['monthly', 'quarterly'])).toBeUndefined();
    expect(frequencyAsked(['weekly', 'working', 'hours'])).toBeUndefined();
    expect(frequencyAsked(['annual', 'earnings'])).toBeUndefined();
  });
});

describe('termQueries', () => {
  it('expands the field’s synonyms into tsquery alternatives', () => {
    expect(termQueries(['cpi'])).toEqual(['cpi | hicp | (consumer <-> prices) | inflation']);
    expect(termQueries(['jobless'])).toEqual(['jobless | unemployment | unemployed']);
    expect(termQueries(['per capita'])).toEqual(['(per <-> capita) | (per <-> inhabitant)']);
  });

  it('keeps what was typed apart from its synonyms', () => {
    expect(termQuery('deaths')).toBe('deaths | death | killed | mortality | fatal');
    expect(literalQuery('deaths')).toBe('deaths');
    expect(literalQuery('road deaths')).toBe('(road <-> deaths)');
    expect(literalQuery('une_rt_m')).toBe('(une <-> rt <-> m)');
  });

  it('does not search a phrase typed that the full text would read as another subject', () => {
    // to_tsquery drops stop words at a phrase's ends: "out of work" would be 'work' (working hours, accidents at work).
    expect(keepsItsWords('out of work')).toBe(false);
    expect(keepsItsWords('road deaths')).toBe(true);
    expect(keepsItsWords('over')).toBe(true);
    expect(alternativesOf('out of work')).toEqual(['unemployment', 'unemployed']);
    expect(termQuery('out of work')).toBe('unemployment | unemployed');
    expect(literalQuery('out of work')).toBe('');
    expect(alternativesOf('by sector')).not.toContain('by sector');
  });

  it('writes every synonym as a phrase the full text reads as written', () => {
    const broadened = Object.values(synonyms)
      .flat()
      .filter((phrase) => !keepsItsWords(phrase));
    expect(broadened).toEqual([]);
  });

  it('turns dataset codes into phrases and never lets query syntax through', () => {
    expect(termQueries(['une_rt_m'])).toEqual(['(une <-> rt <-> m)']);
    expect(termQueries(["o'reilly&!:*"])).toEqual(['oreilly']);
    expect(termQueries(['&|'])).toEqual([]);
  });
});

describe('editDistance', () => {
  it('counts a swap of two letters once', () => {
    expect(editDistance('france', 'fracne')).toBe(1);
    expect(editDistance('germany', 'germny')).toBe(1);
    expect(editDistance('spain', 'italy')).toBeGreaterThan(1);
  });
});
