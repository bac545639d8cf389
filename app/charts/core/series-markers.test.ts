import { describe, expect, it } from 'vitest';
import { MARKER_AREA, MARKER_SHAPES, markerAreaFor, markerBounds, markerPath, markerShape } from './series-markers';

/** The extent of a marker path's absolute points (shapes drawn with M and L only). */
function pathExtent(d: string) {
  const points = [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

describe('series markers', () => {
  it('gives each of the first seven series its own shape, fixed with its colour', () => {
    expect(new Set([0, 1, 2, 3, 4, 5, 6].map(markerShape)).size).toBe(7);
    expect(markerShape(7)).toBe(markerShape(0));
  });

  it('measures the box each shape covers around its centre', () => {
    for (const shape of ['triangle', 'diamond', 'cross', 'star', 'wye'] as const) {
      const b = markerBounds(shape);
      const e = pathExtent(markerPath(shape));
      for (const side of ['left', 'right', 'top', 'bottom'] as const) expect(b[side]).toBeCloseTo(e[side], 1);
    }
    const half = Math.sqrt(MARKER_AREA) / 2;
    expect(markerBounds('square')).toEqual({ left: -half, right: half, top: -half, bottom: half });
    const r = Math.sqrt(MARKER_AREA / Math.PI);
    expect(markerBounds('circle').bottom).toBeCloseTo(r, 6);
    // The triangle reaches twice as far up as down: a bar's marker is placed by its box, not its centre.
    expect(markerBounds('triangle').top).toBeCloseTo(-2 * markerBounds('triangle').bottom, 6);
  });

  it("sizes the markers of a chart alike, each no wider than the room given, at most the line markers' size", () => {
    const shapes = MARKER_SHAPES.slice(0, 4);
    expect(markerAreaFor(shapes, 40)).toBe(MARKER_AREA);
    const area = markerAreaFor(shapes, 6);
    expect(area).toBeLessThan(MARKER_AREA);
    const widths = shapes.map((s) => markerBounds(s, area)).map((b) => b.right - b.left);
    // The widest (the triangle) fills the room exactly; the others are narrower.
    expect(Math.max(...widths)).toBeCloseTo(6, 6);
    expect(widths.every((w) => w <= 6 + 1e-9)).toBe(true);
    expect(markerAreaFor(['circle', 'star'], 6)).toBeLessThan(area);
  });
});
