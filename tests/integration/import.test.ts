// The import runner on a real database: exact values, idempotent re-import, atomic failure, revisions.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { importRuns, observations, revisions } from '../../db/schema';
import { queryRows } from '../../db/sql';
import { Observations } from '../../server/import/observations';
import { parseFile } from '../../server/import/parsers';
import { importFile } from '../../server/import/runner';
import { storeParsed } from '../../server/import/store';
import { databaseWithGeos, importSample, mirror } from '../setup/database';
import { TEST_GEOS, trimTsv } from '../setup/eurostat-peer';

const hicp = 'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv';
let database: Database;

beforeEach(async () => {
  database = await databaseWithGeos();
});
afterEach(() => database.close());

async function valueOf(code: string, geo: string, period: number, dims: string[]) {
  const rows = await queryRows<{ value: number | null; flags: string | null; decimals: number | null }>(
    database.db,
    sql`SELECT o.value, o.flags, o.decimals FROM observations o JOIN series s ON s.id = o.series_id
      JOIN datasets d ON d.id = s.dataset_id
      WHERE d.code = ${code} AND s.dims = ${`{${dims.join(',')}}`}::text[] AND o.geo = ${geo} AND o.period = ${period}`,
  );
  return rows[0];
}

async function observationCount() {
  const [row] = await database.db.select({ n: count() }).from(observations);
  return row!.n;
}

const oct2022 = 2022 * 12 + 9;

/** A refused file changes nothing, as the dataset's first import or as a later release of the HICP sample. */
async function refusedFirstAndLater(attempt: () => Promise<unknown>, refusal: string) {
  await expect(attempt()).rejects.toThrow(refusal);
  expect(await observationCount()).toBe(0);
  await importSample(database, hicp);
  const before = await observationCount();
  await expect(attempt()).rejects.toThrow(refusal);
  expect(await observationCount()).toBe(before);
  expect(await valueOf('prc_hicp_manr', 'DE', oct2022, ['RCH_A', 'CP00'])).toMatchObject({ value: 11.6 });
}

describe('importing a release', () => {
  it('stores every value and flag exactly as published', async () => {
    const summary = await importSample(database, hicp);
    expect(summary).toMatchObject({ code: 'prc_hicp_manr', values: 59_822, added: 59_846, changed: 0, removed: 0 });
    expect(await valueOf('prc_hicp_manr', 'DE', oct2022, ['RCH_A', 'CP00'])).toEqual({
      value: 11.6,
      flags: null,
      decimals: 1,
    });
    expect(await valueOf('prc_hicp_manr', 'EE', oct2022, ['RCH_A', 'CP00'])).toMatchObject({ value: 22.5 });
    expect(await valueOf('prc_hicp_manr', 'DE', 2025 * 12 + 4, ['RCH_A', 'CP00'])).toEqual({
      value: 2.1,
      flags: 'e',
      decimals: 1,
    });
    const confidential = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM observations WHERE value IS NULL AND flags = '@C'`,
    );
    expect(confidential[0]!.n).toBe(24);
  });

  it('changes nothing when the same release is imported again, in either format', async () => {
    await importSample(database, hicp);
    const before = await observationCount();
    const again = await importSample(database, hicp);
    expect(again).toMatchObject({ added: 0, changed: 0, removed: 0 });
    const csv = await importSample(database, 'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered_en.csv');
    expect(csv).toMatchObject({ code: 'prc_hicp_manr', added: 0, changed: 0, removed: 0 });
    expect(await observationCount()).toBe(before);
    const [revs] = await database.db.select({ n: count() }).from(revisions);
    expect(revs!.n).toBe(0);
  });

  it('dates a TSV by the release it is told (the format has none) and a CSV by its own LAST UPDATE', async () => {
    const lastUpdate = async () =>
      (
        await queryRows<{ t: string }>(
          database.db,
          sql`SELECT to_char(last_update AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS t
            FROM datasets WHERE code = 'prc_hicp_manr'`,
        )
      )[0]!.t;
    const bytes = await readFile(path.join(mirror, hicp));
    const released = new Date('2025-06-03T11:00:00Z');
    await importFile(database.db, { fileName: path.basename(hicp), bytes, code: 'prc_hicp_manr', released });
    expect(await lastUpdate()).toBe('2025-06-03T11:00:00Z');
    const runs = await database.db.select().from(importRuns);
    expect(runs.map((r) => r.releaseDate?.toISOString())).toEqual(['2025-06-03T11:00:00.000Z']);
    // The label CSV of the same release says LAST UPDATE 03/06/25 11:00:00 itself: nothing moves.
    await importSample(database, 'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered_en.csv');
    expect(await lastUpdate()).toBe('2025-06-03T11:00:00Z');
    // A stated release never overrides the file's own: the CSV's LAST UPDATE wins over a wrong --released.
    const csv = 'eurostat/tec00115/estat_tec00115_filtered_en.csv';
    await importFile(database.db, {
      fileName: path.basename(csv),
      bytes: await readFile(path.join(mirror, csv)),
      released: new Date('2000-01-01T00:00:00Z'),
    });
    const tec = await queryRows<{ t: string }>(
      database.db,
      sql`SELECT to_char(last_update AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS t FROM datasets WHERE code = 'tec00115'`,
    );
    expect(tec[0]!.t).toBe('2025-06-13 11:00');
  });

  it('imports the regional GDP file in both layouts to the same values', async () => {
    const tsv = await importSample(database, 'eurostat/nama_10r_3gdp/nama_10r_3gdp.tsv.gz');
    expect(tsv).toMatchObject({ code: 'nama_10r_3gdp', values: 253_544 });
    expect(await valueOf('nama_10r_3gdp', 'DE', 2021, ['MIO_EUR'])).toEqual({
      value: 3601750,
      flags: 'p',
      decimals: 0,
    });
    expect(await valueOf('nama_10r_3gdp', 'EU27_2020', 2021, ['MIO_EUR'])).toMatchObject({ value: 14524808 });
    const csv = await importSample(database, 'eurostat/nama_10r_3gdp/nama_10r_3gdp_linear.csv.gz');
    expect(csv).toMatchObject({ code: 'nama_10r_3gdp', added: 0, changed: 0, removed: 0 });
  });

  it('leaves the database as it was when a file fails half-way, and names the file and line', async () => {
    await importSample(database, hicp);
    const before = await observationCount();
    const text = await readFile(path.join(mirror, hicp), 'utf8');
    const lines = text.split('\r\n');
    lines[150] = lines[150]!.replace(/\t[0-9.]+ /, '\t1x.3 ');
    const bytes = Buffer.from(lines.join('\r\n'));
    await expect(importFile(database.db, { fileName: 'corrupt.tsv', bytes, code: 'prc_hicp_manr' })).rejects.toThrow(
      /^corrupt\.tsv:151: invalid value "1x\.3"/,
    );
    expect(await observationCount()).toBe(before);
    const failed = await database.db.select().from(importRuns).where(eq(importRuns.status, 'failed'));
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error).toContain('corrupt.tsv:151');
  });

  it('records every changed and removed value of a newer release', async () => {
    await importSample(database, hicp);
    const text = await readFile(path.join(mirror, hicp), 'utf8');
    const lines = text.split('\r\n');
    const de = lines.findIndex((l) => l.startsWith('M,RCH_A,CP00,DE\t'));
    const header = lines[0]!.split('\t');
    const octCol = header.findIndex((h) => h.trim() === '2022-10');
    const sepCol = header.findIndex((h) => h.trim() === '2022-09');
    const cells = lines[de]!.split('\t');
    expect(cells[octCol]).toBe('11.6 ');
    cells[octCol] = '11.7 p';
    cells[sepCol] = ': ';
    lines[de] = cells.join('\t');
    const summary = await importFile(database.db, {
      fileName: 'newer.tsv',
      bytes: Buffer.from(lines.join('\r\n')),
      code: 'prc_hicp_manr',
    });
    expect(summary).toMatchObject({ added: 0, changed: 1, removed: 1 });
    const revs = await database.db.select().from(revisions).orderBy(revisions.kind);
    expect(revs.map((r) => [r.kind, r.geo, r.period, r.oldValue, r.oldFlags, r.newValue, r.newFlags])).toEqual([
      ['changed', 'DE', oct2022, 11.6, null, 11.7, 'p'],
      ['removed', 'DE', oct2022 - 1, 10.9, null, null, null],
    ]);
    const [run] = await database.db.select().from(importRuns).where(eq(importRuns.id, summary.runId));
    expect(run).toMatchObject({ status: 'succeeded', added: 0, changed: 1, removed: 1 });
  });

  it('merges a later release in slices to the same values and revisions as in one piece', async () => {
    // A newer release touching many series and places: changed values, changed flags, decimals restated, values
    // removed and added, and a line left out (its values stay, as the release no longer covers them).
    const lines = (await readFile(path.join(mirror, hicp), 'utf8')).split('\r\n');
    const header = lines[0]!.split('\t');
    const lastMonth = header.length - 1;
    let omitted: { key: string; value: number } | null = null;
    for (let i = 1; i < lines.length - 1; i += 7) {
      const cells = lines[i]!.split('\t');
      const last = Number.parseFloat(cells[lastMonth]!);
      if (!omitted && !Number.isNaN(last)) {
        omitted = { key: cells[0]!, value: last };
        lines[i] = '';
        continue;
      }
      for (let c = 1 + (i % 11); c < cells.length; c += 13) {
        const [value, flags = ''] = cells[c]!.split(' ');
        if (value === ':') cells[c] = '1.5 ';
        else if (c % 4 === 0) cells[c] = ': ';
        else if (c % 4 === 1) cells[c] = `${value} ${flags === 'p' ? '' : 'p'}`;
        else if (c % 4 === 2 && value!.includes('.')) cells[c] = `${value}0 ${flags}`;
        else cells[c] = `${(Number(value) + 0.1).toFixed(1)} ${flags}`;
      }
      lines[i] = cells.join('\t');
    }
    const newer = Buffer.from(lines.filter((l) => l !== '').join('\r\n'));
    const rows = async (db: Database) => ({
      observations: await queryRows(
        db.db,
        sql`SELECT s.dims, o.geo, o.period, o.value, o.flags, o.decimals FROM observations o
          JOIN series s ON s.id = o.series_id ORDER BY s.dims, o.geo, o.period`,
      ),
      revisions: await queryRows(
        db.db,
        sql`SELECT s.dims, r.geo, r.period, r.kind, r.old_value, r.old_decimals, r.old_flags, r.new_value, r.new_flags
          FROM revisions r JOIN series s ON s.id = r.series_id ORDER BY s.dims, r.geo, r.period`,
      ),
    });

    await importSample(database, hicp);
    const sliced = await importFile(database.db, {
      fileName: 'newer.tsv',
      bytes: newer,
      code: 'prc_hicp_manr',
      sliceRows: 50,
    });
    const whole = await databaseWithGeos();
    try {
      await importSample(whole, hicp);
      const inOnePiece = await importFile(whole.db, { fileName: 'newer.tsv', bytes: newer, code: 'prc_hicp_manr' });
      expect(inOnePiece.added).toBeGreaterThan(100);
      expect(inOnePiece.changed).toBeGreaterThan(200);
      expect(inOnePiece.removed).toBeGreaterThan(100);
      expect(sliced).toMatchObject({
        added: inOnePiece.added,
        changed: inOnePiece.changed,
        removed: inOnePiece.removed,
      });
      const [a, b] = [await rows(database), await rows(whole)];
      expect(a.revisions.length).toBe(inOnePiece.added + inOnePiece.changed + inOnePiece.removed);
      expect(a).toEqual(b);
    } finally {
      await whole.close();
    }
    // The line the release left out keeps its values.
    const [, unit, coicop, geo] = omitted!.key.split(',');
    const [year, month] = header[lastMonth]!.trim().split('-').map(Number);
    expect(await valueOf('prc_hicp_manr', geo!, year! * 12 + month! - 1, [unit!, coicop!])).toMatchObject({
      value: omitted!.value,
    });
  });

  it('refuses a file with a key on two lines, as a first import or a later release, and changes nothing', async () => {
    const lines = (await readFile(path.join(mirror, hicp), 'utf8')).split('\r\n');
    const de = lines.findIndex((l) => l.startsWith('M,RCH_A,CP00,DE\t'));
    lines.splice(de + 1, 0, lines[de]!.replace('11.6 ', '11.9 '));
    const twice = Buffer.from(lines.join('\r\n'));
    const attempt = () => importFile(database.db, { fileName: 'twice.tsv', bytes: twice, code: 'prc_hicp_manr' });
    const refusal = `twice.tsv:${de + 2}: key "M,RCH_A,CP00,DE" repeats line ${de + 1}: each series and place has one line`;
    await refusedFirstAndLater(attempt, refusal);
    const [revs] = await database.db.select({ n: count() }).from(revisions);
    expect(revs!.n).toBe(0);
  });

  it('refuses an SDMX-CSV file with one cell on two rows, as a first import or a later release, and changes nothing', async () => {
    const csv = (
      await readFile(path.join(mirror, 'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered_en.csv'), 'utf8')
    ).split(/\r?\n/);
    const de = csv.findIndex((l) => l.includes(',All-items HICP,Germany,2022-10,11.6,'));
    csv.splice(de + 1, 0, csv[de]!.replace(',11.6,', ',11.9,'));
    const twice = Buffer.from(csv.join('\n'));
    const attempt = () => importFile(database.db, { fileName: 'twice.csv', bytes: twice, code: 'prc_hicp_manr' });
    const refusal = `twice.csv:${de + 2}: DE 2022-10 of series M,RCH_A,CP00 repeats line ${de + 1}: each series, place and period has one row`;
    await refusedFirstAndLater(attempt, refusal);
  });

  it('refuses a parsed release with two values for one cell in the store too, first or later, without hanging', async () => {
    // Every parser refuses a repeated key with its lines; the store's own check stands behind them: the database's
    // refusal of a second value becomes the file's error on both databases (PostgreSQL's COPY once hung on it).
    const parsed = parseFile('hicp.tsv', await readFile(path.join(mirror, hicp)));
    const list = parsed.observations.toArray();
    const de = list.find((o) => o.geo === 'DE' && o.period === oct2022 && o.dims.join() === 'RCH_A,CP00')!;
    const doubled = { ...parsed, observations: Observations.of([...list, { ...de, value: 11.9 }]) };
    const store = () =>
      database.db.transaction((tx) =>
        storeParsed(tx, doubled, { code: 'prc_hicp_manr', source: 'test', fileName: 'doubled.tsv' }),
      );
    const refusal =
      'doubled.tsv: the file has two values for one series, place and period (place DE): each may appear once';
    await refusedFirstAndLater(store, refusal);
  });

  it('records the revisions of a later vintage in another format (JSON-stat after TSV)', async () => {
    // une_rt_m's series of DE, FR and EA20 (vintages.test.ts imports all 491,226 values).
    const whole = await readFile(path.join(mirror, 'eurostat/une_rt_m/une_rt_m.tsv'));
    await importFile(database.db, { fileName: 'une_rt_m.tsv', bytes: trimTsv(whole, TEST_GEOS), code: 'une_rt_m' });
    const before = await valueOf('une_rt_m', 'DE', 2024 * 12 + 1, ['SA', 'TOTAL', 'PC_ACT', 'T']);
    expect(before).toMatchObject({ value: 3.3, decimals: 1 });
    const newer = await importSample(database, 'eurostat/jsonstat/une_rt_m_DE_SA_2024-01_2026-08.json');
    expect(newer.code).toBe('une_rt_m');
    expect(newer.changed).toBeGreaterThan(0);
    expect(await valueOf('une_rt_m', 'DE', 2024 * 12 + 1, ['SA', 'TOTAL', 'PC_ACT', 'T'])).toMatchObject({
      value: 3.2,
    });
    const revs = await database.db
      .select()
      .from(revisions)
      .where(eq(revisions.period, 2024 * 12 + 1));
    expect(revs.map((r) => [r.kind, r.geo, r.oldValue, r.newValue])).toEqual([['changed', 'DE', 3.3, 3.2]]);
  });

  it('asks for a code when the file does not name its dataset', async () => {
    const bytes = await readFile(path.join(mirror, hicp));
    await expect(importFile(database.db, { fileName: 'data.tsv', bytes })).rejects.toThrow(/pass --code CODE/);
  });
});

// observations.series_id is checked per statement, not by a per-row foreign key (decision 161): the same rule holds.
describe('observations belong to a series', () => {
  const fkViolation = (error: unknown) => {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  };

  it('refuses an observation of a series that does not exist, in an insert or an update', async () => {
    await importSample(database, 'eurostat/tec00118/estat_tec00118.tsv');
    const before = await observationCount();
    const insert = database.db.execute(
      sql`INSERT INTO observations (series_id, geo, period, value) VALUES (999999, 'DE', 2020, 1)`,
    );
    expect(fkViolation(await insert.catch((e: unknown) => e))).toBe('23503');
    const update = database.db.execute(sql`UPDATE observations SET series_id = 999999 WHERE geo = 'DE'`);
    expect(fkViolation(await update.catch((e: unknown) => e))).toBe('23503');
    expect(await observationCount()).toBe(before);
  });

  it('deletes the observations of a deleted series, and of a deleted dataset', async () => {
    await importSample(database, 'eurostat/tec00118/estat_tec00118.tsv');
    await importSample(database, hicp);
    const inHicp = sql`SELECT count(*)::integer AS n FROM observations o JOIN series s ON s.id = o.series_id
      JOIN datasets d ON d.id = s.dataset_id WHERE d.code = 'prc_hicp_manr'`;
    const [hicpRows] = await queryRows<{ n: number }>(database.db, inHicp);
    const total = await observationCount();
    expect(hicpRows!.n).toBeGreaterThan(0);

    const [one] = await queryRows<{ id: number; n: number }>(
      database.db,
      sql`SELECT s.id, count(*)::integer AS n FROM series s JOIN observations o ON o.series_id = s.id
        JOIN datasets d ON d.id = s.dataset_id WHERE d.code = 'tec00118' GROUP BY s.id ORDER BY s.id LIMIT 1`,
    );
    await database.db.execute(sql`DELETE FROM series WHERE id = ${one!.id}`);
    expect(await observationCount()).toBe(total - one!.n);

    await database.db.execute(sql`DELETE FROM datasets WHERE code = 'prc_hicp_manr'`);
    expect(await observationCount()).toBe(total - one!.n - hicpRows!.n);
    const [orphans] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::integer AS n FROM observations o WHERE NOT EXISTS (SELECT 1 FROM series s WHERE s.id = o.series_id)`,
    );
    expect(orphans!.n).toBe(0);
  });
});

// series_geos holds, per series, the places with at least one value: questions by place read it (decision 164).
describe('the places of each series', () => {
  const placesKept = () =>
    queryRows<{ pair: string }>(
      database.db,
      sql`SELECT series_id || ' ' || geo AS pair FROM series_geos ORDER BY 1`,
    ).then((rows) => rows.map((r) => r.pair));
  const placesWithValues = () =>
    queryRows<{ pair: string }>(
      database.db,
      sql`SELECT DISTINCT series_id || ' ' || geo AS pair FROM observations WHERE value IS NOT NULL ORDER BY 1`,
    ).then((rows) => rows.map((r) => r.pair));

  it('follows every release: a place whose values are all gone, or only flagged, leaves its series', async () => {
    await importSample(database, hicp);
    const first = await placesKept();
    expect(first.length).toBeGreaterThan(200);
    expect(first).toEqual(await placesWithValues());
    const [de] = await queryRows<{ id: number }>(
      database.db,
      sql`SELECT s.id FROM series s JOIN datasets d ON d.id = s.dataset_id
        WHERE d.code = 'prc_hicp_manr' AND s.dims = '{RCH_A,CP00}'::text[]`,
    );
    expect(first).toContain(`${de!.id} DE`);

    // A newer release where Germany's all-items rate is confidential in every month: flags, no values.
    const lines = (await readFile(path.join(mirror, hicp), 'utf8')).split('\r\n');
    const at = lines.findIndex((l) => l.startsWith('M,RCH_A,CP00,DE\t'));
    const cells = lines[at]!.split('\t');
    lines[at] = [cells[0], ...cells.slice(1).map(() => ': c')].join('\t');
    await importFile(database.db, {
      fileName: 'newer.tsv',
      bytes: Buffer.from(lines.join('\r\n')),
      code: 'prc_hicp_manr',
    });
    const after = await placesKept();
    expect(after).not.toContain(`${de!.id} DE`);
    expect(after).toEqual(await placesWithValues());

    // The release before it again: Germany is back.
    await importSample(database, hicp);
    expect(await placesKept()).toEqual(first);

    await database.db.execute(sql`DELETE FROM datasets WHERE code = 'prc_hicp_manr'`);
    expect(await placesKept()).toEqual([]);
  });
});
