/**
 * The local workspace of one connection, in the user data folder:
 *   outbox/<id>.json       setup requests waiting for / done with sending
 *   setups/<billingunit>.json   tracked setups with the last known status and matching result
 *   drafts/<billingunit>_<periodTo>.json   filled templates being edited
 *   archive/<time>-<seq>-<action>-….json   every test check and submission, append-only
 *   pending-sends/<billingunit>_<periodTo>.json   binding submissions whose outcome is still unknown
 *   checks/<billingunit>_<periodTo>.json   the last test check of each draft, with the revision it checked
 *   osr/<billingunit>-<residentialunit>.json   On-Site-Roles per usage unit: pending change, delivery, last accepted
 *   osr-log/<time>-<seq>-<billingunit>-<residentialunit>-<result>.json   every OSR delivery attempt, append-only
 *   results/<time>-<seq>-<billingunit>-<periodTo>.json   every billing result the MSC delivered, append-only
 *   result-documents/<billingunit>_<periodTo>/<documentid>-<hash>.pdf   its documents, never overwritten
 * The workspace is the only writer of its folder. All writes are atomic; a damaged file is set aside
 * and listed in problems() while everything else keeps working.
 */
import { join } from 'node:path';
import type { WorkspaceEvent, WorkspaceProblem } from '@shared/domain/workspace';
import { openArchive, type Archive } from '@main/services/workspace/archive';
import { openCheckStates, type CheckStates } from '@main/services/workspace/check-states';
import { isoNow, systemClock, type Clock } from '@main/services/workspace/clock';
import { openDrafts, type Drafts } from '@main/services/workspace/drafts';
import { createListeners } from '@main/services/workspace/events';
import type { FileContext } from '@main/services/workspace/json-files';
import { DEFAULT_AUTO_RETRY, openOutbox, type AutoRetry, type Outbox, type SetupSender } from '@main/services/workspace/outbox';
import { DEFAULT_WATCH, openSetupWatcher, type Setups, type WatchOptions } from '@main/services/workspace/setup-watcher';
import { openFolderSetupStore, type OpenSetupStore } from '@main/services/workspace/setup-store';
import { openPendingSends, type OpenPendingSends, type PendingSends } from '@main/services/workspace/pending-sends';
import { openFolderOutboxStore, type OpenOutboxStore } from '@main/services/workspace/outbox-store';
import { openOsrDeliveries, type OsrDeliveries, type OsrSender } from '@main/services/workspace/osr-deliveries';
import { openOsrLog, type OpenOsrLog, type OsrLog } from '@main/services/workspace/osr-log';
import { openFolderOsrStore, type OpenOsrStore } from '@main/services/workspace/osr-store';
import { openResultStore, type ResultStore } from '@main/services/workspace/result-store';
import {
  createResultWatcher,
  DEFAULT_RESULT_WATCH,
  type ResultSender,
  type ResultWatcher,
  type ResultWatchOptions,
} from '@main/services/workspace/result-watcher';

export type { SetupSender } from '@main/services/workspace/outbox';

export type WorkspaceOptions = {
  /** This connection's workspace folder. */
  dir: string;
  sender: SetupSender;
  /** Delivers On-Site-Roles; without it, deliveries fail with a clear message (default: `sender` if it can). */
  osrSender?: OsrSender;
  clock?: Clock;
  /** Whether this desk may take queued setups and tenant changes now (default: always; see OutboxDeps). */
  mayClaim?: () => Promise<boolean>;
  /** Setup requests sent at the same time (default 2). */
  concurrency?: number;
  /** Automatic retries of transient send failures (default 30 s doubling to 15 min, 6 attempts). */
  autoRetry?: Partial<AutoRetry>;
  /** Polling of open setups (default 2 s doubling to 60 s, two at a time). */
  watch?: Partial<WatchOptions>;
  /** Reads billing results; without it, commissioned periods are not followed. */
  resultSender?: ResultSender;
  /** Polling of commissioned periods for their result (default 2 s doubling to 5 min). */
  resultWatch?: Partial<ResultWatchOptions>;
  /**
   * Where the outbox, the unclear binding submissions and the OSR deliveries with their log are kept: the data folder
   * by default, or the team database (services/team/team-stores.ts), where several desks share them.
   */
  sendingStores?: {
    outbox?: OpenOutboxStore;
    pendingSends?: OpenPendingSends;
    osr?: OpenOsrStore;
    osrLog?: OpenOsrLog;
    setups?: OpenSetupStore;
  };
  /**
   * Drafts and archive kept elsewhere than in `dir` (the team database, electron/app/workspace-engine.ts); they are
   * opened with the workspace's event emitter and closed with the workspace.
   */
  stores?: (emit: (event: WorkspaceEvent) => void) => Promise<SharedStores>;
  /** false: `start()` sends nothing from this folder's outbox and OSR deliveries (default true). */
  sending?: boolean;
};

export type SharedStores = {
  drafts: Drafts;
  archive: Archive;
  /** Billing results and the last checks, when kept with the drafts (else in `dir`). */
  results?: ResultStore;
  checks?: CheckStates;
  close: () => Promise<void>;
};

export type Workspace = {
  outbox: Outbox;
  setups: Setups;
  drafts: Drafts;
  archive: Archive;
  pendingSends: PendingSends;
  /** The last test check of each draft and the revision it checked. */
  checks: CheckStates;
  /** On-Site-Roles per usage unit and their deliveries (docs/msc-osr.md). */
  osr: OsrDeliveries;
  osrLog: OsrLog;
  /** Billing results and their documents, append-only (docs/results.md). */
  results: ResultStore;
  /** Which commissioned periods still await their result; `checkNow` asks the MSC at once. */
  resultWatch: Pick<ResultWatcher, 'awaited' | 'checkNow'>;
  /** Typed events for the UI; returns the unsubscribe function. */
  subscribe: (listener: (event: WorkspaceEvent) => void) => () => void;
  /** Files that were damaged and set aside since opening, and failures while working in the background. */
  problems: () => readonly WorkspaceProblem[];
  /** Starts sending queued setups and polling open ones (also those left from the last run). */
  start: () => void;
  /** Stops background work and waits for what is in flight; the files stay consistent without it. */
  close: () => Promise<void>;
};

/** Opens (creating if needed) a connection's workspace; queued and interrupted work resumes on start(). */
export async function createWorkspace(options: WorkspaceOptions): Promise<Workspace> {
  const clock = options.clock ?? systemClock;
  const problems: WorkspaceProblem[] = [];
  const events = createListeners<WorkspaceEvent>();
  const files: FileContext = {
    clock,
    report(problem) {
      problems.push(problem);
      events.emit({ type: 'problem', problem });
    },
  };
  const emit = events.emit;
  const dir = options.dir;

  const setupStore = await (options.sendingStores?.setups ?? openFolderSetupStore)({ dir: join(dir, 'setups'), clock, files });
  const watcher = openSetupWatcher({
    store: setupStore,
    sender: options.sender,
    clock,
    files,
    options: { ...DEFAULT_WATCH, ...options.watch },
    emit,
  });
  const outboxStore = await (options.sendingStores?.outbox ?? openFolderOutboxStore)({ dir: join(dir, 'outbox'), clock, files });
  const outbox = openOutbox({
    store: outboxStore,
    sender: options.sender,
    clock,
    files,
    concurrency: Math.max(1, options.concurrency ?? 2),
    autoRetry: { ...DEFAULT_AUTO_RETRY, ...options.autoRetry },
    ...(options.mayClaim ? { mayClaim: options.mayClaim } : {}),
    emit,
    onSent: async (item) => {
      await watcher.track({
        billingunit: item.billingunit,
        transactionid: item.transactionid,
        outboxItemId: item.id,
        sentAt: item.sentAt,
      });
    },
  });
  const shared = options.stores ? await options.stores(emit) : undefined;
  const drafts = shared?.drafts ?? (await openDrafts({ dir: join(dir, 'drafts'), clock, files, emit }));
  const archive = shared?.archive ?? (await openArchive({ dir: join(dir, 'archive'), clock, files, emit }));
  const pendingSends = await (options.sendingStores?.pendingSends ?? openPendingSends)({
    dir: join(dir, 'pending-sends'),
    files,
    clock,
  });
  const checks = shared?.checks ?? (await openCheckStates({ dir: join(dir, 'checks'), clock, files }));
  const osrLog = await (options.sendingStores?.osrLog ?? openOsrLog)({ dir: join(dir, 'osr-log'), clock, files, emit });
  const osrSender =
    options.osrSender ?? ('deliverOnSiteRoles' in options.sender ? (options.sender as SetupSender & OsrSender) : undefined);
  const osrStore = await (options.sendingStores?.osr ?? openFolderOsrStore)({ dir: join(dir, 'osr'), clock, files, log: osrLog });
  const osr = openOsrDeliveries({
    store: osrStore,
    sender: osrSender,
    clock,
    files,
    autoRetry: { ...DEFAULT_AUTO_RETRY, ...options.autoRetry },
    concurrency: 2,
    ...(options.mayClaim ? { mayClaim: options.mayClaim } : {}),
    emit,
  });
  const results =
    shared?.results ??
    (await openResultStore({
      dir: join(dir, 'results'),
      documentsDir: join(dir, 'result-documents'),
      clock,
      files,
      emit,
    }));
  const resultWatcher = createResultWatcher({
    archive,
    results,
    sender: options.resultSender,
    clock,
    files,
    options: { ...DEFAULT_RESULT_WATCH, ...options.resultWatch },
  });
  // A binding submission starts the wait for its result; a result stored (by another desk of a team, too) ends it.
  events.subscribe((event) => {
    const commissioned = event.type === 'archive-appended' && event.entry.result === 'commissioned';
    if (!commissioned && event.type !== 'result-stored') return;
    void resultWatcher.refresh().catch(() => undefined);
  });
  // A discarded draft starts again at revision 1: its old check must not pass for the new draft's.
  events.subscribe((event) => {
    if (event.type !== 'draft-discarded') return;
    checks.remove(event.billingunit, event.periodTo).catch((err: unknown) => {
      files.report({
        file: join(dir, 'checks'),
        message: `Die letzte Prüfung des verworfenen Entwurfs ${event.billingunit}/${event.periodTo} wurde nicht gelöscht: ${String(err)}`,
        at: isoNow(clock),
      });
    });
  });

  const { start: _os, stop: _ox, close: _oc, ...outboxApi } = outbox;
  const { start: _ws, stop: _wx, close: _wc, ...setupsApi } = watcher;
  const { start: _rs, stop: _rx, close: _rc, ...osrApi } = osr;

  return {
    outbox: outboxApi,
    setups: setupsApi,
    drafts,
    archive,
    pendingSends,
    checks,
    osr: osrApi,
    osrLog,
    results,
    resultWatch: { awaited: resultWatcher.awaited, checkNow: resultWatcher.checkNow },
    subscribe: events.subscribe,
    problems: () => [...problems],
    start() {
      if (options.sending !== false) outbox.start();
      watcher.start();
      if (options.sending !== false) osr.start();
      resultWatcher.start();
    },
    async close() {
      await outbox.stop();
      await watcher.stop();
      await osr.stop();
      await resultWatcher.stop();
      await outbox.close();
      await osr.close();
      await osrLog.close?.();
      await watcher.close();
      await pendingSends.close?.();
      await shared?.close();
    },
  };
}
