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
