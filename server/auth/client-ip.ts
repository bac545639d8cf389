// The client's IP address for rate limits and session records: the socket peer, or the proxy's word when trusted.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The header Better Auth reads the address from; set by us on every auth request, never taken from the client. */
export const clientIpHeader = 'x-statpub-client-ip';

export function clientIp(c: Context, trustProxy: boolean): string {
  return clientIpOf(
    (name) => c.req.header(name),
    () => getConnInfo(c).remote.address,
    trustProxy,
  );
}

/**
 * The same, from a request's header getter and its socket's address (the response cache's hot path reads node:http's
 * request before any Hono context exists).
 */
export function clientIpOf(
  header: (name: string) => string | undefined,
  socketAddress: () => string | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    // The proxy appends the address it saw, so the last entry is the only one the client cannot forge.
    const forwarded = header('x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  try {
    return socketAddress() ?? 'unknown';
  } catch {
    // In-process requests (app.request in tests) have no socket.
    return 'unknown';
  }
}
