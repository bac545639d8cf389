// Live updates (docs/decisions/131): one hub per database handle delivers messages to the open streams of this
// process; messages reach every app process through PostgreSQL LISTEN/NOTIFY (Redis pub/sub when REDIS_URL is set),
// and stay in-process with PGlite (one process owns a PGlite database).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { replicaRouting } from '../../db/replica';
import { redisBus, type RedisBus } from './redis';

/** One message of the live channel: `dataset:{id}` topics are public, `user:{id}` topics only reach that account. */
export interface LiveMessage {
  /** Unique and increasing within a publisher: `Date.now()` in base 36, a counter and the publisher's tag. */
  id: string;
  topic: string;
  event: 'dataset.updated' | 'notification';
  data: Record<string, unknown>;
}

/** How many recent messages a process keeps to replay to a client reconnecting with Last-Event-ID. */
export const REPLAY_BUFFER = 100;
/** The PostgreSQL NOTIFY channel (and Redis channel) every app process listens on. */
export const LIVE_CHANNEL = 'live_updates';

type Listener = (message: LiveMessage) => void;

export class LiveHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly recent: LiveMessage[] = [];
  /** Resolves when messages from other processes arrive (LISTEN or SUBSCRIBE is in place). */
  ready: Promise<void> = Promise.resolve();
  transport: 'in-process' | 'postgres' | 'redis' = 'in-process';
  stop: () => Promise<void> = async () => {};

  /** Listens to these topics; returns the function that stops listening. */
  subscribe(topics: readonly string[], listener: Listener): () => void {
    for (const topic of topics) {
      let set = this.listeners.get(topic);
      if (!set) this.listeners.set(topic, (set = new Set()));
      set.add(listener);
    }
    return () => {
      for (const topic of topics) {
        const set = this.listeners.get(topic);
        set?.delete(listener);
        if (set?.size === 0) this.listeners.delete(topic);
      }
    };
  }

  /** Hands a message to this process's listeners of its topic and keeps it for replay. */
  deliver(message: LiveMessage): void {
    this.recent.push(message);
    if (this.recent.length > REPLAY_BUFFER) this.recent.shift();
    for (const listener of this.listeners.get(message.topic) ?? []) listener(message);
  }

  /**
   * The messages of these topics after the one with id `lastId`, or null when that message is no longer kept (the
   * client must reload what it shows).
   */
  since(lastId: string, topics: readonly string[]): LiveMessage[] | null {
    const at = this.recent.findIndex((m) => m.id === lastId);
    if (at < 0) return null;
    return this.recent.slice(at + 1).filter((m) => topics.includes(m.topic));
  }

  listenerCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
}

const hubs = new WeakMap<object, LiveHub>();
const redisBuses = new Map<string, RedisBus>();

/** The hub of this database handle (one per handle, created on first use). */
export function liveHub(db: Db): LiveHub {
  let hub = hubs.get(db);
  if (!hub) hubs.set(db, (hub = new LiveHub()));
  return hub;
}

interface PostgresClient {
  listen(channel: string, onNotify: (payload: string) => void): Promise<{ unlisten(): Promise<void> }>;
  unsafe: unknown;
}

/** The postgres-js client behind a Drizzle handle; null for PGlite. */
function postgresClientOf(db: Db): PostgresClient | null {
  const client = (db as unknown as { $client?: Partial<PostgresClient> }).$client;
  return client && typeof client.listen === 'function' && typeof client.unsafe === 'function'
    ? (client as PostgresClient)
    : null;
}

export interface LiveOptions {
  /** Redis for fan-out instead of PostgreSQL (REDIS_URL). */
  redisUrl?: string;
  log?: (line: string) => void;
}

const started = new WeakSet<object>();
const redisOf = new WeakMap<object, string>();

/**
 * Connects this process's hub to the other processes: SUBSCRIBE on Redis when REDIS_URL is set, else LISTEN on
 * PostgreSQL; nothing for PGlite. Called once per handle by the app; later calls return the same readiness.
 */
export function startLive(db: Db, opts: LiveOptions = {}): LiveHub {
  const hub = liveHub(db);
  if (started.has(db)) return hub;
  started.add(db);
  const log = opts.log ?? ((line: string) => console.log(`[live] ${line}`));
  const parse = (payload: string): LiveMessage | null => {
    try {
      return JSON.parse(payload) as LiveMessage;
    } catch {
      log(`ignored a message that is not JSON: ${payload.slice(0, 80)}`);
      return null;
    }
  };
  // With a read replica, a message is handed on once the replica holds what it announces (a page that hears of new
  // data reads it from there, decision 218), in the order the messages came.
  const replica = replicaRouting(db);
  let inOrder = Promise.resolve();
  const receive = (payload: string) => {
    const message = parse(payload);
    if (!message) return;
    if (!replica) return hub.deliver(message);
    inOrder = inOrder
      .then(() => replica.caughtUp())
      .then(() => hub.deliver(message))
      .catch((error: unknown) => log(`could not hand on a message: ${String(error)}`));
  };
  if (opts.redisUrl) {
    redisOf.set(db, opts.redisUrl);
    const bus = busFor(opts.redisUrl);
    hub.transport = 'redis';
    hub.ready = bus.subscribe(LIVE_CHANNEL, receive).then((unsubscribe) => {
      hub.stop = unsubscribe;
    });
  } else {
    const pg = postgresClientOf(db);
    if (pg) {
      hub.transport = 'postgres';
      hub.ready = pg.listen(LIVE_CHANNEL, receive).then((listening) => {
        hub.stop = () => listening.unlisten();
      });
    }
  }
  // Without the fan-out this process still serves its own updates: streams join rather than fail.
  hub.ready = hub.ready.catch((error: unknown) => {
    log(`could not listen for updates from other processes: ${String(error)}`);
  });
  return hub;
}

function busFor(url: string): RedisBus {
  let bus = redisBuses.get(url);
  if (!bus) redisBuses.set(url, (bus = redisBus(url)));
  return bus;
}

let counter = 0;
const publisherTag = randomBytes(3).toString('hex');

/** A new message id: increasing within this process. */
export function messageId(): string {
  counter = (counter + 1) % 1_000_000;
  return `${Date.now().toString(36)}-${counter.toString(36)}-${publisherTag}`;
}

/**
 * Sends a message to every open stream of its topic in every app process: through Redis or PostgreSQL NOTIFY
 * (which reaches this process's hub too), or straight to this process's hub with PGlite.
 */
export async function publishLive(db: Db, message: Omit<LiveMessage, 'id'>, redisUrl?: string): Promise<LiveMessage> {
  const full: LiveMessage = { id: messageId(), ...message };
  const payload = JSON.stringify(full);
  const redis = redisUrl ?? redisOf.get(db);
  if (redis) await busFor(redis).publish(LIVE_CHANNEL, payload);
  else if (postgresClientOf(db)) await db.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${payload})`);
  else liveHub(db).deliver(full);
  return full;
}

/** Closes the Redis connections this process opened (tests, shutdown). */
export async function closeLiveBuses(): Promise<void> {
  const buses = [...redisBuses.values()];
  redisBuses.clear();
  await Promise.all(buses.map((b) => b.close()));
}
