-- Up Migration
-- Billing results of one office (docs/results.md, docs/team-workspace.md): every result an MSC delivered, with the
-- template it was billed on, append-only like the archive of submissions, so what the tenants were billed stays
-- provable. Each entry records the desk (clerk) that stored it; the sequence number comes from the database, so
-- entries of all desks share one order. New entries are announced on kb_results.
CREATE TABLE result_entries (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  connection_id text NOT NULL,
  at timestamptz NOT NULL,
  billingunit text NOT NULL,
  period_to date NOT NULL,
  transactionid text NOT NULL,
  clerk text NOT NULL,
  entry jsonb NOT NULL
);
CREATE INDEX result_entries_period ON result_entries (connection_id, billingunit, period_to, seq);

-- The documents (PDFs) of the results, stored before the entry that names them. A document is kept once per content
-- (its SHA-256 is part of the key): the same bytes fetched again by another desk are the same row, a changed
-- document under the same id is a row of its own. The app compares the SHA-256 on every read.
CREATE TABLE result_documents (
  connection_id text NOT NULL,
  billingunit text NOT NULL,
  period_to date NOT NULL,
  documentid text NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  data bytea NOT NULL,
  PRIMARY KEY (connection_id, billingunit, period_to, documentid, sha256)
);

CREATE FUNCTION kb_results_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Abrechnungsergebnisse sind unveränderlich (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER result_entries_no_update BEFORE UPDATE OR DELETE ON result_entries
  FOR EACH ROW EXECUTE FUNCTION kb_results_append_only();
CREATE TRIGGER result_entries_no_truncate BEFORE TRUNCATE ON result_entries
  FOR EACH STATEMENT EXECUTE FUNCTION kb_results_append_only();
CREATE TRIGGER result_documents_no_update BEFORE UPDATE OR DELETE ON result_documents
  FOR EACH ROW EXECUTE FUNCTION kb_results_append_only();
CREATE TRIGGER result_documents_no_truncate BEFORE TRUNCATE ON result_documents
  FOR EACH STATEMENT EXECUTE FUNCTION kb_results_append_only();

CREATE FUNCTION kb_notify_result() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kb_results', json_build_object('connectionId', NEW.connection_id, 'id', NEW.id)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER result_entries_notify AFTER INSERT ON result_entries
  FOR EACH ROW EXECUTE FUNCTION kb_notify_result();

-- The last test check of each draft (the MSC's verdict and the revision it was made of) lives in the draft's row:
-- one per draft, gone with the draft when it is discarded (its revisions start again at 1, and an old check must not
-- pass for the new draft's). draft_checks keeps the checked stands' content for restoring them, not the verdict.
ALTER TABLE drafts ADD COLUMN last_check jsonb;

-- Down Migration
ALTER TABLE drafts DROP COLUMN last_check;
DROP TABLE result_documents;
DROP TABLE result_entries;
DROP FUNCTION kb_notify_result();
DROP FUNCTION kb_results_append_only();
