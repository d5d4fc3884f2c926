/**
 * The asynchronous side of billing-unit setup: a received setup goes OPEN → IN_PROGRESS → COMPLETED on
 * timers, and stays IN_PROGRESS while an operator has manual work to do. Timers are not persisted; after a
 * restart, unfinished setups are simply scheduled again.
 */
import { randomUUID } from 'node:crypto';
import type { SetupRequest, SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import type { SandboxState, SetupRecord, Resolution } from '@main/sandbox/state';
import type { WorldIndex } from '@main/sandbox/world-index';
import type { KeyedSerial } from '@main/lib/keyed-serial';
import { matchUnits } from '@main/sandbox/matching';
import { ProblemError } from '@main/sandbox/problems';

export type Delays = { matchingStartMs: number; matchingCompleteMs: number };
export const DEFAULT_DELAYS: Delays = { matchingStartMs: 1500, matchingCompleteMs: 3000 };

type Deps = { index: WorldIndex; state: SandboxState; clock: () => Date; delays: Delays; lock: KeyedSerial };

export class SetupEngine {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly deps: Deps) {}

  /** Schedules every unfinished setup found in the state (after a restart). */
  resume(): void {
    for (const [bu, rec] of this.deps.state.allSetups()) this.schedule(bu, rec);
  }

  submit(billingunit: string, req: SetupRequest): Promise<string> {
    return this.locked(billingunit, async () => {
      const prev = this.deps.state.setup(billingunit);
      const resolutions = { ...prev?.resolutions };
      // New data for a unit supersedes what an operator decided on the old data.
      for (const u of req.residentialunits) Reflect.deleteProperty(resolutions, u.residentialunitPmnumber);
      const now = this.now();
      const rec: SetupRecord = {
        transactionid: randomUUID(),
        status: 'OPEN',
        receivedAt: now,
        lastupdate: now,
        ordercriteriafor: req.ordercriteriafor,
        units: mergeUnits(prev?.units ?? [], req.residentialunits),
        resolutions,
        manual: [],
      };
      const pm = req.billingunitPmnumber ?? prev?.billingunitPmnumber;
      if (pm !== undefined) rec.billingunitPmnumber = pm;
      const sentNow = new Set(req.residentialunits.map((u) => u.residentialunitPmnumber));
      const since: [string, string | undefined][] = [
        ...Object.entries(prev?.manualSince ?? {}),
        ...(prev?.manual ?? []).map((m): [string, string | undefined] => [m.residentialunitPmnumber, m.since]),
      ];
      const carried = since.filter((e): e is [string, string] => e[1] !== undefined && !sentNow.has(e[0]));
      if (carried.length > 0) rec.manualSince = Object.fromEntries(carried);
      const stillWithdrawn = (prev?.withdrawn ?? []).filter((w) => !sentNow.has(w.residentialunitPmnumber));
      if (stillWithdrawn.length > 0) rec.withdrawn = stillWithdrawn;
      const list = nextList(prev?.list, req);
      if (list && list.received.length >= list.parts) withdrawUnnamed(rec, prev, new Set(list.named), now);
      else if (list) rec.list = list;
      await this.deps.state.putSetup(billingunit, rec);
      this.schedule(billingunit, rec);
      return rec.transactionid;
    });
  }

  /** Runs the pending steps of one or all setups now; returns the setups touched with their new status. */
  async advance(billingunit?: string): Promise<{ billingunitMscnumber: string; setupstatus: string }[]> {
    const targets = this.deps.state
      .allSetups()
      .filter(([bu, rec]) => (billingunit === undefined || bu === billingunit) && rec.status !== 'COMPLETED');
    const out: { billingunitMscnumber: string; setupstatus: string }[] = [];
    for (const [bu] of targets) {
      this.clearTimer(bu);
      for (let i = 0; i < 2; i++) await this.step(bu, false);
      out.push({ billingunitMscnumber: bu, setupstatus: this.deps.state.setup(bu)?.status ?? 'OPEN' });
    }
    return out;
  }

  resolve(billingunit: string, pm: string, resolution: Resolution): Promise<SetupRecord> {
    return this.locked(billingunit, async () => {
      const rec = this.deps.state.setup(billingunit);
      if (!rec) throw new ProblemError(404, `Für die Liegenschaft ${billingunit} liegt keine Einrichtung vor.`);
      if (!rec.units.some((u) => u.residentialunitPmnumber === pm)) {
        throw new ProblemError(404, `Die Nutzeinheit „${pm}“ wurde für die Liegenschaft ${billingunit} nicht übermittelt.`);
      }
      if ('residentialunitMscnumber' in resolution) {
        const units = this.deps.index.byNumber.get(billingunit)?.units ?? [];
        if (!units.some((u) => u.residentialunitMscnumber === resolution.residentialunitMscnumber)) {
          throw new ProblemError(
            400,
            `Die Liegenschaft ${billingunit} hat keine Nutzeinheit ${resolution.residentialunitMscnumber} beim Messdienst.`,
          );
        }
      }
      const next: SetupRecord = {
        ...rec,
        resolutions: { ...rec.resolutions, [pm]: resolution },
        manual: rec.manual.filter((m) => m.residentialunitPmnumber !== pm),
      };
      const waitingOnlyForOperator = rec.status === 'IN_PROGRESS' && !this.timers.has(billingunit);
      if (next.manual.length === 0 && (waitingOnlyForOperator || rec.status === 'COMPLETED')) this.complete(billingunit, next);
      else next.lastupdate = this.now();
      await this.deps.state.putSetup(billingunit, next);
      return next;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  private schedule(billingunit: string, rec: SetupRecord): void {
    this.clearTimer(billingunit);
    if (this.closed || rec.status === 'COMPLETED' || rec.manual.length > 0) return;
    const ms = rec.status === 'OPEN' ? this.deps.delays.matchingStartMs : this.deps.delays.matchingCompleteMs;
    const timer = setTimeout(() => {
      this.timers.delete(billingunit);
      this.track(this.step(billingunit, true));
    }, ms);
    timer.unref();
    this.timers.set(billingunit, timer);
  }

  private step(billingunit: string, reschedule: boolean): Promise<void> {
    return this.locked(billingunit, async () => {
      const rec = this.deps.state.setup(billingunit);
      if (this.closed || !rec || rec.status === 'COMPLETED' || rec.manual.length > 0) return;
      const next: SetupRecord = { ...rec };
      if (rec.status === 'OPEN') {
        next.status = 'IN_PROGRESS';
        next.lastupdate = this.now();
      } else this.complete(billingunit, next);
      await this.deps.state.putSetup(billingunit, next);
      if (reschedule) this.schedule(billingunit, next);
    });
  }

  /** Matches and moves `rec` to COMPLETED, or leaves it IN_PROGRESS with manual work listed. */
  private complete(billingunit: string, rec: SetupRecord): void {
    const units = this.deps.index.byNumber.get(billingunit)?.units ?? [];
    const outcome = matchUnits(units, rec.units, rec.resolutions);
    const now = this.now();
    const since = (pm: string) => rec.manual.find((m) => m.residentialunitPmnumber === pm)?.since ?? rec.manualSince?.[pm];
    rec.lastupdate = now;
    rec.manual = outcome.manual.map((m) => ({ ...m, since: since(m.residentialunitPmnumber) ?? now }));
    delete rec.manualSince;
    if (outcome.manual.length > 0) {
      rec.status = 'IN_PROGRESS';
      delete rec.result;
    } else {
      rec.status = 'COMPLETED';
      rec.result = { matched: outcome.matched, additional: outcome.additional, unmatched: outcome.unmatched };
    }
  }

  private clearTimer(billingunit: string): void {
    const t = this.timers.get(billingunit);
    if (t) clearTimeout(t);
    this.timers.delete(billingunit);
  }

  private track(p: Promise<unknown>): void {
    const guarded = p.catch((err: unknown) => {
      console.error(`Demo-Messdienst: Einrichtungsschritt fehlgeschlagen: ${String(err)}`);
    });
    this.running.add(guarded);
    void guarded.finally(() => this.running.delete(guarded));
  }

  private locked<T>(billingunit: string, task: () => Promise<T>): Promise<T> {
    return this.deps.lock(`setup:${billingunit}`, task);
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }
}

function mergeUnits(
  previous: readonly SetupResidentialUnit[],
  incoming: readonly SetupResidentialUnit[],
): SetupResidentialUnit[] {
  const byPm = new Map(previous.map((u) => [u.residentialunitPmnumber, u]));
  for (const u of incoming) byPm.set(u.residentialunitPmnumber, u);
  return [...byPm.values()];
}

type PendingList = NonNullable<SetupRecord['list']>;

/**
 * The complete list in flight after this request: its parts may come in any order and interleave with additive
 * requests, whose units count as named too (they were sent after the list was made).
 */
function nextList(prev: PendingList | undefined, req: SetupRequest): PendingList | undefined {
  const cl = req.completelist;
  const names = req.residentialunits.map((u) => u.residentialunitPmnumber);
  if (!cl) return prev ? { ...prev, named: [...prev.named, ...names] } : undefined;
  if (prev?.listid === cl.listid && prev.parts !== cl.parts) {
    throw new ProblemError(
      400,
      `Teil ${String(cl.part)} der Liste ${cl.listid} nennt ${String(cl.parts)} Teile, frühere Teile nannten ${String(prev.parts)}.`,
    );
  }
  const base = prev?.listid === cl.listid ? prev : { listid: cl.listid, parts: cl.parts, received: [], named: [] };
  return {
    ...base,
    received: base.received.includes(cl.part) ? base.received : [...base.received, cl.part],
    named: [...base.named, ...names],
  };
}

/** Moves every unit the finished list did not name to `withdrawn`; an operator's decision on it goes too. */
function withdrawUnnamed(rec: SetupRecord, prev: SetupRecord | undefined, named: ReadonlySet<string>, at: string): void {
  const matchedTo = new Map((prev?.result?.matched ?? []).map((m) => [m.residentialunitPmnumber, m.residentialunitMscnumber]));
  const gone = rec.units.filter((u) => !named.has(u.residentialunitPmnumber));
  if (gone.length === 0) return;
  rec.units = rec.units.filter((u) => named.has(u.residentialunitPmnumber));
  const withdrawn = gone.map((u) => {
    Reflect.deleteProperty(rec.resolutions, u.residentialunitPmnumber);
    const msc = matchedTo.get(u.residentialunitPmnumber);
    return {
      residentialunitPmnumber: u.residentialunitPmnumber,
      ...(msc === undefined ? {} : { residentialunitMscnumber: msc }),
      withdrawnat: at,
      transactionid: rec.transactionid,
    };
  });
  rec.withdrawn = [...(rec.withdrawn ?? []), ...withdrawn];
}
