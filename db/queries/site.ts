// Queries of the public site: contact messages, redirects of moved pages, and the catalogue's filter options.
import { eq, sql } from 'drizzle-orm';
import { answerVersions } from '../answer-versions';
import { memoAt } from '../catalogue-memo';
import type { Db, ReadDb } from '../client';
import { categories, contactMessages, redirects } from '../schema';
import { queryRows } from '../sql';

export interface NewContactMessage {
  name: string;
  email: string;
  topic: string;
  message: string;
}

export async function insertContactMessage(db: Db, msg: NewContactMessage): Promise<{ id: number }> {
  const [row] = await db.insert(contactMessages).values(msg).returning({ id: contactMessages.id });
  return row!;
}

export async function markContactMessageMailed(db: Db, id: number): Promise<void> {
  await db.update(contactMessages).set({ mailedAt: new Date() }).where(eq(contactMessages.id, id));
}

export async function getContactMessage(db: ReadDb, id: number) {
  const rows = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return rows[0];
}

export interface Redirect {
  fromPath: string;
  target: string;
  status: 301 | 302 | 307 | 308;
}

/** The old path as stored: no query, no trailing slash except for / itself. */
export function normalizeRedirectPath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed || '/';
}

function toRedirect(row: typeof redirects.$inferSelect): Redirect {
  const status = row.status === 302 || row.status === 307 || row.status === 308 ? row.status : 301;
  return { fromPath: row.fromPath, target: row.target, status };
}

/** The redirect stored for a path, if any. */
export async function findRedirect(db: ReadDb, pathname: string): Promise<Redirect | undefined> {
  const rows = await db
    .select()
    .from(redirects)
    .where(eq(redirects.fromPath, normalizeRedirectPath(pathname)));
  return rows[0] ? toRedirect(rows[0]) : undefined;
}

/** Adds or replaces the redirect of an old path. */
export async function saveRedirect(db: Db, r: Redirect): Promise<void> {
  const fromPath = normalizeRedirectPath(r.fromPath);
  await db
    .insert(redirects)
    .values({ fromPath, target: r.target, status: r.status })
    .onConflictDoUpdate({ target: redirects.fromPath, set: { target: r.target, status: r.status } });
}

export async function deleteRedirect(db: Db, fromPath: string): Promise<void> {
  await db.delete(redirects).where(eq(redirects.fromPath, normalizeRedirectPath(fromPath)));
}

export interface CategoryOption {
  slug: string;
  name: string;
  /** Datasets and tables in it or below it, each once (withdrawn entries only once imported). */
  datasets: number;
  /** The top of Eurostat's tree it sits in ("Database by themes" …); null for an editorial category. */
  group: string | null;
}

/**
 * The categories a catalogue can be narrowed to, with how many datasets each holds: the editorial ones and the themes
 * just below the tops of Eurostat's tree (decision 188); narrower themes are reached from a dataset's breadcrumbs.
 * Counted once per version of the catalogue list (imports and tables of contents applied: the API's answer version),
 * not on every render of /datasets (a statement of about 50 ms on PostgreSQL, 90 on PGlite, over 7,000 entries).
 */
export async function listCategoryOptions(db: ReadDb): Promise<CategoryOption[]> {
  const { api } = await answerVersions(db);
  return memoAt(db, api, 'category-options', () => countCategoryOptions(db));
}

function countCategoryOptions(db: ReadDb): Promise<CategoryOption[]> {
  return queryRows<CategoryOption>(
    db,
    sql`WITH RECURSIVE options AS (
        SELECT c.id, p.name AS grp FROM categories c LEFT JOIN categories p ON p.id = c.parent_id
        WHERE (c.parent_id IS NULL AND NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id))
          OR (p.id IS NOT NULL AND p.parent_id IS NULL)),
      tree AS (
        SELECT id, id AS top FROM options
        UNION ALL SELECT k.id, t.top FROM categories k JOIN tree t ON k.parent_id = t.id),
      members AS (
        SELECT ec.category_id, ec.code FROM catalogue_entry_categories ec
          JOIN catalogue_entries e ON e.code = ec.code
          WHERE e.withdrawn_at IS NULL OR EXISTS (SELECT 1 FROM datasets d WHERE d.code = e.code)
        UNION ALL
        SELECT dc.category_id, d.code FROM dataset_categories dc JOIN datasets d ON d.id = dc.dataset_id)
      SELECT c.slug, c.name, count(DISTINCT m.code)::int AS datasets, o.grp AS "group"
      FROM options o JOIN categories c ON c.id = o.id JOIN tree t ON t.top = o.id
      JOIN members m ON m.category_id = t.id
      GROUP BY c.slug, c.name, o.grp, c.id
      ORDER BY o.grp NULLS FIRST, CASE WHEN o.grp IS NULL THEN c.name END, c.id`,
  );
}

/** A category by its slug (an editorial one or a folder of Eurostat's tree). */
export async function findCategory(db: ReadDb, slug: string): Promise<{ slug: string; name: string } | null> {
  const rows = await queryRows<{ slug: string; name: string }>(
    db,
    sql`SELECT slug, name FROM ${categories} WHERE slug = ${slug}`,
  );
  return rows[0] ?? null;
}

export interface GeoOption {
  code: string;
  name: string;
  kind: string;
}

/** Countries and aggregates (not regions) that have at least one published value in any dataset. */
export async function listGeoOptions(db: ReadDb): Promise<GeoOption[]> {
  return queryRows<GeoOption>(
    db,
    sql`SELECT g.code, g.label AS name, g.kind FROM geos g
      WHERE g.kind <> 'region' AND EXISTS (SELECT 1 FROM series_geos sg WHERE sg.geo = g.code)
      ORDER BY g.kind = 'aggregate' DESC, g.label`,
  );
}

export interface CatalogueCounts {
  datasets: number;
  series: number;
  values: number;
  geos: number;
  regions: number;
}

/** How much the catalogue holds: datasets, series, published values and geographies with data. */
export async function catalogueCounts(db: ReadDb): Promise<CatalogueCounts> {
  const [row] = await queryRows<CatalogueCounts>(
    db,
    sql`SELECT (SELECT count(*) FROM datasets)::int AS datasets,
      (SELECT count(*) FROM series)::int AS series,
      (SELECT count(*) FROM observations WHERE value IS NOT NULL)::int AS values,
      (SELECT count(DISTINCT geo) FROM series_geos)::int AS geos,
      (SELECT count(*) FROM geos g WHERE g.kind = 'region'
         AND EXISTS (SELECT 1 FROM series_geos sg WHERE sg.geo = g.code))::int AS regions`,
  );
  return row ?? { datasets: 0, series: 0, values: 0, geos: 0, regions: 0 };
}

export interface SitemapPlace {
  code: string;
  name: string;
  parent: string | null;
  kind: 'country' | 'region';
  hasData: boolean;
}

/**
 * The places of the statistics pages: countries with data, and every NUTS region (extra-regio codes left out) with
 * whether it has data. Regions without data are returned too, because slugs are made unique among all siblings.
 */
export async function sitemapPlaces(db: ReadDb): Promise<SitemapPlace[]> {
  return queryRows<SitemapPlace>(
    db,
    sql`SELECT g.code, g.name, g.parent, g.kind,
        EXISTS (SELECT 1 FROM series_geos sg WHERE sg.geo = g.code) AS "hasData"
      FROM geos g
      WHERE (g.kind = 'country' AND EXISTS (SELECT 1 FROM series_geos sg WHERE sg.geo = g.code))
         OR (g.kind = 'region' AND g.code !~ '^[A-Z]{2}Z+$')
      ORDER BY g.code`,
  );
}

/** For each geo, the slugs of the categories that have a dataset with data for it. */
export async function geoCategorySlugs(db: ReadDb): Promise<Map<string, string[]>> {
  const rows = await queryRows<{ geo: string; slugs: string[] }>(
    db,
    sql`SELECT x.geo, array_agg(DISTINCT c.slug ORDER BY c.slug) AS slugs
      FROM (SELECT DISTINCT s.dataset_id, sg.geo FROM series_geos sg JOIN series s ON s.id = sg.series_id) x
      JOIN dataset_categories dc ON dc.dataset_id = x.dataset_id JOIN categories c ON c.id = dc.category_id
      GROUP BY x.geo`,
  );
  return new Map(rows.map((r) => [r.geo, r.slugs]));
}

/** Countries (not aggregates or regions) with at least one published value in a series, by name. */
export async function countriesInSeries(db: ReadDb, seriesId: number): Promise<{ code: string; name: string }[]> {
  return queryRows<{ code: string; name: string }>(
    db,
    sql`SELECT g.code, g.name FROM geos g
      WHERE g.kind = 'country'
        AND EXISTS (SELECT 1 FROM series_geos sg WHERE sg.series_id = ${seriesId} AND sg.geo = g.code)
      ORDER BY g.name`,
  );
}
