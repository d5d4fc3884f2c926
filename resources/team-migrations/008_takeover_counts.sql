-- Up Migration
-- A folder takeover (electron/services/team/folder-takeover.ts) records everything it moved, not only drafts and
-- archive entries: results, outbox items, OSR records and log entries, tracked setups, and how many drafts, OSR
-- records and setups the database already had (its stand was kept). Takeovers recorded before read 0.
ALTER TABLE folder_takeovers
  ADD COLUMN drafts_kept integer NOT NULL DEFAULT 0,
  ADD COLUMN results integer NOT NULL DEFAULT 0,
  ADD COLUMN outbox integer NOT NULL DEFAULT 0,
  ADD COLUMN osr integer NOT NULL DEFAULT 0,
  ADD COLUMN osr_kept integer NOT NULL DEFAULT 0,
  ADD COLUMN osr_log integer NOT NULL DEFAULT 0,
  ADD COLUMN setups integer NOT NULL DEFAULT 0,
  ADD COLUMN setups_kept integer NOT NULL DEFAULT 0;

-- Down Migration
ALTER TABLE folder_takeovers
  DROP COLUMN drafts_kept,
  DROP COLUMN results,
  DROP COLUMN outbox,
  DROP COLUMN osr,
  DROP COLUMN osr_kept,
  DROP COLUMN osr_log,
  DROP COLUMN setups,
  DROP COLUMN setups_kept;
