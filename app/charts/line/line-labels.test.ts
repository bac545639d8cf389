import { describe, expect, it } from 'vitest';
import { estimateTextWidth } from '../core/text-width';
import { placeDirectLabels, type LineEnd } from './line-labels';

/** A line ending at the last period (x 600), unless `x` says where it stops. */
const end = (label: string, y: number, shortLabel?: string, x = 600): LineEnd => ({
  key: label,
  label,
  shortLabel,
  color: '#000000',
  x,
  y,
});
const options = { maxWidth: 140, right: 752, gap: 6, top: 40, bottom: 360, fontSize: 12 };

describe('placeDirectLabels', () => {
  it('puts each label at its line end when they are apart (HICP 5/2025: Estonia 4.6, Germany 2.1, France 0.6)', () => {
    const placed = placeDirectLabels([end('Germany', 200), end('Estonia', 100), end('France', 300)], options);
    expect(placed?.map((p) => [p.text, p.labelX, p.labelY])).toEqual([
      ['Estonia', 606, 100],
      ['Germany', 606, 200],
      ['France', 606, 300],
    ]);
  });

  it('names a line that stops early where it stops, never at a later period (issue 41)', () => {
    // The euro area has no value for the last month: its label is beside its own last value, not in the column.
    const placed = placeDirectLabels([end('Germany', 200), end('Euro area', 250, undefined, 590)], options)!;
    const euro = placed.find((p) => p.key === 'Euro area')!;
    expect([euro.labelX, euro.labelY]).toEqual([596, 250]);
    // France's annual series ends in 2024 on a chart to 2026: far left of the column, at its own value.
    const france = placeDirectLabels([end('Germany', 200), end('France', 204, undefined, 300)], options)!;
    expect(france.find((p) => p.key === 'France')).toMatchObject({ labelX: 306, labelY: 204 });
    // Apart in width, so neither is nudged although their values are close.
    expect(france.find((p) => p.key === 'Germany')).toMatchObject({ labelX: 606, labelY: 200 });
  });

  it('nudges labels that share some width apart, and keeps them inside the plot', () => {
    const placed = placeDirectLabels([end('Germany', 200), end('Euro area (20)', 202), end('France', 358)], options)!;
    const ys = placed.map((p) => p.labelY);
    // 24 px apart at least: each name is a button, a 24 px pointer target (WCAG 2.5.8, decision 207).
    expect(ys[1]! - ys[0]!).toBeGreaterThanOrEqual(24);
    expect(ys[2]! - ys[1]!).toBeGreaterThanOrEqual(24);
    expect(Math.max(...ys)).toBeLessThanOrEqual(360);
    const crowded = placeDirectLabels([end('A', 359), end('B', 360), end('C', 360)], options)!;
    expect(crowded.map((p) => p.labelY)).toEqual([312, 336, 360]);
    // A label that stops just before the column reaches into it: it is nudged off the column's label.
    const near = placeDirectLabels([end('Germany', 200), end('Italy', 201, undefined, 580)], options)!;
    const [a, b] = near;
    const overlapX =
      Math.min(a!.labelX + estimateTextWidth(a!.text, 12), b!.labelX + estimateTextWidth(b!.text, 12)) >
      Math.max(a!.labelX, b!.labelX);
    expect(overlapX).toBe(true);
    expect(Math.abs(a!.labelY - b!.labelY)).toBeGreaterThanOrEqual(24);
  });

  it('takes the short name where the full one does not fit (EU27), and never passes the right edge', () => {
    const placed = placeDirectLabels([end('European Union (27 countries, from 2020)', 100, 'EU27')], options);
    expect(placed?.[0]?.text).toBe('EU27');
    const late = placeDirectLabels([end('Netherlands', 100, undefined, 690)], options)!;
    expect(late[0]!.labelX + estimateTextWidth(late[0]!.text, 12)).toBeLessThanOrEqual(752);
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
