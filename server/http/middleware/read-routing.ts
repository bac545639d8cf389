// Which requests read from the read replica (DATABASE_READ_URL, decision 218). The public reads the routes declare
// (server/route-policies.ts: what a shared cache may keep, images drawn from public data, routes marked `replica`) read
// the replica while it is current; everything else, and every request for a few seconds after the same browser sent a
// write, reads the primary. Without a replica this middleware does nothing.
import type { MiddlewareHandler } from 'hono';
import { readFromReplica, replicaRouting, REPLICA_MAX_LAG_MS } from '#db/replica';

/** Set on the answer to any request that may write: the browser's next requests read the primary while it lasts. */
export const RECENT_WRITE_COOKIE = 'statpub.recent_write';

/**
 * How long a browser reads the primary after a write. The replica is read only while it holds everything the primary
 * had committed REPLICA_MAX_LAG_MS ago, and a write has committed before its answer leaves: once the cookie expires,
 * the replica has the write.
 */
export const READ_YOUR_WRITES_SECONDS = Math.ceil(REPLICA_MAX_LAG_MS / 1000) + 1;

/** Methods that never write (server/http/middleware/request-guard.ts answers the others' bodies). */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function hasRecentWrite(cookie: string | null | undefined): boolean {
  return (
    cookie?.split(';').some((part) => part.split('=', 1)[0]!.trim() === RECENT_WRITE_COOKIE && part.includes('=')) ??
    false
  );
}

/**
 * With a replica, which requests the response cache neither answers nor keeps: a browser's reads just after its own
 * write, which read the primary (server/http/response-cache, `bypass`). Undefined without one.
 */
export function readsOwnWrites(db: object): ((headers: Headers) => boolean) | undefined {
  return replicaRouting(db) ? (headers) => hasRecentWrite(headers.get('cookie')) : undefined;
}

export interface ReadRoutingOptions {
  /** The app's handle: routed when it has a replica (db/replica.ts). */
  db: object;
  /** The routes' declarations (server/http/route-policy.ts, readsReplica). */
  readsReplica: (method: string, path: string) => boolean;
  /** The site's address is https: the cookie is Secure. */
  secure: boolean;
}

export function readRouting(opts: ReadRoutingOptions): MiddlewareHandler {
  if (!replicaRouting(opts.db)) return (_c, next) => next();
  const cookie = [
    `${RECENT_WRITE_COOKIE}=1`,
    `Max-Age=${READ_YOUR_WRITES_SECONDS}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    ...(opts.secure ? ['Secure'] : []),
  ].join('; ');
  return async (c, next) => {
    if (!safeMethods.has(c.req.method)) {
      await next();
      c.header('Set-Cookie', cookie, { append: true });
      return;
    }
    if (!opts.readsReplica(c.req.method, c.req.path) || hasRecentWrite(c.req.header('cookie'))) return next();
    await readFromReplica(opts.db, next);
  };
}
