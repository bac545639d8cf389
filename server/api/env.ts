// Hono environment shared by the API sub-apps: the database handle on the context.
import type { Db } from '../../db/client';

export interface ApiEnv {
  Variables: { db: Db };
}
