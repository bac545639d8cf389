// The response cache's store: the kept answers, bounded in entries and bytes (least recently used first out), the
// admission of new API addresses when it is full (decision 180), and the versions the kept answers are valid for.
import type { AnswerVersions } from '#db/answer-versions';
import { freshRead } from '../fresh-read';
import type { CacheKind } from '../route-policy';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Entry {
  key: string;
  kind: CacheKind;
  version: string;
  status: number;
  headers: [string, string][];
  /** The body split where the render's CSP nonce (0) and page token (1) stood: each answer gets fresh ones. */
  parts: (Buffer | 0 | 1)[];
  bytes: number;
  /** The hot path's answers, made once per encoding: their headers, and an API body as sent (compressed or not). */
  hot?: Map<string, HotForm>;
}

export interface HotForm {
  /** Every header of the answer but the per-request ones (the quota's; a page's CSP carries HOT_NONCE). */
  headers: Record<string, string>;
  /** An API answer's body as sent; null for a page, whose body is joined (and compressed) per answer. */
  body: Buffer | null;
  compress: boolean;
}

export interface StoreOptions {
  /** Reads the versions from the database (db/answer-versions.ts). */
  versions: () => Promise<AnswerVersions>;
  /**
   * Calls back on every change of the versions once it is committed (PGlite: in this thread, before the writing
   * statement returns; PostgreSQL: when its notice arrives, and after the notices' connection is made again), and
   * answers how long a read may be trusted without a call (null: it cannot watch). The versions are then read once per
   * change instead of per burst (decisions 167, 174). The server's cache registry listens instead and calls
   * `invalidate` on the same notice (server/caches.ts, decision 195).
   */
  watch?: (onChange: () => void) => Promise<{ maxAgeMs: number } | null>;
  /** Most bytes of bodies kept; the least recently used go first. */
  maxBytes?: number;
  maxEntries?: number;
  /** Largest body kept. */
  maxEntryBytes?: number;
  /** The page token the renderer hands the page at this instant (server/keys/page-token.ts). */
  pageToken?: () => string;
  /**
   * Which requests it keeps, and by which version: the features' declarations beside their routes
   * (server/route-policies.ts, decision 201).
   */
  kindOf: (method: string, path: string) => CacheKind | null;
  /**
   * Requests neither answered from memory nor kept: with a read replica, a browser's reads just after its own write,
   * which read the primary (server/http/middleware/read-routing.ts, decision 218).
   */
  bypass?: (headers: Headers) => boolean;
}

/** A kept answer as sent: its status, headers, and the stored body or the one joined with fresh nonce and page token. */
export interface Answer {
  status: number;
  headers: Headers;
  body: Buffer | null;
}

export interface Store {
  /** Which requests it keeps (StoreOptions.kindOf). */
  kindOf: (method: string, path: string) => CacheKind | null;
  /** StoreOptions.bypass. */
  bypass?: (headers: Headers) => boolean;
  /** The kept answers by key, least recently used first. */
  entries: Map<string, Entry>;
  /** A miss being computed, so that concurrent identical requests wait for it instead of computing it again. */
  inFlight: Map<string, { version: string; waiting: number; entry: Promise<Entry | null> }>;
  maxEntryBytes: number;
  /** Its bounds: bytes of bodies, answers, bytes of one body (server/caches.ts declares them). */
  bounds: { maxBytes: number; maxEntries: number; maxEntryBytes: number };
  /** Answers from memory (either path), answers made by the chain, API answers made but not kept (decision 180). */
  counts: { hits: number; misses: number; declined: number };
  bytes: () => number;
  /** The versions now, read once per burst (or per change where the database tells of them). */
  readVersions: () => Promise<AnswerVersions>;
  remove: (key: string) => void;
  store: (entry: Entry) => void;
  /** Counts `extra` bytes more for an entry kept (a compressed copy of its body), then keeps within the bounds. */
  grow: (entry: Entry, extra: number) => void;
  admits: (kind: CacheKind, key: string, waiting: number) => boolean;
  answerOf: (entry: Entry, etag: string, ifNoneMatch: string | undefined, nonce: string | undefined) => Answer;
  bodyOf: (entry: Entry, nonce: string | undefined) => Buffer;
  /**
   * The versions may have changed (the release event): they are read again at the next request, and the answers kept
   * at other versions are dropped once that read arrives. No read of its own, so a burst of notices costs nothing.
   */
  invalidate: () => void;
  clear: () => void;
}

export function cacheStore(opts: StoreOptions): Store {
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const maxEntries = opts.maxEntries ?? 5000;
  const maxEntryBytes = opts.maxEntryBytes ?? 4 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  const inFlight: Store['inFlight'] = new Map();
  let bytes = 0;
  const counts = { hits: 0, misses: 0, declined: 0 };
  /**
   * Addresses of API answers made once and not kept while the cache was full, oldest first: asked again, an answer is
   * kept (decision 180). A script's one-off queries then no longer push out the answers that are asked again, nor
   * cost the copy of every body they would have taken.
   */
  const askedOnce = new Set<string>();

  // What answers depend on, read once per burst of requests but never older than the request (see fresh-read.ts);
  // where the database tells of every change as it commits, read once per change.
  const readFresh = freshRead(opts.versions);
  /** While the database tells of every change: how long a read is trusted without hearing of one. */
  let watched: { maxAgeMs: number } | null = null;
  let known: Promise<AnswerVersions> | null = null;
  /** Set by the release event: the next versions read drops the answers kept at other versions. */
  let prune = false;
  const invalidate = (): void => {
    known = null;
    prune = true;
  };
  opts.watch?.(invalidate).then(
    (w) => (watched = w),
    () => {},
  );
  const readVersions = (): Promise<AnswerVersions> => {
    if (!prune) return readCurrent();
    prune = false;
    const read = readCurrent();
    read.then(dropOtherVersions, () => (prune = true));
    return read;
  };
  /** Entries a request could never serve again: made at versions older than these. */
  const dropOtherVersions = (versions: AnswerVersions): void => {
    for (const entry of entries.values()) if (entry.version !== versions[entry.kind]) remove(entry.key);
  };
  const readCurrent = (): Promise<AnswerVersions> => {
    if (!watched) return readFresh();
    if (!known) {
      const read = opts.versions();
      const { maxAgeMs } = watched;
      known = read;
      // A failed read is not kept; one past its time or its age is read again (at the latest in a day: timers stop at
      // 24.8 days).
      read.then(
        (v) => {
          // Nothing to wait for: held until the database tells of a change (PGlite, no post scheduled).
          if (known !== read || (v.until === undefined && maxAgeMs === Infinity)) return;
          const untilDue = v.until === undefined ? Infinity : Math.max(0, v.until - Date.now());
          setTimeout(() => known === read && (known = null), Math.min(untilDue, maxAgeMs, DAY_MS)).unref();
        },
        () => known === read && (known = null),
      );
    }
    return known;
  };

  function remove(key: string): void {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= old.bytes;
  }

  function store(entry: Entry): void {
    remove(entry.key);
    if (entry.bytes > maxEntryBytes) return;
    entries.set(entry.key, entry);
    bytes += entry.bytes;
    evict();
  }

  /** Least recently used first, until the cache is within its bounds. */
  function evict(): void {
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes && entries.size <= maxEntries) break;
      remove(oldest);
    }
  }

  function grow(entry: Entry, extra: number): void {
    entry.bytes += extra;
    bytes += extra;
    evict();
  }

  /** Most of each bound the kept answers take before a new API address must be asked twice to be kept. */
  const FULL = 0.9;

  /**
   * Whether a new answer is kept: always for pages (their addresses are the site's own), for the API while the cache
   * has room, when other requests wait for this one (a burst of the same query), or when its address was asked before.
   */
  function admits(kind: CacheKind, key: string, waiting: number): boolean {
    if (kind !== 'api' || waiting > 0) return true;
    if (bytes < maxBytes * FULL && entries.size < maxEntries * FULL) return true;
    if (askedOnce.delete(key)) return true;
    // One address in, at most one out: the oldest remembered.
    askedOnce.add(key);
    if (askedOnce.size > maxEntries) askedOnce.delete(askedOnce.values().next().value!);
    counts.declined++;
    return false;
  }

  function answerOf(entry: Entry, etag: string, ifNoneMatch: string | undefined, nonce: string | undefined): Answer {
    const headers = new Headers(entry.headers);
    // Pages get no ETag: their CSP nonce and page token are new in every answer, and a 304 would make the browser pair
    // its stored body (the old nonce) with this answer's CSP header (a new one), which blocks every inline script.
    if (entry.kind === 'api') headers.set('ETag', etag);
    if (entry.kind === 'api' && ifNoneMatch === etag) {
      const notModified = new Headers({ ETag: etag });
      for (const name of ['cache-control', 'vary', 'content-type']) {
        const value = headers.get(name);
        if (value) notModified.set(name, value);
      }
      return { status: 304, headers: notModified, body: null };
    }
    return { status: entry.status, headers, body: bodyOf(entry, nonce) };
  }

  /** The stored body, joined with a fresh nonce and page token where the render's stood. */
  function bodyOf(entry: Entry, nonce: string | undefined): Buffer {
    if (entry.parts.length === 1) return entry.parts[0] as Buffer;
    const fresh = [nonce, opts.pageToken?.()];
    return Buffer.concat(entry.parts.map((p) => (typeof p === 'number' ? Buffer.from(fresh[p] ?? '') : p)));
  }

  return {
    kindOf: opts.kindOf,
    bypass: opts.bypass,
    entries,
    inFlight,
    maxEntryBytes,
    bounds: { maxBytes, maxEntries, maxEntryBytes },
    counts,
    bytes: () => bytes,
    readVersions,
    remove,
    store,
    grow,
    admits,
    answerOf,
    bodyOf,
    invalidate,
    clear: () => {
      entries.clear();
      askedOnce.clear();
      bytes = 0;
    },
  };
}
