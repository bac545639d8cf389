// Catalogue search (decision 055): places in the query narrow to datasets with data there, typos are corrected to
// the catalogue's words with trigram similarity (pg_trgm), and datasets are ranked by full-text match of the terms
// and their synonyms over each dataset's search document (dataset_search, refreshed by every import).
import { sql, type SQL } from 'drizzle-orm';
import { parseQuery, placeEntries, placeIndex, synonyms, synonymWords, termQueries } from '../../core/search';
import type { ParsedQuery, PlaceIndex } from '../../core/search';
import { catalogueState, memoAt } from '../catalogue-memo';
import type { ReadDb } from '../client';
import { pgArray, queryRows } from '../sql';
import {
  categoriesOf,
  toDataset,
  type DatasetListFilters,
  type DatasetRow,
  type DatasetSearchResult,
} from './datasets';

/** The places a query can name, read once per catalogue version (imports add regions). */
async function places(db: ReadDb): Promise<PlaceIndex> {
  const state = await catalogueState(db);
  return memoAt(db, state.version, 'search-places', async () => {
    const rows = await queryRows<{ code: string; name: string; level: number }>(
      db,
      sql`SELECT code, name, level FROM geos`,
    );
    return placeIndex(placeEntries(rows));
  });
}

/**
 * Each term as the catalogue knows it: itself when a dataset or the synonyms use the word, otherwise the most similar
 * such word (trigram similarity at least 0.4: inflaton → inflation), otherwise itself. Phrases and short words
 * (gdp, cpi, eu) are kept as they are.
 */
async function correctTerms(db: ReadDb, terms: readonly string[]): Promise<string[]> {
  const single = terms.filter((t) => !t.includes(' ') && t.length >= 4 && !synonyms[t]);
  if (single.length === 0) return [...terms];
  const rows = await queryRows<{ term: string; best: string | null }>(
    db,
    sql`WITH vocabulary AS (
        SELECT DISTINCT w FROM dataset_search, regexp_split_to_table(words, '[^[:alnum:]_]+') AS w WHERE length(w) >= 3
        UNION SELECT unnest(${pgArray(synonymWords)}::text[]))
      SELECT t.term, (SELECT v.w FROM vocabulary v WHERE v.w = t.term OR similarity(v.w, t.term) >= 0.4
                      ORDER BY v.w = t.term DESC, similarity(v.w, t.term) DESC, v.w LIMIT 1) AS best
      FROM unnest(${pgArray(single)}::text[]) AS t(term)`,
  );
  const best = new Map(rows.map((r) => [r.term, r.best ?? r.term]));
  return terms.map((t) => best.get(t) ?? t);
}

export interface SearchPlan {
  parsed: ParsedQuery;
  /** The terms after typo correction, as searched. */
  terms: string[];
}

export async function planSearch(db: ReadDb, q: string): Promise<SearchPlan> {
  const parsed = parseQuery(q, await places(db));
  return { parsed, terms: await correctTerms(db, parsed.terms) };
}

type Row = DatasetRow & { open_codes: string[] | null; total: number };

/**
 * Datasets for a search, best first (or in the order asked): every place named must have data in the dataset, and at
 * least one term must match. Ranked by how many terms match, then by the terms' full-text rank weighted by how rare
 * each is in the catalogue. Each item says which places it opens on (the dataset page's `country[]`).
 */
export async function searchDatasets(db: ReadDb, f: DatasetListFilters & { q: string }): Promise<DatasetSearchResult> {
  const plan = await planSearch(db, f.q);
  const queries = termQueries(plan.terms);
  const placeSets = plan.parsed.places.map((p) => p.codes.join('|'));
  const where: SQL[] = [];
  if (queries.length) where.push(sql`m.matched > 0`);
  else if (placeSets.length === 0) {
    // Nothing searchable (only stop words): nothing matches.
    return { items: [], total: 0, places: [] };
  }
  if (placeSets.length) {
    where.push(sql`NOT EXISTS (SELECT 1 FROM unnest(${pgArray(placeSets)}::text[]) AS p
      WHERE NOT (string_to_array(p, '|') && s.geos))`);
  }
  if (f.frequency) where.push(sql`d.frequency = ${f.frequency}`);
  if (f.category) {
    where.push(sql`d.id IN (SELECT dc.dataset_id FROM dataset_categories dc
      JOIN categories c ON c.id = dc.category_id WHERE c.slug = ${f.category})`);
  }
  if (f.geo) where.push(sql`${f.geo} = ANY(s.geos)`);
  const codeWords = pgArray(plan.parsed.all);
  const order =
    f.sort === 'name'
      ? sql`d.name, d.id`
      : f.sort === 'updated'
        ? sql`d.last_update DESC NULLS LAST, d.name, d.id`
        : sql`d.code = ANY(${codeWords}::text[]) DESC, m.matched DESC, m.score DESC, d.name, d.id`;
  const rows = await queryRows<Row>(
    db,
    sql`WITH terms AS (
        SELECT n, to_tsquery('english', t) AS q FROM unnest(${pgArray(queries)}::text[]) WITH ORDINALITY AS u(t, n)),
      weighted AS (
        SELECT n, q, ln(1 + (SELECT count(*) FROM dataset_search)::float
                          / greatest(1, (SELECT count(*) FROM dataset_search x WHERE x.document @@ q))) AS idf
        FROM terms),
      pairs AS (
        SELECT s.dataset_id, w.n, w.idf, ts_rank(s.document, w.q) AS r
        FROM dataset_search s JOIN weighted w ON s.document @@ w.q),
      -- Each term's rank relative to the best dataset for it: a term with many alternatives counts as much as one.
      normalised AS (
        SELECT dataset_id, n, idf * r / nullif(max(r) OVER (PARTITION BY n), 0) AS score FROM pairs),
      matches AS (
        SELECT s.dataset_id, count(p.n)::integer AS matched, coalesce(sum(p.score), 0) AS score
        FROM dataset_search s LEFT JOIN normalised p ON p.dataset_id = s.dataset_id GROUP BY s.dataset_id)
      SELECT d.*,
        ARRAY(SELECT (SELECT c FROM unnest(string_to_array(p, '|')) WITH ORDINALITY AS u(c, i)
                      WHERE c = ANY(s.geos) ORDER BY i LIMIT 1)
              FROM unnest(${pgArray(placeSets)}::text[]) WITH ORDINALITY AS ps(p, n) ORDER BY n) AS open_codes,
        count(*) OVER ()::integer AS total
      FROM datasets d JOIN dataset_search s ON s.dataset_id = d.id JOIN matches m ON m.dataset_id = d.id
      ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
      ORDER BY ${order}
      LIMIT ${f.limit} OFFSET ${f.offset}`,
  );
  const datasetRows = rows.map(toRow);
  const cats = await categoriesOf(
    db,
    datasetRows.map((r) => r.id),
  );
  const items = rows.map((r, i) => {
    const dataset = toDataset(datasetRows[i]!, cats.get(r.id) ?? []);
    const codes = r.open_codes ?? [];
    return codes.length ? { ...dataset, view_query: codes.map((c) => `country[]=${c}`).join('&') } : dataset;
  });
  const total = rows[0]?.total ?? (f.offset > 0 ? await countOnly(db, f) : 0);
  return {
    items,
    total,
    places: plan.parsed.places.map((p) => ({ text: p.text, name: p.name, codes: p.codes })),
  };
}

/** A page past the last result still reports how many there are. */
async function countOnly(db: ReadDb, f: DatasetListFilters & { q: string }): Promise<number> {
  const all = await searchDatasets(db, { ...f, offset: 0, limit: 1 });
  return all.total;
}

/** A raw row (snake_case columns) as Drizzle's dataset row. */
function toRow(r: Row): DatasetRow {
  const raw = r as unknown as Record<string, unknown>;
  const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
  return {
    id: Number(raw.id),
    code: String(raw.code),
    name: String(raw.name),
    description: String(raw.description),
    sourceName: String(raw.source_name),
    sourceUrl: String(raw.source_url),
    unit: String(raw.unit),
    frequency: String(raw.frequency),
    defaults: (typeof raw.defaults === 'string' ? JSON.parse(raw.defaults) : raw.defaults) as Record<string, string>,
    extension: (typeof raw.extension === 'string' ? JSON.parse(raw.extension) : (raw.extension ?? null)) as Record<
      string,
      unknown
    > | null,
    lastUpdate: date(raw.last_update),
    oldestPeriod: raw.oldest_period === null ? null : Number(raw.oldest_period),
    latestPeriod: raw.latest_period === null ? null : Number(raw.latest_period),
    createdAt: date(raw.created_at)!,
    updatedAt: date(raw.updated_at)!,
  };
}
