// GET /api/live: the live channel as Server-Sent Events (docs/decisions/131, 132). A stream joins the public topics of
// the datasets it asks for and, when signed in, its account's own topic; it gets `joined` first, a comment every 25 s,
// and the messages of its topics. Streams are capped per process, per client address and per network; a full process
// makes room for a new address by ending the oldest stream of the address holding the most (decision 186).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Auth } from '../auth/auth';
import { readSession } from '../auth/session';
import { ApiError, errorBody } from '../http/errors';
import { errorResponse } from '../http/openapi';
import type { Db } from '../../db/client';
import { liveHub, type LiveMessage } from './hub';
import { uncounted } from '#server/http/route-policy';

/** The live channel's update events (decision 201). */
export const livePolicies = [uncounted('/api/live', 'any', ['/api/live'], "the live channel's update events")];

/** The specification's realtime heartbeat. */
export const HEARTBEAT_MS = 25_000;
/** Messages a stream may have waiting for a slow client (the specification's push buffer); past it, the stream ends. */
export const PUSH_BUFFER = 100;
/** Streams one client address may hold open at most (a few tabs; a page opens one)... */
export const liveStreamsPerClient = 20;
/** ...and no more than this share of the process's streams: no fewer than 20 addresses take them all... */
const addressShare = 1 / 20;
/** ...and one network (an IPv4 /24, an IPv6 /64) no more than this share: no fewer than 5 networks take them all. */
const networkShare = 1 / 5;
/** Datasets one stream may follow. */
export const MAX_TOPICS = 20;

export interface LiveLimits {
  /** Open streams per process (LIVE_MAX_STREAMS). */
  maxStreams: number;
  /** Open streams per client address. */
  maxPerClient: number;
  heartbeatMs?: number;
}

/** What this process's streams are doing, for tests and the operations page. */
export const streamStats = { open: 0, refused: 0, slow: 0, evicted: 0 };

/** The streams one address and one network may hold of a process's `maxStreams` (decision 186). */
export function liveShares(
  maxStreams: number,
  maxPerClient = liveStreamsPerClient,
): { perAddress: number; perNetwork: number } {
  const perAddress = Math.min(maxPerClient, Math.max(1, Math.floor(maxStreams * addressShare)));
  return { perAddress, perNetwork: Math.max(perAddress, Math.floor(maxStreams * networkShare)) };
}

/** The network of a client address: `a.b.c.0/24` for IPv4 (also IPv4-mapped IPv6), the first 64 bits for IPv6. */
export function networkOf(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!address.includes(':')) return address;
  const bare = address.replace(/%.*$/, '').toLowerCase();
  const [head = '', tail] = bare.split('::');
  const front = head ? head.split(':') : [];
  const back = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** An open stream (or one admitted and about to open) of a process. */
interface Held {
  client: string;
  network: string;
  /** Ends the stream; until it has started, marks it to end at once. */
  stop: () => void;
}

/**
 * The open streams of one process, oldest first, counted per address and per network: admits a stream within the
 * shares, and when the process is full, ends the oldest stream of the address holding the most for a new address
 * that holds at least two fewer (so two addresses never take a stream back and forth).
 */
class StreamRoom {
  private readonly held = new Set<Held>();
  private readonly perClient = new Map<string, number>();
  private readonly perNetwork = new Map<string, number>();

  constructor(
    private readonly maxStreams: number,
    private readonly shares: { perAddress: number; perNetwork: number },
  ) {}

  /** Takes a place for a stream of `client`, or returns null (refused). */
  admit(client: string): Held | null {
    const network = networkOf(client);
    const mine = this.perClient.get(client) ?? 0;
    if (mine >= this.shares.perAddress || (this.perNetwork.get(network) ?? 0) >= this.shares.perNetwork) return null;
    if (this.held.size >= this.maxStreams) {
      const victim = this.victimFor(mine);
      if (!victim) return null;
      streamStats.evicted++;
      victim.stop();
      this.release(victim);
    }
    const held: Held = { client, network, stop: () => this.release(held) };
    this.held.add(held);
    this.perClient.set(client, mine + 1);
    this.perNetwork.set(network, (this.perNetwork.get(network) ?? 0) + 1);
    streamStats.open++;
    return held;
  }

  /** Gives a stream's place back (once). */
  release(held: Held): void {
    if (!this.held.delete(held)) return;
    streamStats.open--;
    for (const [map, key] of [
      [this.perClient, held.client],
      [this.perNetwork, held.network],
    ] as const) {
      const left = (map.get(key) ?? 1) - 1;
      if (left <= 0) map.delete(key);
      else map.set(key, left);
    }
  }

  /** The oldest stream of the address holding the most, when it holds at least two more than `mine`. */
  private victimFor(mine: number): Held | null {
    let most = 0;
    for (const n of this.perClient.values()) most = Math.max(most, n);
    if (most < mine + 2) return null;
    for (const h of this.held) if (this.perClient.get(h.client) === most) return h;
    return null;
  }
}

type LiveEnv = { Variables: { db: Db } };

const liveRoute = createRoute({
  method: 'get',
  path: '/live',
  summary: 'Live updates of datasets and of the account (Server-Sent Events)',
  description:
    'A text/event-stream: `joined` first (the topics joined), then `dataset.updated` when new data of a listed dataset ' +
    'lands and, when signed in, `notification` for the account. A comment line every 25 s keeps the stream open. ' +
    'Reconnect with Last-Event-ID to receive what was missed; `resync` says it is gone and the client should reload. ' +
    'Capped per server process, client address and network (429 when over); when a process is full, a new address ' +
    'ends the oldest stream of the address holding the most.',
  request: {
    query: z.object({
      datasets: z
        .string()
        .max(400)
        .regex(/^\d+(,\d+)*$/, 'a comma list of dataset ids')
        .optional()
        .openapi({ example: '12,15', description: `Dataset ids, at most ${MAX_TOPICS}` }),
      last_event_id: z.string().max(80).optional().openapi({ description: 'Same as the Last-Event-ID header' }),
    }),
  },
  responses: {
    200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
    400: errorResponse('Bad dataset list'),
    429: errorResponse('Too many open streams'),
  },
});

export function liveApi(opts: {
  auth: Auth;
  limits: LiveLimits;
  headersOf: (c: Context) => Headers;
  clientOf: (c: Context) => string;
}): OpenAPIHono<LiveEnv> {
  const api = new OpenAPIHono<LiveEnv>({
    defaultHook: (result, c) => {
      if (result.success) return undefined;
      const message = result.error.issues.map((i) => `invalid ${i.path.join('.')}: ${i.message}`).join('; ');
      return c.json(errorBody('bad_parameter', message), 400);
    },
  });
  const room = new StreamRoom(opts.limits.maxStreams, liveShares(opts.limits.maxStreams, opts.limits.maxPerClient));
  const heartbeatMs = opts.limits.heartbeatMs ?? HEARTBEAT_MS;

  api.openapi(liveRoute, async (c) => {
    const q = c.req.valid('query');
    const ids = [...new Set((q.datasets ?? '').split(',').filter(Boolean))];
    if (ids.length > MAX_TOPICS) throw new ApiError(400, 'bad_parameter', `at most ${MAX_TOPICS} datasets per stream`);
    // The place is taken now, before the waits below, so that requests arriving together are counted together.
    const held = room.admit(opts.clientOf(c));
    if (!held) {
      streamStats.refused++;
      c.header('Retry-After', '10');
      return c.json(errorBody('rate_limited', 'Too many live connections are open; try again in a few seconds.'), 429);
    }
    let stopped = false;
    held.stop = () => {
      stopped = true;
      room.release(held);
    };
    const topics = ids.map((id) => `dataset:${id}`);
    const hub = liveHub(c.var.db);
    try {
      const read = await readSession(opts.auth, c.var.db, opts.headersOf(c), false);
      if (read.session) topics.push(`user:${read.session.user.id}`);
      await hub.ready;
    } catch (error) {
      room.release(held);
      throw error;
    }

    const encoder = new TextEncoder();
    let stop = () => {};
    const lastId = q.last_event_id ?? c.req.header('last-event-id');
    const signal = c.req.raw.signal;
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          let closed = false;
          const send = (text: string): boolean => {
            if (closed) return false;
            // The client reads slower than messages come: end the stream rather than hold an unbounded queue.
            if ((controller.desiredSize ?? 1) <= 0) {
              streamStats.slow++;
              finish();
              return false;
            }
            controller.enqueue(encoder.encode(text));
            return true;
          };
          const sendMessage = (m: LiveMessage) =>
            send(`id: ${m.id}\nevent: ${m.event}\ndata: ${JSON.stringify({ topic: m.topic, ...m.data })}\n\n`);
          const unsubscribe = hub.subscribe(topics, sendMessage);
          const heartbeat = setInterval(() => send(`: heartbeat ${Date.now()}\n\n`), heartbeatMs);
          const finish = () => {
            if (closed) return;
            closed = true;
            unsubscribe();
            clearInterval(heartbeat);
            signal.removeEventListener('abort', finish);
            room.release(held);
            try {
              controller.close();
            } catch {
              // Already closed by the reader.
            }
          };
          stop = finish;
          // Ended to make room for another address (below: before it started): the client reconnects later.
          held.stop = finish;
          if (stopped || signal.aborted) return finish();
          signal.addEventListener('abort', finish);
          send(`retry: 1000\nevent: joined\ndata: ${JSON.stringify({ topics: topics.map(publicTopic) })}\n\n`);
          if (lastId) {
            const missed = hub.since(lastId, topics);
            if (missed === null) send(`event: resync\ndata: {}\n\n`);
            else for (const m of missed) sendMessage(m);
          }
        },
        cancel() {
          stop();
        },
      },
      new CountQueuingStrategy({ highWaterMark: PUSH_BUFFER }),
    );
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store, no-transform',
        'X-Accel-Buffering': 'no',
      },
    }) as never;
  });
  return api;
}

/** The account topic is shown as `user` (its id is the account's business, not the stream's). */
function publicTopic(topic: string): string {
  return topic.startsWith('user:') ? 'user' : topic;
}
