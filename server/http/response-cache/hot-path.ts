// The response cache's hot path (decisions 090, 167, 168, 174, 178): a kept answer to an anonymous request sent ahead
// of the middleware chain, with the headers and the count the chain would have given it, from Hono's context or
// straight from node:http's request to the socket.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { deflate, deflateSync, gzip, gzipSync } from 'node:zlib';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { isLoaderDataPrefetch } from '../prefetch';
import type { CacheKind } from '../route-policy';
import { etagOf, keyOf, onlyThemeCookie } from './policy';
import type { Answer, Entry, HotForm, Store } from './store';

/** Stands for a page's nonce in its kept CSP header: each answer puts its own there. */
const HOT_NONCE = 'hot-nonce-placeholder';

type Encoding = 'gzip' | 'deflate';

/** A counted request goes on with its quota fields, or is refused (server/keys/daily-limit.ts); null: not counted. */
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

export type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => unknown;

/** A header of node:http's request as Headers.get() reads it: repeated ones joined. */
function headerOf(incoming: IncomingMessage, name: string): string | undefined {
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Where the hot path leaves the count it started for a request it then hands to the chain (a context variable). */
export const HOT_COUNT = 'hotCount';

/**
 * The middlewares a hot answer skips, as functions (server/http depends on no other server part): the security
 * headers (server/http/middleware/security-headers.ts) and the daily limit's count of an anonymous request
 * (server/keys/daily-limit.ts).
 */
export interface HotPathDeps {
  newNonce: () => string;
  securityHeaders: (url: URL, isPage: boolean, nonce: string) => [string, string][];
  /** Null at once for a request the limit does not count (most pages); a page's loader data counts (decision 184). */
  countAddress: (req: HotRequest) => Promise<HotVerdict> | null;
  markCounted: (headers: Headers, quota: Record<string, string>) => void;
  /** What the chain adds to every page's headers besides (server/site/redirects.ts: the colour-scheme hint). */
  pageHeaders: (headers: Headers) => void;
}

export interface HotPath {
  hot: MiddlewareHandler;
  node: (chain: NodeListener) => NodeListener;
  /** hotHits: answers of the hot path; socketHits: those of them node's listener wrote, in socketBatches writes. */
  counts: () => { hotHits: number; socketHits: number; socketBatches: number };
}

/** Headers that make an API request the chain's to count, whatever their value (the chain asks whether they are sent). */
const credentialHeaders = ['authorization', 'x-api-key', 'x-page-token'] as const;

export function hotPath(cache: Store, deps: HotPathDeps | undefined): HotPath {
  const { entries, counts } = cache;
  /** Hits answered by the hot path, ahead of the middleware chain; and of those, by node's listener. */
  let hotHits = 0;
  let socketHits = 0;

  /** A kept answer that is current, for the hot path: null when the chain must run (a miss, an old version). */
  async function current(kind: CacheKind, key: string): Promise<Entry | null> {
    const version = (await cache.readVersions())[kind];
    const entry = entries.get(key);
    return entry && entry.version === version ? entry : null;
  }

  /**
   * The hot path's verdict on a request: null at once when it is not one for the hot path (most requests, no promise
   * made); else an answer to send, or the chain's turn with the count the hot path started for it.
   */
  function hotOutcome(req: HotRequest): Promise<HotOutcome> | null {
    const kind = deps && cache.kindOf(req.method, req.path);
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
    counts.hits++;
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
      const a = cache.answerOf(entry, etagOf(entry.version, key), ifNoneMatch, nonce);
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
    let body = cache.bodyOf(entry, nonce);
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
    const a = cache.answerOf(entry, etagOf(entry.version, key), undefined, HOT_NONCE);
    // The quota's fields, empty until each answer fills them in: an anonymous count always names the same ones
    // (quotaHeaders, in lower case as Headers keeps them).
    if (counted) deps.markCounted(a.headers, Object.fromEntries(Object.keys(counted).map((name) => [name, ''])));
    if (entry.kind === 'page') deps.pageHeaders(a.headers);
    const compress = outerHeaders(a, encoding, url, deps, HOT_NONCE);
    let body: Buffer | null = null;
    if (entry.kind === 'api') {
      body = a.body && compress && encoding ? encodeSync(a.body, encoding) : a.body;
      // A compressed copy counts towards the cache's bytes.
      if (body && body !== a.body && entries.get(key) === entry) cache.grow(entry, body.length);
    }
    const form = { headers: Object.fromEntries(a.headers), body, compress };
    (entry.hot ??= new Map()).set(formKey, form);
    return form;
  }

  return { hot, node, counts: () => ({ hotHits, socketHits, socketBatches: batches }) };
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
  for (const [name, value] of deps.securityHeaders(url, type.startsWith('text/html'), nonce)) headers.set(name, value);
  return compress;
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
