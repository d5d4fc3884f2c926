/**
 * On-Site-Roles deliveries, one record per usage unit: the change a clerk saved, the delivery on its way and the last
 * data set the MSC accepted. A delivery is stored as `queued` before it is sent and as `sending` while it is; it
 * carries the unit's complete data set, so one caught in `sending` by a crash is simply sent again (after a restart,
 * or in a team by another desk once its claim ran out), and transient failures are retried by themselves like the
 * setup outbox's. Every attempt and its answer goes to the OSR log. Where the records are kept is the OsrStore's
 * business (osr-store.ts): the data folder or the team database.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { OnSiteRoles } from '@shared/msc/on-site-roles';
import type { OsrDelivery, OsrUnitRecord } from '@shared/domain/osr';
import type { FailureInfo, WorkspaceEvent } from '@shared/domain/workspace';
import { isoNow, waitUntil, type Clock } from '@main/services/workspace/clock';
import type { FileContext } from '@main/services/workspace/json-files';
import { backoff, type AutoRetry } from '@main/services/workspace/outbox';
import { attemptEntry } from '@main/services/workspace/osr-log';
import { osrKey, withDelivery, type ClaimedRecord, type OsrStore } from '@main/services/workspace/osr-store';
import { describeSendFailure } from '@main/services/workspace/send-failure';
import { isTeamOffline, WorkspaceError } from '@main/services/workspace/workspace-error';
import type { OsrDeliveryOutcome } from '@main/services/msc-client/osr';

/** What the deliveries need of an MSC client (the real one satisfies it structurally). */
export type OsrSender = {
  deliverOnSiteRoles(billingunit: string, residentialunit: string, roles: OnSiteRoles): Promise<OsrDeliveryOutcome>;
};

export type OsrSaveInput = {
  billingunit: string;
  residentialunit: string;
  residentialunitPmnumber?: string | undefined;
  roles: OnSiteRoles;
};

export type OsrDeliveries = {
  list: (filter?: { billingunit?: string }) => OsrUnitRecord[];
  get: (billingunit: string, residentialunit: string) => OsrUnitRecord | undefined;
  /** Keeps the unit's complete new data set as a pending change; one equal to what the MSC has is no change. */
  save: (input: OsrSaveInput) => Promise<OsrUnitRecord>;
  /** Drops the pending change. */
  discard: (billingunit: string, residentialunit: string) => Promise<OsrUnitRecord>;
  /** Queues the pending change (or a failed delivery again); persisted before it goes out. */
  deliver: (billingunit: string, residentialunit: string) => Promise<OsrUnitRecord>;
  /** Delivers every unit with a pending change or a failed delivery (of one billing unit, or all). */
  deliverAll: (billingunit?: string) => Promise<OsrUnitRecord[]>;
  whenIdle: () => Promise<void>;
};

export type OsrDeliveriesControl = OsrDeliveries & { start: () => void; stop: () => Promise<void>; close: () => Promise<void> };

export type OsrDeliveriesDeps = {
  store: OsrStore;
  sender: OsrSender | undefined;
  clock: Clock;
  files: FileContext;
  autoRetry: AutoRetry;
  concurrency: number;
  emit: (event: WorkspaceEvent) => void;
  /**
   * Whether this desk may take queued work now. A team desk without the connection's password or certificate
   * leaves the office's queue to the desks that have them, instead of failing items they could send.
   */
  mayClaim?: () => Promise<boolean>;
};

/** Undefined when the delivery is left to the clerk. */
function retryDelay(retry: AutoRetry, retryable: boolean, attempts: number) {
  return !retryable || attempts >= retry.maxAttempts ? undefined : backoff(retry, attempts);
}

const byKey = (a: OsrUnitRecord, b: OsrUnitRecord) =>
  osrKey(a.billingunit, a.residentialunit).localeCompare(osrKey(b.billingunit, b.residentialunit));

export function openOsrDeliveries(deps: OsrDeliveriesDeps): OsrDeliveriesControl {
  const { store, clock, files, emit } = deps;
  const inflight = new Map<string, Promise<void>>();
  const timers = new Map<string, () => void>();
  let running = false;
  let pumping = false;
  let again = false;
  let cancelPoll: (() => void) | undefined;
  const report = (key: string, message: string) => {
    files.report({ file: store.where(key), message, at: isoNow(clock) });
  };

  const unsubscribe = store.subscribe(({ record, foreign }) => {
    emit({ type: 'osr-unit-changed', record });
    if (!foreign) return;
    // Another desk queued a delivery or finished one: this desk may send it, and retries a failed one should that
    // desk be gone.
    const key = osrKey(record.billingunit, record.residentialunit);
    if (record.delivery?.state === 'queued') pump();
    if (record.delivery?.state === 'failed') scheduleRetry(record, record.delivery);
    else cancelRetry(key);
  });

  function existing(residentialunit: string, current: OsrUnitRecord | undefined): OsrUnitRecord {
    if (!current) throw WorkspaceError.notFound(`Für die Nutzeinheit ${residentialunit} liegen keine Nutzerdaten vor.`);
    return current;
  }

  /** Claims what this desk may send now and starts sending it; one claim at a time, repeated while asked to. */
  function pump(): void {
    if (!running) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    const stopped = () => !running;
    void (async () => {
      do {
        again = false;
        const free = deps.concurrency - inflight.size;
        if (free <= 0 || stopped()) break;
        if (deps.mayClaim && !(await deps.mayClaim().catch(() => false))) break;
        let claimed: ClaimedRecord[];
        try {
          claimed = await store.claim(free, new Set(inflight.keys()));
        } catch (err) {
          claimFailed(err);
          break;
        }
        for (const r of claimed) start(r);
        if (claimed.length === free) again = true;
      } while (again && !stopped());
      pumping = false;
    })();
  }

  function claimFailed(err: unknown): void {
    if (store.pollMs === undefined) {
      // Sending without the `sending` mark stored would break the crash guarantee: stop instead.
      running = false;
      report('', `OSR-Übermittlungen angehalten: ${String(err)}`);
    } else if (!isTeamOffline(err)) {
      // Out of reach, the team banner says so and nothing is delivered from here until the next look finds it back.
      report('', `OSR-Übermittlungen warten auf die Team-Datenbank: ${String(err)}`);
    }
  }

  function start(r: ClaimedRecord): void {
    const key = osrKey(r.billingunit, r.residentialunit);
    const run = send(r).finally(() => {
      inflight.delete(key);
      pump();
    });
    inflight.set(key, run);
  }

  async function send(r: ClaimedRecord): Promise<void> {
    const key = osrKey(r.billingunit, r.residentialunit);
    const sending = r.delivery;
    let outcome: OsrDeliveryOutcome | undefined;
    let failure: FailureInfo | undefined;
    try {
      if (!deps.sender) throw new WorkspaceError('CONFLICT', 'Diese Verbindung kann keine Nutzerdaten übermitteln.');
      outcome = await deps.sender.deliverOnSiteRoles(r.billingunit, r.residentialunit, sending.roles);
    } catch (err) {
      failure = describeSendFailure(err);
    }
    const at = isoNow(clock);
    try {
      const next = await store.finish(
        r,
        (current) => settled(current, sending, outcome, failure, at),
        attemptEntry({ record: r, delivery: sending, outcome, failure }),
      );
      // False: this desk's claim ran out and another desk delivered the unit; its answer is the one kept.
      if (next !== false && next.delivery?.state === 'failed') scheduleRetry(next, next.delivery);
    } catch (err) {
      // The delivery stays `sending` and goes again after a restart or once its claim ran out (the same data set).
      report(key, `Ergebnis der Übermittlung nicht gespeichert: ${String(err)}`);
    }
  }

  /** The unit's record once the MSC answered (or did not); a change saved meanwhile stays pending. */
  function settled(
    current: OsrUnitRecord,
    sending: OsrDelivery,
    outcome: OsrDeliveryOutcome | undefined,
    failure: FailureInfo | undefined,
    at: string,
  ): OsrUnitRecord {
    if (outcome?.status === 'accepted') {
      const { transactionid, acceptedat, messages } = outcome;
      const delivered = { deliveryId: sending.id, roles: sending.roles, transactionid, acceptedat, deliveredAt: at, messages };
      return { ...withDelivery(current, undefined, at), delivered };
    }
    if (outcome?.status === 'rejected') {
      return withDelivery(current, { ...sending, state: 'rejected', messages: outcome.messages, updatedAt: at }, at);
    }
    const info = failure ?? { code: 'INTERNAL', message: 'Keine Antwort', retryable: true };
    const delay = retryDelay(deps.autoRetry, info.retryable, sending.attempts);
    const next = delay === undefined ? {} : { nextAttemptAt: new Date(clock.now() + delay).toISOString() };
    return withDelivery(current, { ...sending, state: 'failed', failure: info, updatedAt: at, ...next }, at);
  }

  function cancelRetry(key: string): void {
    timers.get(key)?.();
    timers.delete(key);
  }

  type Unit = Pick<OsrUnitRecord, 'billingunit' | 'residentialunit'>;

  function scheduleRetry({ billingunit: bu, residentialunit: ru }: Unit, d: OsrDelivery): void {
    const key = osrKey(bu, ru);
    cancelRetry(key);
    if (d.nextAttemptAt === undefined || !running) return;
    // Right after the failure this is the backoff itself; after a restart, never more than it (clock set back).
    const wait = waitUntil(clock, Date.parse(d.nextAttemptAt), backoff(deps.autoRetry, d.attempts));
    timers.set(
      key,
      clock.schedule(wait, () => {
        timers.delete(key);
        // The clerk (or another desk) may have delivered anew meanwhile: only this very failure goes back in the queue.
        void store
          .update(bu, ru, (r) =>
            r?.delivery?.id !== d.id || r.delivery.state !== 'failed' || r.delivery.nextAttemptAt !== d.nextAttemptAt
              ? undefined
              : withDelivery(r, { ...r.delivery, state: 'queued', updatedAt: isoNow(clock) }, isoNow(clock)),
          )
          .then(pump)
          .catch((err: unknown) => {
            report(key, String(err));
          });
      }),
    );
  }

  /** The record with its pending change (or a failed delivery again) queued; refused where nothing is to deliver. */
  function queuedFrom(r: OsrUnitRecord, seq: number): OsrUnitRecord {
    const d = r.delivery;
    if (d?.state === 'sending') {
      throw new WorkspaceError('CONFLICT', `Die Nutzerdaten der Nutzeinheit ${r.residentialunit} werden gerade übermittelt.`);
    }
    const roles = r.pending?.roles ?? (d?.state === 'failed' || d?.state === 'queued' ? d.roles : undefined);
    if (!roles) {
      const why =
        d?.state === 'rejected'
          ? 'Der Messdienst hat sie abgelehnt; bitte zuerst korrigieren.'
          : 'Es gibt keine ungesendete Änderung.';
      throw new WorkspaceError('CONFLICT', `Nutzeinheit ${r.residentialunit}: ${why}`);
    }
    const at = isoNow(clock);
    const { pending: _p, ...rest } = r;
    const delivery: OsrDelivery = { id: randomUUID(), seq, roles, state: 'queued', attempts: 0, createdAt: at, updatedAt: at };
    return withDelivery(rest, delivery, at);
  }

  async function deliverOne(billingunit: string, residentialunit: string): Promise<OsrUnitRecord> {
    cancelRetry(osrKey(billingunit, residentialunit));
    const seq = await store.nextSeq();
    const out = await store.update(billingunit, residentialunit, (current) =>
      queuedFrom(existing(residentialunit, current), seq),
    );
    return out as OsrUnitRecord;
  }

  const api: OsrDeliveries = {
    list: (filter) =>
      store
        .list()
        .filter((r) => filter?.billingunit === undefined || r.billingunit === filter.billingunit)
        .sort(byKey),
    get: (bu, ru) => store.get(bu, ru),
    async save(input) {
      const parsed = OnSiteRoles.safeParse(input.roles);
      if (!parsed.success) throw WorkspaceError.fromZod('Die Nutzerdaten wurden nicht gespeichert', parsed.error);
      const roles = parsed.data;
      const out = await store.update(input.billingunit, input.residentialunit, (before) => {
        const at = isoNow(clock);
        const base: OsrUnitRecord = before ?? {
          billingunit: input.billingunit,
          residentialunit: input.residentialunit,
          updatedAt: at,
        };
        const { pending: _p, ...rest } = base;
        const pm = input.residentialunitPmnumber ?? base.residentialunitPmnumber;
        const unchanged = isDeepStrictEqual(roles, base.delivered?.roles) && base.delivery === undefined;
        return {
          ...rest,
          ...(pm ? { residentialunitPmnumber: pm } : {}),
          updatedAt: at,
          ...(unchanged ? {} : { pending: { roles, savedAt: at } }),
        };
      });
      return out as OsrUnitRecord;
    },
    async discard(bu, ru) {
      const out = await store.update(bu, ru, (current) => {
        const { pending: _p, ...rest } = existing(ru, current);
        return { ...rest, updatedAt: isoNow(clock) };
      });
      return out as OsrUnitRecord;
    },
    async deliver(bu, ru) {
      const out = await deliverOne(bu, ru);
      pump();
      return out;
    },
    async deliverAll(billingunit) {
      const isDue = (r: OsrUnitRecord | undefined): r is OsrUnitRecord =>
        r !== undefined && r.delivery?.state !== 'sending' && (r.pending !== undefined || r.delivery?.state === 'failed');
      const due = api.list(billingunit === undefined ? {} : { billingunit }).filter(isDue);
      const out: OsrUnitRecord[] = [];
      for (const r of due) {
        cancelRetry(osrKey(r.billingunit, r.residentialunit));
        const seq = await store.nextSeq();
        // A unit another desk (or window) queued meanwhile is no longer due: it is skipped, not refused.
        const queued = await store.update(r.billingunit, r.residentialunit, (current) =>
          isDue(current) ? queuedFrom(current, seq) : undefined,
        );
        if (queued) out.push(queued);
      }
      pump();
      return out;
    },
    async whenIdle() {
      while (inflight.size > 0 || pumping) {
        if (inflight.size > 0) await Promise.allSettled([...inflight.values()]);
        else await new Promise((r) => setImmediate(r));
      }
    },
  };

  return {
    ...api,
    start() {
      running = true;
      for (const r of store.list()) if (r.delivery?.state === 'failed') scheduleRetry(r, r.delivery);
      const poll = store.pollMs;
      if (poll !== undefined) {
        const look = () => {
          cancelPoll = clock.schedule(poll, () => {
            pump();
            look();
          });
        };
        look();
      }
      pump();
    },
    async stop() {
      running = false;
      cancelPoll?.();
      for (const cancel of timers.values()) cancel();
      timers.clear();
      await api.whenIdle();
    },
    close: async () => {
      unsubscribe();
      await store.close();
    },
  };
}
