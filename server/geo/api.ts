// Map outlines for the browser: world-atlas countries and NUTS 2021 regions as GeoJSON, with ETags.
import { Hono, type Context } from 'hono';
import { OutlinesMissingError, type OutlineFile, type OutlineStore } from './outline-store';
import { errorBody } from '../http/errors';
import { uncounted } from '#server/http/route-policy';

/** Map outlines hold no values (decision 201). */
export const geoPolicies = [
  uncounted('GET /api/geo/…', 'read', ['/api/geo/*'], 'map outlines, no values', { cache: 'api' }),
];

export interface GeoApiOptions {
  outlines: OutlineStore;
}

export const GEO_CACHE_CONTROL = 'public, max-age=86400';
const NUTS_LEVELS = new Set(['0', '1', '2', '3']);

function respond(c: Context, { json, etag }: OutlineFile): Response {
  const headers = { ETag: etag, 'Cache-Control': GEO_CACHE_CONTROL };
  const match = c.req.header('If-None-Match');
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return c.body(null, 304, headers);
  }
  return c.body(json, 200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
}

/** GET /geo/world and GET /geo/nuts/{level}; mount under /api. */
export function geoApi(opts: GeoApiOptions): Hono {
  const app = new Hono();

  app.get('/geo/world', async (c) => respond(c, await opts.outlines.world()));

  app.get('/geo/nuts/:level', async (c) => {
    const level = c.req.param('level');
    if (!NUTS_LEVELS.has(level)) {
      return c.json(errorBody('bad_parameter', `invalid NUTS level: "${level}" (expected 0, 1, 2 or 3)`), 400);
    }
    try {
      return respond(c, await opts.outlines.nuts(Number(level) as 0 | 1 | 2 | 3));
    } catch (err) {
      if (err instanceof OutlinesMissingError) return c.json(errorBody('not_found', err.message), 404);
      throw err;
    }
  });

  return app;
}
