ALTER TABLE "revisions" ADD COLUMN "old_decimals" smallint;--> statement-breakpoint
CREATE INDEX "import_runs_dataset" ON "import_runs" USING btree ("dataset_id","finished_at");