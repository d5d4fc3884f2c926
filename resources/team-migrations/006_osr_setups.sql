-- Up Migration
-- OSR deliveries with their log, and tracked setups, in the team database.
--
-- On-Site-Roles of an office (docs/team-workspace.md, "One truth between desks"): one row per usage unit with the
-- change a clerk saved, the delivery on its way and the last data set the MSC accepted (`record`, as the data folder
-- keeps it). The delivery's state and place in the one order of all desks are columns of their own for the claim: a
-- desk takes the oldest queued deliveries with SELECT … FOR UPDATE SKIP LOCKED and marks them `sending` with its name
-- and a lease it renews; a delivery whose lease ran out (its desk crashed mid-send) is claimed again by any desk
-- (a delivery is the unit's complete data set, so sending it again is harmless). An outcome is stored only while
-- the desk's claim holds. Changes are announced on kb_osr.
CREATE SEQUENCE osr_delivery_seq;

CREATE TABLE osr_units (
  connection_id text NOT NULL,
  billingunit text NOT NULL,
  residentialunit text NOT NULL,
  delivery_state text CHECK (delivery_state IN ('queued', 'sending', 'failed', 'rejected')),
  delivery_seq bigint,
  claimed_by text,
  claim_token text,
  lease_until timestamptz,
  -- The process that wrote the row last: a desk ignores the announcements of its own changes.
  changed_by text NOT NULL,
  record jsonb NOT NULL,
  PRIMARY KEY (connection_id, billingunit, residentialunit)
);
CREATE INDEX osr_units_open ON osr_units (connection_id, delivery_seq) WHERE delivery_state IN ('queued', 'sending');

CREATE FUNCTION kb_notify_osr() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kb_osr', json_build_object('connectionId', NEW.connection_id, 'billingunit', NEW.billingunit,
    'residentialunit', NEW.residentialunit, 'by', NEW.changed_by)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER osr_units_notify AFTER INSERT OR UPDATE ON osr_units
  FOR EACH ROW EXECUTE FUNCTION kb_notify_osr();

-- The OSR log: every delivery attempt and the MSC's answer, append-only like the archive (triggers refuse UPDATE,
-- DELETE and TRUNCATE), with the desk that made the attempt. An attempt is written in the transaction that
-- stores its outcome, so the answer of a desk whose claim was lost leaves no entry. New entries go out on kb_osr_log.
CREATE TABLE osr_log (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  connection_id text NOT NULL,
  at timestamptz NOT NULL,
  billingunit text NOT NULL,
  residentialunit text NOT NULL,
  result_kind text NOT NULL,
  clerk text NOT NULL,
  entry jsonb NOT NULL
);
CREATE INDEX osr_log_unit ON osr_log (connection_id, billingunit, residentialunit);

CREATE FUNCTION kb_osr_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Einträge im OSR-Protokoll sind unveränderlich (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER osr_log_no_update BEFORE UPDATE OR DELETE ON osr_log
  FOR EACH ROW EXECUTE FUNCTION kb_osr_log_append_only();
CREATE TRIGGER osr_log_no_truncate BEFORE TRUNCATE ON osr_log
  FOR EACH STATEMENT EXECUTE FUNCTION kb_osr_log_append_only();

CREATE FUNCTION kb_notify_osr_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kb_osr_log', json_build_object('connectionId', NEW.connection_id, 'id', NEW.id)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER osr_log_notify AFTER INSERT ON osr_log
  FOR EACH ROW EXECUTE FUNCTION kb_notify_osr_log();

-- Tracked setups: the setups sent and followed until the MSC finished matching, one row per billing unit, so every
-- desk shows the same matching state. One desk at a time polls a setup: it takes its turn (`poll_token`, until
-- `poll_until` on the database's clock) and renews it with every poll; a desk that is gone leaves a turn that runs
-- out, and another desk polls from then on. A poll's answer is written under the row lock and only for the setup it
-- asked about, so a late answer never overwrites a newer setup. Changes are announced on kb_setups.
CREATE TABLE tracked_setups (
  connection_id text NOT NULL,
  billingunit text NOT NULL,
  poll_token text,
  poll_until timestamptz,
  changed_by text NOT NULL,
  setup jsonb NOT NULL,
  PRIMARY KEY (connection_id, billingunit)
);

CREATE FUNCTION kb_notify_setups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kb_setups', json_build_object('connectionId', NEW.connection_id, 'billingunit', NEW.billingunit,
    'by', NEW.changed_by)::text);
  RETURN NULL;
END $$;

-- Taking a turn changes only the poll columns: nothing to announce.
CREATE TRIGGER tracked_setups_notify AFTER INSERT OR UPDATE OF setup ON tracked_setups
  FOR EACH ROW EXECUTE FUNCTION kb_notify_setups();

-- Down Migration
DROP TABLE tracked_setups;
DROP FUNCTION kb_notify_setups();
DROP TABLE osr_log;
DROP FUNCTION kb_notify_osr_log();
DROP FUNCTION kb_osr_log_append_only();
DROP TABLE osr_units;
DROP FUNCTION kb_notify_osr();
DROP SEQUENCE osr_delivery_seq;
