// Reads from a PostgreSQL hot standby (DATABASE_READ_URL, decision 218). The app keeps one database handle; the reads
// of work run through `readFromReplica` (public pages, embeds, the data API, sharing cards: server/http/middleware/
// read-routing.ts) go to the replica while it is current, everything else to the primary: writes, transactions, the
// statements of background work, and whatever the routing cannot vouch for. A replica that fails sends its statement
// to the primary again and is left out until a check finds it caught up; one that falls behind is left out the same way.
import { AsyncLocalStorage } from 'node:async_hooks';
import { isDatabaseUnavailable } from '../core/unavailable';

/**
 * A replica is read only while it has been seen holding everything the primary had committed this long ago: a read
 * from it is at most this stale. Below the read-your-writes window (server/http/middleware/read-routing.ts), so that a
 * visitor's reads after the window see their own writes on the replica too.
 */
export const REPLICA_MAX_LAG_MS = 4000;
/** How often each process compares the replica's replayed position with the primary's. */
export const REPLICA_CHECK_MS = 1000;
/** How long a release waits for the replica to replay it before the purges and live messages go out anyway. */
export const REPLICA_CATCH_UP_TIMEOUT_MS = 10_000;
/** Seconds a connection to the replica may take: a dead host costs a check this long, never a request. */
export const REPLICA_CONNECT_TIMEOUT_S = 2;
/**
 * How long the check's own statement may wait on the replica. A host that stops answering without closing its
 * connections (frozen, or cut off by the network) is then held down, and the statements waiting on it are sent to the
 * primary, instead of hanging until the operating system gives the connection up.
 */
export const REPLICA_CHECK_TIMEOUT_MS = 2000;

type Source = 'replica' | 'primary';

/** The reads of one piece of work (a request): one source for all of them, so that they agree with each other. */
interface ReadScope {
  source: Source;
  /** Closed when the work ended: what it left running (a queue it woke, a timer) reads from the primary. */
  open: boolean;
}

const scope = new AsyncLocalStorage<ReadScope>();

/** What the routing uses of a postgres.js client (postgres.js's own type is not needed here). */
export interface SqlClient {
  (...args: never[]): unknown;
  unsafe(query: string, params?: unknown[], options?: unknown): PendingRows;
  end(options?: { timeout?: number }): Promise<void>;
}

interface PendingRows extends PromiseLike<unknown> {
  values(): PromiseLike<unknown>;
  cancel(): unknown;
}

export type ReplicaStatus = 'current' | 'behind' | 'down';

export interface ReplicaState {
  status: ReplicaStatus;
  /** Milliseconds since the replica was last seen holding all the primary had committed; null before the first. */
  lagMs: number | null;
  /** Statements the replica answered, and those sent to the primary again after it failed or refused them. */
  reads: number;
  fallbacks: number;
  /** The last failure, as said by the driver. */
  lastError: string | null;
}

export interface ReplicaRouting {
  state(): ReplicaState;
  /** Whether work that starts now may read from the replica. */
  current(): boolean;
  /**
   * Resolves once a read that starts now sees everything the primary has committed: the replica has replayed the
   * primary's present position, or it is not read from (behind or down). Bounded by REPLICA_CATCH_UP_TIMEOUT_MS.
   */
  caughtUp(): Promise<void>;
  /** Calls `listener` whenever the replica is read from again after it was left out. */
  onCurrentAgain(listener: () => void): () => void;
  /** Checks the replica now (tests; the server checks every REPLICA_CHECK_MS). */
  check(): Promise<void>;
  close(): Promise<void>;
}

interface Routed {
  routing: ReplicaRouting;
  /** The handle on the primary alone. */
  primary: object;
  /** Stands for the handle in per-handle batches of reads bound for the replica (db/sql.ts, batchOfTurn). */
  replicaKey: object;
}

/** The routing of each routed handle. */
const routedHandles = new WeakMap<object, Routed>();

/** The replica's routing of a handle; null for PGlite and a single PostgreSQL URL. */
export function replicaRouting(db: object): ReplicaRouting | null {
  return routedHandles.get(db)?.routing ?? null;
}

/** The handle on the primary alone: for what must read what was just written (sessions, counts, limits). */
export function primaryOf<T extends object>(db: T): T {
  return (routedHandles.get(db)?.primary as T | undefined) ?? db;
}

/**
 * Runs `work` with this handle's reads going to the replica when it is current (decided once, for all of work's reads),
 * else to the primary. Without a replica, just runs it.
 */
export function readFromReplica<T>(db: object, work: () => Promise<T>): Promise<T> {
  const routed = routedHandles.get(db);
  if (!routed) return work();
  const store: ReadScope = { source: routed.routing.current() ? 'replica' : 'primary', open: true };
  return scope.run(store, work).finally(() => {
    store.open = false;
  });
}

/** Whether reads made here go to the replica. */
function replicaReadsHere(): ReadScope | null {
  const store = scope.getStore();
  return store?.open && store.source === 'replica' ? store : null;
}

/**
 * The key per-handle batches of reads use for `db` here: reads bound for the replica and for the primary never share a
 * statement (a request reading the primary must not get an older replica's answer, nor the reverse).
 */
export function readBatchKey<T extends object>(db: T): T {
  const routed = routedHandles.get(db);
  return routed && replicaReadsHere() ? (routed.replicaKey as T) : db;
}

/** A statement abandoned on the replica because it was held down while the statement waited. */
class HeldDown extends Error {
  constructor(cause: unknown) {
    super('the replica was held down while the statement waited', { cause });
  }
}

/** SQLSTATEs after which a statement is sent to the primary again without holding the replica at fault. */
const primaryOnly = new Set([
  // A write reached the replica (raw SQL, SELECT … FOR UPDATE, nextval, pg_notify): a standby refuses it unchanged.
  '25006',
  // A read cancelled by the standby's replay (conflict with recovery).
  '40001',
]);

function sqlState(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * SQLSTATEs of a replica that cannot serve at all, besides what core/unavailable.ts names: it refuses the login (class
 * 28), has no such database (3D000) or lacks resources (class 53). Never the statement's fault.
 */
const replicaUnusable = /^(28...|3D000|53...)$/;

/** How a failed statement on the replica is handled: sent to the primary (holding the replica down or not), or not. */
export function fallbackOf(error: unknown): 'down' | 'primary' | null {
  if (isDatabaseUnavailable(error)) return 'down';
  const state = sqlState(error);
  if (state && replicaUnusable.test(state)) return 'down';
  return state && primaryOnly.has(state) ? 'primary' : null;
}

export interface RoutingOptions {
  primary: SqlClient;
  replica: SqlClient;
  /** Makes a Drizzle handle over a client (it also sets the client's type parsers). */
  makeDb: (client: SqlClient) => object;
  /** The handle on the primary. */
  primaryDb: object;
  now?: () => number;
  log?: (line: string) => void;
  /** Checks on a timer (the server); off in tests that call check(). */
  timer?: boolean;
}

/**
 * The routed handle: a Drizzle handle whose client sends each statement where the work it belongs to may read, and
 * whose writes and transactions go to the primary. Its `$client` is the primary's for everything but `unsafe` (LISTEN,
 * reserve, begin: sessions, locks and transactions stay on the primary).
 */
export function routedHandle(opts: RoutingOptions): { db: object; routing: ReplicaRouting } {
  const { primary, replica } = opts;
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((line: string) => console.log(`[replica] ${line}`));
  let up = false;
  let caughtUpAt: number | null = null;
  let reads = 0;
  let fallbacks = 0;
  let lastError: string | null = null;
  let wasCurrent = false;
  let closed = false;
  const listeners = new Set<() => void>();
  /** Statements waiting on the replica, told when it is held down: they run on the primary instead. */
  const waiting = new Set<(error: unknown) => void>();

  const current = () => up && caughtUpAt !== null && now() - caughtUpAt <= REPLICA_MAX_LAG_MS;
  const noteChange = () => {
    const is = current();
    if (is === wasCurrent) return;
    wasCurrent = is;
    log(is ? 'reads go to the replica again' : `reads go to the primary: the replica is ${up ? 'behind' : 'down'}`);
    if (is) for (const listener of listeners) listener();
  };
  const down = (error: unknown) => {
    lastError = error instanceof Error ? error.message : String(error);
    up = false;
    noteChange();
    for (const tell of [...waiting]) tell(error);
  };

  // One PostgreSQL position, then whether the replica has replayed it; a read copy that is no standby is taken as
  // current (a logical replica, a copy: nothing to measure).
  const primaryPosition = async (): Promise<string> => {
    const rows = (await primary.unsafe('SELECT pg_current_wal_lsn()::text AS lsn')) as { lsn: string }[];
    return rows[0]!.lsn;
  };
  const replayed = async (position: string): Promise<boolean> => {
    const pending = replica.unsafe(
      'SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn() >= $1::pg_lsn AS replayed',
      [position],
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        Promise.resolve(pending.cancel()).catch(() => {});
        reject(new Error(`the replica did not answer within ${REPLICA_CHECK_TIMEOUT_MS} ms`));
      }, REPLICA_CHECK_TIMEOUT_MS);
    });
    try {
      const rows = (await Promise.race([pending, timeout])) as { standby: boolean; replayed: boolean | null }[];
      return !rows[0]!.standby || rows[0]!.replayed === true;
    } finally {
      clearTimeout(timer);
    }
  };

  let checking: Promise<void> | null = null;
  const check = (): Promise<void> => {
    checking ??= (async () => {
      const at = now();
      let position: string;
      try {
        position = await primaryPosition();
      } catch {
        // The primary is away: nothing to compare with; the replica's state stays as it was.
        return;
      }
      try {
        if (await replayed(position)) caughtUpAt = Math.max(caughtUpAt ?? 0, at);
        up = true;
        lastError = null;
        noteChange();
      } catch (error) {
        down(error);
      }
    })().finally(() => {
      checking = null;
    });
    return checking;
  };

  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (closed || opts.timer === false) return;
    timer = setTimeout(() => void check().finally(schedule), REPLICA_CHECK_MS);
    timer.unref();
  };
  schedule();

  /** One statement, on the replica first when the work may read there; on the primary again when that fails. */
  class RoutedRows implements PromiseLike<unknown> {
    private running: PendingRows | null = null;
    private cancelled = false;
    private result: Promise<unknown> | null = null;
    private mode: 'rows' | 'values' = 'rows';

    constructor(
      private readonly store: ReadScope,
      private readonly args: [string, unknown[]?, unknown?],
    ) {}

    private start(client: SqlClient): PromiseLike<unknown> {
      const pending = client.unsafe(...this.args);
      this.running = pending;
      return this.mode === 'values' ? pending.values() : pending;
    }

    /** The statement on the replica; abandoned (cancelled) when the replica is held down while it waits. */
    private onReplica(): Promise<unknown> {
      return new Promise((resolve, reject) => {
        const tell = (error: unknown) => {
          waiting.delete(tell);
          const running = this.running;
          if (running) Promise.resolve(running.cancel()).catch(() => {});
          reject(new HeldDown(error));
        };
        waiting.add(tell);
        Promise.resolve(this.start(replica)).then(
          (rows) => {
            waiting.delete(tell);
            resolve(rows);
          },
          (error: unknown) => {
            waiting.delete(tell);
            reject(error);
          },
        );
      });
    }

    private run(): Promise<unknown> {
      this.result ??= (async () => {
        if (!up) {
          this.store.source = 'primary';
          return this.start(primary);
        }
        try {
          const rows = await this.onReplica();
          reads++;
          return rows;
        } catch (error) {
          const fallback = this.cancelled ? null : error instanceof HeldDown ? 'primary' : fallbackOf(error);
          if (!fallback) throw error;
          fallbacks++;
          if (fallback === 'down') down(error);
          // The rest of the work reads the primary: after a write, its own write; after a failure, a live server.
          this.store.source = 'primary';
          return this.start(primary);
        }
      })();
      return this.result;
    }

    then<A = unknown, B = never>(
      onFulfilled?: ((value: unknown) => A | PromiseLike<A>) | null,
      onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
    ): Promise<A | B> {
      return this.run().then(onFulfilled, onRejected);
    }

    values(): Promise<unknown> {
      this.mode = 'values';
      return this.run();
    }

    cancel(): void {
      this.cancelled = true;
      this.running?.cancel();
    }
  }

  const unsafe = (...args: [string, unknown[]?, unknown?]) => {
    const store = replicaReadsHere();
    return store && up ? new RoutedRows(store, args) : primary.unsafe(...args);
  };
  const client = new Proxy(primary, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

  // The replica's client gets the type parsers Drizzle sets on a client it is made over, as the primary's has.
  opts.makeDb(replica);
  const db = opts.makeDb(client) as Record<string, unknown>;
  const primaryDb = opts.primaryDb as Record<string, (...args: unknown[]) => unknown>;
  // Writes go to the primary; the work that wrote reads the primary from then on (its own write).
  const onPrimary = (name: string, target: Record<string, unknown>) => {
    const original = target[name] as (...args: unknown[]) => unknown;
    db[name] = (...args: unknown[]) => {
      const store = scope.getStore();
      if (store) store.source = 'primary';
      return original.apply(target, args);
    };
  };
  for (const name of ['insert', 'update', 'delete', 'refreshMaterializedView']) onPrimary(name, primaryDb);
  // A transaction runs on one connection of the primary (begin), through the routed handle's own session.
  onPrimary('transaction', db);

  const routing: ReplicaRouting = {
    state: () => ({
      status: current() ? 'current' : up ? 'behind' : 'down',
      lagMs: caughtUpAt === null ? null : now() - caughtUpAt,
      reads,
      fallbacks,
      lastError,
    }),
    current,
    async caughtUp() {
      if (!current()) return;
      const deadline = now() + REPLICA_CATCH_UP_TIMEOUT_MS;
      let position: string;
      try {
        position = await primaryPosition();
      } catch {
        return;
      }
      const asked = now();
      while (current() && now() < deadline) {
        try {
          if (await replayed(position)) {
            caughtUpAt = Math.max(caughtUpAt ?? 0, asked);
            return;
          }
        } catch (error) {
          down(error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    onCurrentAgain(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    check,
    async close() {
      closed = true;
      clearTimeout(timer);
      await Promise.all([primary.end({ timeout: 5 }), replica.end({ timeout: 5 })]);
    },
  };
  routedHandles.set(db, { routing, primary: opts.primaryDb, replicaKey: {} });
  return { db, routing };
}
