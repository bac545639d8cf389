// A marker shape per series, beside its colour: lines differ by shape as well as by colour (WCAG 1.4.1, decision 214).
import {
  symbol,
  symbolCircle,
  symbolCross,
  symbolDiamond,
  symbolSquare,
  symbolStar,
  symbolTriangle,
  symbolWye,
  type SymbolType,
} from 'd3-shape';

/** The shapes in the order series take them: the most different first. */
export const MARKER_SHAPES = ['circle', 'square', 'triangle', 'diamond', 'cross', 'star', 'wye'] as const;

export type MarkerShape = (typeof MARKER_SHAPES)[number];

const SYMBOLS: Record<MarkerShape, SymbolType> = {
  circle: symbolCircle,
  square: symbolSquare,
  triangle: symbolTriangle,
  diamond: symbolDiamond,
  cross: symbolCross,
  star: symbolStar,
  wye: symbolWye,
};

/** The area of a marker in square pixels: a circle of 3.9 px radius, about as wide as a line label's x-height. */
export const MARKER_AREA = 48;

/**
 * The shape of the series with this palette position (ChartSeries.colorIndex): fixed with its colour, so a place keeps
 * both across ranges. Ten colours and seven shapes: series 0 and 7 share a shape, never a colour as well.
 */
export function markerShape(colorIndex: number): MarkerShape {
  const i = Number.isInteger(colorIndex) && colorIndex >= 0 ? colorIndex % MARKER_SHAPES.length : 0;
  return MARKER_SHAPES[i] ?? 'circle';
}

/** The marker as an SVG path centred on 0,0 (translate it to its point). */
export function markerPath(shape: MarkerShape, area: number = MARKER_AREA): string {
  return symbol(SYMBOLS[shape], area).digits(2)() ?? '';
}

/** A marker's extent around its centre (0,0), in pixels: the triangle and star sit higher than they reach below. */
export interface MarkerBounds {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The box a marker of this shape and area covers, from the points and arcs its symbol draws. */
export function markerBounds(shape: MarkerShape, area: number = MARKER_AREA): MarkerBounds {
  const b: MarkerBounds = { left: 0, right: 0, top: 0, bottom: 0 };
  const point = (x: number, y: number) => {
    b.left = Math.min(b.left, x);
    b.right = Math.max(b.right, x);
    b.top = Math.min(b.top, y);
    b.bottom = Math.max(b.bottom, y);
  };
  const ignore = () => {};
  SYMBOLS[shape].draw(
    {
      moveTo: point,
      lineTo: point,
      arc: (x, y, r) => {
        point(x - r, y - r);
        point(x + r, y + r);
      },
      closePath: ignore,
      arcTo: ignore,
      bezierCurveTo: ignore,
      quadraticCurveTo: ignore,
      rect: (x, y, w, h) => {
        point(x, y);
        point(x + w, y + h);
      },
      ellipse: ignore,
    },
    area,
  );
  return b;
}

/**
 * The largest area, up to `max`, at which every one of these shapes is at most `width` wide: the markers of a chart
 * share one area (no shape looks bigger than another) and each stays within its bar (grouped bars, decision 214).
 */
export function markerAreaFor(shapes: readonly MarkerShape[], width: number, max: number = MARKER_AREA): number {
  const widest = Math.max(0, ...shapes.map((s) => markerBounds(s, max)).map((b) => b.right - b.left));
  if (widest <= width || widest === 0) return max;
  // A symbol's width grows with the square root of its area.
  return max * (Math.max(0, width) / widest) ** 2;
}
