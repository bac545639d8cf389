// Map pan and zoom as a plain {x, y, scale} transform: clamping, zoom steps about a point, and rescaling to a new size.
import { clamp } from '../core/pixels';

/** translate(x, y) scale(scale), applied to the projected map. */
export interface MapTransform {
  x: number;
  y: number;
  scale: number;
}

/** The specification's constants (section 9). */
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 3;
export const WHEEL_ZOOM_IN = 1.1;
export const WHEEL_ZOOM_OUT = 0.9;
export const BUTTON_ZOOM_IN = 1.2;
export const BUTTON_ZOOM_OUT = 0.8;
export const DEFAULT_TRANSFORM: MapTransform = { x: 0, y: 0, scale: 1 };

/** Keeps emitted settings short and stable: two decimals for offsets, four for the scale. */
function tidy(t: MapTransform): MapTransform {
  const r = (v: number, d: number) => {
    const out = Math.round(v * 10 ** d) / 10 ** d;
    return Object.is(out, -0) ? 0 : out;
  };
  return { x: r(t.x, 2), y: r(t.y, 2), scale: r(t.scale, 4) };
}

export function clampZoom(scale: number): number {
  return Number.isFinite(scale) ? clamp(scale, MIN_ZOOM, MAX_ZOOM) : 1;
}

/** A usable transform from saved settings: missing or non-finite parts take the defaults, the scale is clamped. */
export function sanitizeTransform(t: Partial<MapTransform> | null | undefined): MapTransform {
  const x = Number.isFinite(t?.x) ? (t?.x ?? 0) : 0;
  const y = Number.isFinite(t?.y) ? (t?.y ?? 0) : 0;
  return tidy({ x, y, scale: clampZoom(t?.scale ?? 1) });
}

export function isDefaultTransform(t: MapTransform): boolean {
  return t.x === 0 && t.y === 0 && t.scale === 1;
}

/**
 * Multiplies the scale by `factor` (clamped to 0.5…3) keeping the screen point (px, py) fixed,
 * so the wheel zooms about the pointer and the buttons about the centre.
 */
export function zoomAbout(t: MapTransform, factor: number, px: number, py: number): MapTransform {
  if (![factor, px, py].every(Number.isFinite)) return t;
  const scale = clampZoom(t.scale * factor);
  const k = scale / t.scale;
  return tidy({ x: px - (px - t.x) * k, y: py - (py - t.y) * k, scale });
}

/** Wheel zoom: 1.1 per notch up (away from the user), 0.9 per notch down. */
export function wheelZoom(t: MapTransform, deltaY: number, px: number, py: number): MapTransform {
  if (deltaY === 0 || !Number.isFinite(deltaY)) return t;
  return zoomAbout(t, deltaY < 0 ? WHEEL_ZOOM_IN : WHEEL_ZOOM_OUT, px, py);
}

/** Zoom buttons: 1.2 in, 0.8 out, about the centre of a width × height map. */
export function buttonZoom(t: MapTransform, direction: 'in' | 'out', width: number, height: number): MapTransform {
  return zoomAbout(t, direction === 'in' ? BUTTON_ZOOM_IN : BUTTON_ZOOM_OUT, width / 2, height / 2);
}

export function panBy(t: MapTransform, dx: number, dy: number): MapTransform {
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) return t;
  return tidy({ x: t.x + dx, y: t.y + dy, scale: t.scale });
}

/**
 * A transform saved at referenceWidth × referenceHeight, for a map now drawn at width × height: the
 * offsets scale with the size, the zoom stays. Without a usable reference size it is returned as saved.
 */
export function rescaleTransform(
  t: MapTransform,
  referenceWidth: number | null | undefined,
  referenceHeight: number | null | undefined,
  width: number,
  height: number,
): MapTransform {
  const ok = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
  const sx = ok(referenceWidth) && ok(width) ? width / referenceWidth : 1;
  const sy = ok(referenceHeight) && ok(height) ? height / referenceHeight : 1;
  return tidy({ x: t.x * sx, y: t.y * sy, scale: t.scale });
}

/** The SVG transform attribute of a map transform. */
export function transformAttribute(t: MapTransform): string {
  const s = tidy(t);
  return `translate(${s.x},${s.y}) scale(${s.scale})`;
}
