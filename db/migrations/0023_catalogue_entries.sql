-- Eurostat's catalogue (decision 188): every dataset and table of its table of contents, imported or not, and the
-- folders of its tree of themes each is listed under.
CREATE TABLE "catalogue_entries" (
	"code" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"source_updated" text,
	"last_update" timestamp with time zone,
	"structure_changed" timestamp with time zone,
	"data_start" text,
	"data_end" text,
	"frequency" char(1),
	"theme_path" text[] NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_entry_categories" (
	"code" text NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "catalogue_entry_categories_code_category_id_pk" PRIMARY KEY("code","category_id")
);
--> statement-breakpoint
ALTER TABLE "catalogue_entry_categories" ADD CONSTRAINT "catalogue_entry_categories_code_catalogue_entries_code_fk" FOREIGN KEY ("code") REFERENCES "public"."catalogue_entries"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_entry_categories" ADD CONSTRAINT "catalogue_entry_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_entry_categories_category" ON "catalogue_entry_categories" USING btree ("category_id");