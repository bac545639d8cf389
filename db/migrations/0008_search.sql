CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TABLE "dataset_search" (
	"dataset_id" integer PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL,
	"words" text NOT NULL,
	"geos" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dataset_search" ADD CONSTRAINT "dataset_search_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dataset_search_document_idx" ON "dataset_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "dataset_search_geos_idx" ON "dataset_search" USING gin ("geos");--> statement-breakpoint
CREATE INDEX "dataset_search_words_trgm_idx" ON "dataset_search" USING gin ("words" gin_trgm_ops);--> statement-breakpoint
-- One dataset's search document from what the database holds (decision 055): every import calls it in its transaction.
CREATE OR REPLACE FUNCTION refresh_dataset_search(target integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM dataset_search WHERE dataset_id = target;
  INSERT INTO dataset_search (dataset_id, document, words, geos)
  SELECT d.id,
    setweight(to_tsvector('english', unaccent(d.name)), 'A')
      || setweight(to_tsvector('english', unaccent(concat_ws(' ', d.code, replace(d.code, '_', ' '), c.names))), 'B')
      || setweight(to_tsvector('english', unaccent(concat_ws(' ', d.description, d.unit, l.labels))), 'C'),
    lower(unaccent(concat_ws(' ', d.name, d.code, c.names, d.description, d.unit, l.labels))),
    coalesce(g.geos, '{}')
  FROM datasets d
  LEFT JOIN LATERAL (SELECT string_agg(ca.name, ' ' ORDER BY ca.name) AS names FROM dataset_categories dc
    JOIN categories ca ON ca.id = dc.category_id WHERE dc.dataset_id = d.id) c ON true
  LEFT JOIN LATERAL (SELECT string_agg(x.label, ' ' ORDER BY x.label) AS labels FROM (
    SELECT dd.label FROM dataset_dimensions dd WHERE dd.dataset_id = d.id
    UNION SELECT dv.label FROM dimension_values dv WHERE dv.dataset_id = d.id) x) l ON true
  LEFT JOIN LATERAL (SELECT array_agg(DISTINCT o.geo ORDER BY o.geo) AS geos FROM series s
    JOIN observations o ON o.series_id = s.id WHERE s.dataset_id = d.id AND o.value IS NOT NULL) g ON true
  WHERE d.id = target;
$$;--> statement-breakpoint
SELECT refresh_dataset_search(id) FROM datasets;
