-- Issue 41 (decision 198): an account may follow several views of one dataset, so the index on (user, dataset) is no
-- longer unique (createFollow refuses the same view twice); and `name_given` says whether the person gave their name
-- (the sign-in modal's full_name is a random 'User_XXXXXX', which is never used to greet them).
DROP INDEX "follows_user_dataset_idx";--> statement-breakpoint
CREATE INDEX "follows_user_dataset_idx" ON "follows" USING btree ("user_id","dataset_id");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_given" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Accounts made before the column: every name but the modal's random one was given by the person (onboarding,
-- settings or a provider's profile).
UPDATE "users" SET "name_given" = "name" !~ '^User_[A-Z]{6}$';
