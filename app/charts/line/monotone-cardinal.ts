// A d3-shape curve: the cardinal spline of the specification (tension 0.35) limited so that it never passes above
// or below the two values it joins; a smoothed line must not invent a peak or a trough the data does not have.
import type { CurveFactory, CurveGenerator } from 'd3-shape';

/** The path methods a d3 curve draws with (a CanvasRenderingContext2D or d3-path's Path). */
type CurveContext = Parameters<CurveFactory>[0];

interface Point {
  x: number;
  y: number;
}

/**
 * Tangents of a cardinal spline (k × the chord between the neighbours, none at the ends), flat at a local extreme, and shortened
 * where a full-length tangent would lift a Bézier control point past either neighbour's value. Shortening keeps the
 * tangent's direction, so the curve stays smooth through every point.
 */
export function limitedTangents(points: readonly Point[], k: number): Point[] {
  const n = points.length;
  return points.map((p, i) => {
    // The ends have no tangent, as in d3's cardinal curve.
    if (i === 0 || i === n - 1) return { x: 0, y: 0 };
    const prev = points[Math.max(0, i - 1)] ?? p;
    const next = points[Math.min(n - 1, i + 1)] ?? p;
    const t = { x: k * (next.x - prev.x), y: k * (next.y - prev.y) };
    const before = p.y - prev.y;
    const after = next.y - p.y;
    // A peak, a trough or a plateau.
    if (before * after <= 0) return { x: t.x, y: 0 };
    // The tangent may not rise more than either step.
    const scale = Math.min(1, Math.abs(before) / Math.abs(t.y), Math.abs(after) / Math.abs(t.y));
    return { x: t.x * scale, y: t.y * scale };
  });
}

class MonotoneCardinal implements CurveGenerator {
  private points: Point[] = [];
  /** 0 inside an area (no close path between its top and bottom lines), NaN otherwise, as d3's curves keep it. */
  private line = Number.NaN;

  constructor(
    private readonly context: CurveContext,
    private readonly k: number,
  ) {}

  areaStart(): void {
    this.line = 0;
  }

  areaEnd(): void {
    this.line = Number.NaN;
  }

  lineStart(): void {
    this.points = [];
  }

  lineEnd(): void {
    const pts = this.points;
    const first = pts[0];
    if (first) {
      if (this.line) this.context.lineTo(first.x, first.y);
      else this.context.moveTo(first.x, first.y);
      if (pts.length === 2) {
        this.context.lineTo(pts[1]!.x, pts[1]!.y);
      } else if (pts.length > 2) {
        const t = limitedTangents(pts, this.k);
        for (let i = 0; i < pts.length - 1; i++) {
          const a = pts[i]!;
          const b = pts[i + 1]!;
          const ta = t[i]!;
          const tb = t[i + 1]!;
          this.context.bezierCurveTo(a.x + ta.x, a.y + ta.y, b.x - tb.x, b.y - tb.y, b.x, b.y);
        }
      }
    }
    if (this.line || (this.line !== 0 && pts.length === 1)) this.context.closePath();
    this.line = 1 - this.line;
  }

  point(x: number, y: number): void {
    this.points.push({ x: +x, y: +y });
  }
}

/** A CurveFactory like d3's curveCardinal.tension(tension) whose segments stay within the values they join. */
export function curveMonotoneCardinal(tension: number): CurveFactory {
  const k = (1 - tension) / 6;
  return (context) => new MonotoneCardinal(context, k);
}
