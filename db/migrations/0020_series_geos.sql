CREATE TABLE "series_geos" (
	"series_id" integer NOT NULL,
	"geo" text NOT NULL,
	CONSTRAINT "series_geos_series_id_geo_pk" PRIMARY KEY("series_id","geo")
);
--> statement-breakpoint
DROP INDEX "observations_geo";--> statement-breakpoint
ALTER TABLE "series_geos" ADD CONSTRAINT "series_geos_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_geos_geo" ON "series_geos" USING btree ("geo");--> statement-breakpoint
-- Decision 164: the places of each series with at least one value, for questions by place.
INSERT INTO series_geos (series_id, geo) SELECT DISTINCT series_id, geo FROM observations WHERE value IS NOT NULL;--> statement-breakpoint
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
  LEFT JOIN LATERAL (SELECT array_agg(DISTINCT sg.geo ORDER BY sg.geo) AS geos FROM series s
    JOIN series_geos sg ON sg.series_id = s.id WHERE s.dataset_id = d.id) g ON true
  WHERE d.id = target;
$$;
