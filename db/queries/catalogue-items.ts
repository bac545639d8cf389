// The catalogue's list items (decision 188): every dataset imported here and every entry of Eurostat's table of
// contents not imported yet, in one shape (CatalogueItem), for /datasets, /api/datasets, the public catalogue, the
// sitemaps and the search.
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { formatPeriod, frequencySchema, parsePeriod, type Frequency } from '../../core/periods';
import type { CatalogueItem, Dataset } from '../../core/schemas/dataset';
import type { ReadDb } from '../client';
import { catalogueEntries, catalogueEntryCategories, categories, datasetCategories, datasets } from '../schema';
import { pgArray, queryRows } from '../sql';

type DatasetRow = typeof datasets.$inferSelect;
type EntryRow = typeof catalogueEntries.$inferSelect;
type CategoryRef = { slug: string; name: string };

/**
 * The datasets among `ids` whose `last_update` is the import's time, not a source's date: no run of the dataset
 * recorded it as its release date (decision 208). The stored time stays (sitemaps, sorting, the refresh read it).
 */
export async function importDatedIds(db: ReadDb, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT d.id FROM datasets d
      WHERE d.id = ANY(${pgArray(ids)}::integer[]) AND d.last_update IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM import_runs r WHERE r.dataset_id = d.id AND r.release_date = d.last_update)`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export function toDataset(row: DatasetRow, cats: CategoryRef[], importDated = false): Dataset {
  const freq = frequencySchema.parse(row.frequency);
  return {
    id: row.id,
    dataset_code: row.code,
    dataset_name: row.name,
    description: row.description,
    source_name: row.sourceName,
    source_url: row.sourceUrl,
    unit: row.unit,
    frequency: freq,
    categories: cats,
    last_update: row.lastUpdate?.toISOString() ?? null,
    last_update_from: importDated ? 'import' : 'source',
    oldest_period: row.oldestPeriod === null ? null : formatPeriod(freq, row.oldestPeriod),
    latest_period: row.latestPeriod === null ? null : formatPeriod(freq, row.latestPeriod),
  };
}

/** The editorial categories of imported datasets, by dataset id, by name. */
export async function categoriesOf(db: ReadDb, ids: number[]): Promise<Map<number, CategoryRef[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ datasetId: datasetCategories.datasetId, slug: categories.slug, name: categories.name })
    .from(datasetCategories)
    .innerJoin(categories, eq(categories.id, datasetCategories.categoryId))
    .where(inArray(datasetCategories.datasetId, ids))
    .orderBy(asc(categories.name));
  return refsBy(rows, (r) => r.datasetId);
}

/** Category rows (already in name order) grouped by whose they are. */
function refsBy<K, R extends CategoryRef>(rows: readonly R[], keyOf: (row: R) => K): Map<K, CategoryRef[]> {
  const map = new Map<K, CategoryRef[]>();
  for (const r of rows) {
    const list = map.get(keyOf(r));
    const ref = { slug: r.slug, name: r.name };
    if (list) list.push(ref);
    else map.set(keyOf(r), [ref]);
  }
  return map;
}

/** Eurostat's page of a dataset, for entries not imported yet. */
export function eurostatPageOf(code: string): string {
  return `https://ec.europa.eu/eurostat/databrowser/view/${encodeURIComponent(code)}/default/table?lang=en`;
}

/** A period of the table of contents (1997M01, 2019W01 …) in the API's spelling, or as published when unreadable. */
function tocPeriod(text: string | null, freq: Frequency | null): string | null {
  if (!text) return null;
  const p = parsePeriod(text);
  return p && p.freq === freq ? formatPeriod(p.freq, p.ordinal) : text;
}

/** The list item of every code given that the catalogue holds (imported or listed by Eurostat), by code. */
export async function catalogueItems(db: ReadDb, codes: readonly string[]): Promise<Map<string, CatalogueItem>> {
  const items = new Map<string, CatalogueItem>();
  const wanted = [...new Set(codes.map((c) => c.toLowerCase()))];
  if (wanted.length === 0) return items;
  const [rows, entries] = await Promise.all([
    db.select().from(datasets).where(inArray(datasets.code, wanted)),
    db.select().from(catalogueEntries).where(inArray(catalogueEntries.code, wanted)),
  ]);
  const entryOf = new Map(entries.map((e) => [e.code, e]));
  const [editorial, folders, names, importDated] = await Promise.all([
    categoriesOf(
      db,
      rows.map((r) => r.id),
    ),
    foldersOf(
      db,
      entries.map((e) => e.code),
    ),
    categoryNames(db, [...new Set(entries.flatMap((e) => e.themePath))]),
    importDatedIds(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const themeOf = (entry: EntryRow | undefined): CategoryRef[] =>
    (entry?.themePath ?? []).map((slug) => ({ slug, name: names.get(slug) ?? slug }));
  for (const row of rows) {
    const entry = entryOf.get(row.code);
    const cats = [...(editorial.get(row.id) ?? []), ...(folders.get(row.code) ?? [])];
    items.set(row.code, {
      ...toDataset(row, cats, importDated.has(row.id)),
      imported: true,
      theme: themeOf(entry),
      withdrawn_at: entry?.withdrawnAt?.toISOString() ?? null,
    });
  }
  for (const entry of entries) {
    if (items.has(entry.code)) continue;
    const freq = frequencySchema.safeParse(entry.frequency).data ?? null;
    items.set(entry.code, {
      id: null,
      dataset_code: entry.code,
      dataset_name: entry.title,
      description: '',
      source_name: 'Eurostat',
      source_url: eurostatPageOf(entry.code),
      unit: '',
      frequency: freq,
      categories: folders.get(entry.code) ?? [],
      last_update: entry.lastUpdate?.toISOString() ?? null,
      last_update_from: 'source',
      oldest_period: tocPeriod(entry.dataStart, freq),
      latest_period: tocPeriod(entry.dataEnd, freq),
      imported: false,
      theme: themeOf(entry),
      withdrawn_at: entry.withdrawnAt?.toISOString() ?? null,
    });
  }
  return items;
}

/** The folders of Eurostat's tree each code is listed under, by code, by name. */
async function foldersOf(db: ReadDb, codes: string[]): Promise<Map<string, CategoryRef[]>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: catalogueEntryCategories.code, slug: categories.slug, name: categories.name })
    .from(catalogueEntryCategories)
    .innerJoin(categories, eq(categories.id, catalogueEntryCategories.categoryId))
    .where(inArray(catalogueEntryCategories.code, codes))
    .orderBy(asc(categories.name));
  return refsBy(rows, (r) => r.code);
}

/**
 * Where Eurostat's tree of themes files a dataset, from the top theme down (its breadcrumbs), for the page of a dataset
 * imported here; none when the table of contents does not list it. One statement: the path and its folders' names.
 */
export async function catalogueTheme(db: ReadDb, code: string): Promise<CategoryRef[]> {
  return queryRows<CategoryRef>(
    db,
    sql`SELECT p.slug, coalesce(c.name, p.slug) AS name
      FROM catalogue_entries e
      CROSS JOIN unnest(e.theme_path) WITH ORDINALITY AS p(slug, depth)
      LEFT JOIN categories c ON c.slug = p.slug
      WHERE e.code = ${code.toLowerCase()}
      ORDER BY p.depth`,
  );
}

async function categoryNames(db: ReadDb, slugs: string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ slug: categories.slug, name: categories.name })
    .from(categories)
    .where(inArray(categories.slug, slugs));
  return new Map(rows.map((r) => [r.slug, r.name]));
}

/** The ids of a category and of every category below it: a filter by theme includes its sub-themes. */
export function categorySubtree(slug: string): SQL {
  return sql`(WITH RECURSIVE sub AS (
      SELECT id FROM categories WHERE slug = ${slug}
      UNION SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id)
    SELECT id FROM sub)`;
}

export interface CatalogueListFilters {
  category?: string;
  /** false: only the entries not imported yet. */
  imported?: boolean;
  frequency?: Frequency;
  sort?: 'name' | 'updated' | 'relevance';
  limit: number;
  offset: number;
}

/** Every dataset of the catalogue once: the imported ones and the listed entries not imported yet (as `i`). */
const catalogueRows = sql`(SELECT d.code, d.name AS title, d.last_update, d.frequency::text AS frequency, d.id
    FROM datasets d
    UNION ALL
    SELECT e.code, e.title, e.last_update, e.frequency::text, NULL FROM catalogue_entries e
    WHERE e.withdrawn_at IS NULL AND NOT EXISTS (SELECT 1 FROM datasets d WHERE d.code = e.code)) AS i`;

/** How many datasets the catalogue lists, imported or not: what /datasets counts without a filter. */
export async function catalogueSize(db: ReadDb): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${catalogueRows}`);
  return Number(row?.n ?? 0);
}

/**
 * One page of the whole catalogue without a search: imported datasets and the entries of Eurostat's table of
 * contents not imported yet (withdrawn ones only once imported), by name or by last update.
 */
export async function listCatalogue(
  db: ReadDb,
  f: CatalogueListFilters,
): Promise<{ items: CatalogueItem[]; total: number }> {
  const where: SQL[] = [];
  if (f.frequency) where.push(sql`i.frequency = ${f.frequency}`);
  if (f.imported === false) where.push(sql`i.id IS NULL`);
  if (f.category) {
    const sub = categorySubtree(f.category);
    where.push(sql`(i.code IN (SELECT ec.code FROM catalogue_entry_categories ec WHERE ec.category_id IN ${sub})
      OR i.id IN (SELECT dc.dataset_id FROM dataset_categories dc WHERE dc.category_id IN ${sub}))`);
  }
  const items = catalogueRows;
  const condition = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  // By name: lower case in code point order, the same on PGlite and on any PostgreSQL collation.
  const byName = sql`lower(i.title) COLLATE "C", i.code`;
  const order = f.sort === 'updated' ? sql`i.last_update DESC NULLS LAST, ${byName}` : byName;
  const [page, count] = await Promise.all([
    queryRows<{ code: string }>(
      db,
      sql`SELECT i.code FROM ${items} ${condition} ORDER BY ${order} LIMIT ${f.limit} OFFSET ${f.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${items} ${condition}`),
  ]);
  const byCode = await catalogueItems(
    db,
    page.map((r) => r.code),
  );
  return {
    items: page.map((r) => byCode.get(r.code)).filter((i): i is CatalogueItem => i !== undefined),
    total: Number(count[0]?.n ?? 0),
  };
}
