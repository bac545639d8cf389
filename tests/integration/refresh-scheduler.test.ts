// The scheduler inside the app: at its time (Europe/Luxembourg) it runs one refresh; without internet it logs one line
// per attempt, records the failure and retries after the back-off, never throwing; two schedulers on one database do
// each scheduled refresh once.
import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { refreshState } from '../../db/schema';
import { parseSchedule } from '../../server/refresh/schedule';
import { startScheduler } from '../../server/refresh/scheduler';
import { freshDatabase } from '../setup/database';
import { startEurostatPeer, type EurostatPeer } from '../setup/eurostat-peer';
import { until } from '../setup/until';

let database: Database;
let peer: EurostatPeer;

beforeAll(async () => {
  database = await freshDatabase();
  peer = await startEurostatPeer({ datasets: ['tec00118'] });
});
afterAll(async () => {
  await peer?.close();
  await database?.close();
});

/** A local port that was free a moment ago and is closed now. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const schedule = parseSchedule('11:15,23:15')!;

/** A clock that reads `start` now and runs at real speed from there. */
function clockFrom(start: string): () => Date {
  const offset = new Date(start).getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}

describe('refresh scheduler', () => {
  it('without internet: one log line per attempt, the failure recorded, the next attempt after the back-off', async () => {
    const lines: string[] = [];
    // 11:14:59 in Luxembourg (winter, UTC+1): the 11:15 refresh is one second away.
    const now = clockFrom('2026-01-15T10:14:59Z');
    const scheduler = startScheduler({
      db: database.db,
      schedule,
      // A port nobody listens on refuses connections: what a machine without internet sees, without the internet.
      refresh: { baseUrl: `http://127.0.0.1:${await closedPort()}/eurostat/api/dissemination` },
      log: (line) => lines.push(line),
      now,
    });
    try {
      await until(() => scheduler.nextRunAt()?.toISOString() === '2026-01-15T10:15:00.000Z', 'the plan');
      await until(() => lines.length > 0, 'the refresh');
      const [state] = await database.db.select().from(refreshState).where(eq(refreshState.id, 1));
      expect(state).toMatchObject({ status: 'failed', failures: 1 });
      // The scheduler plans again after the run: the retry (5 minutes later) comes before the next scheduled time
      // (23:15). Waited for rather than given a fixed time, which a busy machine can overrun.
      await until(() => scheduler.nextRunAt()?.getTime() === state!.retryAt!.getTime(), 'the plan after the failure');
      // Planned, the scheduler sleeps until the retry: the one attempt made one line.
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^refresh failed: could not reach Eurostat's table of contents .*ECONNREFUSED.*; next attempt 2026-01-15T10:20:0/,
      );
    } finally {
      scheduler.stop();
    }
  });

  it('two schedulers on one database run each scheduled refresh once', async () => {
    const lines: string[] = [];
    const now = clockFrom('2026-07-15T21:14:59Z'); // 23:14:59 in Luxembourg (summer, UTC+2)
    await database.db.update(refreshState).set({ status: 'succeeded', failures: 0, retryAt: null });
    const start = () =>
      startScheduler({ db: database.db, schedule, refresh: { baseUrl: peer.url }, log: (l) => lines.push(l), now });
    const [a, b] = [start(), start()];
    try {
      await until(() => lines.length > 0, 'the refresh');
      await until(async () => {
        const [state] = await database.db.select().from(refreshState);
        return state?.status === 'succeeded';
      }, 'the refresh to finish');
      await until(
        () => [a, b].every((s) => s.nextRunAt()?.toISOString() === '2026-07-16T09:15:00.000Z'),
        'both to plan the next day',
      );
      // The table of contents read is also applied to the catalogue list (decision 188).
      expect(lines).toEqual([
        'refresh: 0 dataset(s) checked; nothing changed at the source; catalogue: 1 datasets and tables in 1 folders, 1 new',
      ]);
      expect(peer.requests.map((r) => r.path)).toEqual(['/catalogue/toc/txt']);
    } finally {
      a.stop();
      b.stop();
    }
  });
});
