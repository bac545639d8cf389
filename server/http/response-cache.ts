// The one cache of whole responses (issue 18, decision 090): repeated identical reads of the data API and anonymous
// visitors' public pages and embeds are answered from memory, valid for the catalogue version (and the posts version
// for pages) read at the time of the request, bounded in entries and bytes. Derived data stays in db/catalogue-memo.ts.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { deflate, deflateSync, gzip, gzipSync } from 'node:zlib';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { isbot } from 'isbot';
import { THEME_COOKIE, themeFromCookieHeader } from '../../core/theme';
import { freshRead } from './fresh-read';
import { isLoaderDataPrefetch } from './prefetch';

/** Shared caches (a CDN) may keep an anonymous page or embed this long, then serve it stale while they revalidate. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=600';
/** Pages of a signed-in visitor are theirs alone; the browser revalidates them. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-cache';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Where this cache answers from memory, and which version the answer depends on. */
export type CacheKind = 'api' | 'page';

/** Read endpoints whose answers depend only on the address (and Accept): who asks is counted above this cache. */
const apiPaths = /^\/api\/(datasets|sdmx|geo)(\/|$)/;
/** Public pages (and their .data loader requests) that render the same for every anonymous visitor. */
const pagePaths =
  /^\/(|datasets|datasets\/.*|statistics|statistics\/.*|blog|blog\/.*|about|pricing|terms|privacy|researcher|collaboration|api-developers|statistics-api|trend-tracking|content-writer-case-study|api-docs)(\.data)?$/;

export function cacheKind(method: string, path: string): CacheKind | null {
  if (method !== 'GET') return null;
  if (apiPaths.test(path)) return 'api';
  if (pagePaths.test(path.replace(/\/+$/, '')) || path === '/') return 'page';
  return null;
}

/** Whether a request carries a session cookie: its pages are the visitor's own. */
export function hasSessionCookie(headers: Headers): boolean {
  return headers.get('cookie')?.includes('session_token') ?? false;
}

/** Anonymous: no cookie but the colour mode (a sign-in, OAuth state or anything else means the answer may differ). */
function onlyThemeCookie(cookie: string | null | undefined): boolean {
  if (!cookie) return true;
  return cookie.split(';').every((part) => {
    const name = part.split('=', 1)[0]!.trim();
    return name === '' || name === THEME_COOKIE;
  });
}

interface Entry {
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

interface HotForm {
  /** Every header of the answer but the per-request ones (the quota's; a page's CSP carries HOT_NONCE). */
  headers: Record<string, string>;
  /** An API answer's body as sent; null for a page, whose body is joined (and compressed) per answer. */
  body: Buffer | null;
  compress: boolean;
}

/** Stands for a page's nonce in its kept CSP header: each answer puts its own there. */
const HOT_NONCE = 'hot-nonce-placeholder';

type Encoding = 'gzip' | 'deflate';

/** What answers depend on: the catalogue version (every import bumps it) for the API, and with the posts' for pages. */
export interface AnswerVersions {
  api: string;
  page: string;
  /** When these versions change without a write (a post's publication time, ms since the epoch). */
  until?: number;
}

export interface ResponseCacheOptions {
  /** Reads the versions from the database (db/catalogue-memo.ts catalogueState, db/queries/blog.ts postsVersion). */
  versions: () => Promise<AnswerVersions>;
  /**
   * Calls back on every change of the versions once it is committed (PGlite: in this thread, before the writing
   * statement returns; PostgreSQL: when its notice arrives, and after the notices' connection is made again), and
   * answers how long a read may be trusted without a call (null: it cannot watch). The versions are then read once per
   * change instead of per burst (decisions 167, 174).
   */
  watch?: (onChange: () => void) => Promise<{ maxAgeMs: number } | null>;
  /** Most bytes of bodies kept; the least recently used go first. */
  maxBytes?: number;
  maxEntries?: number;
  /** Largest body kept. */
  maxEntryBytes?: number;
  /** The page token the renderer hands the page at this instant (server/api/page-token.ts). */
  pageToken?: () => string;
  /** What the hot path needs of the middlewares it runs ahead of; without it there is no hot path. */
  hot?: HotPathDeps;
}

/** A counted request goes on with its quota fields, or is refused (server/api/daily-limit.ts); null: not counted. */
export type HotVerdict = { headers: Record<string, string> } | { refusal: Response } | null;

/** A request as the hot path reads it: from Hono's context, or from node:http's request before any context exists. */
export interface HotRequest {
  method: string;
  /** The path as routed. */
  path: string;
  url: URL;
  /** A header's value by lower-case name. */
  header: (name: string) => string | undefined;
  /** The socket peer's address (may throw where there is no socket). */
  socketAddress: () => string | undefined;
}

/** An answer of the hot path, headers as plain fields. */
export interface HotAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** An answer to send, or the chain's turn with the count the hot path started for the request (null: none). */
type HotOutcome = { answer: HotAnswer } | { chain: Promise<HotVerdict> | null };

type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => unknown;

/** A header of node:http's request as Headers.get() reads it: repeated ones joined. */
function headerOf(incoming: IncomingMessage, name: string): string | undefined {
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Where the hot path leaves the count it started for a request it then hands to the chain (a context variable). */
export const HOT_COUNT = 'hotCount';

/**
 * The middlewares a hot answer skips, as functions (server/http depends on no other server part): the security
 * headers (server/api/security-headers.ts) and the daily limit's count of an anonymous request (server/api/daily-limit.ts).
 */
export interface HotPathDeps {
  newNonce: () => string;
  securityHeaders: (url: URL, isPage: boolean, nonce: string) => [string, string][];
  /** Null at once for a request the limit does not count (most pages); a page's loader data counts (decision 184). */
  countAddress: (req: HotRequest) => Promise<HotVerdict> | null;
  markCounted: (headers: Headers, quota: Record<string, string>) => void;
  /** What the chain adds to every page's headers besides (server/api/redirects.ts: the colour-scheme hint). */
  pageHeaders: (headers: Headers) => void;
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
  clear: () => void;
}

/** Splits `body` at each occurrence of the given markers (index in `markers` stands in for the text). */
function splitAt(body: Buffer, markers: (string | undefined)[]): (Buffer | 0 | 1)[] {
  let parts: (Buffer | 0 | 1)[] = [body];
  markers.forEach((marker, index) => {
    if (!marker) return;
    const needle = Buffer.from(marker);
    const next: (Buffer | 0 | 1)[] = [];
    for (const part of parts) {
      if (typeof part === 'number') {
        next.push(part);
        continue;
      }
      let from = 0;
      for (let at = part.indexOf(needle); at !== -1; at = part.indexOf(needle, from)) {
        next.push(part.subarray(from, at), index as 0 | 1);
        from = at + needle.length;
      }
      next.push(part.subarray(from));
    }
    parts = next;
  });
  return parts;
}

/** Headers a stored answer never keeps: they belong to one answer. */
const perAnswer = new Set([
  'set-cookie',
  'date',
  'content-length',
  'etag',
  'content-security-policy',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'ratelimit',
  'ratelimit-policy',
]);

export function responseCache(opts: ResponseCacheOptions): ResponseCache {
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const maxEntries = opts.maxEntries ?? 5000;
  const maxEntryBytes = opts.maxEntryBytes ?? 4 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  /** A miss being computed, so that concurrent identical requests wait for it instead of computing it again. */
  const inFlight = new Map<string, { version: string; waiting: number; entry: Promise<Entry | null> }>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let declined = 0;
  /**
   * Addresses of API answers made once and not kept while the cache was full, oldest first: asked again, an answer is
   * kept (decision 180). A script's one-off queries then no longer push out the answers that are asked again, nor
   * cost the copy of every body they would have taken.
   */
  const askedOnce = new Set<string>();
  /** Hits answered by the hot path, ahead of the middleware chain; and of those, by node's listener. */
  let hotHits = 0;
  let socketHits = 0;

  // What answers depend on, read once per burst of requests but never older than the request (see fresh-read.ts);
  // where the database tells of every change as it commits, read once per change.
  const readFresh = freshRead(opts.versions);
  /** While the database tells of every change: how long a read is trusted without hearing of one. */
  let watched: { maxAgeMs: number } | null = null;
  let known: Promise<AnswerVersions> | null = null;
  opts
    .watch?.(() => {
      known = null;
    })
    .then(
      (w) => (watched = w),
      () => {},
    );
  const readVersions = (): Promise<AnswerVersions> => {
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
  const prefetched = new WeakMap<Request, Promise<AnswerVersions>>();
  const prefetch: MiddlewareHandler = (c, next) => {
    if (cacheKind(c.req.method, c.req.path)) {
      const read = readVersions();
      // Whoever stops the request before the cache (a refusal) leaves this read unused, not unhandled.
      read.catch(() => {});
      prefetched.set(c.req.raw, read);
    }
    return next();
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
    declined++;
    return false;
  }

  function keyOf(kind: CacheKind, url: URL, header: (name: string) => string | undefined): string {
    const base = `GET ${url.pathname}${url.search}`;
    if (kind === 'api') return `${base}\naccept=${header('accept') ?? ''}`;
    // What the page render reads besides the address: the colour mode, the system scheme hint, a crawler's full render.
    return `${base}\ntheme=${themeFromCookieHeader(header('cookie') ?? null)}\nch=${header('sec-ch-prefers-color-scheme') ?? ''}\nbot=${isbot(header('user-agent') ?? '')}`;
  }

  function etagOf(version: string, key: string): string {
    return `W/"${createHash('sha1').update(`${version}\n${key}`).digest('base64url').slice(0, 27)}"`;
  }

  interface Answer {
    status: number;
    headers: Headers;
    /** The stored body, or the one joined with fresh nonce and page token. */
    body: Buffer | null;
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

  function answer(c: Context, entry: Entry, etag: string): Response {
    const a = answerOf(entry, etag, c.req.header('if-none-match'), c.get('cspNonce') as string | undefined);
    return new Response(a.body as Buffer<ArrayBuffer> | null, { status: a.status, headers: a.headers });
  }

  /** Reads the stored copy of an answer while the client gets the other; nothing is kept if the client leaves. */
  async function keep(
    c: Context,
    stream: ReadableStream<Uint8Array> | null,
    make: (body: Buffer) => Entry,
  ): Promise<Entry | null> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (stream) {
      const reader = stream.getReader();
      const signal = c.req.raw.signal;
      const onAbort = () => void reader.cancel().catch(() => {});
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
          if (size > maxEntryBytes || signal.aborted) {
            await reader.cancel().catch(() => {});
            return null;
          }
          chunks.push(value);
        }
      } catch {
        return null;
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    }
    const entry = make(Buffer.concat(chunks));
    store(entry);
    return entry;
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const kind = cacheKind(c.req.method, c.req.path);
    if (!kind || (kind === 'page' && !onlyThemeCookie(c.req.raw.headers.get('cookie')))) {
      await next();
      // A signed-in visitor's page is theirs: no shared cache may keep it.
      if (hasSessionCookie(c.req.raw.headers) && (c.res.headers.get('content-type') ?? '').startsWith('text/html')) {
        const current = c.res.headers.get('cache-control') ?? '';
        if (!/no-store|private/.test(current)) c.res.headers.set('Cache-Control', PRIVATE_PAGE_CACHE_CONTROL);
      }
      return;
    }
    const key = keyOf(kind, new URL(c.req.url), (name) => c.req.header(name));
    const version = (await (prefetched.get(c.req.raw) ?? readVersions()))[kind];
    const etag = etagOf(version, key);
    let entry = entries.get(key);
    if (entry && entry.version !== version) {
      remove(key);
      entry = undefined;
    }
    if (!entry) {
      const flight = inFlight.get(key);
      if (flight && flight.version === version) {
        flight.waiting++;
        entry = (await flight.entry) ?? undefined;
      }
    }
    if (entry) {
      hits++;
      // Most recently used last.
      if (entries.get(key) === entry) {
        entries.delete(key);
        entries.set(key, entry);
      }
      return answer(c, entry, etag);
    }
    // The client left while this request waited (for the version or another's render): nothing more is done for it.
    if (c.req.raw.signal.aborted) return new Response(null, { status: 499 });
    misses++;

    let settle: (entry: Entry | null) => void = () => {};
    const flight = { version, waiting: 0, entry: new Promise<Entry | null>((resolve) => (settle = resolve)) };
    inFlight.set(key, flight);
    const done = (e: Entry | null) => {
      settle(e);
      if (inFlight.get(key) === flight) inFlight.delete(key);
    };
    const nonce = c.get('cspNonce') as string | undefined;
    const tokenBefore = kind === 'page' ? opts.pageToken?.() : undefined;
    try {
      await next();
    } catch (error) {
      done(null);
      throw error;
    }
    const res = c.res;
    const cacheControl = res.headers.get('cache-control') ?? '';
    const storable =
      res.status === 200 &&
      !res.headers.has('set-cookie') &&
      !/no-store|private/.test(cacheControl) &&
      // The page token moved on during the render (a ten-minute step): the next request stores it.
      (kind === 'api' || tokenBefore === opts.pageToken?.());
    if (!storable) {
      done(null);
      return;
    }
    const headers: [string, string][] = [];
    res.headers.forEach((value, name) => {
      if (!perAnswer.has(name)) headers.push([name, value]);
    });
    if (kind === 'page') {
      // Anonymous pages and embeds may be kept by a CDN; they differ only by the colour-mode cookie.
      const cc: [string, string] = ['cache-control', PAGE_CACHE_CONTROL];
      const i = headers.findIndex(([n]) => n === 'cache-control');
      if (i === -1) headers.push(cc);
      else headers[i] = cc;
      const vary = headers.find(([n]) => n === 'vary');
      if (!vary) headers.push(['vary', 'Cookie']);
      else if (!/\bcookie\b/i.test(vary[1])) vary[1] = `${vary[1]}, Cookie`;
    }
    const kept = admits(kind, key, flight.waiting);
    let body: ReadableStream<Uint8Array> | null = res.body;
    let copy: ReadableStream<Uint8Array> | null = null;
    if (body && kept) [body, copy] = body.tee();
    const outgoing = new Headers(headers);
    if (kind === 'api') outgoing.set('ETag', etag);
    // Hono's setter would copy the handler's headers (its ETag) over these: let go of its response first.
    c.res = undefined as unknown as Response;
    c.res = new Response(body, { status: res.status, headers: outgoing });
    // Not kept: the same answer goes out, with nothing copied.
    if (!kept) return done(null);
    void keep(c, copy, (bytes) => ({
      key,
      kind,
      version,
      status: res.status,
      headers,
      parts: kind === 'page' ? splitAt(bytes, [nonce, tokenBefore]) : [bytes],
      bytes: bytes.length,
    })).then(done, () => done(null));
  };

  /** Headers that make an API request the chain's to count, whatever their value (the chain asks whether they are sent). */
  const credentialHeaders = ['authorization', 'x-api-key', 'x-page-token'] as const;

  /** A kept answer that is current, for the hot path: null when the chain must run (a miss, an old version). */
  async function current(kind: CacheKind, key: string): Promise<Entry | null> {
    const version = (await readVersions())[kind];
    const entry = entries.get(key);
    return entry && entry.version === version ? entry : null;
  }

  /**
   * The hot path's verdict on a request: null at once when it is not one for the hot path (most requests, no promise
   * made); else an answer to send, or the chain's turn with the count the hot path started for it.
   */
  function hotOutcome(req: HotRequest): Promise<HotOutcome> | null {
    const deps = opts.hot;
    const kind = deps && cacheKind(req.method, req.path);
    if (!deps || !kind) return null;
    // Only who the chain would treat as anyone: no session or other cookie, and for the API no key or page token and
    // no browser navigation (those the daily limit answers its own way).
    if (!onlyThemeCookie(req.header('cookie'))) return null;
    // A page's loader data is counted like the API (decision 184): a key sent with it is the chain's to count, and so
    // is a browser's prefetch of it (Sec-Purpose), which the limit lets through within the address's page allowance.
    if (
      (kind === 'api' || req.path.endsWith('.data')) &&
      credentialHeaders.some((name) => req.header(name) !== undefined)
    )
      return null;
    if (isLoaderDataPrefetch(req.path, req.header)) return null;
    if (kind === 'api') {
      if (req.header('sec-fetch-mode') === 'navigate' || /^\s*text\/html/i.test(req.header('accept') ?? ''))
        return null;
    }
    const encoding = chosenEncoding(req.header('accept-encoding') ?? null);
    if (encoding === undefined) return null;
    const key = keyOf(kind, req.url, req.header);
    if (!entries.has(key)) return null;
    return hotAnswer(req, kind, key, encoding, deps);
  }

  async function hotAnswer(
    req: HotRequest,
    kind: CacheKind,
    key: string,
    encoding: Encoding | null,
    deps: HotPathDeps,
  ): Promise<HotOutcome> {
    // The count runs beside the version read; should the chain answer after all, it takes this count (HOT_COUNT).
    // A cached answer counts as the chain's would: the API's, and a page's loader data (decision 184).
    const counting = deps.countAddress(req);
    counting?.catch(() => {});
    const entry = await current(kind, key);
    if (!entry) return { chain: counting };
    hits++;
    entries.delete(key);
    entries.set(key, entry);
    let counted: Record<string, string> | null = null;
    const verdict = await counting;
    if (verdict) {
      if ('refusal' in verdict) {
        const refusal = verdict.refusal;
        const body = refusal.body ? Buffer.from(await refusal.arrayBuffer()) : null;
        const a = { status: refusal.status, headers: new Headers(refusal.headers), body };
        return { answer: await finish(a, encoding, req.url, deps, '') };
      }
      counted = verdict.headers;
    }
    hotHits++;
    const ifNoneMatch = req.header('if-none-match');
    // Only a page uses its nonce (its scripts and its CSP); every other answer has the closed policy.
    const nonce = kind === 'page' ? deps.newNonce() : '';
    if (ifNoneMatch !== undefined) {
      const a = answerOf(entry, etagOf(entry.version, key), ifNoneMatch, nonce);
      if (counted) deps.markCounted(a.headers, counted);
      if (kind === 'page') deps.pageHeaders(a.headers);
      return { answer: await finish(a, encoding, req.url, deps, nonce) };
    }
    // The usual case: the answer's headers made once (plain fields, no Headers object per request), the quota's values
    // put in the fields the form keeps for them: a copy of one shape, filled in, not a dozen fields added each time.
    const form = hotForm(entry, key, encoding, req.url, deps, counted);
    const headers = { ...form.headers };
    if (counted) Object.assign(headers, counted);
    if (kind === 'api') return { answer: { status: entry.status, headers, body: form.body } };
    headers['content-security-policy'] = form.headers['content-security-policy']!.replaceAll(HOT_NONCE, nonce);
    let body = bodyOf(entry, nonce);
    if (form.compress && encoding) body = await encodeAsync(body, encoding);
    return { answer: { status: entry.status, headers, body } };
  }

  /** Requests the node:http listener looked at and passed on: the middleware leaves them be (with their count). */
  const passedOn = new WeakMap<object, Promise<HotVerdict> | null>();

  const hot: MiddlewareHandler = async (c, next) => {
    // Behind node(), the node:http listener has had its say already.
    const incoming = (c.env as { incoming?: object } | undefined)?.incoming;
    if (incoming && passedOn.has(incoming)) {
      const counting = passedOn.get(incoming);
      if (counting) c.set(HOT_COUNT as never, counting as never);
      return next();
    }
    const outcome = hotOutcome({
      method: c.req.method,
      path: c.req.path,
      url: new URL(c.req.url),
      header: (name) => c.req.header(name),
      socketAddress: () => getConnInfo(c).remote.address,
    });
    const settled = outcome && (await outcome);
    if (!settled || 'chain' in settled) {
      if (settled?.chain) c.set(HOT_COUNT as never, settled.chain as never);
      return next();
    }
    const { status, headers, body } = settled.answer;
    return new Response(body as Buffer<ArrayBuffer> | null, { status, headers });
  };

  /**
   * node:http's listener with the hot path ahead of `chain` (the app's own listener): a hot answer is written straight
   * to the socket, with no Request, context, routing or Response made for it.
   */
  /**
   * Hot answers made in this turn of the event loop, written together at its end (decision 174): a client that reads
   * many answers (a proxy, a load balancer, a script's connections) is woken once for them rather than once each.
   */
  let ready: { outgoing: ServerResponse; status: number; headers: Record<string, string>; body: Buffer | null }[] = [];
  let batches = 0;
  function writeReady(): void {
    const batch = ready;
    ready = [];
    batches++;
    for (const { outgoing, status, headers, body } of batch) {
      try {
        outgoing.writeHead(status, headers);
        outgoing.end(body);
      } catch (error) {
        // One answer that cannot be written (its client gone mid-write) does not keep the others of the turn.
        outgoing.destroy(error as Error);
      }
    }
  }

  function node(chain: NodeListener): NodeListener {
    return (incoming, outgoing) => {
      const raw = incoming.url ?? '';
      // An address Hono would decode or normalise is left to the middleware, which reads it as Hono does.
      const outcome =
        raw.startsWith('/') && !raw.includes('%') && !raw.includes('/.') && !raw.includes('//')
          ? hotOutcome({
              method: incoming.method ?? '',
              path: raw.split('?', 1)[0]!,
              url: new URL(raw, 'http://localhost'),
              header: (name) => headerOf(incoming, name),
              socketAddress: () => incoming.socket.remoteAddress,
            })
          : null;
      if (!outcome) {
        if (raw.startsWith('/')) passedOn.set(incoming, null);
        return chain(incoming, outgoing);
      }
      outcome.then(
        (settled) => {
          if ('chain' in settled) {
            passedOn.set(incoming, settled.chain);
            return chain(incoming, outgoing);
          }
          const { status, headers, body } = settled.answer;
          socketHits++;
          if (body) headers['content-length'] = String(body.length);
          ready.push({ outgoing, status, headers, body });
          if (ready.length === 1) setImmediate(writeReady);
        },
        () => {
          // The count could not be made: the chain counts (and answers) the request as it would have.
          passedOn.set(incoming, null);
          chain(incoming, outgoing);
        },
      );
    };
  }

  /** The hot answer of an entry for an encoding, made through the same steps as finish() and kept with the entry. */
  function hotForm(
    entry: Entry,
    key: string,
    encoding: Encoding | null,
    url: URL,
    deps: HotPathDeps,
    counted: Record<string, string> | null,
  ): HotForm {
    const formKey = `${encoding ?? 'identity'} ${counted !== null}`;
    const kept = entry.hot?.get(formKey);
    if (kept) return kept;
    const a = answerOf(entry, etagOf(entry.version, key), undefined, HOT_NONCE);
    // The quota's fields, empty until each answer fills them in: an anonymous count always names the same ones
    // (quotaHeaders, in lower case as Headers keeps them).
    if (counted) deps.markCounted(a.headers, Object.fromEntries(Object.keys(counted).map((name) => [name, ''])));
    if (entry.kind === 'page') deps.pageHeaders(a.headers);
    const compress = outerHeaders(a, encoding, url, deps, HOT_NONCE);
    let body: Buffer | null = null;
    if (entry.kind === 'api') {
      body = a.body && compress && encoding ? encodeSync(a.body, encoding) : a.body;
      // A compressed copy counts towards the cache's bytes.
      if (body && body !== a.body && entries.get(key) === entry) {
        entry.bytes += body.length;
        bytes += body.length;
        evict();
      }
    }
    const form = { headers: Object.fromEntries(a.headers), body, compress };
    (entry.hot ??= new Map()).set(formKey, form);
    return form;
  }

  /**
   * The answer as the chain's outer middlewares would send it: compressed as Hono's compress() does (same types, same
   * Vary), with the security headers. An API body is compressed once per entry; a page's, with its fresh nonce, each time.
   */
  async function finish(
    a: Answer,
    encoding: Encoding | null,
    url: URL,
    deps: HotPathDeps,
    nonce: string,
  ): Promise<HotAnswer> {
    let body = a.body;
    if (outerHeaders(a, encoding, url, deps, nonce) && body && encoding) body = await encodeAsync(body, encoding);
    return { status: a.status, headers: Object.fromEntries(a.headers), body };
  }

  /**
   * The headers the chain's outer middlewares add, on `a`: compression's as Hono's compress() sets them (same types,
   * same Vary, the encoding it would choose) and the security headers; answers whether the body is to be compressed.
   */
  function outerHeaders(a: Answer, encoding: Encoding | null, url: URL, deps: HotPathDeps, nonce: string): boolean {
    const { headers } = a;
    const type = headers.get('content-type') ?? '';
    let compress = false;
    if (
      a.body &&
      a.status !== 206 &&
      !headers.has('content-encoding') &&
      !headers.has('transfer-encoding') &&
      COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) &&
      !/(?:^|,)\s*?no-transform\s*?(?:,|$)/i.test(headers.get('cache-control') ?? '')
    ) {
      const vary = headers.get('vary');
      if (vary !== '*' && !(vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)))
        headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      if (encoding) {
        headers.set('content-encoding', encoding);
        compress = true;
      }
    }
    for (const [name, value] of deps.securityHeaders(url, type.startsWith('text/html'), nonce))
      headers.set(name, value);
    return compress;
  }

  return {
    middleware,
    hot,
    node,
    prefetch,
    stats: () => ({
      entries: entries.size,
      bytes,
      hits,
      misses,
      hotHits,
      socketHits,
      socketBatches: batches,
      declined,
    }),
    clear: () => {
      entries.clear();
      askedOnce.clear();
      bytes = 0;
    },
  };
}

const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);

function encodeSync(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'gzip' ? gzipSync(body) : deflateSync(body);
}

function encodeAsync(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'gzip' ? gzipAsync(body) : deflateAsync(body);
}

/**
 * The encoding Hono's compress() would choose for this Accept-Encoding (gzip before deflate, the higher q): null for
 * none. Undefined when the header is one the hot path leaves to the chain (a wildcard or an odd q).
 */
export function chosenEncoding(header: string | null): Encoding | null | undefined {
  if (header === null) return null;
  const accepts = parseAccept(header);
  if (accepts.some((a) => a.type === '*')) return undefined;
  const q = (name: Encoding) => accepts.find((a) => a.type.toLowerCase() === name)?.q ?? 0;
  const [gz, df] = [q('gzip'), q('deflate')];
  if (gz === 1) return 'gzip';
  if (df === 1) return 'deflate';
  if (gz === 0 && df === 0) return null;
  return gz >= df ? 'gzip' : 'deflate';
}
