/**
 * Handler of `overview:open-periods`: the open billing periods of all units of a connection, for the Übersicht.
 * The MSC has no call for "all periods", so this is one call per unit. A few run at a time, the answer is kept
 * for a minute, and a large connection reads only the units this computer works on, so opening the Übersicht of
 * 10,000 units never fires 10,000 calls.
 */
import type { BillingPeriod } from '@shared/msc/billing-input';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { OpenPeriod, OpenPeriods } from '@shared/ipc/channels/overview';
import type { Handlers } from '@main/ipc/gate';
import type { EventHub } from '@main/ipc/events';
import type { Workspaces } from '@main/app/workspaces';
import { systemClock, type Clock } from '@main/services/workspace/clock';

export type OpenPeriodsSource = {
  units: (connectionId: string) => Promise<BillingUnitSummary[]>;
  periods: (connectionId: string, billingunit: string) => Promise<BillingPeriod[]>;
  /** Units with a draft, an archived check or submission, or a followed setup. */
  workedOn: (connectionId: string) => Promise<ReadonlySet<string>>;
};

export type OpenPeriodsOptions = {
  /** Calls to the MSC at the same time. */
  concurrency: number;
  /** How long an answer is reused. */
  ttlMs: number;
  /** Above this many units, only the units worked on are read. */
  fullReadLimit: number;
  /** The answer's age is measured on the monotonic clock: a clock set back must not keep it for an hour. */
  clock: Pick<Clock, 'monotonic'>;
};

export const OPEN_PERIODS_DEFAULTS: OpenPeriodsOptions = {
  concurrency: 4,
  ttlMs: 60_000,
  fullReadLimit: 500,
  clock: systemClock,
};

export type OpenPeriodsReader = {
  read: (connectionId: string) => Promise<OpenPeriods>;
  /** Forgets the cached answer, e.g. after a submission changed a period's status. */
  invalidate: (connectionId: string) => void;
};

/** Runs `task` over `items` with at most `limit` at once; the results keep the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const byDeadline = (a: OpenPeriod, b: OpenPeriod): number => {
  const da = a.period.deadline ?? '9999-12-31';
  const db = b.period.deadline ?? '9999-12-31';
  return da.localeCompare(db) || a.billingunit.localeCompare(b.billingunit) || a.period.to.localeCompare(b.period.to);
};

export function createOpenPeriodsReader(source: OpenPeriodsSource, options: Partial<OpenPeriodsOptions> = {}): OpenPeriodsReader {
  const o = { ...OPEN_PERIODS_DEFAULTS, ...options };
  const cache = new Map<string, { at: number; answer: Promise<OpenPeriods> }>();

  async function load(connectionId: string): Promise<OpenPeriods> {
    const units = await source.units(connectionId);
    let chosen = units;
    if (units.length > o.fullReadLimit) {
      const worked = await source.workedOn(connectionId);
      chosen = units.filter((u) => worked.has(u.billingunitMscnumber));
    }
    type Read = { unit: BillingUnitSummary; periods: BillingPeriod[] } | { unit: BillingUnitSummary; error: unknown };
    const reads = await mapLimited(chosen, o.concurrency, async (unit): Promise<Read> => {
      try {
        return { unit, periods: await source.periods(connectionId, unit.billingunitMscnumber) };
      } catch (error) {
        return { unit, error };
      }
    });
    const failed = reads.filter((r) => 'error' in r);
    // Nothing readable at all is an outage (network, credentials), not a few odd units: say so as an error.
    const [firstFailure] = failed;
    if (firstFailure && failed.length === reads.length) throw firstFailure.error;
    const all = reads
      .flatMap((r) => ('periods' in r ? r.periods.map((period) => ({ unit: r.unit, period })) : []))
      .map(({ unit, period }): OpenPeriod => ({ billingunit: unit.billingunitMscnumber, address: unit.address, period }));
    const periods = all.filter((p) => p.period.status === 'OPEN').sort(byDeadline);
    const submitted = all
      .filter((p) => p.period.status !== 'OPEN')
      .sort((a, b) => a.period.to.localeCompare(b.period.to) || a.billingunit.localeCompare(b.billingunit));
    return {
      periods,
      submitted,
      unitsTotal: units.length,
      unitsRead: chosen.length,
      unreadable: failed.map((r) => r.unit.billingunitMscnumber),
    };
  }

  return {
    read(connectionId) {
      const cached = cache.get(connectionId);
      if (cached && o.clock.monotonic() - cached.at < o.ttlMs) return cached.answer;
      const answer = load(connectionId);
      const entry = { at: o.clock.monotonic(), answer };
      cache.set(connectionId, entry);
      answer.catch(() => {
        if (cache.get(connectionId) === entry) cache.delete(connectionId);
      });
      return answer;
    },
    invalidate(connectionId) {
      cache.delete(connectionId);
    },
  };
}

/** The Übersicht waits for these reads: a broken connection shows its error at once, not after the full retries. */
const INTERACTIVE = { patience: 'interactive' } as const;

const CHANGES_PERIODS = new Set(['archive-appended', 'draft-saved', 'draft-discarded', 'setup-status-changed']);

export function overviewHandlers(
  ws: Workspaces,
  hub: EventHub,
  clock: Pick<Clock, 'monotonic'> = systemClock,
): Pick<Handlers, 'overview:open-periods'> {
  const reader = createOpenPeriodsReader(
    {
      units: async (connectionId) => {
        const units: BillingUnitSummary[] = [];
        for await (const unit of (await ws.client(connectionId)).iterateBillingUnits({}, INTERACTIVE)) units.push(unit);
        return units;
      },
      periods: async (connectionId, billingunit) => (await ws.client(connectionId)).listBillingPeriods(billingunit, INTERACTIVE),
      workedOn: async (connectionId) => {
        const w = await ws.workspace(connectionId);
        return new Set([
          ...w.drafts.list().map((d) => d.billingunit),
          ...w.archive.list().map((a) => a.billingunit),
          ...w.setups.list().map((s) => s.billingunit),
        ]);
      },
    },
    { clock },
  );
  // A submission changes a period's status at once; the Übersicht must not show the old state for a minute.
  hub.subscribe((name, payload) => {
    if (name === 'billing:checked') reader.invalidate((payload as { connectionId: string }).connectionId);
    if (name === 'workspace:changed') {
      const { connectionId, event } = payload as { connectionId: string; event: { type: string } };
      if (CHANGES_PERIODS.has(event.type)) reader.invalidate(connectionId);
    }
  });
  return { 'overview:open-periods': ({ connectionId }) => reader.read(connectionId) };
}
