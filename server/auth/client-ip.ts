// The client's IP address for rate limits and session records: the socket peer, or the proxy's word when trusted.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The header Better Auth reads the address from; set by us on every auth request, never taken from the client. */
export const clientIpHeader = 'x-statpub-client-ip';

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    // The proxy appends the address it saw, so the last entry is the only one the client cannot forge.
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (app.request in tests) have no socket.
    return 'unknown';
  }
}
