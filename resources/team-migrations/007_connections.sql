-- Up Migration
-- The office's MSC connections (docs/team-workspace.md, "One truth between desks"): one row per connection, keyed by
-- the id every other team table names as connection_id, so all desks work in one workspace per MSC. `definition` is
-- the connection as the settings file keeps it WITHOUT any secret (name, MSC company, target, path profile, sign-in
-- kind with token URL and client id, certificate paths, cut-off day); client secrets stay in each desk's own
-- credential store, so a copy of the database never carries one. `updated_at` is the version a save names: a save
-- based on an older one is refused with who changed it (updated_by). Changes are announced on kb_connections.
CREATE TABLE team_connections (
  id text PRIMARY KEY,
  definition jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL
);

CREATE FUNCTION kb_notify_connections() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_id text;
BEGIN
  IF TG_OP = 'DELETE' THEN changed_id := OLD.id; ELSE changed_id := NEW.id; END IF;
  PERFORM pg_notify('kb_connections', json_build_object('op', TG_OP, 'id', changed_id)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER team_connections_notify AFTER INSERT OR UPDATE OR DELETE ON team_connections
  FOR EACH ROW EXECUTE FUNCTION kb_notify_connections();

-- The desks whose own connections were taken into the office's list when they joined (electron/app/connection-engine.ts,
-- "joining"), once per desk: a connection the office removed later does not come back from a desk that still has it.
CREATE TABLE team_connection_joins (
  desk_id text PRIMARY KEY,
  joined_at timestamptz NOT NULL,
  joined_by text NOT NULL
);

-- Down Migration
DROP TABLE team_connection_joins;
DROP TRIGGER team_connections_notify ON team_connections;
DROP FUNCTION kb_notify_connections();
DROP TABLE team_connections;
