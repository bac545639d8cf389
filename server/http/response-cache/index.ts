// The one cache of whole responses (issue 18, decision 090): repeated identical reads of the data API and anonymous
// visitors' public pages and embeds are answered from memory, valid for the catalogue version (and the posts version
// for pages) read at the time of the request, bounded in entries and bytes. Derived data stays in db/catalogue-memo.ts.
// Its parts (decision 193): policy.ts (which requests, their keys), store.ts (the kept answers and their versions),
// middleware.ts (in the chain), hot-path.ts (ahead of it); answer-versions.ts hears that the versions changed
// (db/answer-versions.ts reads them).
import type { MiddlewareHandler } from 'hono';
import { hotPath, type HotPathDeps, type NodeListener } from './hot-path';
import { cacheMiddleware } from './middleware';
import { cacheStore, type StoreOptions } from './store';

export { PAGE_CACHE_CONTROL, PRIVATE_PAGE_CACHE_CONTROL } from './policy';
export type { AnswerVersions } from '#db/answer-versions';
export {
  chosenEncoding,
  HOT_COUNT,
  type HotAnswer,
  type HotPathDeps,
  type HotRequest,
  type HotVerdict,
} from './hot-path';

export interface ResponseCacheOptions extends StoreOptions {
  /** What the hot path needs of the middlewares it runs ahead of; without it there is no hot path. */
  hot?: HotPathDeps;
}

export interface ResponseCache {
  middleware: MiddlewareHandler;
  /**
   * Mounted first: a kept answer to an anonymous request (no key, session or page token) is sent with the headers the
   * middleware chain would have given it (security headers, the daily limit's count, compression), without running
   * that chain. Anything else, and every miss, goes down the chain.
   */
  hot: MiddlewareHandler;
  /** node:http's listener with the hot path ahead of the app's own (server/index.ts), for the same answers. */
  node: (chain: NodeListener) => NodeListener;
  /**
   * Mounted above the middlewares that wait on the database (the daily limit's count), so that the version read runs
   * beside them instead of after them; the read still starts after the request arrived.
   */
  prefetch: MiddlewareHandler;
  /**
   * hotHits: answers of the hot path; socketHits: those of them node's listener wrote (decision 168), in socketBatches
   * writes of a turn's answers (decision 174).
   */
  stats: () => {
    entries: number;
    bytes: number;
    hits: number;
    misses: number;
    hotHits: number;
    socketHits: number;
    socketBatches: number;
    /** API answers made but not kept: the cache was full and their address had not been asked before (decision 180). */
    declined: number;
  };
  /** Its bounds (RESPONSE_CACHE_MB sets maxBytes). */
  bounds: { maxBytes: number; maxEntries: number; maxEntryBytes: number };
  /** The release event: versions read again, answers of other versions dropped (server/caches.ts, decision 195). */
  invalidate: () => void;
  clear: () => void;
}

export function responseCache(opts: ResponseCacheOptions): ResponseCache {
  const store = cacheStore(opts);
  const { middleware, prefetch } = cacheMiddleware(store, opts.pageToken);
  const { hot, node, counts } = hotPath(store, opts.hot);
  return {
    middleware,
    hot,
    node,
    prefetch,
    stats: () => {
      const { hotHits, socketHits, socketBatches } = counts();
      return {
        entries: store.entries.size,
        bytes: store.bytes(),
        hits: store.counts.hits,
        misses: store.counts.misses,
        hotHits,
        socketHits,
        socketBatches,
        declined: store.counts.declined,
      };
    },
    bounds: store.bounds,
    invalidate: store.invalidate,
    clear: store.clear,
  };
}
