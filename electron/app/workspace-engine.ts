/**
 * The one place that chooses where a connection's workspace keeps its parts: the data folder (the default), or
 * with a team database configured its drafts, archive, outbox, pending binding submissions and OSR deliveries with
 * their log in PostgreSQL (pg-drafts, pg-archive, pg-outbox, pg-pending-sends, pg-osr, pg-osr-log), where each item
 * is claimed by exactly one desk, so no desk ever sends from a local copy another desk may send as well. A data
 * folder whose workspace was taken over into the database is read-only.
 */
import type { WorkspaceEvent } from '@shared/domain/workspace';
import { AppErrorException } from '@shared/domain/app-error';
import { systemClock, type Clock } from '@main/services/workspace/clock';
import type { SharedStores, Workspace, WorkspaceOptions } from '@main/services/workspace/workspace';
import { WorkspaceError } from '@main/services/workspace/workspace-error';
import { openPgDrafts } from '@main/services/team/pg-drafts';
import { openPgArchive } from '@main/services/team/pg-archive';
import { openPgChecks } from '@main/services/team/pg-checks';
import { openPgResults } from '@main/services/team/pg-results';
import { readTakeover } from '@main/services/team/folder-takeover';
import { teamSendingStores } from '@main/services/team/team-stores';
import { offlineError, type TeamLink } from '@main/app/team-link';

export type EngineChoice = {
  options: Pick<WorkspaceOptions, 'stores' | 'sendingStores' | 'sending'>;
  /** The opened workspace as the handlers see it (with refusals where this engine may not write or send). */
  wrap: (ws: Workspace) => Workspace;
};

export type WorkspaceEngine = {
  choose: (connectionId: string, dir: string) => Promise<EngineChoice>;
  /** Refused while this desk may not send (kept for engines that cannot send; both engines send today). */
  assertMaySend: () => Promise<void>;
};

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
 * at once, so the banner appears with the first failed save rather than at the next health check. `names`: the
 * methods to guard (default: every method but the synchronous `list` and `close`).
 */
function guarded<T extends object>(store: T, link: TeamLink, names?: readonly (keyof T & string)[]): T {
  const out = { ...store } as Record<string, unknown>;
  for (const [name, value] of Object.entries(store)) {
    if (typeof value !== 'function') continue;
    if (names ? !names.includes(name as keyof T & string) : name === 'list' || name === 'close') continue;
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
 * The sending stores' background calls (claiming work, taking a setup's turn) guarded as above: while the team
 * database is gone they fail as `team.offline`, which the banner already tells, and the outbox, OSR deliveries and
 * setup polling wait quietly instead of listing the connection error as a damaged file. Only these methods: the
 * stores' other methods are synchronous reads that must stay so.
 */
function offlineAware<S extends object, C>(
  open: (context: C) => Promise<S>,
  link: TeamLink,
  methods: readonly (keyof S & string)[],
): (context: C) => Promise<S> {
  return async (context) => guarded(await open(context), link, methods);
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
          const results = await openPgResults(deps);
          return {
            drafts: guarded(drafts, link),
            archive: guarded(archive, link),
            results: guarded(results, link),
            checks: guarded(openPgChecks(deps), link),
            close: async () => {
              await drafts.close();
              await archive.close();
              await results.close();
            },
          };
        };
        const sending = teamSendingStores(db, { connectionId });
        return {
          options: {
            stores,
            sendingStores: {
              ...sending,
              outbox: offlineAware(sending.outbox, link, ['claim']),
              osr: offlineAware(sending.osr, link, ['claim']),
              setups: offlineAware(sending.setups, link, ['update', 'takeTurn']),
            },
          },
          wrap: (ws) => ws,
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
