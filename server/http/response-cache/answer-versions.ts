// What a kept answer depends on (issue 18, decision 090), read in one small statement: the catalogue version (every
// import and refresh moves a dataset's updated_at, every table of contents applied moves the catalogue list's) and the posts version (a post added, edited or reaching its date);
// pages also depend on the stored redirects (a moved page is answered before any render).
import { sql } from 'drizzle-orm';
import type { ReadDb } from '#db/client';
import { isPostgresJs, queryRows } from '#db/sql';
import type { AnswerVersions } from './store';

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

/** How long versions read on PostgreSQL are trusted without a notice: how old an answer can be if one is lost. */
export const POSTGRES_VERSIONS_MAX_AGE_MS = 1000;

interface Listener {
  listen(channel: string, onNotify: (payload: string) => void, onListen?: () => void): Promise<unknown>;
}

/**
 * Calls `onChange` whenever the versions may have changed: migration 0021's notices on channel answer_versions, with
 * the table whose change was committed (datasets, posts, redirects, catalogue_entries), or null when that is not known
 * (the notices' connection made again: anything may have changed meanwhile). This is the release event every
 * version-dependent cache is invalidated by (server/caches.ts, decision 195). On
 * PGlite they arrive in this thread before the writing statement returns, so a read holds until the next one. On
 * PostgreSQL they reach every process a moment after the commit (about a millisecond on one machine, decision 174),
 * and none arrive while the notices' connection is down (postgres.js makes it again, and `onChange` is called then):
 * a read holds for POSTGRES_VERSIONS_MAX_AGE_MS at most. Null where nothing can be heard.
 */
export async function watchAnswerVersions(
  db: ReadDb,
  onChange: (table: string | null) => void,
): Promise<{ maxAgeMs: number } | null> {
  const client = (db as { $client?: Partial<Listener> }).$client;
  if (!client || typeof client.listen !== 'function') return null;
  const heard = (payload: string) => onChange(payload || null);
  if (isPostgresJs(client)) {
    await client.listen('answer_versions', heard, () => onChange(null));
    return { maxAgeMs: POSTGRES_VERSIONS_MAX_AGE_MS };
  }
  await client.listen('answer_versions', heard);
  return { maxAgeMs: Infinity };
}
