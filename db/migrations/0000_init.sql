CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "dataset_categories" (
	"dataset_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "dataset_categories_dataset_id_category_id_pk" PRIMARY KEY("dataset_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "dataset_dimensions" (
	"dataset_id" integer NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "dataset_dimensions_dataset_id_position_pk" PRIMARY KEY("dataset_id","position")
);
--> statement-breakpoint
CREATE TABLE "datasets" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source_name" text NOT NULL,
	"source_url" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"frequency" char(1) NOT NULL,
	"defaults" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_update" timestamp with time zone,
	"oldest_period" integer,
	"latest_period" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "datasets_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "dimension_values" (
	"dataset_id" integer NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "dimension_values_dataset_id_position_code_pk" PRIMARY KEY("dataset_id","position","code")
);
--> statement-breakpoint
CREATE TABLE "geos" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"level" integer NOT NULL,
	"parent" text,
	"kind" text NOT NULL,
	"iso_numeric" text,
	CONSTRAINT "geos_label_unique" UNIQUE("label")
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"dataset_id" integer,
	"source" text NOT NULL,
	"format" text NOT NULL,
	"release_date" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"series_count" integer DEFAULT 0 NOT NULL,
	"value_count" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "observations" (
	"series_id" integer NOT NULL,
	"geo" text NOT NULL,
	"period" integer NOT NULL,
	"value" double precision,
	"decimals" smallint,
	"flags" text,
	CONSTRAINT "observations_series_id_geo_period_pk" PRIMARY KEY("series_id","geo","period")
);
--> statement-breakpoint
CREATE TABLE "revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_run_id" integer NOT NULL,
	"series_id" integer NOT NULL,
	"geo" text NOT NULL,
	"period" integer NOT NULL,
	"kind" text NOT NULL,
	"old_value" double precision,
	"old_flags" text,
	"new_value" double precision,
	"new_flags" text
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" serial PRIMARY KEY NOT NULL,
	"dataset_id" integer NOT NULL,
	"freq" char(1) NOT NULL,
	"dims" text[] NOT NULL,
	CONSTRAINT "series_dataset_key" UNIQUE("dataset_id","freq","dims")
);
--> statement-breakpoint
ALTER TABLE "dataset_categories" ADD CONSTRAINT "dataset_categories_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_categories" ADD CONSTRAINT "dataset_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_dimensions" ADD CONSTRAINT "dataset_dimensions_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_values" ADD CONSTRAINT "dimension_values_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_import_run_id_import_runs_id_fk" FOREIGN KEY ("import_run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "observations_geo" ON "observations" USING btree ("geo");--> statement-breakpoint
CREATE INDEX "revisions_run" ON "revisions" USING btree ("import_run_id");--> statement-breakpoint
CREATE INDEX "revisions_series" ON "revisions" USING btree ("series_id","geo");