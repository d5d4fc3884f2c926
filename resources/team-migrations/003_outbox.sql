-- Up Migration
-- The setup outbox shared by the desks of an office (docs/team-workspace.md, "One truth between desks"). A desk
-- claims the oldest queued item of a billing unit with SELECT … FOR UPDATE SKIP LOCKED and marks it `sending` with
-- its name and a lease; while it sends it renews the lease, and a desk that crashed mid-send leaves an item whose
-- lease runs out, which any desk then takes over (sending a setup again is harmless: the POST is idempotent per
-- billing unit). One sequence orders the items of all desks. Changes are announced on kb_outbox.
CREATE SEQUENCE outbox_seq;

CREATE TABLE outbox_items (
  id text PRIMARY KEY,
  connection_id text NOT NULL,
  seq bigint NOT NULL,
  billingunit text NOT NULL,
  state text NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'failed')),
  -- The desk that sent (or is sending) the item, as the clerk sees it, and the process holding the claim.
  claimed_by text,
  claim_token text,
  lease_until timestamptz,
  -- The process that wrote the row last: a desk ignores the announcements of its own changes.
  changed_by text NOT NULL,
  item jsonb NOT NULL
);
CREATE INDEX outbox_items_open ON outbox_items (connection_id, billingunit, seq) WHERE state IN ('queued', 'sending');
CREATE INDEX outbox_items_order ON outbox_items (connection_id, seq);

CREATE FUNCTION kb_notify_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data outbox_items%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  PERFORM pg_notify('kb_outbox', json_build_object(
    'connectionId', row_data.connection_id, 'id', row_data.id, 'by', row_data.changed_by)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER outbox_items_notify AFTER INSERT OR UPDATE OR DELETE ON outbox_items
  FOR EACH ROW EXECUTE FUNCTION kb_notify_outbox();

-- Binding submissions (SEND) of a period: a row exists from the moment a desk starts the SEND (`sending`, with a
-- lease it renews) until its outcome is archived; while the outcome is unclear it stays (`unclear`) for the
-- reconciler. The primary key makes a second desk's claim of the same period fail, so a period is never sent from
-- two desks at once. A `sending` row whose lease ran out belongs to a desk that crashed mid-SEND: it is treated as
-- unclear. The reconciler that settles a row locks it (FOR UPDATE SKIP LOCKED), so one desk archives the outcome.
CREATE TABLE pending_sends (
  connection_id text NOT NULL,
  billingunit text NOT NULL,
  period_to date NOT NULL,
  state text NOT NULL CHECK (state IN ('sending', 'unclear')),
  desk text NOT NULL,
  claim_token text NOT NULL,
  lease_until timestamptz,
  send jsonb NOT NULL,
  PRIMARY KEY (connection_id, billingunit, period_to)
);

-- Down Migration
DROP TABLE pending_sends;
DROP TRIGGER outbox_items_notify ON outbox_items;
DROP FUNCTION kb_notify_outbox();
DROP TABLE outbox_items;
DROP SEQUENCE outbox_seq;
