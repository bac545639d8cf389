// Counters of the Free plan's daily data API limit: one row per subject and UTC day (docs/decisions/022).
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryRows } from '../sql';

/**
 * Counts `by` requests (one unless batched) of `subject` on `day` (YYYY-MM-DD, UTC) and returns the day's count
 * including them. One atomic statement, so concurrent requests on several processes each get their own counts.
 */
export async function countApiRequest(db: Db, subject: string, day: string, by = 1): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`INSERT INTO api_usage (subject, day, count) VALUES (${subject}, ${day}, ${by})
        ON CONFLICT (subject, day) DO UPDATE SET count = api_usage.count + ${by}
        RETURNING count`,
  );
  return Number(rows[0]!.count);
}

/** Forgets the counters of the days before `day`. */
export async function deleteApiUsageBefore(db: Db, day: string): Promise<void> {
  await db.execute(sql`DELETE FROM api_usage WHERE day < ${day}`);
}
