// Bounded work per request (issue 17 item 4, decision 064): body sizes per route, image renders counted per client and
// drawn in the drawing threads behind a short queue (decision 182), and work stopped for clients that have gone.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_UPLOAD_BYTES, UPLOAD_FORM_BYTES } from '#core/admin-imports';
import type { Db } from '#db/client';
import { consume, rateKey, rateLimitMessage } from '../../auth/rate-limit';
import { ApiError, errorBody } from '../errors';
import { renderPool } from '../../render/pool';

/** The largest request body, by path: API calls carry small JSON, page forms a little more. */
export function maxBodyBytes(path: string): number {
  if (path === '/api/contact') return 64 * 1024;
  // Stripe's signed events (an invoice with many lines) can be larger than our own API calls.
  if (path === '/api/stripe-webhook') return 512 * 1024;
  if (path === '/api' || path.startsWith('/api/')) return 32 * 1024;
  // Admins upload dataset files there: the largest file and the rest of its form (the action checks the account before
  // reading, and answers a file over its limit itself, decision 171).
  if (uploadPath(path)) return MAX_UPLOAD_BYTES + UPLOAD_FORM_BYTES;
  return 256 * 1024;
}

/** The admin imports page, whose action reads uploads as they stream in (decision 171). */
const uploadPath = (path: string) => path.startsWith('/app/admin/imports');

/**
 * Refuses bodies over the route's limit with 413 before anything reads them: by Content-Length at once, otherwise while
 * the body streams in (never buffering more than the limit). Uploads are never buffered here: a streamed one is only
 * counted on its way to the action, which writes its file to disk as it arrives.
 */
export function bodyLimits(): MiddlewareHandler {
  const limiters = new Map<number, MiddlewareHandler>();
  const tooLarge = (ctx: Context, max: number) => {
    const message = `The request body is larger than the ${max / 1024} KB this address accepts.`;
    if (ctx.req.path === '/api' || ctx.req.path.startsWith('/api/'))
      return ctx.json(errorBody('too_large', message), 413);
    return ctx.text(message, 413);
  };
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const max = maxBodyBytes(c.req.path);
    if (uploadPath(c.req.path)) return countedBody(c, next, max, tooLarge);
    let limiter = limiters.get(max);
    if (!limiter) {
      limiter = bodyLimit({ maxSize: max, onError: (ctx) => tooLarge(ctx, max) });
      limiters.set(max, limiter);
    }
    return limiter(c, next);
  };
}

/**
 * The body limit without a copy of the body: by Content-Length at once, otherwise the body is passed on through a
 * counter that fails it (the reader sees an error) once it is over `max`.
 */
async function countedBody(
  c: Context,
  next: () => Promise<void>,
  max: number,
  tooLarge: (c: Context, max: number) => Response,
): Promise<Response | void> {
  const body = c.req.raw.body;
  if (!body) return next();
  const length = c.req.raw.headers.get('content-length');
  if (length !== null && !c.req.raw.headers.has('transfer-encoding')) {
    return Number.parseInt(length, 10) > max ? tooLarge(c, max) : next();
  }
  let size = 0;
  const counted = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > max) controller.error(new Error(`the request body is larger than ${max} bytes`));
        else controller.enqueue(chunk);
      },
    }),
  );
  c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
  return next();
}

/** What the image routes did since start: renders drawn, answered from the cache, refused, and abandoned. */
export const renderStats = { drawn: 0, cached: 0, busy: 0, abandoned: 0 };

/** Image requests (sharing cards, chart PNGs) one client address may make per minute, cached or not. */
export const imageRequestsPerMinute = 60;

/** Counts image requests per client address in the shared rate-limit table; over the limit: 429 with Retry-After. */
export function imageRequestLimit(db: Db, ipOf: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    const { allowed, retryAfter } = await consume(db, rateKey('images', 'ip', ipOf(c)), {
      max: imageRequestsPerMinute,
      windowSeconds: 60,
    });
    if (!allowed) {
      c.header('Retry-After', String(retryAfter));
      return c.json(errorBody('rate_limited', rateLimitMessage(retryAfter)), 429);
    }
    await next();
  };
}

/**
 * Lets at most `concurrency` drawings run at once (one per drawing thread, decision 182), with at most `queue`
 * waiting; more answer 503 `busy` with Retry-After. A waiting request whose client leaves gives its place back at once.
 */
export class RenderQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Recent drawings' mean duration in ms (for Retry-After), until measured a second. */
  private meanMs = 1000;

  constructor(
    private readonly concurrency = 1,
    private readonly queue = 8,
  ) {}

  /** Its bounds and what it holds now: drawing threads, waiting places, both together, drawing and waiting. */
  limits(): { workers: number; queue: number; capacity: number; running: number; waiting: number } {
    return {
      workers: this.concurrency,
      queue: this.queue,
      capacity: this.concurrency + this.queue,
      running: this.running,
      waiting: this.waiting.length,
    };
  }

  /** Seconds until the drawings before a new request would be done: the queue's length in recent drawing times. */
  retryAfter(): number {
    const ahead = (this.running + this.waiting.length) / this.concurrency;
    return Math.min(60, Math.max(1, Math.ceil((ahead * this.meanMs) / 1000)));
  }

  async run<T>(signal: AbortSignal | undefined, draw: () => Promise<T> | T): Promise<T> {
    if (signal?.aborted) {
      renderStats.abandoned++;
      throw new ClientGone();
    }
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) {
        renderStats.busy++;
        throw new ApiError(503, 'busy', 'Too many images are being drawn right now; try again in a few seconds.', {
          'Retry-After': String(this.retryAfter()),
        });
      }
      // Handed the running place of a drawing that ends, or out of the queue when the client leaves first.
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          signal?.removeEventListener('abort', leave);
          resolve();
        };
        const leave = () => {
          const at = this.waiting.indexOf(turn);
          if (at < 0) return;
          this.waiting.splice(at, 1);
          renderStats.abandoned++;
          reject(new ClientGone());
        };
        this.waiting.push(turn);
        signal?.addEventListener('abort', leave, { once: true });
      });
    } else this.running++;
    try {
      // The client left just as its turn came: draw nothing (the place passes on at once).
      if (signal?.aborted) {
        renderStats.abandoned++;
        throw new ClientGone();
      }
      renderStats.drawn++;
      const started = performance.now();
      const result = await draw();
      this.meanMs = 0.7 * this.meanMs + 0.3 * (performance.now() - started);
      return result;
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** The one queue every image route shares: as many drawing at once as the pool has threads. */
export const renderQueue = new RenderQueue(renderPool.size);

/** The client closed the connection: nobody will read the answer (app.ts answers 499, nginx's "client closed request"). */
export class ClientGone extends Error {
  constructor() {
    super('the client closed the connection');
    this.name = 'ClientGone';
  }
}

/** Throws ClientGone when the request's client has gone, so the handler stops before the next costly step. */
export function stopIfGone(c: Context): void {
  if (c.req.raw.signal.aborted) throw new ClientGone();
}
