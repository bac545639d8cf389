-- Decision 241: what the search's ranking reads of each document's catalogue entry and dataset (title, last update,
-- kind, frequency, release, years, listed) is kept in the document, so that a search no longer joins datasets and
-- catalogue_entries for every document a term matches (a quarter of its time for a common word). The facts are written
-- with the document (refresh_search_documents) and follow every later write to an entry or a dataset.
ALTER TABLE "search_documents" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "updated" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "kind" text DEFAULT 'dataset' NOT NULL;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "frequency" char(1);--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "release" text;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "started" integer;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "ended" integer;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The facts of the codes given, from the catalogue entry and the dataset: the one place they are worked out.
CREATE OR REPLACE FUNCTION search_document_facts(targets text[]) RETURNS TABLE (code text, title text,
  updated timestamp with time zone, kind text, frequency char(1), release text, started integer, ended integer,
  listed boolean) LANGUAGE sql STABLE AS $$
  SELECT c.code, coalesce(d.name, e.title), coalesce(d.last_update, e.last_update), coalesce(e.kind, 'dataset'),
    coalesce(d.frequency, e.frequency),
    -- A table and the dataset it is drawn from are regenerated together: the same last update and last period
    -- (decision 238); null where either is unknown, so that it matches nothing.
    e.source_updated || ' ' || e.data_end,
    substring(e.data_start from '^[0-9]{4}')::integer,
    -- Projections run to 2100: data ends, for the ranking, no later than its last update.
    least(substring(e.data_end from '^[0-9]{4}')::integer, extract(year FROM e.last_update)::integer),
    e.code IS NOT NULL AND e.withdrawn_at IS NULL
  FROM (SELECT DISTINCT unnest(targets) AS code) c
  LEFT JOIN datasets d ON d.code = c.code
  LEFT JOIN catalogue_entries e ON e.code = c.code
$$;--> statement-breakpoint
-- Only the facts, for writes that change nothing else of a document (a new last update, a withdrawal): rows whose
-- facts are unchanged are left alone.
CREATE OR REPLACE FUNCTION refresh_search_document_facts(targets text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE search_documents s SET title = f.title, updated = f.updated, kind = f.kind, frequency = f.frequency,
    release = f.release, started = f.started, ended = f.ended, listed = f.listed
  FROM search_document_facts(targets) f
  WHERE s.code = f.code AND (s.title, s.updated, s.kind, s.frequency, s.release, s.started, s.ended, s.listed)
    IS DISTINCT FROM (f.title, f.updated, f.kind, f.frequency, f.release, f.started, f.ended, f.listed)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_search_documents(targets text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT w, count(*)::integer AS n FROM search_documents s, unnest(s.terms) AS w
    WHERE s.code = ANY(targets) GROUP BY w)
  UPDATE search_vocabulary v SET documents = v.documents - gone.n FROM gone WHERE v.word = gone.w;
  DELETE FROM search_vocabulary WHERE documents <= 0;
  DELETE FROM search_documents WHERE code = ANY(targets);
  INSERT INTO search_documents (code, document, title_vector, title_lead, terms, geos, title_lexemes, regional, abroad,
    title, updated, kind, frequency, release, started, ended, listed)
  SELECT x.code,
    setweight(to_tsvector('english', unaccent(x.titles)), 'A')
      || setweight(to_tsvector('english', unaccent(x.filed)), 'B')
      || setweight(to_tsvector('english', unaccent(x.described)), 'C'),
    to_tsvector('english', unaccent(x.titles)),
    to_tsvector('english', unaccent(array_to_string((regexp_split_to_array(trim(coalesce(x.title, '')), '\s+'))[1:3], ' '))),
    ARRAY(SELECT DISTINCT w FROM regexp_split_to_table(lower(unaccent(concat_ws(' ', x.titles, x.filed, x.described))),
      '[^[:alnum:]]+') AS w WHERE length(w) >= 3 ORDER BY w),
    x.geos,
    -- Not counted: what a title says in brackets qualifies it ("(2015 = 100)", "(source: EEA)", "(NACE Rev. 2)"), and
    -- words of form, how often and that it is data ("- monthly data"), say what the catalogue says otherwise.
    ARRAY(SELECT l FROM unnest(tsvector_to_array(to_tsvector('english',
        unaccent(regexp_replace(coalesce(x.title, ''), '\([^)]*\)', ' ', 'g'))))) AS l
      WHERE l ~ '[a-z]' AND NOT l = ANY(tsvector_to_array(to_tsvector('english',
        'annual yearly monthly quarterly weekly daily half-yearly bi-annual semi-annual data')))
      ORDER BY l),
    coalesce(x.title ~* '\m(nuts|regions?|regional|metropolitan)\M', false),
    coalesce(x.themes ~* '\mnon[- ]eu countries\M', false),
    (x.facts).title, (x.facts).updated, (x.facts).kind, (x.facts).frequency, (x.facts).release, (x.facts).started,
    (x.facts).ended, (x.facts).listed
  FROM (
    -- A slash joins words into one token for the parser ("Euro/ECU", "deficit/surplus"): it becomes a space.
    SELECT c.code, replace(coalesce(d.name, e.title), '/', ' ') AS title,
      replace(concat_ws(' ', d.name, CASE WHEN e.title IS DISTINCT FROM d.name THEN e.title END), '/', ' ') AS titles,
      replace(concat_ws(' ', c.code, replace(c.code, '_', ' '), t.names, k.names), '/', ' ') AS filed,
      replace(concat_ws(' ', d.description, d.unit, l.labels), '/', ' ') AS described,
      t.names AS themes,
      CASE WHEN d.id IS NOT NULL THEN coalesce(g.geos, '{}') END AS geos,
      c AS facts
    -- The codes with their facts: each code once, and the facts worked out where they always are.
    FROM search_document_facts(targets) c
    LEFT JOIN datasets d ON d.code = c.code
    LEFT JOIN catalogue_entries e ON e.code = c.code
    -- The themes below the root folder ("Database by themes") and the top theme ("Population and social conditions"
    -- holds half the catalogue: its words would match everything under it).
    LEFT JOIN LATERAL (SELECT string_agg(ca.name, ' ' ORDER BY p.i) AS names
      FROM unnest(e.theme_path[3:]) WITH ORDINALITY AS p(slug, i) JOIN categories ca ON ca.slug = p.slug) t ON true
    LEFT JOIN LATERAL (SELECT string_agg(ca.name, ' ' ORDER BY ca.name) AS names FROM dataset_categories dc
      JOIN categories ca ON ca.id = dc.category_id WHERE dc.dataset_id = d.id) k ON true
    LEFT JOIN LATERAL (SELECT string_agg(y.label, ' ' ORDER BY y.label) AS labels FROM (
      SELECT dd.label FROM dataset_dimensions dd WHERE dd.dataset_id = d.id
      UNION SELECT dv.label FROM dimension_values dv WHERE dv.dataset_id = d.id) y) l ON true
    LEFT JOIN LATERAL (SELECT array_agg(DISTINCT sg.geo ORDER BY sg.geo) AS geos FROM series s
      JOIN series_geos sg ON sg.series_id = s.id WHERE s.dataset_id = d.id) g ON true
    WHERE d.id IS NOT NULL OR e.code IS NOT NULL) x;
  INSERT INTO search_vocabulary (word, documents)
  SELECT w, count(*)::integer FROM search_documents s, unnest(s.terms) AS w WHERE s.code = ANY(targets) GROUP BY w
  ON CONFLICT (word) DO UPDATE SET documents = search_vocabulary.documents + excluded.documents;
  -- After many documents (a table of contents' first sync), fresh statistics for the search's plans: PGlite runs no
  -- autovacuum, and without them its plans read every document.
  IF cardinality(targets) >= 500 THEN
    ANALYZE search_documents;
    ANALYZE search_vocabulary;
    ANALYZE catalogue_entries;
  END IF;
END
$$;--> statement-breakpoint
-- An entry's title or themes change its whole document; any other change (a new last update or last period, a
-- withdrawal) its facts.
CREATE OR REPLACE FUNCTION search_documents_follow_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_search_documents(ARRAY(
    SELECT n.code FROM after_rows n JOIN before_rows o ON o.code = n.code
    WHERE n.title IS DISTINCT FROM o.title OR n.theme_path IS DISTINCT FROM o.theme_path));
  PERFORM refresh_search_document_facts(ARRAY(SELECT n.code FROM after_rows n));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A dataset's name, frequency or last update written outside an import (an import refreshes its whole document).
CREATE OR REPLACE FUNCTION search_documents_follow_datasets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_search_document_facts(ARRAY(SELECT n.code FROM after_rows n));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER datasets_search_update AFTER UPDATE ON datasets
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_follow_datasets();--> statement-breakpoint
-- The documents written before this migration.
SELECT refresh_search_document_facts(ARRAY(SELECT code FROM search_documents));
