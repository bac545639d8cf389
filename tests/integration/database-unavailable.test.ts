// A database that is away (PostgreSQL restarting, a dropped connection) is a 503 with Retry-After in the API's one
// error shape, never a 500 (issue 17). The restart itself under load: npm run test:attack with ATTACK_PG_RESTART=1.
import { createServer, type Server } from 'node:net';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import type { Db } from '../../db/client';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';

let closed: Server;
let client: ReturnType<typeof postgres>;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  // A port that accepts and at once hangs up, as a server that is shutting down does.
  closed = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as { port: number };
  client = postgres(`postgres://postgres@127.0.0.1:${port}/gone`, { max: 2, connect_timeout: 2, onnotice: () => {} });
  app = createApp({
    db: drizzle(client, { schema }) as unknown as Db,
    config: loadConfig({ PUBLIC_URL: 'http://localhost:3000', RESPONSE_CACHE_MB: '0' }),
  });
});
afterAll(async () => {
  await client?.end({ timeout: 1 });
  closed?.close();
});

it('answers 503 unavailable with Retry-After while the database is away', async () => {
  for (const path of ['/api/datasets', '/api/datasets/prc_hicp_manr?country=DE', '/api/categories']) {
    const res = await app.request(path, { headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(res.status, path).toBe(503);
    expect(res.headers.get('retry-after'), path).toBe('5');
    expect(await res.json()).toEqual({
      error: { code: 'unavailable', message: 'The service is briefly unavailable; please try again in a few seconds.' },
    });
  }
});
