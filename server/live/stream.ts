// GET /api/live: the live channel as Server-Sent Events (docs/decisions/131, 132). A stream joins the public topics of
// the datasets it asks for and, when signed in, its account's own topic; it gets `joined` first, a comment every 25 s,
// and the messages of its topics. Streams are capped per process and per client address.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Auth } from '../auth/auth';
import { readSession } from '../auth/session';
import { ApiError, errorBody, errorSchema } from '../http/errors';
import type { Db } from '../../db/client';
import { liveHub, type LiveMessage } from './hub';

/** The specification's realtime heartbeat. */
export const HEARTBEAT_MS = 25_000;
/** Messages a stream may have waiting for a slow client (the specification's push buffer); past it, the stream ends. */
export const PUSH_BUFFER = 100;
/** Streams one client address may hold open (a few tabs; a page opens one). */
export const liveStreamsPerClient = 20;
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
export const streamStats = { open: 0, refused: 0, slow: 0 };

type LiveEnv = { Variables: { db: Db } };

const liveRoute = createRoute({
  method: 'get',
  path: '/live',
  summary: 'Live updates of datasets and of the account (Server-Sent Events)',
  description:
    'A text/event-stream: `joined` first (the topics joined), then `dataset.updated` when new data of a listed dataset ' +
    'lands and, when signed in, `notification` for the account. A comment line every 25 s keeps the stream open. ' +
    'Reconnect with Last-Event-ID to receive what was missed; `resync` says it is gone and the client should reload. ' +
    `Capped per server process and client address (429 when over).`,
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
    400: { description: 'Bad dataset list', content: { 'application/json': { schema: errorSchema } } },
    429: { description: 'Too many open streams', content: { 'application/json': { schema: errorSchema } } },
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
  const perClient = new Map<string, number>();
  const heartbeatMs = opts.limits.heartbeatMs ?? HEARTBEAT_MS;

  api.openapi(liveRoute, async (c) => {
    const q = c.req.valid('query');
    const ids = [...new Set((q.datasets ?? '').split(',').filter(Boolean))];
    if (ids.length > MAX_TOPICS) throw new ApiError(400, 'bad_parameter', `at most ${MAX_TOPICS} datasets per stream`);
    const client = opts.clientOf(c);
    if (streamStats.open >= opts.limits.maxStreams || (perClient.get(client) ?? 0) >= opts.limits.maxPerClient) {
      streamStats.refused++;
      c.header('Retry-After', '10');
      return c.json(errorBody('rate_limited', 'Too many live connections are open; try again in a few seconds.'), 429);
    }
    const read = await readSession(opts.auth, c.var.db, opts.headersOf(c), false);
    const topics = ids.map((id) => `dataset:${id}`);
    if (read.session) topics.push(`user:${read.session.user.id}`);
    const hub = liveHub(c.var.db);
    await hub.ready;

    const encoder = new TextEncoder();
    let stop = () => {};
    const lastId = q.last_event_id ?? c.req.header('last-event-id');
    const signal = c.req.raw.signal;
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          streamStats.open++;
          perClient.set(client, (perClient.get(client) ?? 0) + 1);
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
            streamStats.open--;
            const left = (perClient.get(client) ?? 1) - 1;
            if (left <= 0) perClient.delete(client);
            else perClient.set(client, left);
            try {
              controller.close();
            } catch {
              // Already closed by the reader.
            }
          };
          stop = finish;
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
