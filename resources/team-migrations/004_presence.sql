-- Up Migration
-- Who has which period open: each desk's editor renews its row every few seconds; a row whose heartbeat is older
-- than its expiry counts as gone (a desk that crashed or lost the network disappears by itself).
CREATE TABLE presence (
  desk_id text NOT NULL,
  clerk text NOT NULL,
  connection_id text NOT NULL,
  billingunit text NOT NULL,
  period_to date NOT NULL,
  heartbeat_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (desk_id, connection_id, billingunit, period_to)
);
CREATE INDEX presence_period ON presence (connection_id, billingunit, period_to);

-- Data folders taken over into this database, so the same folder is never taken over twice.
CREATE TABLE folder_takeovers (
  folder_id text NOT NULL,
  connection_id text NOT NULL,
  at timestamptz NOT NULL,
  clerk text NOT NULL,
  drafts integer NOT NULL,
  archive integer NOT NULL,
  PRIMARY KEY (folder_id, connection_id)
);

-- Down Migration
DROP TABLE folder_takeovers;
DROP TABLE presence;
