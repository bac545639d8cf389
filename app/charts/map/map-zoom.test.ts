import { describe, expect, it } from 'vitest';
import {
  buttonZoom,
  clampZoom,
  DEFAULT_TRANSFORM,
  isDefaultTransform,
  MAX_ZOOM,
  MIN_ZOOM,
  panBy,
  rescaleTransform,
  sanitizeTransform,
  transformAttribute,
  wheelZoom,
  zoomAbout,
} from './map-zoom';

describe('zoom limits and steps', () => {
  it('clamps the scale to 0.5 … 3', () => {
    expect([MIN_ZOOM, MAX_ZOOM]).toEqual([0.5, 3]);
    expect(clampZoom(0.1)).toBe(0.5);
    expect(clampZoom(7)).toBe(3);
    expect(clampZoom(1.7)).toBe(1.7);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('zooms the buttons by 1.2 and 0.8 about the centre, stopping at the limits', () => {
    const t1 = buttonZoom(DEFAULT_TRANSFORM, 'in', 800, 452);
    expect(t1).toEqual({ x: -80, y: -45.2, scale: 1.2 });
    expect(buttonZoom(DEFAULT_TRANSFORM, 'out', 800, 452)).toEqual({ x: 80, y: 45.2, scale: 0.8 });
    let t = DEFAULT_TRANSFORM;
    for (let i = 0; i < 10; i++) t = buttonZoom(t, 'in', 800, 452);
    expect(t.scale).toBe(3);
    expect(t).toEqual({ x: -800, y: -452, scale: 3 });
    for (let i = 0; i < 20; i++) t = buttonZoom(t, 'out', 800, 452);
    expect(t.scale).toBe(0.5);
    // Zoomed out about the centre: the map is half size and centred.
    expect(t.x).toBeCloseTo(200, 1);
    expect(t.y).toBeCloseTo(113, 1);
  });

  it('zooms the wheel by 1.1 up and 0.9 down about the pointer', () => {
    const t = wheelZoom(DEFAULT_TRANSFORM, -100, 100, 50);
    expect(t).toEqual({ x: -10, y: -5, scale: 1.1 });
    expect(wheelZoom(DEFAULT_TRANSFORM, 3, 100, 50)).toEqual({ x: 10, y: 5, scale: 0.9 });
    expect(wheelZoom(DEFAULT_TRANSFORM, 0, 100, 50)).toBe(DEFAULT_TRANSFORM);
    expect(wheelZoom(DEFAULT_TRANSFORM, -1, Number.NaN, 50)).toBe(DEFAULT_TRANSFORM);
  });

  it('keeps the zoom point fixed on the screen', () => {
    const t = zoomAbout({ x: 30, y: -20, scale: 1.5 }, 1.2, 200, 100);
    // The map point under (200, 100) stays there: (200 - x) / scale is unchanged.
    expect((200 - t.x) / t.scale).toBeCloseTo((200 - 30) / 1.5, 6);
    expect((100 - t.y) / t.scale).toBeCloseTo((100 + 20) / 1.5, 6);
  });
});

describe('pan and saved transforms', () => {
  it('pans by whole offsets and ignores non-finite ones', () => {
    expect(panBy({ x: 1, y: 2, scale: 2 }, 10, -5)).toEqual({ x: 11, y: -3, scale: 2 });
    expect(panBy(DEFAULT_TRANSFORM, Number.NaN, 1)).toBe(DEFAULT_TRANSFORM);
  });

  it('defaults to x 0, y 0, scale 1 and repairs bad saved values', () => {
    expect(DEFAULT_TRANSFORM).toEqual({ x: 0, y: 0, scale: 1 });
    expect(isDefaultTransform(sanitizeTransform(undefined))).toBe(true);
    expect(sanitizeTransform({ x: Number.NaN, y: 4, scale: 9 })).toEqual({ x: 0, y: 4, scale: 3 });
  });

  it('rescales a transform saved at another size to the current size', () => {
    const saved = { x: -80, y: -45.2, scale: 1.2 };
    expect(rescaleTransform(saved, 800, 452, 400, 350)).toEqual({ x: -40, y: -35, scale: 1.2 });
    expect(rescaleTransform(saved, 800, 452, 800, 452)).toEqual(saved);
    expect(rescaleTransform(saved, null, undefined, 400, 350)).toEqual(saved);
    expect(rescaleTransform(saved, 0, -1, 400, 350)).toEqual(saved);
  });

  it('writes an SVG transform attribute', () => {
    expect(transformAttribute({ x: -80, y: -45.2, scale: 1.2 })).toBe('translate(-80,-45.2) scale(1.2)');
  });
});
