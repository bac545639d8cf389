// Hono environment shared by the API sub-apps: the database handle and the request's CSP nonce on the context.
import type { Db } from '../../db/client';

export interface ApiEnv {
  Variables: { db: Db; cspNonce: string };
}
