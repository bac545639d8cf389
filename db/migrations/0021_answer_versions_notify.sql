-- Whatever the response cache's answers depend on (decision 090: the datasets' updated_at, the posts, the redirects)
-- says so when it changes, after the commit, on channel answer_versions. An in-process PGlite delivers the notice before
-- the writing statement returns, so its cache knows the versions without reading them per request (decision 167).
CREATE FUNCTION notify_answer_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('answer_versions', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER datasets_answer_versions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON datasets
  FOR EACH STATEMENT EXECUTE FUNCTION notify_answer_versions();--> statement-breakpoint
CREATE TRIGGER posts_answer_versions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_answer_versions();--> statement-breakpoint
CREATE TRIGGER redirects_answer_versions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON redirects
  FOR EACH STATEMENT EXECUTE FUNCTION notify_answer_versions();
