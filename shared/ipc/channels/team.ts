/**
 * The team workspace: how this desk joins the office's database (Einstellungen → Team-Datenbank or the
 * administrator's KB_TEAM_DB), whether the database answers, taking a data folder's workspace over, and who else has
 * a period open (docs/team-workspace.md).
 */
import { z } from 'zod';
import { channel, OnConnection, OnPeriod } from '@shared/ipc/channel';

/** Why the database could not be used, in words the settings screen turns into the clerk's. */
export const TeamProblem = z.enum([
  'host-unreachable',
  'password-wrong',
  'database-missing',
  'tls-required',
  'tls-unsupported',
  'other',
]);
export type TeamProblem = z.infer<typeof TeamProblem>;

/** What the form asks for; the password goes to this desk's credential store, never into the database. */
export const TeamDbForm = z
  .object({
    host: z.string().trim().min(1).max(253),
    port: z.int().min(1).max(65535),
    database: z.string().trim().min(1).max(63),
    user: z.string().trim().min(1).max(63),
    /** Omitted: keep the stored one. */
    password: z.string().min(1).max(500).optional(),
    tls: z.boolean(),
  })
  .strict();
export type TeamDbForm = z.infer<typeof TeamDbForm>;

export const ClerkName = z.string().trim().min(1).max(80);

export const TeamStatus = z.object({
  mode: z.enum(['local', 'team']),
  /** `env`: set by the administrator (KB_TEAM_DB), the screen only shows it. */
  source: z.enum(['env', 'settings']).nullable(),
  connection: z
    .object({
      host: z.string(),
      port: z.int(),
      database: z.string(),
      user: z.string(),
      tls: z.boolean(),
      hasPassword: z.boolean(),
    })
    .nullable(),
  /** The clerk's name on this desk, as archive entries and conflicts show it; asked once. */
  clerk: z.string().nullable(),
  /** Whether the database answers (always true in the local mode). */
  online: z.boolean(),
  problem: TeamProblem.optional(),
});
export type TeamStatus = z.infer<typeof TeamStatus>;

/**
 * What one connection's data folder handed to the team database, taken over once: each count is how many the folder
 * had (all of them are now in the database); the `…Kept` counts are those of them where the database already had its
 * own stand, which stayed. A takeover recorded before results and sending were counted reads 0 for those.
 */
export const FolderTakeover = z.object({
  drafts: z.int().min(0),
  archive: z.int().min(0),
  /** Drafts the database already had for the same period (the database's stand was kept). */
  draftsKept: z.int().min(0),
  /** Billing results, with their documents. */
  results: z.int().min(0),
  /** Setup requests still to be sent (queued, interrupted or failed). */
  outbox: z.int().min(0),
  /** Usage units with their OSR record (tenant change saved, on its way or delivered). */
  osr: z.int().min(0),
  /** Units the database already had an OSR record of (the database's stand was kept). */
  osrKept: z.int().min(0),
  osrLog: z.int().min(0),
  /** Setups still being followed. */
  setups: z.int().min(0),
  /** Units the database already followed a setup of that was as new or newer (the database's was kept). */
  setupsKept: z.int().min(0),
  at: z.string(),
});
export type FolderTakeover = z.infer<typeof FolderTakeover>;

export const PresenceEntry = z.object({ clerk: z.string(), heartbeatAt: z.string(), expiresAt: z.string() });
export type PresenceEntry = z.infer<typeof PresenceEntry>;

export const teamChannels = {
  'team:status': channel(z.void(), TeamStatus),
  /** Tests the connection first; saves only what works. Refused with the clerk's reason. */
  'team:save': channel(TeamDbForm, TeamStatus),
  /** Back to the local data folder (not possible while the administrator set KB_TEAM_DB). */
  'team:leave': channel(z.void(), TeamStatus),
  'team:set-clerk': channel(z.object({ clerk: ClerkName }).strict(), TeamStatus),
  /** The takeover already done for this connection's data folder, if any. */
  'team:takeover-state': channel(z.object(OnConnection).strict(), FolderTakeover.nullable()),
  'team:take-over': channel(z.object(OnConnection).strict(), FolderTakeover),
  /** This desk has the period open (a heartbeat); answers the other desks that have it open too. */
  'team:presence': channel(z.object({ ...OnPeriod, open: z.boolean() }).strict(), z.array(PresenceEntry)),
} as const;
