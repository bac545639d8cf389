// Projects a map state: the region's projection fitted to the data's polygons, and outlines as rounded SVG paths.
import { geoAzimuthalEqualArea, geoCentroid, geoEqualEarth, geoPath, type GeoProjection } from 'd3-geo';
import type { FeatureCollection, Geometry, MultiPoint, MultiPolygon, Polygon, Position } from 'geojson';
import { countryOfCode, outlineName, type Outlines } from './map-match';
import { continentInfo, continentOf, type MapRegion } from './map-region';
import type { MapArea, MapReadyState } from './map-state';

export type Extent = [[number, number], [number, number]];
type Rings = Position[][];
export type FitObject = MultiPolygon | MultiPoint | FeatureCollection<Geometry>;

/** Outlines never drawn on a map (the world outlines served by the API already leave it out). */
const SKIPPED = new Set(['Antarctica']);

function polygonsOf(geometry: Geometry | null | undefined): Rings[] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates;
  if (geometry.type === 'GeometryCollection') return geometry.geometries.flatMap(polygonsOf);
  return [];
}

const asPolygon = (rings: Rings): Polygon => ({ type: 'Polygon', coordinates: rings });

function inBox(rings: Rings, [west, south, east, north]: readonly number[]): boolean {
  const [lon = 0, lat = 0] = geoCentroid(asPolygon(rings));
  return lon >= (west ?? -180) && lon <= (east ?? 180) && lat >= (south ?? -90) && lat <= (north ?? 90);
}

function boxPoints([west, south, east, north]: readonly number[]): MultiPoint {
  const w = west ?? -180;
  const s = south ?? -90;
  const e = east ?? 180;
  const n = north ?? 90;
  const coords: Position[] = [];
  for (let i = 0; i <= 8; i++) {
    const lon = w + ((e - w) * i) / 8;
    coords.push([lon, s], [lon, n]);
  }
  return { type: 'MultiPoint', coordinates: coords };
}

/**
 * What the projection is fitted to: the world's outlines; a continent's polygons with data whose centre lies
 * on it (France without French Guiana, Norway without Svalbard); or one country's polygons on its continent.
 */
export function fitObject(state: MapReadyState, outlines: Outlines): FitObject {
  const region = state.region;
  const features = outlines.features;
  if (region.kind === 'world') {
    return { type: 'FeatureCollection', features: features.filter((f) => !SKIPPED.has(outlineName(f))) };
  }
  const withData = (a: MapArea) =>
    a.value !== null && (region.kind !== 'country' || countryOfCode(a.code ?? '') === region.code);
  const polygons = state.areas.filter(withData).flatMap((a) => polygonsOf(features[a.featureIndex]?.geometry));
  const continent = region.kind === 'continent' ? region.continent : continentOf(region.code);
  const box = continent ? continentInfo(continent).box : null;
  const chosen = box ? polygons.filter((p) => inBox(p, box)) : polygons;
  if (chosen.length > 0) return { type: 'MultiPolygon', coordinates: chosen };
  return boxPoints(box ?? [-180, -60, 180, 85]);
}

/** The projection of a region: Equal Earth for the world, Lambert azimuthal equal-area centred on a continent or country. */
export function regionProjection(region: MapRegion, fit: FitObject, extent: Extent): GeoProjection {
  if (region.kind === 'world') return geoEqualEarth().fitExtent(extent, fit);
  const [lon, lat] = region.kind === 'continent' ? continentInfo(region.continent).center : geoCentroid(fit);
  return geoAzimuthalEqualArea()
    .rotate([-(lon ?? 0), -(lat ?? 0)])
    .clipAngle(90)
    .fitExtent(extent, fit);
}

/** An outline placed on the map, before pan and zoom. */
export interface PlacedArea {
  key: string;
  featureIndex: number;
  name: string;
  value: number | null;
  fill: string;
  d: string;
  /** The centre and size of the largest polygon, where a value label may go. */
  anchor: { x: number; y: number; width: number; height: number };
  /** Where a country with data too small to see or point at (Malta) gets a dot; else null. */
  marker: { x: number; y: number } | null;
}

/**
 * Countries with data smaller than this (in pixels, before zoom) across both sides are marked with a dot. Regions
 * are not: a NUTS 3 map has hundreds of small city regions, and dots would bury their neighbours.
 */
export const SMALL_AREA_PX = 6;

/**
 * Every outline as an SVG path with one decimal. Outlines beyond the horizon or more than a map's
 * size away from the frame (out of reach even at the smallest zoom) are left out; Antarctica is skipped.
 */
export function placeAreas(
  state: MapReadyState,
  outlines: Outlines,
  projection: GeoProjection,
  width: number,
  height: number,
  markSmall = false,
): PlacedArea[] {
  const path = geoPath(projection).digits(1);
  const out: PlacedArea[] = [];
  for (const area of state.areas) {
    const feature = outlines.features[area.featureIndex];
    if (!feature || SKIPPED.has(outlineName(feature))) continue;
    const d = path(feature);
    if (!d) continue;
    const [[x0, y0], [x1, y1]] = path.bounds(feature);
    if (![x0, y0, x1, y1].every(Number.isFinite)) continue;
    if (x1 < -width || x0 > 2 * width || y1 < -height || y0 > 2 * height) continue;
    let main: Rings | null = null;
    let mainArea = -1;
    for (const p of polygonsOf(feature.geometry)) {
      const a = path.area(asPolygon(p));
      if (a > mainArea) [main, mainArea] = [p, a];
    }
    const [[mx0, my0], [mx1, my1]] = main
      ? path.bounds(asPolygon(main))
      : [
          [x0, y0],
          [x1, y1],
        ];
    const [cx, cy] = main ? path.centroid(asPolygon(main)) : [(x0 + x1) / 2, (y0 + y1) / 2];
    const small = markSmall && area.value !== null && Math.max(x1 - x0, y1 - y0) < SMALL_AREA_PX;
    out.push({
      key: area.key,
      featureIndex: area.featureIndex,
      name: area.name,
      value: area.value,
      fill: area.fill,
      d,
      anchor: {
        x: Number.isFinite(cx) ? cx : (mx0 + mx1) / 2,
        y: Number.isFinite(cy) ? cy : (my0 + my1) / 2,
        width: mx1 - mx0,
        height: my1 - my0,
      },
      marker: small ? { x: (x0 + x1) / 2, y: (y0 + y1) / 2 } : null,
    });
  }
  return out;
}
