/**
 * The two engines of the workspace store for contract tests: the data folder's files and the team database.
 * Each `open()` is one desk on the same store, so two calls are two desks (or two windows) on one truth.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WorkspaceEvent } from '@shared/domain/workspace';
import type { Clock } from '@main/services/workspace/clock';
import type { Archive } from '@main/services/workspace/archive';
import type { Drafts } from '@main/services/workspace/drafts';
import type { CheckStates } from '@main/services/workspace/check-states';
import type { ResultStore } from '@main/services/workspace/result-store';
import { createWorkspace, type Workspace } from '@main/services/workspace/workspace';
import { openTeamDb, type TeamDb } from '@main/services/team/team-db';
import { openPgArchive } from '@main/services/team/pg-archive';
import { openPgDrafts } from '@main/services/team/pg-drafts';
import { openPgChecks } from '@main/services/team/pg-checks';
import { openPgResults } from '@main/services/team/pg-results';
import { openFolderOutboxStore, type OutboxStore } from '@main/services/workspace/outbox-store';
import { openPendingSends, type PendingSends } from '@main/services/workspace/pending-sends';
import { openPgOutbox } from '@main/services/team/pg-outbox';
import { openPgPendingSends } from '@main/services/team/pg-pending-sends';
import { openOsrDeliveries, type OsrDeliveriesControl, type OsrSender } from '@main/services/workspace/osr-deliveries';
import { openOsrLog, type OsrLog } from '@main/services/workspace/osr-log';
import { openFolderOsrStore, type OsrStore } from '@main/services/workspace/osr-store';
import { openPgOsr } from '@main/services/team/pg-osr';
import { openPgOsrLog } from '@main/services/team/pg-osr-log';
import { openSetupWatcher, type SetupWatcher } from '@main/services/workspace/setup-watcher';
import { openFolderSetupStore, type SetupStore } from '@main/services/workspace/setup-store';
import { openPgSetups } from '@main/services/team/pg-setups';
import type { SetupSender } from '@main/services/workspace/outbox';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '@test/support/postgres-cluster';
import { createFakeSender } from '@test/unit/workspace/helpers';

export type Desk = {
  drafts: Drafts;
  archive: Archive;
  results: ResultStore;
  checks: CheckStates;
  events: WorkspaceEvent[];
};

/** The outbox and the binding SENDs of one desk; `crash` ends it without finishing anything it started. */
export type SendingDesk = { outbox: OutboxStore; pendingSends: PendingSends; crash: () => Promise<void> };

/**
 * The OSR deliveries of one desk, started, with their store and log; `crash` ends the desk where it stands: it stops
 * claiming and renewing, and what it is sending stays claimed until the lease runs out (its send never returns).
 */
export type OsrDesk = { osr: OsrDeliveriesControl; store: OsrStore; log: OsrLog; crash: () => Promise<void> };

/** The tracked setups of one desk, its watcher started (polling fast); `crash` stops it without a goodbye. */
export type SetupsDesk = { watcher: SetupWatcher; store: SetupStore; events: WorkspaceEvent[]; crash: () => Promise<void> };

export type Store = {
  open: (desk: string) => Promise<Desk>;
  /** A desk after a restart: on the data folder a new instance reading the folder (the others closed or idle). */
  reopen: (desk: string) => Promise<Desk>;
  /**
   * One more desk's outbox and binding SENDs. On the data folder a "desk" is a window of the folder's one instance
   * (they share the store), and a crashed desk comes back as a new instance reading the folder.
   */
  sending: (desk: string, options?: { leaseMs?: number }) => Promise<SendingDesk>;
  /** One more desk's OSR deliveries, sending with `sender` (on the data folder: a window of the one instance). */
  osr: (desk: string, sender: OsrSender, options?: { leaseMs?: number }) => Promise<OsrDesk>;
  /** One more desk's tracked setups, polling with `sender` (on the data folder: a window of the one instance). */
  setups: (desk: string, sender: SetupSender) => Promise<SetupsDesk>;
  url?: string;
  /** The data folder, only for the data folder's engine. */
  dir?: string;
};

export type EngineUnderTest = {
  name: string;
  /** Opens one more desk on the same store (a fresh store per `store()` call); `url` only for the team database. */
  store: (clock: Clock) => Promise<Store>;
  dispose: () => Promise<void>;
};

const noProblems = (clock: Clock) => ({ clock, report: () => undefined });

const RETRY = { firstDelayMs: 50, maxDelayMs: 100, maxAttempts: 5 };

const FAST_WATCH = { initialDelayMs: 50, maxDelayMs: 100, factor: 2, concurrency: 2 };

function startWatcher(store: SetupStore, sender: SetupSender, clock: Clock, events: WorkspaceEvent[]): SetupWatcher {
  const watcher = openSetupWatcher({
    store,
    sender,
    clock,
    files: noProblems(clock),
    options: FAST_WATCH,
    emit: (e) => events.push(e),
  });
  watcher.start();
  return watcher;
}

function startDeliveries(store: OsrStore, sender: OsrSender, clock: Clock): OsrDeliveriesControl {
  const osr = openOsrDeliveries({
    store,
    sender,
    clock,
    files: noProblems(clock),
    autoRetry: RETRY,
    concurrency: 2,
    emit: () => undefined,
  });
  osr.start();
  return osr;
}

export function folderEngine(): EngineUnderTest {
  const dirs: string[] = [];
  const open: Workspace[] = [];
  const stoppers: (() => void)[] = [];
  return {
    name: 'data folder',
    async store(clock) {
      const dir = await mkdtemp(join(tmpdir(), 'kb-store-'));
      dirs.push(dir);
      // One instance per data folder (the folder lock): its windows share one workspace object, so a "desk" here is
      // a window of that instance. Two objects on one folder only agree on saves made one after the other.
      let shared: Promise<Workspace> | undefined;
      let instance: Promise<Omit<SendingDesk, 'crash'>> | undefined;
      let osrInstance: Promise<Omit<OsrDesk, 'crash'>> | undefined;
      let setupsInstance: Promise<Omit<SetupsDesk, 'crash'>> | undefined;
      const files = noProblems(clock);
      const openInstance = async () => ({
        outbox: await openFolderOutboxStore({ dir: join(dir, 'outbox'), clock, files }),
        pendingSends: await openPendingSends({ dir: join(dir, 'pending-sends'), files }),
      });
      const deskOf = (ws: Workspace): Desk => {
        const events: WorkspaceEvent[] = [];
        ws.subscribe((e) => events.push(e));
        const { drafts, archive, results, checks } = ws;
        return { drafts, archive, results, checks, events };
      };
      return {
        dir,
        async reopen() {
          const ws = await createWorkspace({ dir, sender: createFakeSender(), clock });
          open.push(ws);
          return deskOf(ws);
        },
        async sending() {
          instance ??= openInstance();
          const parts = await instance;
          return {
            ...parts,
            crash: () => {
              // The process is gone: the next desk opening the folder is a new instance.
              instance = undefined;
              return Promise.resolve();
            },
          };
        },
        async setups(_desk, sender) {
          setupsInstance ??= (async () => {
            const store = await openFolderSetupStore({ dir: join(dir, 'setups'), clock, files });
            const events: WorkspaceEvent[] = [];
            const watcher = startWatcher(store, sender, clock, events);
            stoppers.push(() => void watcher.stop());
            return { watcher, store, events };
          })();
          const parts = await setupsInstance;
          return {
            ...parts,
            crash: () => {
              void parts.watcher.stop();
              setupsInstance = undefined;
              return Promise.resolve();
            },
          };
        },
        async osr(_desk, sender) {
          osrInstance ??= (async () => {
            const log = await openOsrLog({ dir: join(dir, 'osr-log'), clock, files, emit: () => undefined });
            const store = await openFolderOsrStore({ dir: join(dir, 'osr'), clock, files, log });
            const osr = startDeliveries(store, sender, clock);
            stoppers.push(() => void osr.stop());
            return { osr, store, log };
          })();
          const parts = await osrInstance;
          return {
            ...parts,
            crash: () => {
              // The process is gone: it sends nothing more, and the next desk opening the folder is a new instance.
              void parts.osr.stop();
              osrInstance = undefined;
              return Promise.resolve();
            },
          };
        },
        async open() {
          shared ??= createWorkspace({ dir, sender: createFakeSender(), clock }).then((ws) => (open.push(ws), ws));
          return deskOf(await shared);
        },
      };
    },
    async dispose() {
      for (const stop of stoppers) stop();
      await Promise.all(open.map((ws) => ws.close()));
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    },
  };
}

/** Undefined (with the reason) where PostgreSQL is not installed. */
export function postgresEngine(): EngineUnderTest | { missing: string } {
  const found = findPostgresBin();
  if ('missing' in found) return found;
  let cluster: Promise<PostgresCluster> | undefined;
  const dbs: TeamDb[] = [];
  const closers: (() => Promise<void>)[] = [];
  let stores = 0;
  return {
    name: 'PostgreSQL',
    async store(clock) {
      cluster ??= startPostgresCluster();
      const url = await (await cluster).database(`store${String(++stores)}`);
      async function open(desk: string): Promise<Desk> {
        const db = await openTeamDb({ url, desk });
        dbs.push(db);
        const events: WorkspaceEvent[] = [];
        const deps = { db, connectionId: 'demo', clock, emit: (e: WorkspaceEvent) => events.push(e) };
        const drafts = await openPgDrafts(deps);
        const archive = await openPgArchive(deps);
        const results = await openPgResults(deps);
        closers.push(drafts.close, archive.close, results.close);
        return { drafts, archive, results, checks: openPgChecks(deps), events };
      }
      return {
        url,
        open,
        reopen: open,
        async sending(desk, options) {
          const db = await openTeamDb({ url, desk });
          dbs.push(db);
          const where = { connectionId: 'demo', ...options };
          const outbox = await openPgOutbox(db, { ...where, clock });
          const pendingSends = await openPgPendingSends(db, { ...where, clock });
          let crashed = false;
          const stop = async () => {
            if (crashed) return;
            crashed = true;
            await outbox.close();
            await pendingSends.close?.();
          };
          closers.push(stop);
          // A crash: the desk stops renewing its leases and listening; what it claimed stays claimed until they run out.
          return { outbox, pendingSends, crash: stop };
        },
        async setups(desk, sender) {
          // A few connections per desk: the test cluster serves every desk of a test file at once.
          const db = await openTeamDb({ url, desk, maxConnections: 3 });
          dbs.push(db);
          const store = await openPgSetups(db, { connectionId: 'demo' });
          const events: WorkspaceEvent[] = [];
          const watcher = startWatcher(store, sender, clock, events);
          closers.push(async () => {
            await watcher.stop();
            await store.close();
          });
          // A crash polls no more and says no goodbye: its turn stays until it runs out.
          return { watcher, store, events, crash: () => watcher.stop() };
        },
        async osr(desk, sender, options) {
          const db = await openTeamDb({ url, desk, maxConnections: 4 });
          dbs.push(db);
          const log = await openPgOsrLog({ db, connectionId: 'demo', clock, emit: () => undefined });
          const store = await openPgOsr(db, { connectionId: 'demo', clock, ...options });
          const osr = startDeliveries(store, sender, clock);
          let crashed = false;
          const stop = async () => {
            if (crashed) return;
            crashed = true;
            void osr.stop();
            await store.close();
            await log.close();
          };
          closers.push(stop);
          return { osr, store, log, crash: stop };
        },
      };
    },
    async dispose() {
      await Promise.all(closers.map((close) => close()));
      await Promise.all(dbs.map((db) => db.close()));
      if (cluster) await (await cluster).stop();
    },
  };
}
