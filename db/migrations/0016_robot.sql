CREATE TABLE "robot_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"title" text NOT NULL,
	"markdown" text NOT NULL,
	"citations" jsonb NOT NULL,
	"import_run_id" integer,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"edited_title" text,
	"edited_markdown" text,
	"post_id" integer,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"dataset_code" text NOT NULL,
	"dimensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"geos" text[] NOT NULL,
	"sections" text[] NOT NULL,
	"change_lag" integer DEFAULT 1 NOT NULL,
	"title_pattern" text NOT NULL,
	"schedule" text DEFAULT 'after_refresh' NOT NULL,
	"post_id" integer,
	"last_run_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "robot_templates_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "robot_drafts" ADD CONSTRAINT "robot_drafts_template_id_robot_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."robot_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_drafts" ADD CONSTRAINT "robot_drafts_import_run_id_import_runs_id_fk" FOREIGN KEY ("import_run_id") REFERENCES "public"."import_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_drafts" ADD CONSTRAINT "robot_drafts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_templates" ADD CONSTRAINT "robot_templates_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_templates" ADD CONSTRAINT "robot_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "robot_drafts_template_idx" ON "robot_drafts" USING btree ("template_id","created_at");--> statement-breakpoint
CREATE INDEX "robot_drafts_pending_idx" ON "robot_drafts" USING btree ("created_at") WHERE "robot_drafts"."status" = 'pending';