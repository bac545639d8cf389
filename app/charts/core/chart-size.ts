// Chart sizes and layout constants from the specification (section 9).

/** Tailwind's md breakpoint, from which charts get their taller height. */
export const MD_BREAKPOINT = 768;
export const CHART_HEIGHT = 368;
export const CHART_HEIGHT_MD = 428;
export const MAP_HEIGHT = 350;
export const MAP_HEIGHT_MD = 452;
export const WIDGET_DEFAULT_HEIGHT = 400;
/** Below this width a layout becomes 'half'. */
export const HALF_LAYOUT_MAX_WIDTH = 500;
/** Height of the embed iframe. */
export const EMBED_HEIGHT = 545;

export type ChartLayout = 'full' | 'half';

/** 'half' below 500px of width, 'full' from 500px. */
export function layoutFor(width: number): ChartLayout {
  return width < HALF_LAYOUT_MAX_WIDTH ? 'half' : 'full';
}

/** The drawing height of a chart or map for a viewport width (taller from the md breakpoint). */
export function chartHeightFor(viewportWidth: number, kind: 'chart' | 'map' = 'chart'): number {
  const md = viewportWidth >= MD_BREAKPOINT;
  if (kind === 'map') return md ? MAP_HEIGHT_MD : MAP_HEIGHT;
  return md ? CHART_HEIGHT_MD : CHART_HEIGHT;
}
