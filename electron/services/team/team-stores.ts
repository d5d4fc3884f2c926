/**
 * The team database's engines for a workspace's outbox and binding SENDs, in the shape `createWorkspace`'s
 * `sendingStores` option takes: `createWorkspace({ …, sendingStores: { outbox: createTeamOutboxStore(db, desk),
 * pendingSends: createTeamPendingSends(db, desk) } })`. Without `sendingStores` the workspace keeps both in its data folder.
 */
import type { OpenOutboxStore } from '@main/services/workspace/outbox-store';
import type { OpenPendingSends } from '@main/services/workspace/pending-sends';
import type { TeamDb } from '@main/services/team/team-db';
import { openPgOutbox } from '@main/services/team/pg-outbox';
import { openPgPendingSends } from '@main/services/team/pg-pending-sends';

/** Which connection's workspace this desk opens, and how long its claims hold without renewal. */
export type TeamDesk = { connectionId: string; leaseMs?: number };

export function createTeamOutboxStore(db: TeamDb, desk: TeamDesk): OpenOutboxStore {
  return ({ clock }) => openPgOutbox(db, { ...desk, clock });
}

export function createTeamPendingSends(db: TeamDb, desk: TeamDesk): OpenPendingSends {
  return ({ clock }) => openPgPendingSends(db, { ...desk, ...(clock ? { clock } : {}) });
}
