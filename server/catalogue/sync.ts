// The catalogue is Eurostat's (issue 36, decision 188): a table of contents (the mirror's on first start, Eurostat's
// live one on every refresh) becomes the list of every dataset and table with its place in the tree of themes.
// New entries appear; entries the table of contents no longer lists are marked withdrawn, never deleted (what was
// imported of them keeps its history); an entry listed again is no longer withdrawn.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pgArray, queryRows } from '../../db/sql';
import { parsePeriod } from '../../core/periods';
import type { TocTree } from './toc';

export interface CatalogueSyncReport {
  listed: number;
  added: number;
  /** Listed again after having been withdrawn. */
  returned: number;
  withdrawn: number;
  folders: number;
  /** Folders listed before that this table of contents renames or files under another folder. */
  foldersChanged: number;
  /**
   * Entries listed before that it files under one folder more or fewer, or under a folder renamed or moved (one whose
   * own row it changed too is not counted).
   */
  refiled: number;
  /**
   * Set when the table of contents listed fewer than half the entries we list: taken as a broken download, so
   * nothing was marked withdrawn (new and changed entries were still applied).
   */
  withdrawalSkipped?: string;
}

/** Rows per statement: seven arrays of this many cells stay far below any parameter limit. */
const BATCH = 2000;

/** Applies a table of contents to the catalogue in one transaction. */
export async function syncCatalogue(db: Db, tree: TocTree, now = new Date()): Promise<CatalogueSyncReport> {
  const items = [...tree.items.values()];
  const folders = [...tree.folders.values()];
  return db.transaction(async (tx) => {
    const known = await queryRows<{ code: string; withdrawn: boolean }>(
      tx,
      sql`SELECT code, withdrawn_at IS NOT NULL AS withdrawn FROM catalogue_entries`,
    );
    const before = new Map(known.map((k) => [k.code, k.withdrawn]));
    const listedBefore = known.filter((k) => !k.withdrawn).length;
    // The tree as it was: a folder renamed or moved changes the breadcrumbs of everything under it (and the themes'
    // names and counts on /datasets) without changing any entry's own row.
    const foldersBefore = await queryRows<{ slug: string; name: string; parent: string | null }>(
      tx,
      sql`SELECT c.slug, c.name, p.slug AS parent FROM categories c LEFT JOIN categories p ON p.id = c.parent_id`,
    );
    const treeBefore = new Map(foldersBefore.map((f) => [f.slug, f]));
    const movedFolders = folders
      .filter((f) => {
        const was = treeBefore.get(f.code);
        return was !== undefined && (was.name !== f.title || was.parent !== f.parent);
      })
      .map((f) => f.code);
    const relinked = new Set<string>();

    // Folders first (a folder's parent comes before it in the file), then their parents by slug.
    for (let i = 0; i < folders.length; i += BATCH) {
      const part = folders.slice(i, i + BATCH);
      await tx.execute(sql`INSERT INTO categories (slug, name)
        SELECT * FROM unnest(${pgArray(part.map((f) => f.code))}::text[], ${pgArray(part.map((f) => f.title))}::text[])
        ON CONFLICT (slug) DO UPDATE SET name = excluded.name WHERE categories.name <> excluded.name`);
      await tx.execute(sql`UPDATE categories c SET parent_id = p.id
        FROM unnest(${pgArray(part.map((f) => f.code))}::text[], ${pgArray(part.map((f) => f.parent))}::text[])
          AS x(slug, parent)
        LEFT JOIN categories p ON p.slug = x.parent
        WHERE c.slug = x.slug AND c.parent_id IS DISTINCT FROM p.id`);
    }

    const time = (d: Date | null) => d?.toISOString() ?? null;
    for (let i = 0; i < items.length; i += BATCH) {
      const part = items.slice(i, i + BATCH);
      const codes = pgArray(part.map((e) => e.code));
      // Only what changed is written (a table of contents applied twice a day mostly repeats the last one): the
      // kept answers' version reads changed_at, and rewriting 7,000 unchanged rows would move it every time.
      await tx.execute(sql`INSERT INTO catalogue_entries (code, title, kind, source_updated, last_update,
          structure_changed, data_start, data_end, frequency, theme_path, withdrawn_at, changed_at)
        SELECT x.code, x.title, x.kind, nullif(x.updated, ''), x.last_update, x.structure_changed, x.data_start,
          x.data_end, x.frequency, CASE WHEN x.path = '' THEN '{}'::text[] ELSE string_to_array(x.path, '/') END, NULL, ${now.toISOString()}::timestamptz
        FROM unnest(${codes}::text[], ${pgArray(part.map((e) => e.title))}::text[],
          ${pgArray(part.map((e) => e.kind))}::text[], ${pgArray(part.map((e) => e.lastUpdate))}::text[],
          ${pgArray(part.map((e) => time(e.updatedAt)))}::timestamptz[],
          ${pgArray(part.map((e) => time(e.structureChanged)))}::timestamptz[],
          ${pgArray(part.map((e) => e.dataStart))}::text[], ${pgArray(part.map((e) => e.dataEnd))}::text[],
          ${pgArray(part.map((e) => e.themePath.join('/')))}::text[],
          ${pgArray(part.map((e) => parsePeriod(e.dataStart ?? e.dataEnd ?? '')?.freq ?? null))}::text[])
          AS x(code, title, kind, updated, last_update, structure_changed, data_start, data_end, path, frequency)
        ON CONFLICT (code) DO UPDATE SET title = excluded.title, kind = excluded.kind,
          source_updated = excluded.source_updated, last_update = excluded.last_update,
          structure_changed = excluded.structure_changed, data_start = excluded.data_start,
          data_end = excluded.data_end, frequency = excluded.frequency, theme_path = excluded.theme_path, withdrawn_at = NULL,
          changed_at = excluded.changed_at
        WHERE catalogue_entries.withdrawn_at IS NOT NULL
          OR (catalogue_entries.title, catalogue_entries.kind, catalogue_entries.source_updated,
              catalogue_entries.last_update, catalogue_entries.structure_changed, catalogue_entries.data_start,
              catalogue_entries.data_end, catalogue_entries.frequency, catalogue_entries.theme_path)
            IS DISTINCT FROM (excluded.title, excluded.kind, excluded.source_updated, excluded.last_update,
              excluded.structure_changed, excluded.data_start, excluded.data_end, excluded.frequency, excluded.theme_path)`);
      // The folders each entry is listed under: links no longer listed go, new ones come, the others stay.
      const links = part.flatMap((e) => e.folders.map((f) => [e.code, f] as const));
      const linkCodes = pgArray(links.map((l) => l[0]));
      const linkSlugs = pgArray(links.map((l) => l[1]));
      const unlinked = await queryRows<{ code: string }>(
        tx,
        sql`DELETE FROM catalogue_entry_categories l USING categories c
        WHERE c.id = l.category_id AND l.code = ANY(${codes}::text[])
          AND (l.code, c.slug) NOT IN (SELECT * FROM unnest(${linkCodes}::text[], ${linkSlugs}::text[]))
        RETURNING l.code`,
      );
      const linked = await queryRows<{ code: string }>(
        tx,
        sql`INSERT INTO catalogue_entry_categories (code, category_id)
        SELECT x.code, c.id FROM unnest(${linkCodes}::text[], ${linkSlugs}::text[]) AS x(code, slug)
        JOIN categories c ON c.slug = x.slug
        ON CONFLICT DO NOTHING RETURNING code`,
      );
      for (const { code } of [...unlinked, ...linked]) if (before.has(code)) relinked.add(code);
    }
    // An entry filed under one more folder or one fewer, or under a folder renamed or moved, has changed: its changed_at
    // moves, and with it the kept answers' version (the themes' counts and names, its breadcrumbs).
    let refiled = 0;
    if (relinked.size || movedFolders.length) {
      const touched = await queryRows<{ code: string }>(
        tx,
        sql`WITH RECURSIVE moved AS (
          SELECT id FROM categories WHERE slug = ANY(${pgArray(movedFolders)}::text[])
          UNION SELECT k.id FROM categories k JOIN moved m ON k.parent_id = m.id)
        UPDATE catalogue_entries SET changed_at = ${now.toISOString()}::timestamptz
        WHERE changed_at IS DISTINCT FROM ${now.toISOString()}::timestamptz
          AND (code = ANY(${pgArray([...relinked])}::text[])
            OR code IN (SELECT l.code FROM catalogue_entry_categories l JOIN moved m ON m.id = l.category_id))
        RETURNING code`,
      );
      refiled = touched.length;
    }

    const report: CatalogueSyncReport = {
      listed: items.length,
      added: items.filter((e) => !before.has(e.code)).length,
      returned: items.filter((e) => before.get(e.code) === true).length,
      withdrawn: 0,
      folders: folders.length,
      foldersChanged: movedFolders.length,
      refiled,
    };
    if (items.length * 2 < listedBefore) {
      report.withdrawalSkipped =
        `the table of contents lists ${items.length} entries against ${listedBefore} in the catalogue: ` +
        'taken as incomplete, nothing marked withdrawn';
      return report;
    }
    const withdrawn = await queryRows<{ code: string }>(
      tx,
      sql`UPDATE catalogue_entries SET withdrawn_at = ${now.toISOString()}::timestamptz,
          changed_at = ${now.toISOString()}::timestamptz
        WHERE withdrawn_at IS NULL AND code NOT IN (SELECT unnest(${pgArray(items.map((e) => e.code))}::text[]))
        RETURNING code`,
    );
    report.withdrawn = withdrawn.length;
    return report;
  });
}

/** One line for the log. */
export function describeSync(r: CatalogueSyncReport): string {
  const parts = [`catalogue: ${r.listed.toLocaleString('en')} datasets and tables in ${r.folders} folders`];
  if (r.added) parts.push(`${r.added.toLocaleString('en')} new`);
  if (r.returned) parts.push(`${r.returned} listed again`);
  if (r.withdrawn) parts.push(`${r.withdrawn} withdrawn`);
  if (r.foldersChanged) parts.push(`${r.foldersChanged} folder${r.foldersChanged === 1 ? '' : 's'} renamed or moved`);
  if (r.refiled) parts.push(`${r.refiled.toLocaleString('en')} filed anew`);
  if (r.withdrawalSkipped) parts.push(r.withdrawalSkipped);
  return parts.join(', ');
}
