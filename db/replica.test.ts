// The read replica's routing (decision 218) with two stand-in PostgreSQL clients under a real Drizzle handle: which
// statements go where, the fallback to the primary, the replica left out while down or behind and read again.
import { drizzle } from 'drizzle-orm/postgres-js';
import { describe, expect, it, vi } from 'vitest';
import {
  fallbackOf,
  primaryOf,
  readBatchKey,
  readFromReplica,
  REPLICA_CHECK_TIMEOUT_MS,
  REPLICA_MAX_LAG_MS,
  replicaRouting,
  routedHandle,
  type SqlClient,
} from './replica';
import * as schema from './schema';
import type { Db } from './client';

interface Fake extends SqlClient {
  /** The statements this client ran (the routing's own checks apart). */
  ran: string[];
  /** How it answers: rows, a refused connection, a standby's refusal of a write, or never (a frozen host). */
  mode: 'ok' | 'down' | 'read-only' | 'hang';
  /** Statements cancelled on it. */
  cancelled: number;
  /** A standby's answer to "have you replayed this position?". */
  replayed: boolean;
}

function fakeClient(name: string): Fake {
  const run = (query: string): Promise<unknown> => {
    if (fake.mode === 'hang') return new Promise(() => {});
    if (fake.mode === 'down') {
      return Promise.reject(Object.assign(new Error(`connect ECONNREFUSED ${name}`), { code: 'ECONNREFUSED' }));
    }
    if (query.includes('pg_current_wal_lsn')) return Promise.resolve([{ lsn: '0/10' }]);
    if (query.includes('pg_is_in_recovery')) return Promise.resolve([{ standby: true, replayed: fake.replayed }]);
    fake.ran.push(query);
    if (fake.mode === 'read-only' && /^(insert|update|delete|select pg_notify)/i.test(query)) {
      return Promise.reject(Object.assign(new Error('cannot execute in a read-only transaction'), { code: '25006' }));
    }
    return Promise.resolve([[name]]);
  };
  const pending = (query: string) => {
    let result: Promise<unknown> | null = null;
    const go = () => (result ??= run(query));
    return {
      then: (f: (v: unknown) => unknown, r: (e: unknown) => unknown) => go().then(f, r),
      values: () => go(),
      cancel: () => {
        fake.cancelled += 1;
      },
    };
  };
  const fake = Object.assign(() => undefined, {
    ran: [] as string[],
    mode: 'ok' as Fake['mode'],
    cancelled: 0,
    replayed: true,
    unsafe: (query: string) => pending(query),
    end: async () => {},
    options: { parsers: {}, serializers: {} },
    begin: async (work: (sql: unknown) => Promise<unknown>) => work(fake),
  });
  return fake as unknown as Fake;
}

function setup() {
  const primary = fakeClient('primary');
  const replica = fakeClient('replica');
  let clock = 1_000_000;
  const make = (client: SqlClient) => drizzle(client as never, { schema });
  const primaryDb = make(primary);
  const { db, routing } = routedHandle({
    primary,
    replica,
    makeDb: make,
    primaryDb,
    now: () => clock,
    log: () => {},
    timer: false,
  });
  const routed = db as Db;
  /** Where a plain read went: the client's name in its one row. */
  const source = async (handle: Db = routed) =>
    ((await handle.select({ name: schema.datasets.code }).from(schema.datasets)) as { name: string }[])[0]!.name;
  return {
    primary,
    replica,
    routing,
    db: routed,
    primaryDb,
    source,
    tick: (ms: number) => (clock += ms),
  };
}

describe('reads routed to a replica', () => {
  it('reads the primary until a check finds the replica current, and outside readFromReplica always', async () => {
    const t = setup();
    expect(await readFromReplica(t.db, () => t.source())).toBe('primary');
    await t.routing.check();
    expect(t.routing.state().status).toBe('current');
    expect(await readFromReplica(t.db, () => t.source())).toBe('replica');
    expect(await t.source()).toBe('primary');
    expect(replicaRouting(t.db)).toBe(t.routing);
    // The handle on the primary alone, for sessions and counts, even inside.
    expect(primaryOf(t.db)).toBe(t.primaryDb);
    expect(await readFromReplica(t.db, () => t.source(primaryOf(t.db)))).toBe('primary');
  });

  it('sends writes and transactions to the primary, and the rest of the work after them', async () => {
    const t = setup();
    await t.routing.check();
    const seen = await readFromReplica(t.db, async () => {
      const before = await t.source();
      await t.db.insert(schema.redirects).values({ fromPath: '/a', target: '/b' });
      return [before, await t.source()];
    });
    expect(seen).toEqual(['replica', 'primary']);
    expect(t.primary.ran.some((q) => q.startsWith('insert'))).toBe(true);
    expect(t.replica.ran.some((q) => q.startsWith('insert'))).toBe(false);
  });

  it('sends a write the replica refuses (raw SQL) to the primary without leaving the replica out', async () => {
    const t = setup();
    await t.routing.check();
    t.replica.mode = 'read-only';
    const after = await readFromReplica(t.db, async () => {
      await t.db.execute('SELECT pg_notify(1)' as never);
      return t.source();
    });
    expect(after).toBe('primary');
    expect(t.primary.ran).toContain('SELECT pg_notify(1)');
    expect(t.routing.state()).toMatchObject({ status: 'current', fallbacks: 1 });
  });

  it('answers from the primary when the replica fails, then leaves it out without trying it until it is back', async () => {
    const t = setup();
    await t.routing.check();
    t.replica.mode = 'down';
    expect(await readFromReplica(t.db, () => t.source())).toBe('primary');
    expect(t.routing.state()).toMatchObject({ status: 'down', fallbacks: 1 });
    expect(t.routing.state().lastError).toContain('ECONNREFUSED');
    const tried = t.replica.ran.length;
    expect(await readFromReplica(t.db, () => t.source())).toBe('primary');
    expect(t.replica.ran.length).toBe(tried);
    // Back and current: read again, and whoever kept answers from the primary meanwhile hears of it.
    let heard = 0;
    t.routing.onCurrentAgain(() => heard++);
    t.replica.mode = 'ok';
    await t.routing.check();
    expect(heard).toBe(1);
    expect(await readFromReplica(t.db, () => t.source())).toBe('replica');
  });

  it('holds down a replica that stops answering, and sends the statements waiting on it to the primary', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const t = setup();
      await t.routing.check();
      t.replica.mode = 'hang';
      // A read that started while the replica was current waits on it, as does the next check.
      const read = readFromReplica(t.db, () => t.source());
      const check = t.routing.check();
      await vi.advanceTimersByTimeAsync(REPLICA_CHECK_TIMEOUT_MS - 1);
      expect(t.routing.state().status).toBe('current');
      await vi.advanceTimersByTimeAsync(1);
      await check;
      expect(t.routing.state().status).toBe('down');
      expect(t.routing.state().lastError).toContain('did not answer');
      expect(await read).toBe('primary');
      // Both statements left on the frozen host were cancelled; the next reads do not try it.
      expect(t.replica.cancelled).toBe(2);
      expect(await readFromReplica(t.db, () => t.source())).toBe('primary');
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves out a replica that has not caught up for longer than the allowed lag', async () => {
    const t = setup();
    await t.routing.check();
    t.replica.replayed = false;
    t.tick(REPLICA_MAX_LAG_MS - 100);
    await t.routing.check();
    expect(await readFromReplica(t.db, () => t.source())).toBe('replica');
    t.tick(200);
    await t.routing.check();
    expect(t.routing.state().status).toBe('behind');
    expect(await readFromReplica(t.db, () => t.source())).toBe('primary');
    t.replica.replayed = true;
    await t.routing.check();
    expect(await readFromReplica(t.db, () => t.source())).toBe('replica');
  });

  it('waits for the replica to replay the primary’s position before a release goes on', async () => {
    const t = setup();
    await t.routing.check();
    t.replica.replayed = false;
    let done = false;
    const waiting = t.routing.caughtUp().then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(done).toBe(false);
    t.replica.replayed = true;
    await waiting;
    expect(done).toBe(true);
  });

  it('reads the primary for what the work left running after it ended', async () => {
    const t = setup();
    await t.routing.check();
    let later: Promise<string> | undefined;
    await readFromReplica(t.db, async () => {
      later = new Promise((resolve) => setTimeout(resolve, 10)).then(() => t.source());
      expect(readBatchKey(t.db)).not.toBe(t.db);
    });
    expect(await later).toBe('primary');
    expect(readBatchKey(t.db)).toBe(t.db);
  });

  it('tells which failures send a statement to the primary', () => {
    expect(fallbackOf(Object.assign(new Error('x'), { code: 'CONNECTION_CLOSED' }))).toBe('down');
    expect(fallbackOf(Object.assign(new Error('x'), { code: '57P01' }))).toBe('down');
    expect(fallbackOf(Object.assign(new Error('no such database'), { code: '3D000' }))).toBe('down');
    expect(fallbackOf(Object.assign(new Error('password'), { code: '28P01' }))).toBe('down');
    expect(fallbackOf(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '25006' }) }))).toBe(
      'primary',
    );
    expect(fallbackOf(Object.assign(new Error('x'), { code: '40001' }))).toBe('primary');
    expect(fallbackOf(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(null);
    expect(fallbackOf(Object.assign(new Error('cancelled'), { code: '57014' }))).toBe(null);
  });
});
