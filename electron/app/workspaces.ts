/**
 * One MSC client and one workspace per connection, opened on first use and kept while the app runs. The
 * workspace's sender looks the client up on every call, so an edited connection takes effect at once.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { appError } from '@shared/domain/app-error';
import type { MscClient } from '@main/services/msc-client/index';
import { createWorkspace } from '@main/services/workspace/workspace';
import type { Workspace } from '@main/services/workspace/workspace';
import type { WorkspaceProblem } from '@shared/domain/workspace';
import type { EventHub } from '@main/ipc/events';
import type { MscConnections, MscLimits } from '@main/app/msc-connections';
import type { AutoRetry } from '@main/services/workspace/outbox';
import type { Clock } from '@main/services/workspace/clock';
import type { WorkspaceEngine } from '@main/app/workspace-engine';

export type Workspaces = {
  client(connectionId: string): Promise<MscClient>;
  workspace(connectionId: string): Promise<Workspace>;
  /** Drops the cached client after the connection changed; a removed connection also closes its workspace. */
  forget(connectionId: string, options: { removed: boolean }): Promise<void>;
  /**
   * Opens the workspace of every known connection that has one on disk, so setups left queued or failed by the
   * last run are sent (and their retries scheduled) without waiting for the clerk to open that connection.
   */
  resumeAll(connectionIds: readonly string[]): Promise<void>;
  /** Damaged files the open workspaces have set aside. */
  problems(): Promise<WorkspaceProblem[]>;
  /**
   * Hears of every workspace opened (also those opened before) and of the closing of all: work that outlives a
   * handler call (following up an unclear SEND) resumes from the workspace's files and stops with the app.
   */
  observe(listener: WorkspacesListener): void;
  /** Throws while this desk may not make a binding submission (electron/app/workspace-engine.ts). */
  assertMaySend(): Promise<void>;
  /** Closes every open workspace; the next call opens it again on the engine chosen then (team database joined, left, back). */
  reopenAll(): Promise<void>;
  close(): Promise<void>;
};

export type WorkspacesListener = {
  opened: (connectionId: string, workspace: Workspace) => void;
  closing: () => void;
};

export const WORKSPACES_FOLDER = 'arbeitsbereiche';

export type WorkspacesDeps = {
  userDataDir: string;
  msc: MscConnections;
  /** Whether a connection with this id is configured; only those get a workspace folder. */
  isConfigured: (connectionId: string) => Promise<boolean>;
  /**
   * Whether this desk holds what signing in to the connection takes (its password, its certificate). A team desk
   * without it takes no queued work of the office's (default: it does).
   */
  hasCredentials?: (connectionId: string) => Promise<boolean>;
  hub: EventHub;
  /** Client timeouts and retries (default: the client's own); fault tests shorten them. */
  limits?: MscLimits;
  /** The outboxes' automatic retries (default: the workspace's own); fault tests shorten them. */
  autoRetry?: Partial<AutoRetry>;
  /** Default: the system clock; tests set it back. */
  clock?: Clock;
  /** Where drafts and archive are kept and whether this desk may send (default: the data folder, sending). */
  engine?: WorkspaceEngine;
};

export function createWorkspaces(deps: WorkspacesDeps): Workspaces {
  const clients = new Map<string, Promise<MscClient>>();
  const workspaces = new Map<string, Promise<Workspace>>();
  const listeners: WorkspacesListener[] = [];
  /** Workspaces whose opening is complete; those still opening tell the listeners themselves. */
  const ready = new Map<string, Workspace>();

  function client(id: string): Promise<MscClient> {
    let found = clients.get(id);
    if (!found) {
      found = deps.msc.open(id, deps.limits);
      clients.set(id, found);
      // A failed open (wrong secret, unreadable certificate) must not stick: the next call tries again.
      found.catch(() => clients.delete(id));
    }
    return found;
  }

  async function open(id: string): Promise<Workspace> {
    // A well-formed id nobody configured would otherwise leave a workspace with its folders behind.
    if (!(await deps.isConfigured(id))) {
      throw appError(
        'VALIDATION',
        { key: 'connection.gone' },
        'Diese Verbindung gibt es nicht (mehr). Bitte die Liste neu laden.',
        { reason: 'not-found' },
      );
    }
    const dir = join(deps.userDataDir, WORKSPACES_FOLDER, id);
    const choice = deps.engine ? await deps.engine.choose(id, dir) : { options: {}, wrap: (w: Workspace) => w };
    const opened = await createWorkspace({
      dir,
      ...choice.options,
      ...(deps.autoRetry ? { autoRetry: deps.autoRetry } : {}),
      ...(deps.clock ? { clock: deps.clock } : {}),
      // Only the office's queue is shared; a desk's own folder queue fails its items with the reason instead.
      ...(choice.options.sendingStores && deps.hasCredentials
        ? { mayClaim: () => deps.hasCredentials?.(id) ?? Promise.resolve(true) }
        : {}),
      sender: {
        sendSetup: async (billingunit, request) => (await client(id)).sendSetup(billingunit, request),
        getSetupStatus: async (billingunit) => (await client(id)).getSetupStatus(billingunit),
      },
      osrSender: {
        deliverOnSiteRoles: async (billingunit, residentialunit, roles) =>
          (await client(id)).deliverOnSiteRoles(billingunit, residentialunit, roles),
      },
      resultSender: {
        listBillingPeriods: async (billingunit) => (await client(id)).listBillingPeriods(billingunit),
        getTemplate: async (billingunit, to) => (await client(id)).getTemplate(billingunit, to),
        getBillingResult: async (billingunit, to) => (await client(id)).getBillingResult(billingunit, to),
        getBillingResultDocument: async (billingunit, to, documentid) =>
          (await client(id)).getBillingResultDocument(billingunit, to, documentid),
      },
    });
    const ws = choice.wrap(opened);
    ws.subscribe((event) => {
      deps.hub.emit('workspace:changed', { connectionId: id, event });
    });
    ws.start();
    ready.set(id, ws);
    for (const l of listeners) l.opened(id, ws);
    return ws;
  }

  function workspace(id: string): Promise<Workspace> {
    let found = workspaces.get(id);
    if (!found) {
      found = open(id);
      workspaces.set(id, found);
      found.catch(() => workspaces.delete(id));
    }
    return found;
  }

  async function closeClient(id: string): Promise<void> {
    const found = clients.get(id);
    clients.delete(id);
    await (await found?.catch(() => undefined))?.close();
  }

  return {
    client,
    workspace,
    async resumeAll(connectionIds) {
      const onDisk = await readdir(join(deps.userDataDir, WORKSPACES_FOLDER)).catch(() => [] as string[]);
      const ids = connectionIds.filter((id) => onDisk.includes(id));
      await Promise.allSettled(ids.map((id) => workspace(id)));
    },
    async forget(id, { removed }) {
      await closeClient(id);
      if (removed) {
        const ws = workspaces.get(id);
        workspaces.delete(id);
        ready.delete(id);
        await (await ws?.catch(() => undefined))?.close();
      }
    },
    async problems() {
      const open = await Promise.all([...workspaces.values()].map((ws) => ws.catch(() => undefined)));
      return open.flatMap((ws) => (ws ? [...ws.problems()] : []));
    },
    observe(listener) {
      listeners.push(listener);
      for (const [id, ws] of ready) listener.opened(id, ws);
    },
    async assertMaySend() {
      await deps.engine?.assertMaySend();
    },
    async reopenAll() {
      const open = [...workspaces.values()];
      workspaces.clear();
      ready.clear();
      await Promise.all(open.map(async (ws) => (await ws.catch(() => undefined))?.close()));
    },
    async close() {
      for (const l of listeners) l.closing();
      const open = [...workspaces.values()];
      workspaces.clear();
      ready.clear();
      await Promise.all(open.map(async (ws) => (await ws.catch(() => undefined))?.close()));
      await Promise.all([...clients.keys()].map(closeClient));
    },
  };
}
