// The value reads of one turn of the event loop share a statement (issue 18): a burst of unique data requests costs a
// few round trips instead of one each, and every request still gets its own values, error or cancellation.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatasetMeta } from '../../core/schemas/dataset';
import type { Database } from '../../db/client';
import { sql } from 'drizzle-orm';
import { keepValueBlocks, READS_PER_STATEMENT, selectObservations } from '../../db/queries/observations';
import { pgArray, queryRows } from '../../db/sql';
import { openDataset } from '../../db/queries/view';
import { freshDatabase } from '../setup/database';

let database: Database;
let meta: DatasetMeta;
/** One selection per country of the dataset, each read alone first: what every shared read must give back. */
let alone: Map<string, Awaited<ReturnType<typeof selectObservations>>>;

const one = (code: string) => ({ dims: {}, countries: [code] });

beforeAll(async () => {
  database = await freshDatabase('eurostat/tec00118/estat_tec00118.tsv');
  meta = (await openDataset(database.db, 'tec00118'))!.meta;
  // The statements of the database path; the blocks (decision 179) have their own tests below.
  keepValueBlocks(database.db, 0);
  alone = new Map();
  for (const { code } of meta.available_countries) {
    alone.set(code, await selectObservations(database.db, meta, one(code)));
  }
});
afterAll(() => database.close());

/** The statements the reads below send without a signal, whichever driver runs them. */
function countStatements() {
  return vi.spyOn(database.db, 'execute');
}

type Fn = (...args: unknown[]) => unknown;

/** Calls `started` as a statement is handed to the driver (with a signal, PostgreSQL's goes to postgres.js itself). */
function onStatement(started: () => void): { mockRestore(): void } {
  const target = (
    database.kind === 'postgres' ? (database.db as unknown as { $client: object }).$client : database.db
  ) as Record<string, Fn>;
  const name = database.kind === 'postgres' ? 'unsafe' : 'execute';
  const original = target[name]!.bind(target);
  return vi.spyOn(target, name).mockImplementation((...args: unknown[]) => {
    const result = original(...args);
    started();
    return result;
  });
}

describe('reads asked for in the same turn', () => {
  it('share one statement, and each gets exactly the values it would have read alone', async () => {
    const codes = meta.available_countries.slice(0, 5).map((c) => c.code);
    expect(codes.length).toBe(5);
    const statements = countStatements();
    try {
      const read = await Promise.all(codes.map((code) => selectObservations(database.db, meta, one(code))));
      expect(statements).toHaveBeenCalledTimes(1);
      codes.forEach((code, i) => {
        expect(read[i]!.length).toBeGreaterThan(0);
        expect(read[i]).toEqual(alone.get(code));
      });
    } finally {
      statements.mockRestore();
    }
  });

  it(`are split into statements of at most ${READS_PER_STATEMENT}`, async () => {
    const codes = meta.available_countries.map((c) => c.code).slice(0, READS_PER_STATEMENT + 2);
    expect(codes.length).toBe(READS_PER_STATEMENT + 2);
    const statements = countStatements();
    try {
      const read = await Promise.all(codes.map((code) => selectObservations(database.db, meta, one(code))));
      expect(statements).toHaveBeenCalledTimes(2);
      codes.forEach((code, i) => expect(read[i]).toEqual(alone.get(code)));
    } finally {
      statements.mockRestore();
    }
  });

  it('fail one by one: a read the database refuses does not take the others with it', async () => {
    const [a, b] = meta.available_countries.map((c) => c.code);
    // A period past PostgreSQL's integer range: the statement that carries it fails.
    const refused = selectObservations(database.db, meta, { ...one(a!), from: 2 ** 40 });
    const [first, second] = [
      selectObservations(database.db, meta, one(a!)),
      selectObservations(database.db, meta, one(b!)),
    ];
    await expect(refused).rejects.toMatchObject({ cause: { message: expect.stringMatching(/out of range/) } });
    expect(await first).toEqual(alone.get(a!));
    expect(await second).toEqual(alone.get(b!));
  });

  it('let a request that leaves stop waiting, before or during the statement, while the others get their values', async () => {
    const [a, b, c] = meta.available_countries.map((x) => x.code);
    const before = new AbortController();
    const during = new AbortController();
    const reads = [
      selectObservations(database.db, meta, one(a!), before.signal),
      selectObservations(database.db, meta, one(b!), during.signal),
      selectObservations(database.db, meta, one(c!)),
    ];
    before.abort();
    const statement = onStatement(() => during.abort());
    try {
      await expect(reads[0]).rejects.toMatchObject({ name: 'AbortError' });
      await expect(reads[1]).rejects.toMatchObject({ name: 'AbortError' });
      expect(await reads[2]).toEqual(alone.get(c!));
    } finally {
      statement.mockRestore();
    }
  });
});

describe('a read', () => {
  /** What the read gave before its rows left out the series' dims and the places' names: a join on both. */
  async function joined(codes: string[]) {
    const rows = await queryRows<Record<string, unknown>>(
      database.db,
      sql`SELECT s.id AS "seriesId", s.dims, o.geo, g.label AS "geoName", o.period, o.value, o.decimals, o.flags
        FROM series s JOIN observations o ON o.series_id = s.id JOIN geos g ON g.code = o.geo
        WHERE s.dataset_id = ${meta.id} AND s.freq = ${meta.frequency} AND o.geo = ANY(${pgArray(codes)}::text[])
          AND ${sql.join(
            meta.dimensions.map((d, i) => sql`s.dims[${i + 1}] = ${d.default}`),
            sql` AND `,
          )}
        ORDER BY s.id, o.period, g.label COLLATE "C"`,
    );
    return rows.map((r) => ({ ...r, seriesId: Number(r.seriesId), period: Number(r.period) }));
  }

  it('gives every value with its series dims and place name, ordered by series, period and place name', async () => {
    // Codes whose order differs from their names' (EL Greece, DE Germany, CZ Czechia).
    const codes = ['EL', 'DE', 'CZ', 'FR'].filter((c) => meta.available_countries.some((a) => a.code === c));
    expect(codes.length).toBeGreaterThanOrEqual(3);
    const rows = await selectObservations(database.db, meta, { dims: {}, countries: codes });
    expect(rows.length).toBeGreaterThan(codes.length);
    expect(rows).toEqual(await joined(codes));
  });

  it('names a place its dataset version does not list from the places table, and leaves out one no table knows', async () => {
    const [first, second] = meta.available_countries;
    // The metadata of a version that did not list the second place (as a value as it stood before may show).
    const older = { ...meta, available_countries: meta.available_countries.filter((c) => c.code !== second!.code) };
    const rows = await selectObservations(database.db, older, { dims: {}, countries: [first!.code, second!.code] });
    expect(rows).toEqual(await joined([first!.code, second!.code]));
    expect(rows.some((r) => r.geo === second!.code && r.geoName === second!.name)).toBe(true);

    const { seriesId, period } = (await joined([first!.code]))[0]!;
    await database.db.execute(
      sql`INSERT INTO observations (series_id, geo, period, value) VALUES (${seriesId}, 'QQ', ${period}, 1)`,
    );
    try {
      const withUnknown = await selectObservations(database.db, meta, { dims: {}, countries: [first!.code, 'QQ'] });
      expect(withUnknown).toEqual(await joined([first!.code]));
    } finally {
      await database.db.execute(sql`DELETE FROM observations WHERE geo = 'QQ'`);
    }
  });

  it("reads its dataset version's series dims once per version (the one memo), a copy's each time", async () => {
    const statements = countStatements();
    try {
      await selectObservations(database.db, meta, one(meta.available_countries[0]!.code));
      expect(statements).toHaveBeenCalledTimes(1);
      statements.mockClear();
      // Metadata that is not the memoised object carries no version: its index is read with its values.
      await selectObservations(database.db, { ...meta }, one(meta.available_countries[0]!.code));
      expect(statements).toHaveBeenCalledTimes(2);
      statements.mockClear();
      // An import moves the version (updated_at): the new metadata's index is read once, then kept.
      await database.db.execute(sql`UPDATE datasets SET updated_at = now() WHERE id = ${meta.id}`);
      const next = (await openDataset(database.db, 'tec00118'))!.meta;
      expect(next).not.toBe(meta);
      statements.mockClear();
      for (let i = 0; i < 2; i++) await selectObservations(database.db, next, one(next.available_countries[0]!.code));
      expect(statements).toHaveBeenCalledTimes(3);
    } finally {
      statements.mockRestore();
    }
  });

  it('gives the dims of a series added after its dataset version was read', async () => {
    const version = (await openDataset(database.db, 'tec00118'))!.meta;
    const first = meta.dimensions[0]!;
    const everyFirst = { dims: { [first.key]: '*' as const }, countries: [meta.available_countries[0]!.code] };
    const before = await selectObservations(database.db, version, everyFirst);
    const dims = meta.dimensions.map((d, i) => (i === 0 ? 'ADDED' : d.default));
    const [added] = await queryRows<{ id: number }>(
      database.db,
      sql`INSERT INTO series (dataset_id, freq, dims) VALUES (${meta.id}, ${meta.frequency}, ${pgArray(dims)}::text[])
        RETURNING id`,
    );
    const seriesId = Number(added!.id);
    try {
      await database.db.execute(
        sql`INSERT INTO observations (series_id, geo, period, value) VALUES (${seriesId}, ${meta.available_countries[0]!.code}, ${before[0]!.period}, 7)`,
      );
      const after = await selectObservations(database.db, version, everyFirst);
      expect(after.length).toBe(before.length + 1);
      expect(after.find((r) => r.seriesId === seriesId)).toMatchObject({ dims, value: 7 });
    } finally {
      await database.db.execute(sql`DELETE FROM series WHERE id = ${seriesId}`);
    }
  });
});
