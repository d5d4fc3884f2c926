/**
 * The one place that chooses where a connection's workspace keeps its parts: the data folder (the default), or
 * with a team database configured its drafts, archive, outbox and pending binding submissions in PostgreSQL
 * (pg-drafts, pg-archive, pg-outbox, pg-pending-sends), where each item is claimed by exactly one desk. OSR
 * deliveries are not on the database yet (docs/team-workspace.md): until they are, a team desk delivers none, so no
 * desk ever sends from a local copy another desk may send as well. A data folder whose workspace was taken over into
 * the database is read-only.
 */
import type { WorkspaceEvent } from '@shared/domain/workspace';
import { AppErrorException } from '@shared/domain/app-error';
import { systemClock, type Clock } from '@main/services/workspace/clock';
import type { SharedStores, Workspace, WorkspaceOptions } from '@main/services/workspace/workspace';
import { WorkspaceError } from '@main/services/workspace/workspace-error';
import { openPgDrafts } from '@main/services/team/pg-drafts';
import { openPgArchive } from '@main/services/team/pg-archive';
import { readTakeover } from '@main/services/team/folder-takeover';
import { createTeamOutboxStore, createTeamPendingSends } from '@main/services/team/team-stores';
import type { OpenOutboxStore } from '@main/services/workspace/outbox-store';
import { offlineError, type TeamLink } from '@main/app/team-link';

export type EngineChoice = {
  options: Pick<WorkspaceOptions, 'stores' | 'sendingStores' | 'sending' | 'osrSending'>;
  /** The opened workspace as the handlers see it (with refusals where this engine may not write or send). */
  wrap: (ws: Workspace) => Workspace;
};

export type WorkspaceEngine = {
  choose: (connectionId: string, dir: string) => Promise<EngineChoice>;
  /** Refused while this desk may not send (kept for engines that cannot send; both engines send today). */
  assertMaySend: () => Promise<void>;
};

export const SENDING_BLOCKED =
  'An diesem Arbeitsplatz wird mit der Team-Datenbank gearbeitet. Nutzerwechsel (OSR) lassen sich dort noch nicht ' +
  'senden, damit kein Arbeitsplatz aus einer lokalen Kopie sendet, was ein anderer ebenfalls sendet.';

export function sendingBlocked(): WorkspaceError {
  return new WorkspaceError('CONFLICT', SENDING_BLOCKED, { reason: 'team-sending' }, { key: 'team.sendingBlocked' });
}

function folderReadOnly(at: string, database: string): WorkspaceError {
  return new WorkspaceError(
    'CONFLICT',
    `Die Daten dieses lokalen Ordners wurden am ${at.slice(0, 10)} in die Team-Datenbank (${database}) übernommen; ` +
      'der Ordner ist seitdem nur noch lesbar. Bitte mit der Team-Datenbank arbeiten.',
    { reason: 'taken-over', at },
    { key: 'team.folderReadOnly', params: { at, database } },
  );
}

const refuse = (error: () => Error) => (): Promise<never> => Promise.reject(error());

/** The workspace without OSR deliveries: the team database does not hold them yet. */
function withoutOsrSending(ws: Workspace, error: () => Error): Workspace {
  const no = refuse(error);
  return { ...ws, osr: { ...ws.osr, deliver: no, deliverAll: no } };
}

/** The workspace with its sending parts refused; reading what the folder holds stays possible. */
function withoutSending(ws: Workspace, error: () => Error): Workspace {
  const no = refuse(error);
  return {
    ...ws,
    outbox: { ...ws.outbox, enqueue: no, enqueueAll: no, retry: no, retryFailed: no },
    osr: { ...ws.osr, deliver: no, deliverAll: no },
  };
}

function readOnly(ws: Workspace, error: () => Error): Workspace {
  const no = refuse(error);
  const sending = withoutSending(ws, error);
  return {
    ...sending,
    drafts: { ...ws.drafts, save: no, discard: no, restoreChecked: no },
    archive: { ...ws.archive, append: no },
    osr: { ...sending.osr, save: no, discard: no },
  };
}

/**
 * Every call of a team store that fails because the server is gone says so in the clerk's words and tells the link
 * at once, so the banner appears with the first failed save rather than at the next health check.
 */
function guarded<T extends object>(store: T, link: TeamLink): T {
  const out = { ...store } as Record<string, unknown>;
  for (const [name, value] of Object.entries(store)) {
    if (typeof value !== 'function' || name === 'list' || name === 'close') continue;
    const fn = value as (...args: unknown[]) => unknown;
    out[name] = async (...args: unknown[]) => {
      try {
        return await fn(...args);
      } catch (err) {
        if (err instanceof AppErrorException) throw err;
        link.noticeFailure(err);
        if (!link.isTeam() || (await link.status()).online) throw err;
        throw offlineError();
      }
    };
  }
  return out as T;
}

/**
 * The outbox looks for work every few seconds; while the server is gone each look fails. That is said once, by the
 * banner (the link is told at once), and the failure carries the offline code, so the outbox waits for the next look
 * instead of listing it among the damaged files.
 */
function offlineClaims(open: OpenOutboxStore, link: TeamLink): OpenOutboxStore {
  return async (context) => {
    const store = await open(context);
    return {
      ...store,
      claim: async (max, busy) => {
        try {
          return await store.claim(max, busy);
        } catch (err) {
          if (err instanceof AppErrorException) throw err;
          link.noticeFailure(err);
          if ((await link.status()).online) throw err;
          throw offlineError();
        }
      },
    };
  };
}

export function createWorkspaceEngine({ link: linking, clock }: { link: Promise<TeamLink>; clock?: Clock }): WorkspaceEngine {
  return {
    async choose(connectionId, dir) {
      const link = await linking;
      if (link.isTeam()) {
        const db = link.db();
        const stores = async (emit: (event: WorkspaceEvent) => void): Promise<SharedStores> => {
          const deps = { db, connectionId, clock: clock ?? systemClock, emit };
          const drafts = await openPgDrafts(deps);
          const archive = await openPgArchive(deps);
          return {
            drafts: guarded(drafts, link),
            archive: guarded(archive, link),
            close: async () => {
              await drafts.close();
              await archive.close();
            },
          };
        };
        const desk = { connectionId };
        return {
          options: {
            stores,
            sendingStores: {
              outbox: offlineClaims(createTeamOutboxStore(db, desk), link),
              pendingSends: createTeamPendingSends(db, desk),
            },
            osrSending: false,
          },
          wrap: (ws) => withoutOsrSending(ws, sendingBlocked),
        };
      }
      const takenOver = await readTakeover(dir);
      if (takenOver) {
        const error = () => folderReadOnly(takenOver.at, takenOver.database);
        return { options: { sending: false }, wrap: (ws) => readOnly(ws, error) };
      }
      return { options: {}, wrap: (ws) => ws };
    },
    async assertMaySend() {
      await linking;
    },
  };
}
