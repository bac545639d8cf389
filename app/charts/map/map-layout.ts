// Map layout from the available size: projection extent beside or under the legend, caption, credit, value labels.
import { geoContains, geoPath, type GeoProjection } from 'd3-geo';
import { HALF_LAYOUT_MAX_WIDTH } from '../core/chart-size';
import { estimateTextWidth } from '../core/text-width';
import { layoutMapLegend, type MapLegendLayout } from './map-legend';
import { mapValueLabel } from './map-labels';
import type { OutlineKind, Outlines } from './map-match';
import {
  fitObject,
  placeAreas,
  regionProjection,
  type Extent,
  type FitObject,
  type PlacedArea,
} from './map-projection';
import type { MapReadyState } from './map-state';
import type { MapTransform } from './map-zoom';

export const MAP_MARGIN = 8;
const CAPTION_HEIGHT = 20;
const CREDIT_FONT = 9;
export const CAPTION_FONT = 12;
/** Share of the legend's box the map's own land may fill before the map makes room for the legend. */
const CLEAN_COVERAGE = 0.01;

export const MAP_CREDITS: Record<OutlineKind, string> = {
  world: 'Boundaries: Natural Earth',
  nuts: 'Boundaries: \u00a9 EuroGeographics, Eurostat GISCO (NUTS 2021)',
};

export interface MapLayout {
  areas: PlacedArea[];
  legend: MapLegendLayout;
  caption: { x: number; y: number; text: string };
  credit: { x: number; y: number; text: string; fontSize: number };
  extent: Extent;
  projection: GeoProjection;
  /**
   * A narrow map's land is drawn only above its legend, which sits under it (decision 199): on a phone no country is
   * hidden behind the legend, however the map is panned. Null on wider maps, whose legend is placed where no land is.
   */
  landClip: { width: number; height: number } | null;
}

interface Candidate {
  legend: MapLegendLayout;
  extent: Extent;
  projection: GeoProjection;
  coverage?: number;
}

/** How much of the legend's box the land the map is fitted to (the data's polygons, or the world) would fill. */
function legendCoverage(fit: FitObject, c: Candidate): number {
  const { x, y, width, height } = c.legend;
  const box: Extent = [
    [x, y],
    [x + width, y + height],
  ];
  const covered = geoPath(c.projection.clipExtent(box)).area(fit);
  c.projection.clipExtent(null);
  return covered / Math.max(1, width * height);
}

/**
 * Places outlines, legend, period caption and boundary credit in a width × height map. The legend sits
 * bottom-left; of the arrangements tried (map under the legend, beside it, or above a wide legend) the
 * largest map that keeps land out from under the legend wins. A narrow map (a phone) always has its map above a wide
 * legend, and its land is clipped there.
 */
export function layoutMap(
  state: MapReadyState,
  outlines: Outlines,
  kind: OutlineKind,
  width: number,
  height: number,
  controlsInset = 0,
): MapLayout {
  const m = MAP_MARGIN;
  const creditText = MAP_CREDITS[kind];
  const creditWidth = estimateTextWidth(creditText, CREDIT_FONT);
  const top = m + CAPTION_HEIGHT;
  const bottom = Math.max(top + 10, height - m - CREDIT_FONT - 2);
  const right = Math.max(m + 10, width - m - controlsInset);
  const fit = fitObject(state, outlines);
  const candidates: Candidate[] = [];
  const narrow = width < HALF_LAYOUT_MAX_WIDTH;
  for (const arrangement of narrow ? (['grid'] as const) : (['stack', 'grid'] as const)) {
    const legend = layoutMapLegend(state.bands, state.unit, width, height, m, arrangement);
    // The credit gets its own line when it does not fit beside the legend.
    if (legend.width + creditWidth + 3 * m > width) legend.y -= CREDIT_FONT + 4;
    const extents: Extent[] =
      arrangement === 'stack'
        ? [0, 0.5, 1].map((k) => [
            [Math.min(right - 10, m + k * (legend.width + m)), top],
            [right, bottom],
          ])
        : [
            [
              [m, top],
              [right, Math.max(top + 10, legend.y - m / 2)],
            ],
          ];
    for (const extent of extents) {
      candidates.push({ legend, extent, projection: regionProjection(state.region, fit, extent) });
    }
  }
  const best = Math.max(...candidates.map((c) => c.projection.scale()));
  for (const c of candidates) c.coverage = legendCoverage(fit, c);
  // The largest clean map; at (nearly) the same size, the one with the least land under the legend.
  const rank = (c: Candidate) => Math.round((c.projection.scale() / best) * 200) - (c.coverage ?? 1);
  const clean = candidates.filter((c) => (c.coverage ?? 1) <= CLEAN_COVERAGE);
  const cost = (c: Candidate) => (c.coverage ?? 1) + 1 - c.projection.scale() / best;
  const chosen =
    clean.length > 0
      ? clean.reduce((a, b) => (rank(b) > rank(a) ? b : a))
      : candidates.reduce((a, b) => (cost(b) < cost(a) ? b : a));
  return {
    areas: placeAreas(state, outlines, chosen.projection, width, height, kind === 'world'),
    legend: chosen.legend,
    caption: { x: m, y: m + 9, text: state.period },
    credit: { x: width - m, y: height - m / 2 - 1, text: creditText, fontSize: CREDIT_FONT },
    extent: chosen.extent,
    projection: chosen.projection,
    landClip: narrow ? { width, height: Math.max(0, chosen.legend.y - m / 2) } : null,
  };
}

export interface PlacedLabel {
  key: string;
  x: number;
  y: number;
  text: string;
  color: string;
  /** The region's fill, drawn as a halo so a label that crosses a border stays readable. */
  halo: string;
}

export const LABEL_FONT_SIZE = 10;

/** Relative luminance of a #rrggbb colour, 0 (black) … 1 (white). */
export function luminance(hex: string): number {
  const c = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (c[0] ?? 0) + 0.7152 * (c[1] ?? 0) + 0.0722 * (c[2] ?? 0);
}

/** Dark text on light fills, white text on dark ones. */
export function labelColor(fill: string): string {
  return luminance(fill) > 0.3 ? '#1f2937' : '#ffffff';
}

/** Whether the label's centre and corners (screen box) all fall inside its region's outline. */
function labelInside(layout: MapLayout, outlines: Outlines, area: PlacedArea, box: Box, t: MapTransform): boolean {
  const feature = outlines.features[area.featureIndex];
  const projection = layout.projection;
  if (!feature || !projection.invert) return true;
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  const points: [number, number][] = [
    [cx, cy],
    [box.x0, box.y0],
    [box.x1, box.y0],
    [box.x0, box.y1],
    [box.x1, box.y1],
  ];
  return points.every(([px, py]) => {
    const lonLat = projection.invert?.([(px - t.x) / t.scale, (py - t.y) / t.scale]) ?? null;
    return lonLat !== null && geoContains(feature, lonLat);
  });
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
/** Label positions tried, in quarter label widths and half label heights from the centre. */
const NUDGES = [
  [0, 0],
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [-1, 1],
  [1, -1],
  [-1, -1],
  [2, 0],
  [-2, 0],
  [0, 2],
  [0, -2],
] as const;

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * Value labels at the current zoom: only labels the 12/15-character rule allows, that fit inside their
 * region's largest polygon, lie in the frame, and do not collide with the legend or a bigger region's label.
 */
export function placeLabels(
  state: MapReadyState,
  layout: MapLayout,
  outlines: Outlines,
  transform: MapTransform,
  width: number,
  height: number,
): PlacedLabel[] {
  const { areas, legend } = layout;
  const s = transform.scale;
  const { caption, credit } = layout;
  const creditWidth = estimateTextWidth(credit.text, credit.fontSize);
  const taken: Box[] = [
    { x0: legend.x, y0: legend.y, x1: legend.x + legend.width, y1: legend.y + legend.height },
    {
      x0: caption.x,
      y0: 0,
      x1: caption.x + estimateTextWidth(caption.text, CAPTION_FONT) + 4,
      y1: caption.y + CAPTION_FONT,
    },
    { x0: credit.x - creditWidth - 4, y0: credit.y - credit.fontSize - 2, x1: width, y1: height },
  ];
  const candidates = areas
    .filter((a) => a.value !== null)
    .sort((a, b) => b.anchor.width * b.anchor.height - a.anchor.width * a.anchor.height || (a.key < b.key ? -1 : 1));
  const out: PlacedLabel[] = [];
  for (const a of candidates) {
    const text = mapValueLabel(a.value, state.decimals, s, a.name);
    if (!text) continue;
    const w = estimateTextWidth(text, LABEL_FONT_SIZE);
    const h = LABEL_FONT_SIZE;
    if (w + 4 > a.anchor.width * s || h + 2 > a.anchor.height * s) continue;
    // The centre of the largest polygon first, then nudged around it (a centroid can sit near a coast).
    for (const [ox, oy] of NUDGES) {
      const x = transform.x + s * a.anchor.x + (ox * w) / 4;
      const y = transform.y + s * a.anchor.y + (oy * h) / 2;
      const box = { x0: x - w / 2 - 1, y0: y - h / 2 - 1, x1: x + w / 2 + 1, y1: y + h / 2 + 1 };
      if (box.x0 < 0 || box.y0 < 0 || box.x1 > width || box.y1 > height) continue;
      if (taken.some((t) => overlaps(t, box))) continue;
      if (!labelInside(layout, outlines, a, box, transform)) continue;
      taken.push(box);
      out.push({ key: a.key, x, y, text, color: labelColor(a.fill), halo: a.fill });
      break;
    }
  }
  return out;
}
