import { describe, expect, it } from 'vitest';
import {
  codeForName,
  countryOfCode,
  indexOutlines,
  matchOutline,
  normalizeName,
  outlineKey,
  outlineName,
  worldOutlineId,
  type OutlineFeature,
} from './map-match';
import { loadNutsOutlines, loadWorldOutlines } from './test-fixtures';

const world = loadWorldOutlines();
const worldIndex = indexOutlines(world, 'world');
const nuts2 = loadNutsOutlines(2);
const nutsIndex = indexOutlines(nuts2, 'nuts');
const nameOf = (i: number) => (i >= 0 ? outlineName(world.features[i]!) : null);

describe('codeForName', () => {
  const countries = [
    { code: 'DE', name: 'Germany' },
    { code: 'EL', name: 'Greece' },
    { code: 'DE11', name: 'Stuttgart' },
  ];

  it("finds the code of a name in the dataset's country list, then among the product's own names", () => {
    expect(codeForName('Germany', countries)).toBe('DE');
    expect(codeForName('Stuttgart', countries)).toBe('DE11');
    expect(codeForName('Kosovo*', [])).toBe('XK');
    expect(codeForName('United Kingdom', [])).toBe('UK');
  });

  it('keeps a key that is already a code, and gives up on an unknown name', () => {
    expect(codeForName('DE', [])).toBe('DE');
    expect(codeForName('EL30', [])).toBe('EL30');
    expect(codeForName('Atlantis', [])).toBeNull();
  });
});

describe('world outlines', () => {
  it('match Eurostat codes through ISO numeric ids: EL is Greece (300), UK the United Kingdom (826)', () => {
    expect(nameOf(matchOutline(worldIndex, 'EL', 'Greece'))).toBe('Greece');
    expect(outlineKey(world.features[matchOutline(worldIndex, 'EL', 'Greece')]!, 'world')).toBe('iso:300');
    expect(nameOf(matchOutline(worldIndex, 'UK', 'United Kingdom'))).toBe('United Kingdom');
    expect(outlineKey(world.features[matchOutline(worldIndex, 'UK', 'x')]!, 'world')).toBe('iso:826');
    expect(nameOf(matchOutline(worldIndex, 'DE', 'Germany'))).toBe('Germany');
    expect(nameOf(matchOutline(worldIndex, 'TR', 'Türkiye'))).toBe('Turkey');
  });

  it("match Kosovo, which has no id, by the outline's name", () => {
    const i = matchOutline(worldIndex, 'XK', 'Kosovo*');
    expect(nameOf(i)).toBe('Kosovo');
    expect(world.features[i]!.id).toBeUndefined();
    expect(outlineKey(world.features[i]!, 'world')).toBe('name:kosovo');
  });

  it('fall back to the name for codes without an ISO id in the product, and miss aggregates', () => {
    expect(nameOf(matchOutline(worldIndex, 'AD', 'Andorra'))).toBeNull(); // not in the 110m outlines
    expect(nameOf(matchOutline(worldIndex, 'NG', 'Nigeria'))).toBe('Nigeria');
    expect(matchOutline(worldIndex, 'EU27_2020', 'European Union (27 countries, from 2020)')).toBe(-1);
  });

  it('read ISO ids written as numbers or strings', () => {
    const f = (id: unknown): OutlineFeature => ({
      type: 'Feature',
      id: id as string,
      properties: {},
      geometry: null as never,
    });
    expect(worldOutlineId(f(36))).toBe('036');
    expect(worldOutlineId(f('276'))).toBe('276');
    expect(worldOutlineId(f(undefined))).toBeNull();
  });
});

describe('NUTS outlines', () => {
  it("match NUTS codes to the outline's properties.id", () => {
    const i = matchOutline(nutsIndex, 'DE11', 'Stuttgart');
    expect(nuts2.features[i]!.properties!.id).toBe('DE11');
    expect(outlineKey(nuts2.features[i]!, 'nuts')).toBe('nuts:DE11');
    expect(nuts2.features[matchOutline(nutsIndex, 'EL30', 'Attiki')]!.properties!.id).toBe('EL30');
    expect(matchOutline(nutsIndex, 'ES70', 'Canarias')).toBe(-1); // no geometry in Nuts2json
  });

  it('give the country of a region code', () => {
    expect(countryOfCode('DE11')).toBe('DE');
    expect(countryOfCode('EL')).toBe('EL');
    expect(countryOfCode('EU27_2020')).toBeNull();
    expect(normalizeName(' Kosovo* ')).toBe('kosovo');
  });
});
