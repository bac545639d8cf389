import { describe, expect, it } from 'vitest';
import { chartHeightFor, layoutFor, WIDGET_DEFAULT_HEIGHT } from './chart-size';

describe('chart sizes (specification §9)', () => {
  it('uses 368px for charts and 350px for maps below the md breakpoint, 428px and 452px from it', () => {
    expect(chartHeightFor(767)).toBe(368);
    expect(chartHeightFor(768)).toBe(428);
    expect(chartHeightFor(767, 'map')).toBe(350);
    expect(chartHeightFor(1280, 'map')).toBe(452);
  });

  it('becomes half layout below 500px of width', () => {
    expect(layoutFor(499)).toBe('half');
    expect(layoutFor(500)).toBe('full');
  });

  it('defaults the widget to 400px', () => {
    expect(WIDGET_DEFAULT_HEIGHT).toBe(400);
  });
});
