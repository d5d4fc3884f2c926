/**
 * On-Site-Roles deliveries, one record per usage unit (`<billingunit>-<residentialunit>.json`): the change a clerk
 * saved, the delivery on its way and the last data set the MSC accepted. A delivery is on disk as `queued` before it
 * is sent and as `sending` while it is; it carries the unit's complete data set, so one caught in `sending` by a crash
 * is simply sent again, and transient failures are retried by themselves like the setup outbox's. Every attempt
 * and its answer goes to the OSR log.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { OnSiteRoles } from '@shared/msc/on-site-roles';
import { OsrUnitRecord, type OsrDelivery } from '@shared/domain/osr';
import type { FailureInfo, WorkspaceEvent } from '@shared/domain/workspace';
import { writeJsonAtomic } from '@main/lib/atomic-file';
import { isoNow, waitUntil, type Clock } from '@main/services/workspace/clock';
import { loadJsonDir, type FileContext } from '@main/services/workspace/json-files';
import { backoff, type AutoRetry } from '@main/services/workspace/outbox';
import { logAttempt, type OsrLog } from '@main/services/workspace/osr-log';
import { describeSendFailure } from '@main/services/workspace/send-failure';
import { createKeyedSerial } from '@main/lib/keyed-serial';
import { WorkspaceError } from '@main/services/workspace/workspace-error';
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

export type OsrDeliveriesControl = OsrDeliveries & { start: () => void; stop: () => Promise<void> };

export type OsrDeliveriesDeps = {
  dir: string;
  sender: OsrSender | undefined;
  log: OsrLog;
  clock: Clock;
  files: FileContext;
  autoRetry: AutoRetry;
  concurrency: number;
  emit: (event: WorkspaceEvent) => void;
};

/** Undefined when the delivery is left to the clerk. */
function retryDelay(retry: AutoRetry, retryable: boolean, attempts: number) {
  return !retryable || attempts >= retry.maxAttempts ? undefined : backoff(retry, attempts);
}

const keyOf = (billingunit: string, residentialunit: string) => `${billingunit}-${residentialunit}`;

export async function openOsrDeliveries(deps: OsrDeliveriesDeps): Promise<OsrDeliveriesControl> {
  const { dir, clock, files, emit } = deps;
  const records = await loadJsonDir(dir, OsrUnitRecord, files, (name, r) =>
    name === keyOf(r.billingunit, r.residentialunit) ? undefined : `Dateiname passt nicht zur Nutzeinheit ${r.residentialunit}`,
  );
  const fileOf = (key: string) => join(dir, `${key}.json`);
  const serial = createKeyedSerial();
  const inflight = new Map<string, Promise<void>>();
  const timers = new Map<string, () => void>();
  let running = false;
  let nextSeq = Math.max(0, ...[...records.values()].map((r) => r.delivery?.seq ?? 0)) + 1;

  async function put(record: OsrUnitRecord): Promise<OsrUnitRecord> {
    const key = keyOf(record.billingunit, record.residentialunit);
    await writeJsonAtomic(fileOf(key), record);
    records.set(key, record);
    emit({ type: 'osr-unit-changed', record });
    return record;
  }

  const withDelivery = (r: OsrUnitRecord, delivery: OsrDelivery | undefined): OsrUnitRecord => {
    const { delivery: _d, ...rest } = r;
    return { ...rest, updatedAt: isoNow(clock), ...(delivery ? { delivery } : {}) };
  };

  // Resume: a crash while sending left deliveries in `sending`; the complete data set may safely go again.
  for (const r of [...records.values()]) {
    if (r.delivery?.state === 'sending') await put(withDelivery(r, { ...r.delivery, state: 'queued', updatedAt: isoNow(clock) }));
  }

  function require(billingunit: string, residentialunit: string): OsrUnitRecord {
    const r = records.get(keyOf(billingunit, residentialunit));
    if (!r) throw WorkspaceError.notFound(`Für die Nutzeinheit ${residentialunit} liegen keine Nutzerdaten vor.`);
    return r;
  }

  function pump(): void {
    if (!running) return;
    const queued = [...records.values()]
      .filter((r) => r.delivery?.state === 'queued')
      .sort((a, b) => (a.delivery?.seq ?? 0) - (b.delivery?.seq ?? 0));
    for (const r of queued) {
      if (inflight.size >= deps.concurrency) break;
      const key = keyOf(r.billingunit, r.residentialunit);
      if (inflight.has(key)) continue;
      const run = send(key).finally(() => {
        inflight.delete(key);
        pump();
      });
      inflight.set(key, run);
    }
  }

  /** Only the writes are serialised per unit: a clerk saving the next change need not wait for the MSC's answer. */
  async function send(key: string): Promise<void> {
    let claimed: { r: OsrUnitRecord; sending: OsrDelivery } | undefined;
    try {
      claimed = await serial(key, async () => {
        const r = records.get(key);
        const queued = r?.delivery;
        if (!r || queued?.state !== 'queued') return undefined;
        const { failure: _f, nextAttemptAt: _n, messages: _m, ...base } = queued;
        const sending: OsrDelivery = { ...base, state: 'sending', attempts: queued.attempts + 1, updatedAt: isoNow(clock) };
        await put(withDelivery(r, sending));
        return { r, sending };
      });
    } catch (err) {
      // Sending without the `sending` mark on disk would break the crash guarantee: stop instead.
      running = false;
      files.report({ file: fileOf(key), message: `OSR-Übermittlungen angehalten: ${String(err)}`, at: isoNow(clock) });
      return;
    }
    if (!claimed) return;
    const { r, sending } = claimed;
    let outcome: OsrDeliveryOutcome | undefined;
    let failure: FailureInfo | undefined;
    try {
      if (!deps.sender) throw new WorkspaceError('CONFLICT', 'Diese Verbindung kann keine Nutzerdaten übermitteln.');
      outcome = await deps.sender.deliverOnSiteRoles(r.billingunit, r.residentialunit, sending.roles);
    } catch (err) {
      failure = describeSendFailure(err);
    }
    await logAttempt(deps.log, { record: r, delivery: sending, outcome, failure }).catch((err: unknown) => {
      files.report({ file: deps.dir, message: `Eintrag im OSR-Protokoll nicht gespeichert: ${String(err)}`, at: isoNow(clock) });
    });
    const at = isoNow(clock);
    try {
      const next = await serial(key, () => put(settled(records.get(key) ?? r, sending, outcome, failure, at)));
      if (next.delivery?.state === 'failed') scheduleRetry(key, next.delivery);
    } catch (err) {
      // The delivery stays `sending` on disk and goes again after a restart (the same complete data set).
      files.report({ file: fileOf(key), message: `Ergebnis der Übermittlung nicht gespeichert: ${String(err)}`, at });
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
      return { ...withDelivery(current, undefined), delivered };
    }
    if (outcome?.status === 'rejected') {
      return withDelivery(current, { ...sending, state: 'rejected', messages: outcome.messages, updatedAt: at });
    }
    const info = failure ?? { code: 'INTERNAL', message: 'Keine Antwort', retryable: true };
    const delay = retryDelay(deps.autoRetry, info.retryable, sending.attempts);
    const next = delay === undefined ? {} : { nextAttemptAt: new Date(clock.now() + delay).toISOString() };
    return withDelivery(current, { ...sending, state: 'failed', failure: info, updatedAt: at, ...next });
  }

  function scheduleRetry(key: string, d: OsrDelivery): void {
    timers.get(key)?.();
    timers.delete(key);
    if (d.nextAttemptAt === undefined || !running) return;
    // Right after the failure this is the backoff itself; after a restart, never more than it (clock set back).
    const wait = waitUntil(clock, Date.parse(d.nextAttemptAt), backoff(deps.autoRetry, d.attempts));
    timers.set(
      key,
      clock.schedule(wait, () => {
        timers.delete(key);
        void serial(key, async () => {
          const r = records.get(key);
          // The clerk may have delivered anew meanwhile.
          if (r?.delivery?.id !== d.id || r.delivery.state !== 'failed' || r.delivery.nextAttemptAt !== d.nextAttemptAt) return;
          await put(withDelivery(r, { ...r.delivery, state: 'queued', updatedAt: isoNow(clock) }));
        })
          .then(pump)
          .catch((err: unknown) => {
            files.report({ file: fileOf(key), message: String(err), at: isoNow(clock) });
          });
      }),
    );
  }

  async function deliverLocked(billingunit: string, residentialunit: string): Promise<OsrUnitRecord> {
    const r = require(billingunit, residentialunit);
    const d = r.delivery;
    if (d?.state === 'sending') {
      throw new WorkspaceError('CONFLICT', `Die Nutzerdaten der Nutzeinheit ${residentialunit} werden gerade übermittelt.`);
    }
    const roles = r.pending?.roles ?? (d?.state === 'failed' || d?.state === 'queued' ? d.roles : undefined);
    if (!roles) {
      const why =
        d?.state === 'rejected'
          ? 'Der Messdienst hat sie abgelehnt; bitte zuerst korrigieren.'
          : 'Es gibt keine ungesendete Änderung.';
      throw new WorkspaceError('CONFLICT', `Nutzeinheit ${residentialunit}: ${why}`);
    }
    timers.get(keyOf(billingunit, residentialunit))?.();
    const at = isoNow(clock);
    const { pending: _p, ...rest } = r;
    const delivery: OsrDelivery = {
      id: randomUUID(),
      seq: nextSeq++,
      roles,
      state: 'queued',
      attempts: 0,
      createdAt: at,
      updatedAt: at,
    };
    return put(withDelivery(rest, delivery));
  }

  const api: OsrDeliveries = {
    list: (filter) =>
      [...records.values()]
        .filter((r) => filter?.billingunit === undefined || r.billingunit === filter.billingunit)
        .sort((a, b) => keyOf(a.billingunit, a.residentialunit).localeCompare(keyOf(b.billingunit, b.residentialunit))),
    get: (bu, ru) => records.get(keyOf(bu, ru)),
    save(input) {
      const parsed = OnSiteRoles.safeParse(input.roles);
      if (!parsed.success)
        return Promise.reject(WorkspaceError.fromZod('Die Nutzerdaten wurden nicht gespeichert', parsed.error));
      const roles = parsed.data;
      return serial(keyOf(input.billingunit, input.residentialunit), async () => {
        const before = records.get(keyOf(input.billingunit, input.residentialunit));
        const base: OsrUnitRecord = before ?? {
          billingunit: input.billingunit,
          residentialunit: input.residentialunit,
          updatedAt: isoNow(clock),
        };
        const { pending: _p, ...rest } = base;
        const pm = input.residentialunitPmnumber ?? base.residentialunitPmnumber;
        const unchanged = isDeepStrictEqual(roles, base.delivered?.roles) && base.delivery === undefined;
        return put({
          ...rest,
          ...(pm ? { residentialunitPmnumber: pm } : {}),
          updatedAt: isoNow(clock),
          ...(unchanged ? {} : { pending: { roles, savedAt: isoNow(clock) } }),
        });
      });
    },
    discard: (bu, ru) =>
      serial(keyOf(bu, ru), async () => {
        const { pending: _p, ...rest } = require(bu, ru);
        return put({ ...rest, updatedAt: isoNow(clock) });
      }),
    async deliver(bu, ru) {
      const out = await serial(keyOf(bu, ru), () => deliverLocked(bu, ru));
      pump();
      return out;
    },
    async deliverAll(billingunit) {
      const due = api
        .list(billingunit === undefined ? {} : { billingunit })
        .filter((r) => r.delivery?.state !== 'sending' && (r.pending !== undefined || r.delivery?.state === 'failed'));
      const out: OsrUnitRecord[] = [];
      for (const r of due)
        out.push(await serial(keyOf(r.billingunit, r.residentialunit), () => deliverLocked(r.billingunit, r.residentialunit)));
      pump();
      return out;
    },
    async whenIdle() {
      while (inflight.size > 0) await Promise.allSettled([...inflight.values()]);
    },
  };

  return {
    ...api,
    start() {
      running = true;
      for (const [key, r] of records) if (r.delivery?.state === 'failed') scheduleRetry(key, r.delivery);
      pump();
    },
    async stop() {
      running = false;
      for (const cancel of timers.values()) cancel();
      timers.clear();
      await api.whenIdle();
    },
  };
}
