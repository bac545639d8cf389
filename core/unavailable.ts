// Whether an error means the database is away for a moment (PostgreSQL restarting, a connection dropped), not that
// the request or the code is wrong: such requests are answered 503 with Retry-After instead of 500 (issue 17).

/**
 * PostgreSQL's "operator intervention" shutdowns and start-up (57P01–57P03), connection exceptions (class 08), too many
 * connections (53300), and the client's own connection errors (postgres.js and Node's sockets).
 */
const unavailableCodes = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  // A host that is down or cut off (a replica's, decision 218).
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/** Walks the error and its causes (Drizzle wraps the driver's error as `cause`). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is asked to wait (a restart of PostgreSQL takes one to a few). */
export const unavailableRetryAfter = 5;
