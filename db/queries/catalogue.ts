// The whole catalogue at once, for the catalogue documents of the API (categories, public datasets, JSON-LD, agents).
import { asc } from 'drizzle-orm';
import type { DatasetMeta } from '../../core/schemas/dataset';
import type { ReadDb } from '../client';
import { categories, datasetCategories, datasets } from '../schema';
import { getDatasetMeta } from './datasets';

export interface CategoryNode {
  id: number;
  slug: string;
  name: string;
  /** Datasets in this category or any category below it, each counted once. */
  dataset_count: number;
  children: CategoryNode[];
}

/** The category tree, roots and children by name, with dataset counts that include the subcategories'. */
export async function categoryTree(db: ReadDb): Promise<CategoryNode[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.name));
  const links = await db.select().from(datasetCategories);
  const direct = new Map<number, Set<number>>();
  for (const l of links) direct.set(l.categoryId, (direct.get(l.categoryId) ?? new Set()).add(l.datasetId));
  const childrenOf = new Map<number | null, typeof rows>();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    // A parent that no longer exists makes the category a root rather than losing it.
    const parent = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), r]);
  }
  const build = (row: (typeof rows)[number], seen: Set<number>): { node: CategoryNode; sets: Set<number> } => {
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
  return (childrenOf.get(null) ?? []).map((r) => build(r, new Set([r.id])).node);
}

/** Every dataset with its dimensions and countries, by name. */
export async function catalogueMetas(db: ReadDb): Promise<DatasetMeta[]> {
  const rows = await db.select().from(datasets).orderBy(asc(datasets.name));
  const metas: DatasetMeta[] = [];
  for (const row of rows) metas.push(await getDatasetMeta(db, row));
  return metas;
}
