// The catalogue is Eurostat's (issue 36, decision 188): the whole table of contents of the shared mirror (6,953
// codes, some under several themes) becomes the catalogue list and the tree of themes; a later table of contents
// adds new entries and marks withdrawn ones without deleting them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { listCategoryOptions } from '../../db/queries/site';
import { queryRows } from '../../db/sql';
import { describeSync, syncCatalogue } from '../../server/catalogue/sync';
import { answerVersions } from '../../db/answer-versions';
import { mirrorTocFile } from '../../server/catalogue/seed';
import { parseTocTree } from '../../server/catalogue/toc';
import { freshDatabase, mirror } from '../setup/database';

const tocText = readFileSync(path.join(mirror, mirrorTocFile), 'utf8');
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

describe("Eurostat's table of contents as the catalogue", () => {
  it('reads every dataset and table once, with all the folders it sits under and its breadcrumbs', () => {
    const tree = parseTocTree(tocText);
    expect(tree.items.size).toBe(6953);
    expect([...tree.items.values()].filter((i) => i.kind === 'table').length).toBe(917);
    const gdp = tree.items.get('nama_10_gdp')!;
    expect(gdp.folders.length).toBeGreaterThan(1);
    expect(gdp).toMatchObject({ kind: 'dataset', dataStart: '1975', lastUpdate: '16.08.2023' });
    expect(gdp.themePath[0]).toBe('data');
    // Its breadcrumbs follow its first placement (the euro indicators under general statistics).
    expect(gdp.themePath.slice(0, 2)).toEqual(['data', 'general']);
    expect(tree.folders.get('economy')).toMatchObject({ title: 'Economy and finance', parent: 'data' });
    expect(tree.folders.get('data')!.parent).toBeNull();
    // Weekly and daily datasets keep their periods as published.
    const periods = [...tree.items.values()].flatMap((i) => [i.dataStart ?? '']);
    expect(periods.some((p) => /^\d{4}W\d{2}$/.test(p))).toBe(true);
    // Days are written 2020M01D01 in the table of contents (its README says 2020-01-01).
    expect(periods.some((p) => /^\d{4}M\d{2}D\d{2}$/.test(p))).toBe(true);
  });

  it('fills the catalogue list and the tree of themes, each code once', async () => {
    const report = await syncCatalogue(database.db, parseTocTree(tocText), new Date('2026-11-01T00:00:00Z'));
    expect(report).toMatchObject({ listed: 6953, added: 6953, withdrawn: 0, returned: 0 });
    const [counts] = await rows<{ entries: number; links: number; folders: number }>(
      sql`SELECT (SELECT count(*)::int FROM catalogue_entries) AS entries,
        (SELECT count(*)::int FROM catalogue_entry_categories) AS links,
        (SELECT count(*)::int FROM categories) AS folders`,
    );
    expect(counts!.entries).toBe(6953);
    expect(counts!.links).toBeGreaterThan(8000);
    expect(counts!.folders).toBe(parseTocTree(tocText).folders.size);
    const [path] = await rows<{ names: string[] }>(
      sql`SELECT ARRAY(SELECT c.name FROM unnest(e.theme_path) WITH ORDINALITY AS p(slug, n)
                       JOIN categories c ON c.slug = p.slug ORDER BY n) AS names
        FROM catalogue_entries e WHERE e.code = 'migr_asyappctza'`,
    );
    expect(path!.names.slice(0, 2)).toEqual(['Database by themes', 'Population and social conditions']);
  });

  it('adds what a later table of contents lists, marks what it no longer lists, and brings it back', async () => {
    const lines = tocText.split('\n');
    const without = lines.filter((l) => !l.includes('"demo_pjan"')).join('\n');
    const added = `${without.trimEnd()}\n"    A new dataset"\t"new_ds01"\t"dataset"\t"01.11.2026"\t"01.11.2026"\t"2019W01"\t"2026W40"\t\n`;
    const second = await syncCatalogue(database.db, parseTocTree(added), new Date('2026-11-02T00:00:00Z'));
    expect(second).toMatchObject({ listed: 6953, added: 1, withdrawn: 1 });
    const [gone] = await rows<{ withdrawn_at: unknown; title: string }>(
      sql`SELECT withdrawn_at, title FROM catalogue_entries WHERE code = 'demo_pjan'`,
    );
    expect(gone!.withdrawn_at).not.toBeNull();
    expect(gone!.title).toBe('Population on 1 January by age and sex');

    const third = await syncCatalogue(database.db, parseTocTree(tocText), new Date('2026-11-03T00:00:00Z'));
    expect(third).toMatchObject({ returned: 1, withdrawn: 1 });
    const [back] = await rows<{ withdrawn_at: unknown }>(
      sql`SELECT withdrawn_at FROM catalogue_entries WHERE code = 'demo_pjan'`,
    );
    expect(back!.withdrawn_at).toBeNull();
  });

  it('writes nothing when the table of contents repeats the last one: the kept answers keep their version', async () => {
    const before = await answerVersions(database.db);
    const [changed] = await rows<{ at: string }>(sql`SELECT max(changed_at)::text AS at FROM catalogue_entries`);
    const again = await syncCatalogue(database.db, parseTocTree(tocText), new Date('2026-11-03T12:00:00Z'));
    expect(again).toMatchObject({ listed: 6953, added: 0, returned: 0, withdrawn: 0, foldersChanged: 0, refiled: 0 });
    expect(await answerVersions(database.db)).toEqual(before);
    const [after] = await rows<{ at: string; links: number }>(
      sql`SELECT max(changed_at)::text AS at, (SELECT count(*)::int FROM catalogue_entry_categories) AS links
        FROM catalogue_entries`,
    );
    expect(after!.at).toBe(changed!.at);
    expect(after!.links).toBeGreaterThan(8000);

    // A retitled entry is a change: it is written, and the version moves.
    const retitled = tocText.replace('Population on 1 January by age and sex"', 'Population on 1 January by age, sex"');
    await syncCatalogue(database.db, parseTocTree(retitled), new Date('2026-11-03T13:00:00Z'));
    expect(await answerVersions(database.db)).not.toEqual(before);
    await syncCatalogue(database.db, parseTocTree(tocText), new Date('2026-11-03T14:00:00Z'));
  });

  it('moves the version when only the tree changes: a theme renamed, an entry filed under one more theme', async () => {
    const economy = async () => (await listCategoryOptions(database.db)).find((c) => c.slug === 'economy');
    const before = await answerVersions(database.db);
    const { datasets: filed } = (await economy())!;
    expect(await economy()).toMatchObject({ name: 'Economy and finance' });

    // Eurostat renames a theme: no entry's own row changes, yet /datasets must show the new name.
    const renamed = tocText.replace('"    Economy and finance"', '"    Economy, finance and trade"');
    const rename = await syncCatalogue(database.db, parseTocTree(renamed), new Date('2026-11-03T15:00:00Z'));
    // Every entry under the theme: its breadcrumbs name it.
    expect(rename).toMatchObject({ added: 0, withdrawn: 0, foldersChanged: 1, refiled: filed });
    expect(describeSync(rename)).toContain(`1 folder renamed or moved, ${filed.toLocaleString('en')} filed anew`);
    const afterRename = await answerVersions(database.db);
    expect(afterRename).not.toEqual(before);
    expect(await economy()).toMatchObject({ name: 'Economy, finance and trade', datasets: filed });

    // A dataset of another theme is filed under this one too: it counts there, with its own row unchanged.
    const lines = renamed.split('\n');
    const entry = lines.find((l) => l.includes('"ei_bsco_m"'))!.replace(/^"\s*/, '"        ');
    const at = lines.findIndex((l) => l.includes('"economy"'));
    const filedTwice = [...lines.slice(0, at + 1), entry, ...lines.slice(at + 1)].join('\n');
    expect(await syncCatalogue(database.db, parseTocTree(filedTwice), new Date('2026-11-03T16:00:00Z'))).toMatchObject({
      foldersChanged: 0,
      refiled: 1,
    });
    expect(await answerVersions(database.db)).not.toEqual(before);
    expect(await answerVersions(database.db)).not.toEqual(afterRename);
    expect(await economy()).toMatchObject({ name: 'Economy, finance and trade', datasets: filed + 1 });

    await syncCatalogue(database.db, parseTocTree(tocText), new Date('2026-11-03T17:00:00Z'));
    expect(await economy()).toMatchObject({ name: 'Economy and finance', datasets: filed });
  });

  it('takes a table of contents that lists less than half the catalogue as broken: nothing is withdrawn', async () => {
    const head = tocText.split('\n').slice(0, 200).join('\n');
    const report = await syncCatalogue(database.db, parseTocTree(head), new Date('2026-11-04T00:00:00Z'));
    expect(report.withdrawn).toBe(0);
    expect(report.withdrawalSkipped).toMatch(/taken as incomplete/);
    const [n] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM catalogue_entries WHERE withdrawn_at IS NOT NULL`,
    );
    expect(n!.n).toBe(1);
  });
});
