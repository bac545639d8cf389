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
import { until } from '../setup/until';

let database: Database;
let server: Server;
let port: number;
/** The same app on a server left at Node's defaults: what the tuned one is measured against. */
let untuned: Server;
let untunedPort: number;

function listen(app: ReturnType<typeof createApp>): Promise<Server> {
  return new Promise<Server>((resolve) => {
    // overrideGlobalObjects: false: @hono/node-server would otherwise put its lightweight Response in the worker's
    // globals, and files that run after this one in the same worker (isolate: false) read headers set after a
    // body was read from it as lost.
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false }, () =>
      resolve(s as Server),
    ) as Server;
  });
}

beforeAll(async () => {
  database = await freshDatabase();
  const app = createApp({ db: database.db });
  server = await listen(app);
  tuneKeepAlive(server);
  port = (server.address() as AddressInfo).port;
  untuned = await listen(app);
  untunedPort = (untuned.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const s of [server, untuned]) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  await database.close();
});

/** A raw keep-alive connection that counts the 200 answers it received and says whether the server closed it. */
function keepAliveConnection(to: number) {
  const socket = connect(to, '127.0.0.1');
  const state = { received: '', closed: false };
  socket.on('data', (d) => (state.received += d));
  socket.on('close', () => (state.closed = true));
  return {
    socket,
    closed: () => state.closed,
    answers: () => state.received.split('HTTP/1.1 200').length - 1,
    ask: () => socket.write('GET /api/openapi.json HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n'),
  };
}

describe('keep-alive', () => {
  it('keeps idle connections open longer than clients keep theirs, and headers wait longer still', () => {
    expect(server.keepAliveTimeout).toBe(keepAliveSeconds * 1000);
    expect(keepAliveSeconds).toBeGreaterThan(60);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('answers a second request on a connection idle for longer than Node’s 5 s default', async () => {
    const tuned = keepAliveConnection(port);
    const plain = keepAliveConnection(untunedPort);
    // The tuned connection's idle time starts first, so it has been idle longest when the untuned one closes.
    tuned.ask();
    await until(() => tuned.answers() === 1, 'the first answer');
    plain.ask();
    await until(() => plain.answers() === 1, 'the untuned server’s first answer');
    // Idle until Node's default closes the untuned server's connection (its keepAliveTimeout, 5 s): a wait on that
    // event rather than a fixed time, and the proof that this idle time is one a default server does not survive.
    await until(() => plain.closed(), 'the untuned server closing its idle connection');
    expect(tuned.closed()).toBe(false);
    tuned.ask();
    await until(() => tuned.answers() === 2 || tuned.closed(), 'the second answer');
    expect(tuned.answers()).toBe(2);
    tuned.socket.destroy();
  });
});
