// Issue 17, item 7: cells a spreadsheet would run as formulas are neutralised in CSV exports, numbers stay exact,
// and JSON and JSON-stat keep every text as imported.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createApp } from '../../server/app';
import { databaseWithGeos } from '../setup/database';
import { parseCsv } from '../setup/csv';

let database: Database;
let app: ReturnType<typeof createApp>;

const hostileLabel = '=HYPERLINK("http://evil.example","Germany")';
/** Flags as an imported file could carry them, each starting with a character a spreadsheet evaluates. */
const hostileFlags = { 2015: '=cmd|/C calc!A0', 2016: '+1+1', 2017: '-2+3', 2018: '@SUM(A1)', 2019: '\tx' } as const;

beforeAll(async () => {
  database = await databaseWithGeos('eurostat/tec00115/estat_tec00115_filtered_en.csv');
  // The cells as a hostile source file would have put them there.
  await database.db.execute(sql`UPDATE geos SET label = ${hostileLabel} WHERE code = 'DE'`);
  for (const [year, flag] of Object.entries(hostileFlags)) {
    await database.db.execute(
      sql`UPDATE observations SET flags = ${flag} WHERE geo = 'DE' AND period = ${Number(year)}`,
    );
  }
  await database.db.execute(sql`UPDATE observations SET value = -1.5, decimals = 1 WHERE geo = 'FR' AND period = 2020`);
  app = createApp({ db: database.db });
});
afterAll(() => database.close());

describe('CSV export', () => {
  it('prefixes formula-like text cells with an apostrophe and keeps negative numbers exact', async () => {
    const res = await app.request('/api/datasets/tec00115/data?format=csv&country=DE,FR');
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(await res.text());
    const col = (name: string) => header!.indexOf(name);
    const de = rows.filter((r) => r[col('geo')] === 'DE');
    expect(de.length).toBeGreaterThan(0);
    for (const r of de) expect(r[col('geo_name')]).toBe(`'${hostileLabel}`);
    const flagOf = (year: number) => de.find((r) => r[col('period')] === String(year))?.[col('flags')];
    for (const [year, flag] of Object.entries(hostileFlags)) expect(flagOf(Number(year))).toBe(`'${flag}`);
    // No cell of the file starts with a formula character any more, except numbers in the value column.
    for (const r of rows) {
      r.forEach((cell, i) => {
        if (i !== col('value')) expect(cell, `column ${header![i]}`).not.toMatch(/^[=+\-@\t\r]/);
      });
    }
    const fr2020 = rows.find((r) => r[col('geo')] === 'FR' && r[col('period')] === '2020');
    expect(fr2020?.[col('value')]).toBe('-1.5');
  });

  it('neutralises the chart download too', async () => {
    const res = await app.request('/api/charts/download?datasetId=tec00115&country[]=DE&format=csv');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(`'=cmd|/C calc!A0`);
    expect(text).not.toMatch(/(^|,|\r\n)"?=cmd/);
  });
});

describe('JSON and JSON-stat', () => {
  it('keep every text exactly as imported', async () => {
    const json = (await (await app.request('/api/datasets/tec00115/data?country=DE')).json()) as any;
    expect(JSON.stringify(json)).toContain(JSON.stringify(hostileLabel).slice(1, -1));
    expect(JSON.stringify(json)).not.toContain(`'=`);

    const stat = (await (await app.request('/api/datasets/tec00115/data?format=jsonstat&country=DE,FR')).json()) as any;
    expect(stat.dimension.geo.category.label.DE).toBe(hostileLabel);
    expect(Object.values(stat.status)).toEqual(expect.arrayContaining(Object.values(hostileFlags)));
    expect(stat.value).toContain(-1.5);
  });
});
