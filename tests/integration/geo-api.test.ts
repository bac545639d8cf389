// The outline API mounted on a bare Hono app: world and NUTS GeoJSON, ETags, caching and errors.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { geoApi } from '../../server/geo/api';
import { outlineStore } from '../../server/geo/outline-store';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mirror = process.env.DATA_MIRROR ?? path.resolve(repoRoot, '../shared/data');

// Every file the stores read, to see that each outline file is read once (a store of its own per app: the cache is
// the store's).
const reads: string[] = [];

function appWith(dataMirror: string | null) {
  const app = new Hono();
  const store = outlineStore(dataMirror, (file) => {
    reads.push(file);
    return readFile(file, 'utf8');
  });
  app.route('/api', geoApi({ outlines: store }));
  return app;
}

const readsOf = (fragment: string) => reads.filter((file) => file.includes(fragment)).length;

describe('GET /api/geo/world', () => {
  const app = appWith(mirror);

  it('answers world-atlas countries as GeoJSON with ISO ids and names, without Antarctica, with Malta and Liechtenstein', async () => {
    const res = await app.request('/api/geo/world');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]{32}"$/);
    const fc = (await res.json()) as any;
    expect(fc.type).toBe('FeatureCollection');
    // 176 countries of the 110m file, then Malta and Liechtenstein from the 50m file, drawn last (on top).
    expect(fc.features).toHaveLength(178);
    expect(fc.features.slice(176).map((f: any) => [f.id, f.properties.name])).toEqual([
      ['470', 'Malta'],
      ['438', 'Liechtenstein'],
    ]);
    const byName = new Map(fc.features.map((f: any) => [f.properties.name, f]));
    expect((byName.get('Germany') as any).id).toBe('276');
    expect((byName.get('Greece') as any).id).toBe('300');
    expect((byName.get('United Kingdom') as any).id).toBe('826');
    expect((byName.get('Kosovo') as any).id).toBeUndefined();
    expect(byName.has('Antarctica')).toBe(false);
    expect((byName.get('Germany') as any).geometry.type).toMatch(/Polygon/);
  });

  it('answers 304 to a matching If-None-Match and reads the file once', async () => {
    const first = await app.request('/api/geo/world');
    const etag = first.headers.get('etag')!;
    const again = await app.request('/api/geo/world', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    const stale = await app.request('/api/geo/world', { headers: { 'If-None-Match': '"other"' } });
    expect(stale.status).toBe(200);
    expect(readsOf('countries-110m.json')).toBe(1);
    expect(readsOf('countries-50m.json')).toBe(1);
  });
});

describe('GET /api/geo/nuts/{level}', () => {
  const app = appWith(mirror);

  it.each([
    [0, 37, 'DE'],
    [2, 328, 'DE11'],
  ])('answers NUTS level %i outlines from the data mirror', async (level, count, id) => {
    const res = await app.request(`/api/geo/nuts/${level}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const fc = (await res.json()) as any;
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features).toHaveLength(count);
    expect(fc.features.some((f: any) => f.properties.id === id)).toBe(true);
  });

  it('serves the file unchanged, with a stable ETag, reading it once', async () => {
    const a = await app.request('/api/geo/nuts/1');
    const b = await app.request('/api/geo/nuts/1');
    const file = await readFile(path.join(mirror, 'geo/nuts2021/nutsrg_1.json'), 'utf8');
    expect(await a.text()).toBe(file);
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
    expect(readsOf('nutsrg_1.json')).toBe(1);
    const notModified = await app.request('/api/geo/nuts/1', { headers: { 'If-None-Match': a.headers.get('etag')! } });
    expect(notModified.status).toBe(304);
  });

  it.each(['4', 'x', '-1', '22'])('rejects level %s with 400', async (level) => {
    const res = await app.request(`/api/geo/nuts/${level}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.error.code).toBe('bad_parameter');
    expect(body.error.message).toContain(`"${level}"`);
  });

  it('answers 404 without a data mirror or without the file', async () => {
    for (const app404 of [appWith(null), appWith(path.join(repoRoot, 'no-such-mirror'))]) {
      const res = await app404.request('/api/geo/nuts/2');
      expect(res.status).toBe(404);
      const body = (await res.json()) as any;
      expect(body.error.code).toBe('not_found');
      expect(body.error.message).toContain('NUTS level 2');
    }
  });
});
