// Counters of the Free plan's daily data API limit: one row per subject and UTC day (docs/decisions/022).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { queryRows } from '../sql';

/** The largest count a day's row holds: the cap of a subject with no limit. */
export const NO_CAP = 2_147_483_647;

/**
 * Counts `by` requests (one unless batched) of `subject` on `day` (YYYY-MM-DD, UTC) and leases up to `lease` more
 * counts to the caller, never taking the day's count past `cap` with the lease (decision 173). Requests past the cap
 * are refused and kept apart (`refused`), outside the count (decision 243): counts handed back below the cap later are
 * counted again. Returns the day's count including the lease, how many of its last counts were leased, and how many
 * of the requests (their last ones) were refused: the requests' counts are `total - leased - allowed + 1 … total -
 * leased`, the refused ones' the numbers after, all past the cap. One atomic statement, so concurrent writers on
 * several processes each get their own counts.
 */
export async function countApiRequests(
  db: Db,
  subject: string,
  day: string,
  by = 1,
  lease = 0,
  cap = NO_CAP,
): Promise<{ total: number; leased: number; refused: number }> {
  // Of a row holding `count`: the requests counted (up to the cap), and the lease it can take (at most `lease`, and
  // never past the cap with the requests' own counts).
  const allowed = (count: SQL) => sql`LEAST(${by}::int, GREATEST(0, ${cap}::int - ${count}))`;
  const leaseOver = (count: SQL) => sql`LEAST(${lease}::int, GREATEST(0, ${cap}::int - ${count} - ${by}::int))`;
  const counted = (count: SQL) => sql`${allowed(count)} + ${leaseOver(count)}`;
  const refused = (count: SQL) => sql`${by}::int - ${allowed(count)}`;
  const rows = await queryRows<{ count: number; leased: number; last_refused: number }>(
    db,
    sql`INSERT INTO api_usage (subject, day, count, leased, refused, last_refused)
        VALUES (${subject}, ${day}, ${counted(sql`0`)}, ${leaseOver(sql`0`)}, ${refused(sql`0`)}, ${refused(sql`0`)})
        ON CONFLICT (subject, day) DO UPDATE
        SET count = api_usage.count + ${counted(sql`api_usage.count`)},
            leased = ${leaseOver(sql`api_usage.count`)},
            refused = api_usage.refused + ${refused(sql`api_usage.count`)},
            last_refused = ${refused(sql`api_usage.count`)}
        RETURNING count, leased, last_refused`,
  );
  const row = rows[0]!;
  return { total: Number(row.count), leased: Number(row.leased), refused: Number(row.last_refused) };
}

/** Hands back `unused` leased counts of `subject` on `day` that its process will not hand out. */
export async function returnApiLease(db: Db, subject: string, day: string, unused: number): Promise<void> {
  await db.execute(
    sql`UPDATE api_usage SET count = count - ${unused}::int WHERE subject = ${subject} AND day = ${day}`,
  );
}

/** Forgets the counters of the days before `day`. */
export async function deleteApiUsageBefore(db: Db, day: string): Promise<void> {
  await db.execute(sql`DELETE FROM api_usage WHERE day < ${day}`);
}
