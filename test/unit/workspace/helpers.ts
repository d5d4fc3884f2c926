/** Test doubles for the workspace: a clock driven by hand and an in-memory MSC that satisfies SetupSender. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { SetupRequest, SetupStatus } from '@shared/msc/billing-unit-data';
import type { WorkspaceEvent } from '@shared/domain/workspace';
import type { Clock } from '@main/services/workspace/clock';
import type { SetupSender, Workspace } from '@main/services/workspace/workspace';
import { setupRequestExample, setupStatusOpenExample } from '@test/fixtures/msc-examples';

export type ManualClock = Clock & {
  /** Moves time to the earliest pending timer and runs it; returns the delay it had been scheduled with. */
  runNext(): number;
  pendingCount(): number;
  /** Sets the wall clock by `deltaMs` (negative: back), as a clerk or a time sync does; monotonic time stays. */
  shiftWall(deltaMs: number): void;
};

export function createManualClock(start = Date.parse('2025-03-01T08:00:00.000Z')): ManualClock {
  let elapsed = 0;
  let wallOffset = start;
  let nextId = 0;
  const timers: { id: number; at: number; delay: number; fn: () => void }[] = [];
  return {
    now: () => wallOffset + elapsed,
    monotonic: () => elapsed,
    schedule(delay, fn) {
      const id = nextId++;
      timers.push({ id, at: elapsed + delay, delay, fn });
      return () => {
        const i = timers.findIndex((t) => t.id === id);
        if (i >= 0) timers.splice(i, 1);
      };
    },
    runNext() {
      timers.sort((a, b) => a.at - b.at);
      const t = timers.shift();
      if (!t) throw new Error('no timer pending');
      elapsed = Math.max(elapsed, t.at);
      t.fn();
      return t.delay;
    },
    pendingCount: () => timers.length,
    shiftWall(deltaMs) {
      wallOffset += deltaMs;
    },
  };
}

export type Deferred<T> = { promise: Promise<T>; resolve(v: T): void; reject(e: unknown): void };
export function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An in-memory MSC; tests replace `onSend` / `onStatus` to script its behaviour. */
export type FakeSender = SetupSender & {
  sent: { billingunit: string; request: SetupRequest }[];
  statusCalls: { billingunit: string; at: number }[];
  active: number;
  maxActive: number;
  onSend: (billingunit: string, request: SetupRequest) => Promise<{ transactionid: string }>;
  onStatus: (billingunit: string) => Promise<SetupStatus>;
};

export function createFakeSender(clock: Pick<Clock, 'now'> = { now: Date.now }): FakeSender {
  let tx = 0;
  const fake: FakeSender = {
    sent: [],
    statusCalls: [],
    active: 0,
    maxActive: 0,
    onSend: () => Promise.resolve({ transactionid: `tx-${String(++tx)}` }),
    onStatus: (billingunit) => Promise.resolve(statusOf(billingunit, 'OPEN')),
    async sendSetup(billingunit, request) {
      fake.sent.push({ billingunit, request });
      fake.active++;
      fake.maxActive = Math.max(fake.maxActive, fake.active);
      try {
        return await fake.onSend(billingunit, request);
      } finally {
        fake.active--;
      }
    },
    getSetupStatus(billingunit) {
      fake.statusCalls.push({ billingunit, at: clock.now() });
      return fake.onStatus(billingunit);
    },
  };
  return fake;
}

/** A setup status without transaction id (so it counts as the answer to any tracked transaction). */
export function statusOf(
  billingunit: string,
  setupstatus: SetupStatus['setupstatus'],
  lastupdate = '2025-03-01T08:00:00Z',
): SetupStatus {
  const { transactionid: _t, ...rest } = setupStatusOpenExample;
  return { ...rest, billingunitMscnumber: billingunit, setupstatus, lastupdate };
}

/** An error shaped like the MSC client's. */
export function appError(code: string, message: string, status?: number): Error {
  return Object.assign(new Error(message), { appError: status === undefined ? { code, message } : { code, message, status } });
}

export function setupFor(billingunit: string, pm = 'WE-1'): SetupRequest {
  return {
    ...setupRequestExample,
    billingunitMscnumber: billingunit,
    residentialunits: [{ residentialunitPmnumber: pm, description: 'EG links' }],
  };
}

export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'kb-ws-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Resolves with the first event matching `match`, or fails after `timeoutMs`. */
export function nextEvent<T extends WorkspaceEvent>(
  ws: Workspace,
  match: (e: WorkspaceEvent) => e is T,
  timeoutMs = 5_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('event did not arrive'));
    }, timeoutMs);
    const off = ws.subscribe((e) => {
      if (!match(e)) return;
      clearTimeout(timer);
      off();
      resolve(e);
    });
  });
}

/** Polls `check` until it is true (no fixed sleeps), failing after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * A fresh folder for each test (handed to `onDir`) and the list of workspaces the test opens there: all are closed
 * and the folder removed after the test.
 */
export function useTempWorkspaces(onDir: (dir: string) => void): Workspace[] {
  const open: Workspace[] = [];
  let cleanup = (): Promise<void> => Promise.resolve();
  beforeEach(async () => {
    const made = await tempDir();
    cleanup = made.cleanup;
    onDir(made.dir);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((ws) => ws.close()));
    await cleanup();
  });
  return open;
}
