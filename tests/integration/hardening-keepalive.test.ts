// Issue 17, item 9: keep-alive connections reset under load. Node closed idle connections after 5 s, so clients that
// reused one at that moment got ECONNRESET; the server now keeps them longer than clients and proxies keep theirs.
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createApp } from '../../server/app';
import { keepAliveSeconds, tuneKeepAlive } from '../../server/keep-alive';
import { freshDatabase } from '../setup/database';

let database: Database;
let server: Server;
let port: number;

beforeAll(async () => {
  database = await freshDatabase();
  const app = createApp({ db: database.db });
  server = await new Promise<Server>((resolve) => {
    // overrideGlobalObjects: false: @hono/node-server would otherwise put its lightweight Response in the worker's
    // globals, and files that run after this one in the same worker (isolate: false) read headers set after a
    // body was read from it as lost.
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false }, () =>
      resolve(s as Server),
    ) as Server;
  });
  tuneKeepAlive(server);
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await database.close();
});

describe('keep-alive', () => {
  it('keeps idle connections open longer than clients keep theirs, and headers wait longer still', () => {
    expect(server.keepAliveTimeout).toBe(keepAliveSeconds * 1000);
    expect(keepAliveSeconds).toBeGreaterThan(60);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('answers a second request on a connection idle for longer than Node’s 5 s default', async () => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let closed = false;
    socket.on('data', (d) => (received += d));
    socket.on('close', () => (closed = true));
    const request = 'GET /api/openapi.json HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n';
    const answers = () => received.split('HTTP/1.1 200').length - 1;
    socket.write(request);
    while (answers() < 1) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 6000));
    expect(closed).toBe(false);
    socket.write(request);
    while (answers() < 2 && !closed) await new Promise((r) => setTimeout(r, 20));
    expect(answers()).toBe(2);
    socket.destroy();
  });
});
