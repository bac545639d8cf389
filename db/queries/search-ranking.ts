// The catalogue search's ranking (decision 191), in one statement over the search documents: how closely each
// document matches each term, how rare the term is in titles, what the query did not ask for, and how much narrower
// than asked a title is among the first results. Tuned on the tune half of bench/search-catalogue-queries.json and on
// bench/search-catalogue-extra.json (decision 220), bench/search-catalogue-extra2.json (decision 227) and
// bench/search-catalogue-extra3.json (decision 236).
import { sql, type SQL } from 'drizzle-orm';
import type { ReadDb } from '../client';
import { pgArray, queryRows } from '../sql';

/**
 * Eurostat's main tables: the families of codes Eurostat itself curates as the headline view of a subject for a general
 * reader ("Main tables" of its database: `tps` tables of a theme, `tec` economy, `tin` industry and services, `teina`
 * national accounts, `tgs` regions, `sdg_` the sustainable development indicators). A prefix class of the catalogue,
 * true of every subject, not of any one dataset: such a table is what someone who names only the subject means.
 */
export const mainTable = '^(tps|tec|tin|teina|tgs)[0-9]|^sdg_[0-9]';
/**
 * Words by which a title says that it sums up its subject ("Expenditure: main results", "… - key indicators"): rare as
 * they are among the first results, they make a title broader, not narrower, so they do not count in its narrowness.
 * Words of the English language, not of any subject or dataset (decision 228). They only stop narrowing; they raise
 * nothing, as "main" also means principal ("main ports", "main job"). "major" as in "Catches - major fishing areas",
 * the sum of the areas listed beside it (decision 244).
 */
const summaryWords = 'main major key headline summary overview results';
/**
 * The words by which a title names its frequency ("… - annual data", "… - quarterly data"): two tables whose titles
 * differ only by these are one table at two frequencies (tipsgo10 and tipsgo20). When the query names no frequency, the
 * annual one is shown and the other is a twin, so that the first five show different tables (decision 234). Words of
 * the English language, not of any subject.
 */
const frequencyWords = 'annual quarterly monthly weekly daily data';

/**
 * The ranking's weights, each declared once, here, and read by the statement from here. Only
 * `npm run bench:search -- --tune-weights` changes them at run time, on the development sets, to find better values to
 * write here (decision 244).
 */
export const rankWeights = {
  /** How closely a document matches a term: the word typed in its title counts 1, a synonym of it there less. */
  synonymInTitle: 0.9,
  /** A title's first three words name its subject; a term matched only later in the title counts this much. */
  later: 0.9,
  /** In its code or Eurostat's themes it sits under. */
  inThemes: 0.35,
  /** Only in an imported dataset's labels or description. */
  inLabels: 0.15,
  /** The power of the share of the query's weight a document matches: documents matching every term come first. */
  coverage: 0.5,
  /** Imported datasets: chosen for this site, their data here at once. */
  imported: 1.25,
  /**
   * Imported datasets with data in the place named; an entry not imported whose title names a country or region named
   * (placeNameQuery: "… main airports of the Netherlands" for "air freight Netherlands").
   */
  placedHere: 1.5,
  /** Per ln(1 + years covered): a long series is a main dataset, a one-year census table a detail. */
  span: 0.2,
  /**
   * For what the query did not ask for: a regional breakdown, old data, countries outside the EU, another frequency
   * than the one it names (monthly, quarterly).
   */
  demoted: 0.7,
  /** Data that stops this many years before the newest found is old. */
  oldAfter: 3,
  /** The score of a main table (mainTable) is raised this much. */
  mainTableRaise: 1.2,
  /**
   * Eurostat files its tables in a tree that mirrors the database's: a table's folder `t_une` ("Unemployment" under
   * "Tables by themes") stands for the database folder `une`, where the datasets it is drawn from sit. Datasets filed
   * in (or under) the database folder that the leading table's deepest folder mirrors are the datasets behind it, and
   * their score is raised this much, though not past the best table (decision 230): a rule of the table of contents'
   * two trees, not of any subject.
   */
  behindRaise: 1.3,
  /**
   * …up to just under the best table's score: the table stays before the datasets behind it. Eurostat regenerates a
   * table with the dataset it is drawn from, so the two share their last update and their last period in the table of
   * contents (tps00173 and lc_lci_lev: 30.03.2023, 2022): of the datasets that share both with the best table, one is
   * raised to just under it, one behind it first, else the best found (decision 238): a rule of how Eurostat publishes,
   * not of any subject.
   */
  belowLead: 0.999,
  /** How many of the first results are refined by how narrow their titles are. */
  refined: 60,
  /** A title word shared by a quarter of the first results or more is a form (monthly, by sex), not a subject. */
  formShare: Math.log(4),
  /** How much a title's narrowness (the rarity of its words the query did not ask for) divides its score. */
  narrowness: 0.15,
  /**
   * A table whose title says what a better table's says (the same title words, brackets and form words aside, at the
   * same frequency, or at any when the query names none: frequencyWords) is that table again under another theme
   * (Eurostat lists a `tps` table as a `tesem`, `sdg_` or `tips` one too): its score is multiplied by this, so the
   * first five show different tables. Datasets are left alone: a dataset and a table of one title, or two datasets of
   * one title (`ei_` and `prc_`), are asked for apart.
   */
  twin: 0.5,
  /**
   * After the first table and the first dataset, each further result of the same kind is multiplied by this once more
   * (the k-th table by kindDecay^(k-1), likewise datasets): a subject is answered by Eurostat's headline tables and by
   * the datasets behind them, and the first five should hold both rather than four tables of one subject or four
   * datasets.
   */
  kindDecay: 0.85,
  /** The best table and the best dataset lead when their score is at least this share of the best result's. */
  leadShare: 0.5,
};

export interface RankInput {
  /** Per term, its tsquery text with its synonyms (termQuery) and without them (literalQuery). */
  terms: { query: string; literal: string }[];
  /** Every alternative of every term, as text: the title words the query asked for. */
  asked: string;
  /** The query's words: a dataset code among them comes first. */
  words: string[];
  /** The places named, each as its geo codes: imported datasets must have data for each. */
  placeSets: string[][];
  /** The countries and regions named, each as a tsquery of its name (placeNameQuery): a title that names one. */
  placeNames: string[];
  /** A NUTS region is named: national entries not imported rank after regional ones. */
  region: boolean;
  /** The frequency the query asks for (frequencyAsked: M or Q): entries of another frequency are demoted. */
  frequency: string | null;
  /** Regions are asked for (a region, or "regional"): regional entries are not demoted. */
  regional: boolean;
  /** Further conditions on `s` (search_documents, with its facts: decision 241). */
  where: SQL[];
  sort: 'name' | 'updated' | 'relevance';
  limit: number;
  offset: number;
}

export interface RankedRow {
  code: string;
  /** Imported: the geo codes with data. */
  geos: string[] | null;
  /**
   * Imported: the values its search opens on (`dimN:code`, by dimension), for the terms its title does not match and
   * its labels do ("female unemployment": the title says unemployment, the sex dimension's "Females" says female): in
   * each dimension the value whose label matches the most of them (the shortest label, then the first in the dataset's
   * order, of those that match as many). Null when there is none to look for.
   */
  values: string[] | null;
  /** The labels of those values, in the same order. */
  value_labels: string[] | null;
  total: number;
}

/** One page of the documents that match, best first (or by name or update), with how many match in all. */
export async function rankDocuments(db: ReadDb, r: RankInput): Promise<RankedRow[]> {
  const codeHit = sql`c.code = ANY(${pgArray(r.words)}::text[]) DESC`;
  const order =
    r.sort === 'name'
      ? sql`c.title, c.code`
      : r.sort === 'updated'
        ? sql`c.updated DESC NULLS LAST, c.title, c.code`
        : // The refined ones (the first found and the datasets regenerated with the first table) first.
          sql`${codeHit}, c.final IS NOT NULL DESC, c.leads DESC, c.final DESC, c.first_rank`;
  const places = r.placeSets.map((codes) => codes.join('|'));
  const where = [...r.where];
  if (places.length) {
    where.push(sql`(s.geos IS NULL OR NOT EXISTS (SELECT 1 FROM unnest(${pgArray(places)}::text[]) AS p
      WHERE NOT (string_to_array(p, '|') && s.geos)))`);
  }
  // Without terms (places only) the documents known to have data there are the candidates.
  const from = r.terms.length
    ? sql`matches m JOIN search_documents s ON s.code = m.code`
    : sql`search_documents s LEFT JOIN matches m ON false`;
  return queryRows<RankedRow>(
    db,
    // The tsqueries are parsed once, in materialised CTEs: inlined, to_tsquery of a column is parsed again for every
    // document it is matched against ("energy use by industry": 64 of the statement's 122 ms under EXPLAIN ANALYZE, 11
    // of 83 once materialised; bench/README.md).
    sql`WITH RECURSIVE terms AS MATERIALIZED (
        SELECT n, to_tsquery('english', t) AS q, to_tsquery('english', l) AS literal
        FROM unnest(${pgArray(r.terms.map((t) => t.query))}::text[], ${pgArray(r.terms.map((t) => t.literal))}::text[])
          WITH ORDINALITY AS u(t, l, n)),
      place_names AS MATERIALIZED (SELECT to_tsquery('english', q) AS q FROM unnest(${pgArray(r.placeNames)}::text[]) AS p(q)),
      documents AS (SELECT count(*)::float AS n FROM search_documents),
      -- How closely each document matches each term.
      pairs AS (
        SELECT s.code, t.n, CASE WHEN s.title_vector @@ t.literal THEN 1.0
            WHEN s.title_vector @@ t.q THEN ${rankWeights.synonymInTitle}::float
            -- Only imported datasets have labels and a description (weight C).
            WHEN s.geos IS NULL OR ts_filter(s.document, '{b}') @@ t.q THEN ${rankWeights.inThemes}::float
            ELSE ${rankWeights.inLabels}::float END
          -- A title names its subject first: "Private sector debt - % of GDP" is not about GDP.
          * CASE WHEN s.title_vector @@ t.q AND NOT s.title_lead @@ t.q THEN ${rankWeights.later}::float ELSE 1 END AS strength
        FROM terms t JOIN search_documents s ON s.document @@ t.q),
      -- A term's weight: how rare it is in titles.
      per_term AS (
        SELECT n, ln(1 + (SELECT n FROM documents) / (1 + count(*) FILTER (WHERE strength >= ${rankWeights.synonymInTitle}::float)))
          AS idf
        FROM pairs GROUP BY n),
      -- The terms' weighted match, times the share of the query's weight matched.
      matches AS (
        SELECT p.code, sum(w.idf * p.strength) * power(sum(w.idf) / (SELECT sum(idf) FROM per_term), ${rankWeights.coverage}::float)
          AS score,
          -- The terms not in its title: an imported dataset's labels may name a value to open on (values below).
          array_agg(p.n) FILTER (WHERE p.strength <= ${rankWeights.inThemes}::float) AS untitled
        FROM pairs p JOIN per_term w ON w.n = p.n GROUP BY p.code),
      candidates AS (
        -- The entry's and the dataset's facts are the document's own (search_document_facts, decision 241): a table
        -- and the dataset it is drawn from share their release (decision 238), and data ends, for this, no later
        -- than its last update.
        SELECT s.code, s.geos, s.title_lexemes, s.regional, s.abroad, coalesce(m.score, 0) AS score,
          m.untitled,
          EXISTS (SELECT 1 FROM place_names p WHERE s.title_vector @@ p.q) AS placed,
          s.title, s.updated, s.kind, s.frequency, s.release, s.started, s.ended
        FROM ${from}
        WHERE ${sql.join(where, sql` AND `)}),
      newest AS (SELECT max(ended) AS ended FROM candidates),
      -- The score raised for imported datasets, for data known to be in the places named (not imported: a title that
      -- names one) and for long series; lowered for what the query did not ask for: a national entry when a region is
      -- named, a regional breakdown, data that stopped years before the newest found, countries outside the EU,
      -- another frequency than named.
      scored AS (
        SELECT c.*, c.score
            * CASE WHEN c.geos IS NOT NULL THEN ${rankWeights.imported}::float ELSE 1 END
            * CASE WHEN c.geos IS NOT NULL AND ${places.length > 0} THEN ${rankWeights.placedHere}::float
                   WHEN c.geos IS NULL AND c.placed THEN ${rankWeights.placedHere}::float
                   WHEN c.geos IS NULL AND ${r.region} AND NOT c.regional THEN ${rankWeights.demoted}::float ELSE 1 END
            * (1 + ${rankWeights.span}::float * ln(1 + greatest(0, coalesce(c.ended - c.started, 0))))
            * CASE WHEN c.regional AND NOT ${r.regional} THEN ${rankWeights.demoted}::float ELSE 1 END
            * CASE WHEN c.ended < (SELECT ended FROM newest) - ${rankWeights.oldAfter} THEN ${rankWeights.demoted}::float ELSE 1 END
            * CASE WHEN c.abroad THEN ${rankWeights.demoted}::float ELSE 1 END
            * CASE WHEN c.frequency <> ${r.frequency ?? ''} AND ${r.frequency !== null} THEN ${rankWeights.demoted}::float ELSE 1 END
            * CASE WHEN c.code ~ ${mainTable} THEN ${rankWeights.mainTableRaise}::float ELSE 1 END AS base
        FROM candidates c),
      ranked AS (
        SELECT c.*, row_number() OVER (ORDER BY ${codeHit}, c.base DESC, cardinality(c.title_lexemes), c.title, c.code)
            AS first_rank,
          count(*) OVER ()::integer AS total
        FROM scored c),
      -- The first ones found, refined: a title word the query did not ask for that few of them share makes a
      -- dataset narrower than asked ("clothing" in "HICP - clothing" among the HICP's tables for "hicp"), unless it
      -- says that the title sums up its subject ("main results").
      first AS (SELECT c.code, c.title_lexemes FROM ranked c WHERE c.first_rank <= ${rankWeights.refined}),
      -- The datasets regenerated with the first table found (the same last update and last period: decision 238) are
      -- refined too, wherever they were found: the one the table is drawn from may match one word of the query only.
      first_table AS (
        SELECT c.release FROM ranked c
        WHERE c.kind = 'table' AND c.first_rank <= ${rankWeights.refined} ORDER BY c.first_rank LIMIT 1),
      kin AS (
        SELECT c.code FROM ranked c, first_table t WHERE c.kind = 'dataset' AND c.release = t.release),
      shared AS (
        SELECT w.lexeme, greatest(0, ln((SELECT count(*) FROM first)::float / count(*)) - ${rankWeights.formShare}::float) AS rarity
        FROM first, unnest(first.title_lexemes) AS w(lexeme)
        WHERE NOT w.lexeme = ANY(tsvector_to_array(to_tsvector('english', ${`${r.asked} ${summaryWords}`})))
        GROUP BY w.lexeme),
      narrowed AS (
        SELECT c.*, c.base / (1 + ${rankWeights.narrowness}::float * coalesce((
            SELECT sum(h.rarity) FROM unnest(c.title_lexemes) AS w(lexeme) JOIN shared h ON h.lexeme = w.lexeme), 0))
          AS narrow
        FROM ranked c WHERE c.first_rank <= ${rankWeights.refined} OR c.code IN (SELECT code FROM kin)),
      -- The same table again under another theme (the same title words, its frequency's aside) after the first one; at
      -- another frequency too when the query names none, the annual one first.
      twinned AS (
        SELECT c.*, c.narrow * CASE WHEN c.kind = 'table' AND row_number() OVER (
            PARTITION BY c.kind, ARRAY(SELECT w FROM unnest(c.title_lexemes) AS w
                WHERE NOT w = ANY(tsvector_to_array(to_tsvector('english', ${frequencyWords}))) ORDER BY w),
              CASE WHEN ${r.frequency !== null} THEN c.frequency END
            ORDER BY c.frequency = 'A' DESC, c.narrow DESC, c.first_rank) > 1
            THEN ${rankWeights.twin}::float ELSE 1 END AS twinned
        FROM narrowed c),
      -- Tables and datasets in turn: the k-th of a kind counts kindDecay^(k-1).
      refined AS (
        SELECT c.*, c.twinned * power(${rankWeights.kindDecay}::float,
            row_number() OVER (PARTITION BY c.kind ORDER BY c.twinned DESC, c.first_rank) - 1) AS final
        FROM twinned c),
      -- The datasets behind the best table: those filed in or under the database folder its deepest folder mirrors
      -- (t_une in the tables' tree, une in the database's), raised, but not past that table.
      lead AS (
        SELECT e.theme_path, c.release, c.final FROM refined c JOIN catalogue_entries e ON e.code = c.code
        WHERE c.kind = 'table' ORDER BY c.final DESC, c.first_rank LIMIT 1),
      source AS (
        SELECT g.id FROM lead, unnest(lead.theme_path) WITH ORDINALITY AS u(p, depth)
        JOIN categories g ON g.slug = substr(u.p, 3)
        WHERE u.p LIKE 't\\_%' ORDER BY u.depth DESC LIMIT 1),
      under(id) AS (
        SELECT id FROM source UNION SELECT g.id FROM categories g JOIN under u ON g.parent_id = u.id),
      behind AS (SELECT DISTINCT ec.code FROM catalogue_entry_categories ec JOIN under u ON u.id = ec.category_id),
      -- The dataset the best table is drawn from: of those regenerated with it, the best behind it, else the best,
      -- raised to just under it.
      drawn_from AS (
        SELECT c.code FROM refined c, lead WHERE c.kind = 'dataset' AND c.release = lead.release
        ORDER BY c.code IN (SELECT code FROM behind) DESC, c.final DESC, c.first_rank LIMIT 1),
      raised AS (
        SELECT c.code, c.kind, CASE WHEN c.code IN (SELECT code FROM drawn_from)
            THEN greatest(c.final, (SELECT final FROM lead) * ${rankWeights.belowLead}::float)
            WHEN c.kind = 'dataset' AND c.code IN (SELECT code FROM behind)
            THEN greatest(c.final, least(c.final * ${rankWeights.behindRaise}::float, (SELECT final FROM lead) * ${rankWeights.belowLead}::float))
            ELSE c.final END AS final, c.first_rank
        FROM refined c),
      -- The best table and the best dataset lead (when close to the best result): Eurostat's tables are the headline
      -- views of its datasets, and a search for a subject is answered by both.
      leaders AS (
        SELECT c.code, row_number() OVER (PARTITION BY c.kind ORDER BY c.final DESC, c.first_rank) = 1
            AND c.final >= ${rankWeights.leadShare}::float * max(c.final) OVER () AS leads
        FROM raised c),
      results AS (
        SELECT c.*, f.final, coalesce(l.leads, false) AS leads
        FROM ranked c LEFT JOIN raised f ON f.code = c.code LEFT JOIN leaders l ON l.code = c.code),
      page AS (SELECT c.* FROM results c ORDER BY ${order} LIMIT ${r.limit} OFFSET ${r.offset})
      SELECT c.code, c.geos, c.total, v.values, v.value_labels
      FROM page c
      LEFT JOIN LATERAL (
        SELECT array_agg('dim' || h.position || ':' || h.value ORDER BY h.position) AS values,
          array_agg(h.label ORDER BY h.position) AS value_labels
        FROM (
          SELECT DISTINCT ON (dv.position) dv.position, dv.code AS value, dv.label
          FROM datasets d JOIN dimension_values dv ON dv.dataset_id = d.id
          CROSS JOIN LATERAL (SELECT count(*) AS matched FROM terms t
            WHERE t.n = ANY(c.untitled) AND to_tsvector('english', unaccent(dv.label)) @@ t.q) m
          WHERE c.geos IS NOT NULL AND c.untitled IS NOT NULL AND d.code = c.code AND m.matched > 0
          ORDER BY dv.position, m.matched DESC, length(dv.label), dv.sort_order) h) v ON true
      ORDER BY ${order}`,
  );
}
