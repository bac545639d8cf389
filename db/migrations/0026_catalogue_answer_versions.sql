-- The catalogue list is part of what kept answers depend on (decisions 090, 188): a table of contents applied (new,
-- retitled or withdrawn entries) says so on channel answer_versions, as imports do.
CREATE TRIGGER catalogue_entries_answer_versions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_entries
  FOR EACH STATEMENT EXECUTE FUNCTION notify_answer_versions();
