-- Up Migration
-- Drafts of one office: one row per connection, billing unit and period; the revision is the optimistic lock
-- every save names (docs/team-workspace.md). Each change is announced on the channel kb_drafts so other desks
-- refresh their list without polling.
CREATE TABLE drafts (
  connection_id text NOT NULL,
  billingunit text NOT NULL,
  period_to date NOT NULL,
  revision integer NOT NULL CHECK (revision >= 1),
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL,
  content jsonb NOT NULL,
  PRIMARY KEY (connection_id, billingunit, period_to)
);

-- The stands that went through a test check, newest kept per draft (the app trims to a few).
CREATE TABLE draft_checks (
  connection_id text NOT NULL,
  billingunit text NOT NULL,
  period_to date NOT NULL,
  revision integer NOT NULL,
  checked_at timestamptz NOT NULL,
  content jsonb NOT NULL,
  PRIMARY KEY (connection_id, billingunit, period_to, revision)
);

CREATE FUNCTION kb_notify_draft() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data drafts%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  PERFORM pg_notify('kb_drafts', json_build_object(
    'op', TG_OP, 'connectionId', row_data.connection_id, 'billingunit', row_data.billingunit,
    'periodTo', row_data.period_to, 'revision', row_data.revision)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER drafts_notify AFTER INSERT OR UPDATE OR DELETE ON drafts
  FOR EACH ROW EXECUTE FUNCTION kb_notify_draft();

-- Down Migration
DROP TRIGGER drafts_notify ON drafts;
DROP FUNCTION kb_notify_draft();
DROP TABLE draft_checks;
DROP TABLE drafts;
