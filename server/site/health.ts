// GET /api/health: whether this process can answer, for a load balancer's or proxy's probe and the process manager
// (docs/operations.md, decision 218). 200 while the primary database answers, 503 when it does not; the read
// replica's state is reported, never a reason to fail (reads fall back to the primary).
import { OpenAPIHono } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { ReadDb } from '#db/client';
import { primaryOf, replicaRouting } from '#db/replica';
import { queryRows } from '#db/sql';
import type { ApiEnv } from '../http/env';
import { uncounted } from '#server/http/route-policy';

export const healthPolicies = [
  uncounted('GET /api/health', 'read', ['/api/health'], "the process's and its database's state, for probes"),
];

export function healthApi(db: ReadDb): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>();
  app.get('/health', async (c) => {
    c.header('Cache-Control', 'no-store');
    let database: 'up' | 'down' = 'up';
    try {
      await queryRows(primaryOf(db), sql`SELECT 1`, AbortSignal.timeout(2000));
    } catch {
      database = 'down';
    }
    const replica = replicaRouting(db)?.state() ?? null;
    return c.json(
      { status: database === 'up' ? 'ok' : 'unavailable', database, replica },
      database === 'up' ? 200 : 503,
    );
  });
  return app;
}
