// What a kept answer depends on (issue 18, decision 090), read in one small statement: the catalogue version (every
// import and refresh moves a dataset's updated_at) and the posts version (a post added, edited or reaching its date).
import { sql } from 'drizzle-orm';
import type { ReadDb } from '../../db/client';
import { queryRows } from '../../db/sql';
import type { AnswerVersions } from '../http/response-cache';

/** One row of a few bytes, however large the datasets' metadata: the version read costs no row parsing. */
export async function answerVersions(db: ReadDb): Promise<AnswerVersions> {
  const [row] = await queryRows<{ catalogue: string | null; posts: string | null }>(
    db,
    sql`SELECT
          (SELECT string_agg(id::text || ':' || (extract(epoch FROM updated_at) * 1000000)::bigint::text, ',' ORDER BY id)
             FROM datasets) AS catalogue,
          (SELECT count(*) FILTER (WHERE published_at IS NOT NULL AND published_at <= now())::text || '@' ||
                  coalesce(max(updated_at)::text, '')
             FROM posts) AS posts`,
  );
  const catalogue = row?.catalogue ?? '';
  return { api: catalogue, page: `${catalogue}|${row?.posts ?? ''}` };
}
