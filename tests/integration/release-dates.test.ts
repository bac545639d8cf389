// A release's date is the source's, never the import's (issue 41, decision 200): a file without a date of its own takes
// Eurostat's "last update of data" from the table of contents the catalogue holds; without that it has no date.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastUpdateText } from '../../app/features/releases/release-section';
import type { Database } from '../../db/client';
import { findDataset, getDatasetMeta } from '../../db/queries/datasets';
import { lastRelease } from '../../db/queries/revisions';
import { queryRows } from '../../db/sql';
import { seedCatalogueList } from '../../server/catalogue/seed';
import { importFile } from '../../server/import/runner';
import { databaseWithGeos, mirror } from '../setup/database';
import { tocDatasets } from '../setup/toc-datasets';

let database: Database;
// A dataset of Eurostat's table of contents that none of the samples is (no date in catalogue.json, none in the file).
const listed = tocDatasets(5, 41).find((d) => !['tps00203', 'tec00118', 'une_rt_m', 'prc_hicp_manr'].includes(d.code))!;

beforeAll(async () => {
  database = await databaseWithGeos();
  await seedCatalogueList(database.db, { dataMirror: mirror, log: () => {} });
});
afterAll(() => database.close());

async function stored(code: string) {
  const meta = await getDatasetMeta(database.db, (await findDataset(database.db, code))!);
  return { meta, release: await lastRelease(database.db, meta) };
}

describe('the date of a release', () => {
  it("is Eurostat's last update of data from the table of contents when the file gives none", async () => {
    const [entry] = await queryRows<{ t: string }>(
      database.db,
      sql`SELECT to_char(last_update AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS t
        FROM catalogue_entries WHERE code = ${listed.code}`,
    );
    expect(entry?.t).toMatch(/^\d{4}-\d\d-\d\dT/);
    await importFile(database.db, {
      fileName: listed.fileName,
      bytes: Buffer.from(listed.tsv),
      code: listed.code,
      dataMirror: mirror,
    });
    const { meta, release } = await stored(listed.code);
    expect(meta.last_update).toBe(entry!.t);
    expect(release).toMatchObject({ releaseDate: entry!.t, sourceDated: true });
    expect(lastUpdateText(meta.last_update, release, meta.source_name)).toBe(entry!.t.slice(0, 10));
  });
});
