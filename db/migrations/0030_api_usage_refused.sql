-- Decision 243: requests refused past the daily limit are kept apart from the count against it, so that counts a
-- process hands back below the limit after others were refused can still be used; the usage chart adds both.
ALTER TABLE "api_usage" ADD COLUMN "refused" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage" ADD COLUMN "last_refused" integer DEFAULT 0 NOT NULL;