CREATE TABLE "refresh_datasets" (
	"code" text PRIMARY KEY NOT NULL,
	"source_updated" text,
	"checked_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"last_error" text,
	"last_run_id" integer
);
--> statement-breakpoint
CREATE TABLE "refresh_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"status" text,
	"holder" text,
	"summary" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "refresh_datasets" ADD CONSTRAINT "refresh_datasets_last_run_id_import_runs_id_fk" FOREIGN KEY ("last_run_id") REFERENCES "public"."import_runs"("id") ON DELETE set null ON UPDATE no action;