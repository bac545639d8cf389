-- A sync of the table of contents that changes nothing no longer writes every entry (decision 188, amended): the
-- column says when an entry last changed, and the kept answers' version reads it (server/http/response-cache/answer-versions.ts).
ALTER TABLE catalogue_entries RENAME COLUMN seen_at TO changed_at;
