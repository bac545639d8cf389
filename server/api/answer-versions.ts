// What a kept answer depends on (issue 18, decision 090), read in one small statement: the catalogue version (every
// import and refresh moves a dataset's updated_at) and the posts version (a post added, edited or reaching its date);
// pages also depend on the stored redirects (a moved page is answered before any render).
import { sql } from 'drizzle-orm';
import type { ReadDb } from '../../db/client';
import { isPostgresJs, queryRows } from '../../db/sql';
import type { AnswerVersions } from '../http/response-cache';

/** One row of a few bytes, however large the datasets' metadata: the version read costs no row parsing. */
export async function answerVersions(db: ReadDb): Promise<AnswerVersions> {
  const [row] = await queryRows<{
    catalogue: string | null;
    posts: string | null;
    redirects: string | null;
    next_post: string | null;
  }>(
    db,
    sql`SELECT
          (SELECT string_agg(id::text || ':' || (extract(epoch FROM updated_at) * 1000000)::bigint::text, ',' ORDER BY id)
             FROM datasets) AS catalogue,
          (SELECT count(*) FILTER (WHERE published_at IS NOT NULL AND published_at <= now())::text || '@' ||
                  coalesce(max(updated_at)::text, '')
             FROM posts) AS posts,
          (SELECT md5(string_agg(from_path || ' ' || target || ' ' || status::text, ',' ORDER BY from_path))
             FROM redirects) AS redirects,
          (SELECT (extract(epoch FROM min(published_at)) * 1000)::bigint::text FROM posts WHERE published_at > now())
             AS next_post`,
  );
  const catalogue = row?.catalogue ?? '';
  return {
    api: catalogue,
    page: `${catalogue}|${row?.posts ?? ''}|${row?.redirects ?? ''}`,
    // A post reaching its date changes the pages without a write.
    ...(row?.next_post ? { until: Number(row.next_post) } : {}),
  };
}

interface PgliteListener {
  listen(channel: string, onNotify: (payload: string) => void): Promise<unknown>;
}

/**
 * On PGlite, calls `onChange` whenever the versions may have changed (migration 0021's notices, delivered in this
 * thread before the writing statement returns) and answers true; on PostgreSQL, whose notices reach other processes
 * some time after the commit, answers false: the cache then reads the versions per burst of requests.
 */
export async function watchAnswerVersions(db: ReadDb, onChange: () => void): Promise<boolean> {
  const client = (db as { $client?: Partial<PgliteListener> }).$client;
  if (!client || isPostgresJs(client) || typeof client.listen !== 'function') return false;
  await client.listen('answer_versions', onChange);
  return true;
}
