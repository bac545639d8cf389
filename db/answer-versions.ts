// What a kept answer depends on (issue 18, decision 090), read in one small statement: the catalogue version (every
// import and refresh moves a dataset's updated_at, every table of contents applied moves the catalogue list's) and the
// posts version (a post added, edited or reaching its date); pages also depend on the stored redirects (a moved page is
// answered before any render). The response cache keeps answers by it; the memo keeps what follows the catalogue list
// by it (the sitemaps, the catalogue's themes).
import { sql } from 'drizzle-orm';
import type { ReadDb } from './client';
import { queryRows } from './sql';

/** What answers depend on: the catalogue version (every import bumps it) for the API, and with the posts' for pages. */
export interface AnswerVersions {
  api: string;
  page: string;
  /** When these versions change without a write (a post's publication time, ms since the epoch). */
  until?: number;
}

/** One row of a few bytes, however large the datasets' metadata: the version read costs no row parsing. */
export async function answerVersions(db: ReadDb): Promise<AnswerVersions> {
  const [row] = await queryRows<{
    catalogue: string | null;
    posts: string | null;
    redirects: string | null;
    next_post: string | null;
    entries: string | null;
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
             AS next_post,
          (SELECT count(*)::text || '@' || coalesce((extract(epoch FROM max(changed_at)) * 1000000)::bigint::text, '') ||
                  '/' || count(withdrawn_at)::text
             FROM catalogue_entries) AS entries`,
  );
  // The catalogue list (Eurostat's table of contents applied, decision 188) moves with every sync that changes it.
  const catalogue = `${row?.catalogue ?? ''}#${row?.entries ?? ''}`;
  return {
    api: catalogue,
    page: `${catalogue}|${row?.posts ?? ''}|${row?.redirects ?? ''}`,
    // A post reaching its date changes the pages without a write.
    ...(row?.next_post ? { until: Number(row.next_post) } : {}),
  };
}
