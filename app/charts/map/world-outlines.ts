// The world map's outlines: world-atlas 110m countries, completed with the small countries Eurostat reports on.
import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { countries } from '#core/geo';
import type { Outlines } from './map-match';

/** A world-atlas countries file (countries-110m.json, countries-50m.json). */
export type CountriesTopology = Topology<{ countries: GeometryCollection }>;

type CountryFeature = Feature<Geometry, { name?: string } | null>;

const SKIPPED = 'Antarctica';
/** ISO numeric ids of the countries the product has figures for. */
const REPORTED = new Set(countries.flatMap((c) => (c.isoNumeric ? [c.isoNumeric] : [])));

function roundPositions(coords: unknown): unknown {
  if (typeof coords === 'number') return Math.round(coords * 1000) / 1000;
  return Array.isArray(coords) ? coords.map(roundPositions) : coords;
}

/** Coordinates rounded to 3 decimals (about 100 m, far below either generalisation): a third of the bytes. */
function roundGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'GeometryCollection') {
    return { ...geometry, geometries: geometry.geometries.map(roundGeometry) };
  }
  return { ...geometry, coordinates: roundPositions(geometry.coordinates) as Position[][] } as Geometry;
}

function countriesOf(topology: CountriesTopology): CountryFeature[] {
  return (feature(topology, topology.objects.countries) as FeatureCollection<Geometry, { name?: string } | null>)
    .features;
}

function tidy(f: CountryFeature): Feature {
  return {
    type: 'Feature',
    ...(f.id === undefined ? {} : { id: String(f.id) }),
    properties: { name: f.properties?.name ?? '' },
    geometry: roundGeometry(f.geometry),
  };
}

/**
 * The countries of `base` (110m: light enough for every page) followed by the countries Eurostat reports on
 * that `base` leaves out as too small for its scale, taken from `detail` (50m): Malta and Liechtenstein.
 * Without them a European map would hide real values. Other small territories of the 50m file (Åland, the
 * Channel Islands …) are not added: they would sit as 'No data' islands inside countries that have data.
 * The additions come last so that they are drawn on top of their larger neighbours. Antarctica is left out;
 * each feature keeps its ISO numeric `id` as a string and its `properties.name`.
 */
export function worldOutlines(base: CountriesTopology, detail: CountriesTopology): Outlines {
  const kept = countriesOf(base).filter((f) => f.properties?.name !== SKIPPED);
  const known = new Set(kept.map((f) => String(f.id)));
  const added = countriesOf(detail).filter((f) => REPORTED.has(String(f.id)) && !known.has(String(f.id)));
  return { type: 'FeatureCollection', features: [...kept, ...added].map(tidy) };
}
