/**
 * The team database's engines for a workspace's outbox, binding SENDs, OSR deliveries and tracked setups, in the shape
 * `createWorkspace`'s `sendingStores` option takes: `createWorkspace({ …, sendingStores: teamSendingStores(db, desk) })`.
 * Without `sendingStores` the workspace keeps them all in its data folder.
 */
import type { OpenOutboxStore } from '@main/services/workspace/outbox-store';
import type { OpenPendingSends } from '@main/services/workspace/pending-sends';
import type { TeamDb } from '@main/services/team/team-db';
import { openPgOutbox } from '@main/services/team/pg-outbox';
import { openPgPendingSends } from '@main/services/team/pg-pending-sends';
import type { OpenOsrStore } from '@main/services/workspace/osr-store';
import type { OpenOsrLog } from '@main/services/workspace/osr-log';
import { openPgOsr } from '@main/services/team/pg-osr';
import { openPgOsrLog } from '@main/services/team/pg-osr-log';
import type { OpenSetupStore } from '@main/services/workspace/setup-store';
import { openPgSetups } from '@main/services/team/pg-setups';

/** Which connection's workspace this desk opens, and how long its claims hold without renewal. */
export type TeamDesk = { connectionId: string; leaseMs?: number };

export function createTeamOutboxStore(db: TeamDb, desk: TeamDesk): OpenOutboxStore {
  return ({ clock }) => openPgOutbox(db, { ...desk, clock });
}

export function createTeamPendingSends(db: TeamDb, desk: TeamDesk): OpenPendingSends {
  return ({ clock }) => openPgPendingSends(db, { ...desk, ...(clock ? { clock } : {}) });
}

export function createTeamOsrStore(db: TeamDb, desk: TeamDesk): OpenOsrStore {
  return ({ clock }) => openPgOsr(db, { ...desk, clock });
}

export function createTeamOsrLog(db: TeamDb, desk: TeamDesk): OpenOsrLog {
  return ({ clock, emit }) => openPgOsrLog({ db, connectionId: desk.connectionId, clock, emit });
}

export function createTeamSetupStore(db: TeamDb, desk: TeamDesk): OpenSetupStore {
  return () => openPgSetups(db, desk);
}

/** Every sending part of a workspace on the team database, with the tracked setups. */
export function teamSendingStores(db: TeamDb, desk: TeamDesk) {
  return {
    outbox: createTeamOutboxStore(db, desk),
    pendingSends: createTeamPendingSends(db, desk),
    osr: createTeamOsrStore(db, desk),
    osrLog: createTeamOsrLog(db, desk),
    setups: createTeamSetupStore(db, desk),
  };
}
