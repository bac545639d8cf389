// Keep-alive timing of the HTTP server (issue 17 item 9, decision 067). Node closes an idle connection after 5 s by
// default; a client that reuses it at that moment (a busy server answers the close late) gets ECONNRESET: 8 of 600
// requests at 50 concurrent clients with think time. Idle connections stay open longer than clients and proxies keep
// theirs, so it is always the client that closes first.
import type { Server } from 'node:http';

/** How long an idle keep-alive connection stays open: above the 60 s of common proxies and load balancers. */
export const keepAliveSeconds = 65;

export function tuneKeepAlive(server: Server): void {
  server.keepAliveTimeout = keepAliveSeconds * 1000;
  // Must exceed keepAliveTimeout, or a request arriving on a connection about to time out is cut off instead.
  server.headersTimeout = (keepAliveSeconds + 1) * 1000;
}
