// Map outlines for the browser: world-atlas countries and NUTS 2021 regions as GeoJSON, cached in memory with ETags.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { errorBody } from './errors';

export interface GeoApiOptions {
  /** The shared data folder holding geo/nuts2021/nutsrg_{0..3}.json; null when there is none. */
  dataMirror: string | null;
}

interface CachedBody {
  body: string;
  etag: string;
}

export const GEO_CACHE_CONTROL = 'public, max-age=86400';
const NUTS_LEVELS = new Set(['0', '1', '2', '3']);
const WORLD_SOURCE = 'world-atlas/countries-110m.json';

/** Bodies by source (file path), loaded once per process; a failed load is forgotten so it can be retried. */
const cache = new Map<string, Promise<CachedBody>>();

function cachedBody(source: string, load: () => Promise<string>): Promise<CachedBody> {
  let entry = cache.get(source);
  if (!entry) {
    entry = load().then((body) => ({
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
    }));
    cache.set(source, entry);
    entry.catch(() => cache.delete(source));
  }
  return entry;
}

function roundPositions(coords: unknown): unknown {
  if (typeof coords === 'number') return Math.round(coords * 1000) / 1000;
  return Array.isArray(coords) ? coords.map(roundPositions) : coords;
}

function roundGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'GeometryCollection')
    return { ...geometry, geometries: geometry.geometries.map(roundGeometry) };
  return { ...geometry, coordinates: roundPositions(geometry.coordinates) as Position[][] } as Geometry;
}

/**
 * world-atlas's 110m countries as a GeoJSON FeatureCollection: each feature with its ISO numeric `id`
 * (a string; absent for Kosovo, Northern Cyprus and Somaliland) and `properties.name`; Antarctica left out;
 * coordinates rounded to 3 decimals (about 100 m, far below the 110m generalisation).
 */
export async function worldOutlinesJson(): Promise<string> {
  const file = createRequire(import.meta.url).resolve(WORLD_SOURCE);
  const topology = JSON.parse(await readFile(file, 'utf8')) as Topology<{ countries: GeometryCollection }>;
  const collection = feature(topology, topology.objects.countries) as FeatureCollection<Geometry, { name?: string }>;
  const features = collection.features
    .filter((f) => f.properties?.name !== 'Antarctica')
    .map((f): Feature => ({
      type: 'Feature',
      ...(f.id === undefined ? {} : { id: String(f.id) }),
      properties: { name: f.properties?.name ?? '' },
      geometry: roundGeometry(f.geometry),
    }));
  return JSON.stringify({ type: 'FeatureCollection', features });
}

async function nutsOutlinesJson(file: string): Promise<string> {
  const text = await readFile(file, 'utf8');
  const parsed = JSON.parse(text) as { type?: unknown; features?: unknown };
  if (parsed.type !== 'FeatureCollection' || !Array.isArray(parsed.features)) {
    throw new Error(`not a GeoJSON FeatureCollection: ${file}`);
  }
  return text;
}

function respond(c: Context, { body, etag }: CachedBody): Response {
  const headers = { ETag: etag, 'Cache-Control': GEO_CACHE_CONTROL };
  const match = c.req.header('If-None-Match');
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return c.body(null, 304, headers);
  }
  return c.body(body, 200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** GET /geo/world and GET /geo/nuts/{level}; mount under /api. */
export function geoApi(opts: GeoApiOptions): Hono {
  const app = new Hono();

  app.get('/geo/world', async (c) => respond(c, await cachedBody(WORLD_SOURCE, worldOutlinesJson)));

  app.get('/geo/nuts/:level', async (c) => {
    const level = c.req.param('level');
    if (!NUTS_LEVELS.has(level)) {
      return c.json(errorBody('bad_parameter', `invalid NUTS level: "${level}" (expected 0, 1, 2 or 3)`), 400);
    }
    if (!opts.dataMirror) {
      return c.json(errorBody('not_found', `NUTS level ${level} outlines are not available: no data mirror`), 404);
    }
    const file = path.resolve(opts.dataMirror, 'geo/nuts2021', `nutsrg_${level}.json`);
    try {
      return respond(c, await cachedBody(file, () => nutsOutlinesJson(file)));
    } catch (err) {
      if (isMissing(err)) {
        return c.json(errorBody('not_found', `NUTS level ${level} outlines are not in the data mirror`), 404);
      }
      throw err;
    }
  });

  return app;
}
