-- A write of the daily limit's counter may lease counts ahead to its app process (decision 173): it says how many.
ALTER TABLE "api_usage" ADD COLUMN "leased" integer DEFAULT 0 NOT NULL;
