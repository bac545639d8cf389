CREATE TABLE "search_documents" (
	"code" text PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL,
	"title_vector" "tsvector" NOT NULL,
	"title_lead" "tsvector" NOT NULL,
	"terms" text[] NOT NULL,
	"geos" text[],
	"title_lexemes" text[] NOT NULL,
	"regional" boolean NOT NULL,
	"abroad" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_vocabulary" (
	"word" text PRIMARY KEY NOT NULL,
	"documents" integer NOT NULL
);
--> statement-breakpoint
DROP TABLE "dataset_search" CASCADE;--> statement-breakpoint
CREATE INDEX "search_documents_document_idx" ON "search_documents" USING gin ("document") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_documents_geos_idx" ON "search_documents" USING gin ("geos") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_vocabulary_word_trgm_idx" ON "search_vocabulary" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Decision 191: the search documents of the codes given, from what the database holds: the catalogue entry (title,
-- themes below the top one) and, once imported, the dataset (its name, categories, description, unit, dimension
-- and code labels, places with data). A code neither listed nor imported loses its document. search_vocabulary
-- follows: the words of the replaced documents are taken out, those of the new ones counted in.
CREATE OR REPLACE FUNCTION refresh_search_documents(targets text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT w, count(*)::integer AS n FROM search_documents s, unnest(s.terms) AS w
    WHERE s.code = ANY(targets) GROUP BY w)
  UPDATE search_vocabulary v SET documents = v.documents - gone.n FROM gone WHERE v.word = gone.w;
  DELETE FROM search_vocabulary WHERE documents <= 0;
  DELETE FROM search_documents WHERE code = ANY(targets);
  INSERT INTO search_documents (code, document, title_vector, title_lead, terms, geos, title_lexemes, regional, abroad)
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
    coalesce(x.themes ~* '\mnon[- ]eu countries\M', false)
  FROM (
    -- A slash joins words into one token for the parser ("Euro/ECU", "deficit/surplus"): it becomes a space.
    SELECT c.code, replace(coalesce(d.name, e.title), '/', ' ') AS title,
      replace(concat_ws(' ', d.name, CASE WHEN e.title IS DISTINCT FROM d.name THEN e.title END), '/', ' ') AS titles,
      replace(concat_ws(' ', c.code, replace(c.code, '_', ' '), t.names, k.names), '/', ' ') AS filed,
      replace(concat_ws(' ', d.description, d.unit, l.labels), '/', ' ') AS described,
      t.names AS themes,
      CASE WHEN d.id IS NOT NULL THEN coalesce(g.geos, '{}') END AS geos
    FROM (SELECT DISTINCT unnest(targets) AS code) c
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
-- The catalogue's writers (the table of contents' sync, its folders' names) need not know about the search: a
-- statement that adds entries, changes their titles or themes, renames a folder or deletes a dataset refreshes the
-- documents it touched, once per statement.
CREATE OR REPLACE FUNCTION search_documents_follow_inserts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_search_documents(ARRAY(SELECT code FROM added));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_documents_follow_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_search_documents(ARRAY(
    SELECT n.code FROM after_rows n JOIN before_rows o ON o.code = n.code
    WHERE n.title IS DISTINCT FROM o.title OR n.theme_path IS DISTINCT FROM o.theme_path));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_documents_follow_deletes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_search_documents(ARRAY(SELECT code FROM removed));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_documents_follow_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_search_documents(ARRAY(
    SELECT e.code FROM catalogue_entries e
    WHERE e.theme_path && ARRAY(SELECT n.slug FROM after_rows n JOIN before_rows o ON o.id = n.id
                                WHERE n.name IS DISTINCT FROM o.name)
    UNION SELECT d.code FROM datasets d JOIN dataset_categories dc ON dc.dataset_id = d.id
    JOIN after_rows n ON n.id = dc.category_id JOIN before_rows o ON o.id = n.id
    WHERE n.name IS DISTINCT FROM o.name));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER catalogue_entries_search_insert AFTER INSERT ON catalogue_entries
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION search_documents_follow_inserts();--> statement-breakpoint
CREATE TRIGGER catalogue_entries_search_update AFTER UPDATE ON catalogue_entries
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_follow_entries();--> statement-breakpoint
CREATE TRIGGER catalogue_entries_search_delete AFTER DELETE ON catalogue_entries
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION search_documents_follow_deletes();--> statement-breakpoint
CREATE TRIGGER datasets_search_delete AFTER DELETE ON datasets
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION search_documents_follow_deletes();--> statement-breakpoint
CREATE TRIGGER categories_search_update AFTER UPDATE ON categories
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_follow_categories();--> statement-breakpoint
DROP FUNCTION IF EXISTS refresh_dataset_search(integer);--> statement-breakpoint
SELECT refresh_search_documents(ARRAY(SELECT code FROM catalogue_entries UNION SELECT code FROM datasets));
