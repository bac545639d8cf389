// An app (or any Hono fetch handler) served in-process on a free loopback port, for tests that need a real HTTP
// server: raw sockets, keep-alive, streams.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface ServedApp {
  server: Server;
  port: number;
  close(): Promise<void>;
}

export function serveApp(app: { fetch: (request: Request) => Response | Promise<Response> }): Promise<ServedApp> {
  return new Promise((resolve) => {
    // overrideGlobalObjects: false: @hono/node-server would otherwise put its lightweight Response in the worker's
    // globals, and files that run after this one in the same worker (isolate: false) read headers set after a
    // body was read from it as lost.
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false }, () =>
      resolve({
        server,
        port: (server.address() as AddressInfo).port,
        close: async () => {
          server.closeAllConnections();
          await new Promise((done) => server.close(done));
        },
      }),
    ) as Server;
  });
}
