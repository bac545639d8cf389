// Hono environment shared by the API sub-apps: the database handle and the request's CSP nonce on the context.
import type { CatalogueImports } from '../../core/catalogue-imports';
import type { Db } from '../../db/client';

export interface ApiEnv {
  /** catalogueImports: import on demand of catalogue entries not imported yet (decision 188). */
  Variables: { db: Db; cspNonce: string; catalogueImports: CatalogueImports };
}
