-- observations.series_id must name a series, and a deleted series takes its observations with it: what the foreign
-- key did, checked once per statement instead of once per row (decision 161). An import inserts hundreds of thousands
-- of rows in one statement; the row-by-row check was 40 % of its time.
ALTER TABLE "observations" DROP CONSTRAINT "observations_series_id_series_id_fk";--> statement-breakpoint
CREATE FUNCTION observations_series_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing integer;
BEGIN
  SELECT n.series_id INTO missing FROM (SELECT DISTINCT series_id FROM written) n
    WHERE NOT EXISTS (SELECT 1 FROM series s WHERE s.id = n.series_id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert or update on table "observations" violates foreign key constraint "observations_series_id_series_id_fk"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (series_id)=(%s) is not present in table "series".', missing);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER observations_series_exist_insert AFTER INSERT ON observations REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION observations_series_exist();--> statement-breakpoint
CREATE TRIGGER observations_series_exist_update AFTER UPDATE ON observations REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION observations_series_exist();--> statement-breakpoint
CREATE FUNCTION series_delete_observations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM observations o USING gone g WHERE o.series_id = g.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER series_delete_observations AFTER DELETE ON series REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION series_delete_observations();
