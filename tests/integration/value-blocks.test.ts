// Unique queries read their places' values from blocks kept per dataset version (decision 179, issue 18): the same
// rows as the database read, in the same order, without a statement once a place was read, and read again after an
// import.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatasetMeta } from '../../core/schemas/dataset';
import type { Database } from '../../db/client';
import {
  BLOCK_MOST_PLACES,
  BLOCK_MOST_VALUES,
  BLOCKS_KEPT,
  keepValueBlocks,
  mostValues,
  selectObservations,
  type DataSelection,
} from '../../db/queries/observations';
import { openDataset } from '../../db/queries/view';
import { importFile } from '../../server/import/runner';
import { freshDatabase, importSample, mirror } from '../setup/database';
import { TEST_GEOS, trimTsv } from '../setup/eurostat-peer';

const HICP = 'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv';
let database: Database;
let hicp: DatasetMeta;

beforeAll(async () => {
  database = await freshDatabase(HICP, 'eurostat/tec00118/estat_tec00118.tsv');
  hicp = await metaOf('prc_hicp_manr');
});
afterAll(() => database.close());
// Each test starts with the default limit (blocks kept by earlier tests stay; a test that needs none makes a new version).
beforeEach(() => keepValueBlocks(database.db, BLOCKS_KEPT));

async function metaOf(code: string): Promise<DatasetMeta> {
  return (await openDataset(database.db, code))!.meta;
}

/** The database read of the same selection: a copy of the metadata carries no version, so nothing is kept for it. */
function fromDatabase(meta: DatasetMeta, sel: DataSelection, limit?: number) {
  return selectObservations(database.db, { ...meta }, sel, undefined, limit);
}

function countStatements() {
  return vi.spyOn(database.db, 'execute');
}

/** A fresh handle on the same data would have no blocks: a new version does the same here (updated_at moves). */
async function newVersion(code: string): Promise<DatasetMeta> {
  await database.db.execute(sql`UPDATE datasets SET updated_at = now() WHERE code = ${code}`);
  return metaOf(code);
}

describe('a selection of named places', () => {
  it('gives exactly the rows of the database read, in its order, for every shape of selection', async () => {
    const tec = await metaOf('tec00118');
    const codes = hicp.available_countries.map((c) => c.code);
    // Codes whose order differs from their names' (EL Greece, DE Germany, CZ Czechia), an aggregate, a repeat.
    const named = ['EL', 'DE', 'CZ', 'EA20', 'DE'];
    const selections: [DatasetMeta, DataSelection][] = [
      [hicp, { dims: {}, countries: named }],
      [hicp, { dims: { coicop: ['CP00', 'CP01'] }, countries: ['FR', 'IT'] }],
      [hicp, { dims: { coicop: '*' }, countries: ['AT', 'US', 'XK'], from: 2020 * 12 }],
      [tec, { dims: { coicop: '*', unit: '*' }, countries: ['AT', 'US', 'XK'] }],
      [hicp, { dims: {}, countries: named, from: 2020 * 12 + 2, to: 2022 * 12 + 9 }],
      [hicp, { dims: {}, countries: codes.slice(0, 12) }],
      [hicp, { dims: {}, countries: ['DE', 'QQ'] }],
      [tec, { dims: {}, countries: tec.available_countries.map((c) => c.code) }],
    ];
    for (const [meta, sel] of selections) {
      expect(await selectObservations(database.db, meta, sel)).toEqual(await fromDatabase(meta, sel));
    }
    // Every row has a value or flags of the dataset: the comparison above compared something.
    expect((await fromDatabase(hicp, { dims: {}, countries: named })).length).toBeGreaterThan(4 * 300);
  });

  it('costs no statement for any set of places already read, whatever its period range', async () => {
    const codes = hicp.available_countries.slice(0, 6).map((c) => c.code);
    await selectObservations(database.db, hicp, { dims: {}, countries: codes });
    const sets = [codes.slice(0, 3), codes.slice(2, 5), [codes[5]!, codes[0]!]];
    const selections = sets.map((set) => ({ dims: {}, countries: set, from: 2015 * 12, to: 2019 * 12 + 11 }));
    const expected = await Promise.all(selections.map((sel) => fromDatabase(hicp, sel)));
    const statements = countStatements();
    try {
      for (const [i, sel] of selections.entries()) {
        const rows = await selectObservations(database.db, hicp, sel);
        expect(rows.length).toBeGreaterThan(sel.countries.length * 50);
        expect(rows).toEqual(expected[i]);
      }
      expect(statements).toHaveBeenCalledTimes(0);
    } finally {
      statements.mockRestore();
    }
  });

  it('stops at the limit as the database read does', async () => {
    const sel = { dims: {}, countries: ['DE', 'FR'] };
    const all = await selectObservations(database.db, hicp, sel);
    const cut = await selectObservations(database.db, hicp, sel, undefined, 100);
    expect(cut).toHaveLength(100);
    expect((await fromDatabase(hicp, sel, 100)).length).toBe(100);
    expect(all.length).toBeGreaterThan(100);
  });

  it('shares frozen rows: a caller that changes one fails instead of changing every later answer', async () => {
    const [row] = await selectObservations(database.db, hicp, { dims: {}, countries: ['DE'] });
    expect(() => {
      (row as { value: number | null }).value = 0;
    }).toThrow(TypeError);
  });

  it('reads the values again after an import (a new version), while the old version keeps its own', async () => {
    const before = await selectObservations(database.db, hicp, { dims: {}, countries: ['DE'] });
    const [first] = before;
    await database.db.execute(
      sql`UPDATE observations SET value = 12345.5 WHERE series_id = ${first!.seriesId} AND geo = 'DE' AND period = ${first!.period}`,
    );
    try {
      expect(await selectObservations(database.db, hicp, { dims: {}, countries: ['DE'] })).toEqual(before);
      const next = await newVersion('prc_hicp_manr');
      const after = await selectObservations(database.db, next, { dims: {}, countries: ['DE', 'FR'] });
      expect(after.find((r) => r.geo === 'DE' && r.period === first!.period)?.value).toBe(12345.5);
    } finally {
      await importSample(database, HICP);
      hicp = await metaOf('prc_hicp_manr');
    }
    const again = await selectObservations(database.db, hicp, { dims: {}, countries: ['DE'] });
    expect(again.find((r) => r.period === first!.period)?.value).toBe(first!.value);
  });

  it('keeps at most VALUE_BLOCKS blocks, the least recently used going first', async () => {
    hicp = await newVersion('prc_hicp_manr');
    keepValueBlocks(database.db, 2);
    const read = (geo: string) => selectObservations(database.db, hicp, { dims: {}, countries: [geo] });
    await read('DE');
    await read('FR');
    await read('DE');
    await read('IT');
    const statements = countStatements();
    try {
      await read('DE');
      expect(statements).toHaveBeenCalledTimes(0);
      await read('FR');
      expect(statements).toHaveBeenCalledTimes(1);
    } finally {
      statements.mockRestore();
    }
  });

  it('lets a request that leaves stop waiting, and keeps the block it started for the next', async () => {
    hicp = await newVersion('prc_hicp_manr');
    const leaving = new AbortController();
    const read = selectObservations(database.db, hicp, { dims: {}, countries: ['PT'] }, leaving.signal);
    leaving.abort();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const statements = countStatements();
    try {
      const rows = await selectObservations(database.db, hicp, { dims: {}, countries: ['PT'] });
      expect(rows.length).toBeGreaterThan(300);
      expect(statements).toHaveBeenCalledTimes(0);
    } finally {
      statements.mockRestore();
    }
  });
});

describe('the database answers', () => {
  async function statementsFor(meta: DatasetMeta, sel: DataSelection): Promise<number> {
    await selectObservations(database.db, meta, sel);
    const statements = countStatements();
    try {
      await selectObservations(database.db, meta, sel);
      return statements.mock.calls.length;
    } finally {
      statements.mockRestore();
    }
  }

  it('a selection of more values a place than a block holds, of every or many places, or as of a time, each time', async () => {
    // une_rt_m's series of a few places (the whole file is 491,226 values): every series of one place over 509 months.
    const whole = await readFile(path.join(mirror, 'eurostat/une_rt_m/une_rt_m.tsv'));
    await importFile(database.db, { fileName: 'une_rt_m.tsv', bytes: trimTsv(whole, TEST_GEOS), code: 'une_rt_m' });
    const une = await metaOf('une_rt_m');
    const everySeries = {
      dims: Object.fromEntries(une.dimensions.map((d) => [d.key, '*' as const])),
      countries: ['DE'],
    };
    expect(mostValues(une, everySeries)).toBeGreaterThan(BLOCK_MOST_VALUES);
    expect(await statementsFor(une, everySeries)).toBeGreaterThan(0);
    expect(await statementsFor(hicp, { dims: {} })).toBeGreaterThan(0);
    const many = hicp.available_countries.map((c) => c.code).slice(0, BLOCK_MOST_PLACES + 1);
    expect(many).toHaveLength(BLOCK_MOST_PLACES + 1);
    expect(await statementsFor(hicp, { dims: {}, countries: many })).toBeGreaterThan(0);
    expect(await statementsFor(hicp, { dims: {}, countries: ['DE'], asOf: new Date() })).toBeGreaterThan(0);
  });

  it('every selection when VALUE_BLOCKS is 0', async () => {
    keepValueBlocks(database.db, 0);
    expect(await statementsFor(hicp, { dims: {}, countries: ['DE', 'FR'] })).toBeGreaterThan(0);
  });
});
