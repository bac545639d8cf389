// Hearing of a change to the answer versions (db/answer-versions.ts reads them): the release event.
import type { ReadDb } from '#db/client';
import { isPostgresJs } from '#db/sql';

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
