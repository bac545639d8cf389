// The caching proxy in front (Varnish, deploy/varnish/default.vcl) keeps the answers the app marks as shared: anonymous
// pages, embeds and sharing cards, filed under surrogate keys (response-cache/policy.ts, surrogateKeysOf). On each
// release event (the answer_versions notice every committed import, post, redirect or table of contents sends, decision
// 195) every app process tells each proxy in PROXY_PURGE_URL what went stale: a BAN naming the keys of the datasets
// whose version moved and `site` (every shared page not of one dataset), or `shared` (everything) when posts, redirects
// or the catalogue list changed. Decision 218.
import { sql } from 'drizzle-orm';
import type { ReadDb } from '#db/client';
import { replicaRouting } from '#db/replica';
import { queryRows } from '#db/sql';
import { watchAnswerVersions } from './response-cache/answer-versions';
import { SHARED_KEY, SITE_KEY, datasetKey } from './response-cache/policy';

/** The request header of a BAN that lists the keys to drop, separated by spaces. */
export const PURGE_KEYS_HEADER = 'X-Purge-Keys';
/** Tries per proxy and purge: a proxy that restarts is reached on a later try. */
const PURGE_TRIES = 3;
const PURGE_TIMEOUT_MS = 2000;
/** Another process may keep an answer it read before the release this long after it (its versions' age) plus this. */
const AGAIN_MARGIN_MS = 500;

export interface Purge {
  keys: string[];
  /** The proxies that acknowledged the BAN. */
  acknowledged: number;
}

export interface ProxyPurgeOptions {
  /** The proxies' addresses (PROXY_PURGE_URL). */
  urls: readonly string[];
  log?: (line: string) => void;
  /** Called after each purge (tests). */
  onPurge?: (purge: Purge) => void;
}

export interface ProxyPurger {
  /** Resolves once every release heard so far has been purged (tests). */
  idle(): Promise<void>;
  stop(): void;
}

type Versions = Map<string, string>;

async function datasetVersions(db: ReadDb): Promise<Versions> {
  const rows = await queryRows<{ code: string; version: string }>(
    db,
    sql`SELECT code, (extract(epoch FROM updated_at) * 1000000)::bigint::text AS version FROM datasets`,
  );
  return new Map(rows.map((r) => [r.code, r.version]));
}

/** The codes whose version differs between two reads (added, moved or removed). */
function moved(before: Versions, after: Versions): string[] {
  const codes = new Set<string>();
  for (const [code, version] of after) if (before.get(code) !== version) codes.add(code);
  for (const code of before.keys()) if (!after.has(code)) codes.add(code);
  return [...codes].sort();
}

/**
 * Listens for the release event and purges the proxies. Each purge goes out once the read replica (if any) holds the
 * release, so that what the proxy fetches again is new, and once more when every process's response cache has read
 * its versions again (at most a second later on PostgreSQL): an answer another process kept from before the release
 * and handed the proxy in between is dropped too. Every process purges: a BAN is idempotent.
 */
export function startProxyPurge(db: ReadDb, opts: ProxyPurgeOptions): ProxyPurger {
  const log = opts.log ?? ((line: string) => console.log(`[proxy] ${line}`));
  const replica = replicaRouting(db);
  let known: Promise<Versions> = datasetVersions(db);
  known.catch(() => {});
  let stopped = false;
  const heard = new Set<string | null>();
  let working: Promise<void> = Promise.resolve();
  /** The second purges, waiting for their time. */
  const later = new Set<{ timer: NodeJS.Timeout; sent: Promise<void>; done: () => void }>();
  let againAfterMs: number | null = null;

  const send = async (url: string, keys: string[]): Promise<boolean> => {
    for (let attempt = 1; attempt <= PURGE_TRIES; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'BAN',
          headers: { [PURGE_KEYS_HEADER]: keys.join(' ') },
          signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.ok) return true;
        log(`BAN ${url} answered ${response.status}`);
      } catch (error) {
        if (attempt === PURGE_TRIES)
          log(`BAN ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (attempt < PURGE_TRIES) await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
    return false;
  };

  const purge = async (keys: string[]): Promise<void> => {
    if (stopped) return;
    const results = await Promise.all(opts.urls.map((url) => send(url, keys)));
    opts.onPurge?.({ keys, acknowledged: results.filter(Boolean).length });
  };

  const work = async (): Promise<void> => {
    const tables = [...heard];
    heard.clear();
    await replica?.caughtUp();
    const before = await known.catch(() => new Map() as Versions);
    known = datasetVersions(db);
    let codes: string[];
    try {
      codes = moved(before, await known);
    } catch (error) {
      // Unknown what moved: everything the proxy keeps goes.
      log(`could not read the datasets' versions (${String(error)}): purging everything`);
      known = Promise.resolve(before);
      codes = [];
      tables.push(null);
    }
    const keys = tables.some((t) => t !== 'datasets')
      ? [SHARED_KEY]
      : codes.length
        ? [...codes.map(datasetKey), SITE_KEY]
        : // A burst's later notices: what they moved was read and purged with the first.
          [];
    if (keys.length === 0) return;
    await purge(keys);
    if (againAfterMs === null || stopped) return;
    let done!: () => void;
    const sent = new Promise<void>((resolve) => (done = resolve));
    const entry = {
      sent,
      done,
      timer: setTimeout(() => {
        void purge(keys).finally(() => {
          later.delete(entry);
          done();
        });
      }, againAfterMs),
    };
    later.add(entry);
  };

  void watchAnswerVersions(db, (table) => {
    if (stopped) return;
    heard.add(table);
    working = working.then(() => (heard.size ? work() : undefined)).catch((error: unknown) => log(String(error)));
  }).then(
    (watch) => {
      // Finite on PostgreSQL (other processes' caches trust their versions this long); PGlite is one process.
      if (watch && Number.isFinite(watch.maxAgeMs)) againAfterMs = watch.maxAgeMs + AGAIN_MARGIN_MS;
    },
    (error: unknown) => log(`cannot hear releases, nothing will be purged: ${String(error)}`),
  );

  return {
    async idle() {
      await working;
      await Promise.all([...later].map((entry) => entry.sent));
    },
    stop() {
      stopped = true;
      for (const entry of later) {
        clearTimeout(entry.timer);
        entry.done();
      }
      later.clear();
    },
  };
}
