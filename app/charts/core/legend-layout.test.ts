import { describe, expect, it } from 'vitest';
import { layoutLegend, type LegendItem } from './legend-layout';
import { estimateTextWidth } from './text-width';

const item = (label: string): LegendItem => ({ key: label, label, color: '#39B54A' });
const names = ['Germany', 'France', 'Euro area (20)', 'European Union (27)', 'Estonia', 'Spain', 'Italy', 'Poland'];

describe('layoutLegend', () => {
  it('puts all items on one row when they fit', () => {
    const l = layoutLegend(names.slice(0, 3).map(item), 800, { fontSize: 12 });
    expect(l.rows).toBe(1);
    expect(l.items.every((i) => i.y === l.items[0]?.y)).toBe(true);
    expect(l.height).toBeGreaterThan(12);
  });

  it('wraps into rows that never exceed the width', () => {
    const width = 300;
    const l = layoutLegend(names.map(item), width, { fontSize: 12 });
    expect(l.rows).toBeGreaterThan(1);
    for (const i of l.items) expect(i.x + 14 + 6 + estimateTextWidth(i.text, 12)).toBeLessThanOrEqual(width + 0.01);
    expect(l.items).toHaveLength(names.length);
  });

  it('shows "+ N more" when the items need more rows than allowed', () => {
    const many = Array.from({ length: 45 }, (_, i) => item(`Country number ${i}`));
    const l = layoutLegend(many, 400, { fontSize: 12, maxRows: 2 });
    expect(l.rows).toBe(2);
    expect(l.items.length + l.hiddenCount).toBe(45);
    expect(l.more?.text).toBe(`+ ${l.hiddenCount} more`);
    expect((l.more?.x ?? 0) + estimateTextWidth(l.more?.text ?? '', 12)).toBeLessThanOrEqual(400);
  });

  it('shortens a label wider than the legend itself', () => {
    const l = layoutLegend([item('A very long series label that cannot fit in a narrow legend at all')], 150, {
      fontSize: 12,
    });
    expect(l.items[0]?.text.endsWith('\u2026')).toBe(true);
  });

  it('is empty without items', () => {
    expect(layoutLegend([], 400, { fontSize: 12 })).toMatchObject({ items: [], height: 0, rows: 0, more: null });
  });
});
