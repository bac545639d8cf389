// Issue 17, item 4: bounded work per request. Bodies over a route's limit answer 413, images are capped, cached by
// what they show and counted per client, a data request returns a bounded number of values (a 400 says how to narrow
// or page), and a request whose client has gone draws and serialises nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { maxValuesPerRequest } from '../../server/datasets/api';
import { imageRequestsPerMinute, renderStats } from '../../server/http/middleware/work-limits';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { databaseWithGeos } from '../setup/database';
import { nextIp } from './auth-harness';

let database: Database;
let app: ReturnType<typeof createApp>;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  database = await databaseWithGeos(
    'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv',
    'eurostat/nama_10r_3gdp/nama_10r_3gdp.tsv.gz',
  );
  app = createApp({ db: database.db, config: loadConfig({ PUBLIC_URL: origin, TRUST_PROXY: '1' }) });
});
afterAll(() => database.close());

function send(path: string, init: RequestInit & { ip?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-for', init.ip ?? nextIp());
  if (init.method && init.method !== 'GET') headers.set('origin', origin);
  return app.request(`${origin}${path}`, { ...init, headers });
}

describe('request bodies', () => {
  it('refuses a body over the route limit with 413 in the error shape, by Content-Length', async () => {
    const big = JSON.stringify({ email: 'a@example.com', message: 'x'.repeat(300_000) });
    const res = await send('/api/check-user-exists', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 'too_large', message: 'The request body is larger than the 32 KB this address accepts.' },
    });
  });

  it('refuses a streamed body (no Content-Length) once it passes the limit', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 100) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await send('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      // @ts-expect-error Node's fetch needs duplex for a stream body
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('too_large');
    // It stopped reading soon after the 64 KB limit, not after all 1.6 MB.
    expect(sent).toBeLessThan(20);
  });

  it('still takes bodies within the limit', async () => {
    const res = await send('/api/check-user-exists', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com' }),
    });
    expect(res.status).toBe(200);
  });
});

describe('values per data request', () => {
  it('refuses nama_10r_3gdp?dim1=* with a 400 saying how to narrow or page', async () => {
    for (const path of [
      '/api/datasets/nama_10r_3gdp?dim1=*',
      '/api/datasets/nama_10r_3gdp/data?dim1=*&format=csv',
      '/api/datasets/nama_10r_3gdp/data?dim1=*&format=jsonstat',
      `/api/charts/download?datasetId=nama_10r_3gdp&${['EUR_HAB', 'MIO_EUR', 'MIO_NAC', 'MIO_PPS_EU27_2020', 'PPS_EU27_2020_HAB'].map((u) => `dimension[]=dim1:${u}`).join('&')}`,
    ]) {
      const res = await send(path);
      expect(res.status, path).toBe(400);
      const body = await res.json();
      expect(body.error.code, body.error.message).toBe('too_many_values');
      expect(body.error.message).toContain(`one request returns at most ${maxValuesPerRequest.toLocaleString('en')}`);
      expect(body.error.message).toMatch(/This selection has more than [\d,]+ values/);
      expect(body.error.message).toContain('period_from');
      expect(body.error.message).toContain('country=DE,FR');
    }
  });

  it('answers the same selection narrowed to a period range', async () => {
    const res = await send('/api/datasets/nama_10r_3gdp/data?dim1=*&period_from=2020&period_to=2021&format=csv');
    expect(res.status).toBe(200);
    expect((await res.text()).split('\n').length).toBeGreaterThan(1000);
  });
});

describe('images', () => {
  it('caps the area of a chart PNG: 2400 × 2400 is a 400', async () => {
    const view = 'datasetId=prc_hicp_manr&dimension[]=dim2:CP00&country[]=DE';
    const res = await send(`/api/charts/download-png?${view}&width=2400&height=2400`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toContain('width × height may be at most 3,240,000 pixels');
    expect((await send(`/api/charts/download-png?${view}&width=99999`)).status).toBe(400);
    expect((await send(`/api/charts/download-png?${view}&width=-5`)).status).toBe(400);
  });

  it('draws a chart PNG once for the same query in any order', async () => {
    const before = { ...renderStats };
    const a = await send('/api/charts/download-png?datasetId=prc_hicp_manr&country[]=DE&width=400&height=300');
    const b = await send('/api/charts/download-png?width=400&height=300&country[]=DE&datasetId=prc_hicp_manr');
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(Buffer.from(await a.arrayBuffer()).equals(Buffer.from(await b.arrayBuffer()))).toBe(true);
    expect(renderStats.drawn - before.drawn).toBe(1);
    expect(renderStats.cached - before.cached).toBe(1);
  });

  it('draws one sharing card for many unique paths that show the same card', async () => {
    const before = { ...renderStats };
    for (let i = 0; i < 5; i++) {
      const res = await send(`/api/og-image?path=/no-such-page-${i}-${Date.now()}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
    expect(renderStats.drawn - before.drawn).toBe(1);
    expect(renderStats.cached - before.cached).toBe(4);
  });

  it('counts image requests per client address: over the limit a 429 with Retry-After', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i <= imageRequestsPerMinute; i++)
      statuses.push((await send('/api/og-image?path=/', { ip })).status);
    expect(statuses.slice(0, imageRequestsPerMinute).every((s) => s === 200)).toBe(true);
    const last = await send('/api/og-image?path=/', { ip });
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await last.json()).error.code).toBe('rate_limited');
    // Another address is not affected.
    expect((await send('/api/og-image?path=/')).status).toBe(200);
  });
});

describe('clients that have gone', () => {
  it('draws nothing and serialises nothing for a request whose client already left', async () => {
    const gone = AbortSignal.abort();
    const before = { ...renderStats };
    const png = await send('/api/og-image?path=/datasets/nama_10r_3gdp', { signal: gone });
    expect(png.status).toBe(499);
    expect(renderStats.drawn).toBe(before.drawn);
    expect(renderStats.abandoned - before.abandoned).toBe(1);
    const data = await send('/api/datasets/nama_10r_3gdp/data?format=csv', { signal: gone });
    expect(data.status).toBe(499);
    expect(await data.text()).toBe('');
  });
});
