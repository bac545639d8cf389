-- Imports asked for of catalogue entries not imported yet (decision 188): by visitors, or by admins for a theme or
-- everything; worked one at a time and resumed after a restart.
CREATE TABLE "import_requests" (
	"code" text PRIMARY KEY NOT NULL,
	"priority" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"holder" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"run_id" integer,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "import_requests_waiting" ON "import_requests" USING btree ("status","priority","requested_at");