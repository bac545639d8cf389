import { describe, expect, it } from 'vitest';
import type { MapArea } from './map-state';
import { regionAnnouncement, walkOrder, walkStep } from './map-walk';

const area = (name: string, value: number | null, flag = ''): MapArea => ({
  featureIndex: 0,
  key: `k:${name}`,
  name,
  code: null,
  value,
  flag,
  band: value === null ? -1 : 0,
  fill: '#000000',
});

const areas = [
  area('Germany', 2.1, 'e'),
  area('Åland', 1),
  area('belarus', null),
  area('Austria', 3),
  area('Greece', 3.3),
];
const order = walkOrder(areas);
const names = (list: readonly (MapArea | null | undefined)[]) => list.map((a) => a?.name ?? null);

describe('walkOrder', () => {
  it('keeps the regions with a value, once each, by name whatever their case and accents', () => {
    expect(names(order)).toEqual(['Åland', 'Austria', 'Germany', 'Greece']);
    expect(walkOrder([...areas, areas[0]!])).toHaveLength(4);
  });
});

describe('walkStep', () => {
  const at = (name: string) => order.find((a) => a.name === name) ?? area(name, null);

  it('starts at the first region on an arrow key and ignores the letters until it has started', () => {
    expect(walkStep(order, null, 'ArrowRight')?.name).toBe('Åland');
    expect(walkStep(order, null, 'g')).toBeUndefined();
  });

  it('steps to the next and previous region and stops at the ends; Home and End jump there', () => {
    expect(
      names(['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp'].map((k) => walkStep(order, at('Austria'), k))),
    ).toEqual(['Germany', 'Germany', 'Åland', 'Åland']);
    expect(walkStep(order, at('Greece'), 'ArrowRight')?.name).toBe('Greece');
    expect(walkStep(order, at('Åland'), 'ArrowLeft')?.name).toBe('Åland');
    expect(walkStep(order, at('Germany'), 'Home')?.name).toBe('Åland');
    expect(walkStep(order, at('Germany'), 'End')?.name).toBe('Greece');
  });

  it('jumps to the next region beginning with a letter, round to the start', () => {
    expect(walkStep(order, at('Åland'), 'a')?.name).toBe('Austria');
    expect(walkStep(order, at('Austria'), 'A')?.name).toBe('Åland');
    expect(walkStep(order, at('Germany'), 'g')?.name).toBe('Greece');
    expect(walkStep(order, at('Greece'), 'g')?.name).toBe('Germany');
    // No region begins with it: the walk stays.
    expect(walkStep(order, at('Greece'), 'x')?.name).toBe('Greece');
  });

  it('goes on from the place of a region that lost its value in another period', () => {
    expect(walkStep(order, area('Belgium', null), 'ArrowRight')?.name).toBe('Germany');
    expect(walkStep(order, area('Belgium', null), 'ArrowLeft')?.name).toBe('Austria');
  });

  it('answers only its own keys', () => {
    for (const key of ['PageUp', '+', '0', 'Tab', 'Enter', 'Escape'])
      expect(walkStep(order, at('Austria'), key)).toBeUndefined();
    expect(walkStep([], null, 'Home')).toBeNull();
  });
});

describe('regionAnnouncement', () => {
  const input = { period: '10/2022', unit: 'Annual rate of change (%)', decimals: 1, order };

  it('says the place, the period in full, the value with its unit and flags, and the rank', () => {
    expect(regionAnnouncement(order[2]!, input)).toBe(
      'Germany, October 2022: 2.1 Annual rate of change (%) (estimated), 3rd highest of 4.',
    );
    expect(regionAnnouncement(order[3]!, input)).toBe(
      'Greece, October 2022: 3.3 Annual rate of change (%), the highest of 4.',
    );
    expect(regionAnnouncement(area('Belarus', null), input)).toBe('Belarus, October 2022: No data.');
    expect(regionAnnouncement(order[0]!, { ...input, unit: '' })).toBe('Åland, October 2022: 1.0, 4th highest of 4.');
  });
});
