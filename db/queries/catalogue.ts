// The whole catalogue at once, for the catalogue documents of the API (categories, public datasets, JSON-LD, agents).
import { asc, sql } from 'drizzle-orm';
import type { DatasetMeta } from '../../core/schemas/dataset';
import type { ReadDb } from '../client';
import { categories, datasets } from '../schema';
import { queryRows } from '../sql';
import { getDatasetMeta } from './datasets';

export interface CategoryNode {
  id: number;
  slug: string;
  name: string;
  /** Datasets in this category or any category below it, each counted once. */
  dataset_count: number;
  children: CategoryNode[];
}

/**
 * The category tree: the editorial categories and Eurostat's tree of themes, in the order of its table of contents,
 * with dataset counts that include the subcategories'.
 */
export async function categoryTree(db: ReadDb): Promise<CategoryNode[]> {
  // Roots by name; Eurostat's folders below them in the table of contents' order.
  const rows = await db.select().from(categories).orderBy(asc(categories.id));
  // Imported datasets in their editorial categories, and every entry of Eurostat's catalogue in its folders
  // (withdrawn ones only once imported), counted by code (decision 188).
  const links = await queryRows<{ category_id: number; code: string }>(
    db,
    sql`SELECT dc.category_id, d.code FROM dataset_categories dc JOIN datasets d ON d.id = dc.dataset_id
      UNION
      SELECT ec.category_id, ec.code FROM catalogue_entry_categories ec JOIN catalogue_entries e ON e.code = ec.code
      WHERE e.withdrawn_at IS NULL OR EXISTS (SELECT 1 FROM datasets d WHERE d.code = e.code)`,
  );
  const direct = new Map<number, Set<string>>();
  for (const l of links) {
    const codes = direct.get(l.category_id);
    if (codes) codes.add(l.code);
    else direct.set(l.category_id, new Set([l.code]));
  }
  const childrenOf = new Map<number | null, typeof rows>();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    // A parent that no longer exists makes the category a root rather than losing it.
    const parent = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    const siblings = childrenOf.get(parent);
    if (siblings) siblings.push(r);
    else childrenOf.set(parent, [r]);
  }
  const build = (row: (typeof rows)[number], seen: Set<number>): { node: CategoryNode; sets: Set<string> } => {
    const sets = new Set(direct.get(row.id) ?? []);
    const children: CategoryNode[] = [];
    for (const child of childrenOf.get(row.id) ?? []) {
      if (seen.has(child.id)) continue;
      const built = build(child, new Set(seen).add(child.id));
      children.push(built.node);
      for (const id of built.sets) sets.add(id);
    }
    return { node: { id: row.id, slug: row.slug, name: row.name, dataset_count: sets.size, children }, sets };
  };
  const roots = [...(childrenOf.get(null) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return roots.map((r) => build(r, new Set([r.id])).node);
}

/** Every dataset with its dimensions and countries, by name. */
export async function catalogueMetas(db: ReadDb): Promise<DatasetMeta[]> {
  const rows = await db.select().from(datasets).orderBy(asc(datasets.name));
  const metas: DatasetMeta[] = [];
  for (const row of rows) metas.push(await getDatasetMeta(db, row));
  return metas;
}

/**
 * Every dataset as an SDMX dataflow: the imported ones and those Eurostat's table of contents lists (withdrawn ones
 * left out), by code, with the imported title where there is one.
 */
export async function sdmxFlows(db: ReadDb): Promise<{ code: string; name: string }[]> {
  return queryRows<{ code: string; name: string }>(
    db,
    sql`SELECT code, name FROM datasets
        UNION ALL
        SELECT c.code, c.title AS name FROM catalogue_entries c
        WHERE c.withdrawn_at IS NULL AND NOT EXISTS (SELECT 1 FROM datasets d WHERE d.code = c.code)
        ORDER BY code`,
  );
}

/**
 * A code list as known here (SDMX's codelist/ESTAT/{ID}): Eurostat's own list where an import fetched it, else the
 * codes of that dimension across the imported datasets, with their labels; places from the places table.
 */
export async function codelistCodesHere(db: ReadDb, dimension: string): Promise<{ id: string; label: string }[]> {
  const dim = dimension.toLowerCase();
  if (dim === 'geo')
    return queryRows<{ id: string; label: string }>(db, sql`SELECT code AS id, name AS label FROM geos ORDER BY code`);
  const fetched = await queryRows<{ id: string; label: string }>(
    db,
    sql`SELECT code AS id, label FROM codelist_codes WHERE codelist = ${dim} ORDER BY code`,
  );
  if (fetched.length > 0) return fetched;
  const codes = new Map<string, string>();
  for (const meta of await catalogueMetas(db))
    for (const d of meta.dimensions)
      if (d.code.toLowerCase() === dim) for (const v of d.values) if (!codes.has(v.code)) codes.set(v.code, v.label);
  return [...codes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, label]) => ({ id, label }));
}
