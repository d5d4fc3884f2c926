-- Up Migration
-- The archive of test checks and binding submissions, append-only: what was submitted must stay provable, so
-- no connection of the app can change or remove an entry — a trigger refuses UPDATE and DELETE for every role
-- that does not first drop it (only the database owner could), and TRUNCATE is refused as well. Each entry
-- records the desk (clerk) that made it. New entries are announced on kb_archive.
CREATE TABLE archive_entries (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  connection_id text NOT NULL,
  at timestamptz NOT NULL,
  action text NOT NULL,
  billingunit text NOT NULL,
  period_to date NOT NULL,
  result_kind text NOT NULL,
  clerk text NOT NULL,
  entry jsonb NOT NULL
);
CREATE INDEX archive_entries_period ON archive_entries (connection_id, billingunit, period_to);

CREATE FUNCTION kb_archive_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Archiveinträge sind unveränderlich (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER archive_entries_no_update BEFORE UPDATE OR DELETE ON archive_entries
  FOR EACH ROW EXECUTE FUNCTION kb_archive_append_only();
CREATE TRIGGER archive_entries_no_truncate BEFORE TRUNCATE ON archive_entries
  FOR EACH STATEMENT EXECUTE FUNCTION kb_archive_append_only();

CREATE FUNCTION kb_notify_archive() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kb_archive', json_build_object('connectionId', NEW.connection_id, 'id', NEW.id)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER archive_entries_notify AFTER INSERT ON archive_entries
  FOR EACH ROW EXECUTE FUNCTION kb_notify_archive();

-- Down Migration
DROP TABLE archive_entries;
DROP FUNCTION kb_notify_archive();
DROP FUNCTION kb_archive_append_only();
