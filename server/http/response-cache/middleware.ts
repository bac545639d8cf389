// The response cache in the middleware chain: the version read started beside the daily limit's count (prefetch), and
// below the count, an answer from memory, or the chain's answer kept for the next identical request.
import type { Context, MiddlewareHandler } from 'hono';
import {
  etagOf,
  hasSessionCookie,
  keyOf,
  onlyThemeCookie,
  PAGE_CACHE_CONTROL,
  PRIVATE_PAGE_CACHE_CONTROL,
  SURROGATE_KEY_HEADER,
  surrogateKeysOf,
} from './policy';
import type { AnswerVersions } from '#db/answer-versions';
import type { Entry, Store } from './store';

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

export function cacheMiddleware(
  cache: Store,
  pageToken: (() => string) | undefined,
): { middleware: MiddlewareHandler; prefetch: MiddlewareHandler } {
  const { entries, inFlight, counts } = cache;
  const prefetched = new WeakMap<Request, Promise<AnswerVersions>>();
  const prefetch: MiddlewareHandler = (c, next) => {
    if (cache.kindOf(c.req.method, c.req.path)) {
      const read = cache.readVersions();
      // Whoever stops the request before the cache (a refusal) leaves this read unused, not unhandled.
      read.catch(() => {});
      prefetched.set(c.req.raw, read);
    }
    return next();
  };

  function answer(c: Context, entry: Entry, etag: string): Response {
    const a = cache.answerOf(entry, etag, c.req.header('if-none-match'), c.get('cspNonce') as string | undefined);
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
          if (size > cache.maxEntryBytes || signal.aborted) {
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
    cache.store(entry);
    return entry;
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const kind = cache.kindOf(c.req.method, c.req.path);
    if (
      !kind ||
      (kind === 'page' && !onlyThemeCookie(c.req.raw.headers.get('cookie'))) ||
      cache.bypass?.(c.req.raw.headers)
    ) {
      await next();
      // A signed-in visitor's page is theirs: no shared cache may keep it.
      if (hasSessionCookie(c.req.raw.headers) && (c.res.headers.get('content-type') ?? '').startsWith('text/html')) {
        const current = c.res.headers.get('cache-control') ?? '';
        if (!/no-store|private/.test(current)) c.res.headers.set('Cache-Control', PRIVATE_PAGE_CACHE_CONTROL);
      }
      return;
    }
    const key = keyOf(kind, new URL(c.req.url), (name) => c.req.header(name));
    const version = (await (prefetched.get(c.req.raw) ?? cache.readVersions()))[kind];
    const etag = etagOf(version, key);
    let entry = entries.get(key);
    if (entry && entry.version !== version) {
      cache.remove(key);
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
      counts.hits++;
      // Most recently used last.
      if (entries.get(key) === entry) {
        entries.delete(key);
        entries.set(key, entry);
      }
      return answer(c, entry, etag);
    }
    // The client left while this request waited (for the version or another's render): nothing more is done for it.
    if (c.req.raw.signal.aborted) return new Response(null, { status: 499 });
    counts.misses++;

    let settle: (entry: Entry | null) => void = () => {};
    const flight = { version, waiting: 0, entry: new Promise<Entry | null>((resolve) => (settle = resolve)) };
    inFlight.set(key, flight);
    const done = (e: Entry | null) => {
      settle(e);
      if (inFlight.get(key) === flight) inFlight.delete(key);
    };
    const nonce = c.get('cspNonce') as string | undefined;
    const tokenBefore = kind === 'page' ? pageToken?.() : undefined;
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
      (kind === 'api' || tokenBefore === pageToken?.());
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
      // What a release drops it by (server/http/proxy-purge.ts, decision 218).
      headers.push([SURROGATE_KEY_HEADER.toLowerCase(), surrogateKeysOf(new URL(c.req.url))]);
    }
    const kept = cache.admits(kind, key, flight.waiting);
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

  return { middleware, prefetch };
}
