// A release's date is the source's, never the import's (issue 41, decision 200): a file without a date of its own takes
// Eurostat's "last update of data" from the table of contents the catalogue holds; without that the import's time is
// kept but presented as what it is, never as a release or "Last update" (decision 208).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastUpdateFact } from '../../app/features/releases/release-section';
import type { Database } from '../../db/client';
import { findDataset, getDatasetMeta } from '../../db/queries/datasets';
import { lastRelease } from '../../db/queries/revisions';
import { queryRows } from '../../db/sql';
import { seedCatalogueList } from '../../server/catalogue/seed';
import { importFile } from '../../server/import/runner';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createApp } from '../../server/app';
import { databaseWithGeos, mirror } from '../setup/database';
import { renderDocument } from './page-document';
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
    expect(meta.last_update_from).toBe('source');
    expect(lastUpdateFact(meta)).toEqual({ label: 'Last update', value: entry!.t.slice(0, 10) });
  });
});

describe('a dataset Eurostat gave no date for (not in the table of contents)', () => {
  // tec00118's file under a code the table of contents does not list: no date in the file, none told, none listed.
  const code = 'tec00118_unlisted';
  let importedDay: string;
  let importedAt: string;
  let app: ReturnType<typeof createApp>;
  const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  beforeAll(async () => {
    await importFile(database.db, {
      fileName: 'estat_tec00118.tsv',
      bytes: await readFile(path.join(mirror, 'eurostat/tec00118/estat_tec00118.tsv')),
      code,
      dataMirror: mirror,
    });
    const [run] = await queryRows<{ t: string; release: string | null }>(
      database.db,
      sql`SELECT to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS t, release_date::text AS release
        FROM import_runs WHERE source = 'estat_tec00118.tsv' AND status = 'succeeded'`,
    );
    expect(run?.release).toBeNull();
    importedAt = run!.t;
    importedDay = new Date(importedAt).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    app = createApp({ db: database.db });
  });

  it('keeps the import time, and the API says it is the import time, not a release', async () => {
    const meta = (await (await app.request(`/api/datasets/${code}/meta`)).json()) as any;
    expect(meta.last_update_from).toBe('import');
    expect(meta.last_update.slice(0, 10)).toBe(importedAt.slice(0, 10));
    const listed = (await (await app.request(`/api/datasets/${listedCode()}/meta`)).json()) as any;
    expect(listed.last_update_from).toBe('source');
  });

  it('writes no JSON-stat "updated" and no UPDATE_DATA annotation', async () => {
    const stat = (await (await app.request(`/api/datasets/${code}/data?format=jsonstat`)).json()) as any;
    expect(stat.class).toBe('dataset');
    expect(stat).not.toHaveProperty('updated');
    expect(JSON.stringify(stat.extension ?? {})).not.toContain('UPDATE_DATA');
    const listed = (await (await app.request(`/api/datasets/${listedCode()}/data?format=jsonstat`)).json()) as any;
    expect(listed.updated).toMatch(/^\d{4}-\d\d-\d\d/);
  });

  it('says on the dataset page when it was imported and that Eurostat gave no release date', async () => {
    const page = await renderDocument(database.db, `/datasets/${code}`);
    expect(page.status).toBe(200);
    const facts = text(/<dl[\s\S]*?<\/dl>/.exec(page.html)?.[0] ?? '');
    expect(facts).toContain(`Imported ${importedDay}; Eurostat gave no release date`);
    expect(facts).not.toContain('Last update');
    const section = text(
      /<section[^>]*aria-labelledby="release-heading"[\s\S]*?<\/section>/.exec(page.html)?.[0] ?? '',
    );
    expect(section).toContain(`What changed in the import of ${importedDay}`);
    // "release" only where it says there was none.
    expect(section.replace('gave no release date', '')).not.toMatch(/release/i);
  });

  it('lists it in the catalogue as imported, not as last updated', async () => {
    const page = await renderDocument(database.db, `/datasets?q=${code}`);
    const item = text(page.html).split('1 dataset matching')[1] ?? '';
    expect(item).toContain(`Imported : ${importedDay}; Eurostat gave no release date`);
    expect(item).not.toContain('Last update');
  });

  it('still dates its sitemap entry by the stored time', async () => {
    const xml = await (await app.request('/api/sitemap-datasets.xml')).text();
    const entry = new RegExp(`<url><loc>[^<]*/datasets/${code}</loc><lastmod>([^<]+)</lastmod>`).exec(xml);
    expect(entry?.[1]?.slice(0, 10)).toBe(importedAt.slice(0, 10));
  });
});

/** The listed dataset of the first test, imported by then. */
function listedCode(): string {
  return listed.code;
}
