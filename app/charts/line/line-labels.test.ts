import { describe, expect, it } from 'vitest';
import { placeDirectLabels, type LineEnd } from './line-labels';

const end = (label: string, y: number, shortLabel?: string): LineEnd => ({
  key: label,
  label,
  shortLabel,
  color: '#000000',
  y,
});
const options = { maxWidth: 140, top: 40, bottom: 360, fontSize: 12 };

describe('placeDirectLabels', () => {
  it('puts each label at its line end when they are apart (HICP 5/2025: Estonia 4.6, Germany 2.1, France 0.6)', () => {
    const placed = placeDirectLabels([end('Germany', 200), end('Estonia', 100), end('France', 300)], options);
    expect(placed?.map((p) => [p.text, p.labelY])).toEqual([
      ['Estonia', 100],
      ['Germany', 200],
      ['France', 300],
    ]);
  });

  it('nudges labels that would overlap a line apart, and keeps them inside the plot', () => {
    const placed = placeDirectLabels([end('Germany', 200), end('Euro area (20)', 202), end('France', 358)], options)!;
    const ys = placed.map((p) => p.labelY);
    expect(ys[1]! - ys[0]!).toBeGreaterThanOrEqual(15);
    expect(ys[2]! - ys[1]!).toBeGreaterThanOrEqual(15);
    expect(Math.max(...ys)).toBeLessThanOrEqual(360);
    const crowded = placeDirectLabels([end('A', 359), end('B', 360), end('C', 360)], options)!;
    expect(crowded.map((p) => p.labelY)).toEqual([330, 345, 360]);
  });

  it('takes the short name where the full one does not fit (EU27)', () => {
    const placed = placeDirectLabels([end('European Union (27 countries, from 2020)', 100, 'EU27')], options);
    expect(placed?.[0]?.text).toBe('EU27');
  });

  it('gives up, so the legend stays, with too many series, too little height or too little width', () => {
    const many = Array.from({ length: 12 }, (_, i) => end(`Country ${i}`, i * 10 + 50));
    expect(placeDirectLabels(many, options)).toBeNull();
    const three = [end('Germany', 100), end('France', 110), end('Estonia', 120)];
    expect(placeDirectLabels(three, { ...options, top: 100, bottom: 120 })).toBeNull();
    expect(placeDirectLabels([end('Netherlands', 100)], { ...options, maxWidth: 20 })).toBeNull();
    expect(placeDirectLabels([], options)).toBeNull();
  });
});
