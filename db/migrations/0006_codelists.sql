CREATE TABLE "codelist_codes" (
	"codelist" text NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "codelist_codes_codelist_code_pk" PRIMARY KEY("codelist","code")
);
--> statement-breakpoint
CREATE TABLE "codelist_fetches" (
	"codelist" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"codes" integer NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
