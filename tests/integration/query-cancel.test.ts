// Work stops when the client disconnects (issue 18): a request's signal reaches the statement that reads its values.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { loadView, openDataset } from '../../db/queries/view';
import { queryRows } from '../../db/sql';
import { freshDatabase } from '../setup/database';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase('eurostat/tec00118/estat_tec00118.tsv');
});
afterAll(() => database.close());

const sleepers = () =>
  queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::integer AS n FROM pg_stat_activity
      WHERE state = 'active' AND query LIKE 'SELECT pg_sleep(%' AND pid <> pg_backend_pid()`,
  );

describe('a request that is abandoned', () => {
  it('starts no statement once its client has gone', async () => {
    const gone = AbortSignal.abort();
    await expect(queryRows(database.db, sql`SELECT pg_sleep(30)`, gone)).rejects.toMatchObject({ name: 'AbortError' });
    if (database.kind === 'postgres') expect((await sleepers())[0]!.n).toBe(0);
  });

  it('cancels the statement that is running on PostgreSQL; PGlite, in this thread, finishes it', async () => {
    const controller = new AbortController();
    if (database.kind === 'postgres') {
      const running = queryRows(database.db, sql`SELECT pg_sleep(30)`, controller.signal);
      // Cancel once PostgreSQL is running it: a cancel that arrives first would cancel nothing.
      await expect.poll(async () => (await sleepers())[0]!.n, { interval: 20, timeout: 10_000 }).toBe(1);
      controller.abort();
      await expect(running).rejects.toMatchObject({ code: '57014' }); // query_canceled
      expect((await sleepers())[0]!.n).toBe(0);
    } else {
      const running = queryRows<{ done: boolean }>(
        database.db,
        sql`SELECT pg_sleep(0.2) IS NOT NULL AS done`,
        controller.signal,
      );
      controller.abort();
      expect(await running).toEqual([{ done: true }]);
    }
  });

  it('stops a view whose read was cancelled with the loader’s checkpoint, not the database error', async () => {
    const { meta } = (await openDataset(database.db, 'tec00118'))!;
    const gone = AbortSignal.abort();
    class Gone extends Error {}
    const view = loadView(
      database.db,
      meta,
      { dims: {} },
      {
        maxValues: 1_000,
        signal: gone,
        checkpoint: () => {
          if (gone.aborted) throw new Gone();
        },
      },
    );
    await expect(view).rejects.toBeInstanceOf(Gone);
    // Without a signal the same view reads its values.
    const read = await loadView(database.db, meta, { dims: {} }, { maxValues: 1_000 });
    expect(read.rows.length).toBeGreaterThan(0);
  });
});
