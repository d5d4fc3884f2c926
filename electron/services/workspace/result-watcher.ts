/**
 * Follows commissioned periods until the MSC has billed them, like the setup watcher follows a matching: each
 * awaited period's status is read with backoff (2 s doubling to 5 min by default, one period after the other), and
 * once it is BILLED the result, its template and every document are fetched and stored in the results archive,
 * which announces it (`result-stored`: the desktop notification and the in-app toast). A period is awaited while its
 * newest binding submission has no stored result from after it; that is worked out from the archives alone, so the
 * watch resumes after a restart without a file of its own.
 */
import type { BillingPeriod, Template } from '@shared/msc/billing-input';
import type { BillingResult } from '@shared/msc/billing-result';
import type { Archive } from '@main/services/workspace/archive';
import { isoNow, type Clock } from '@main/services/workspace/clock';
import type { FileContext } from '@main/services/workspace/json-files';
import type { ResultStore } from '@main/services/workspace/result-store';

export type ResultSender = {
  listBillingPeriods: (billingunit: string) => Promise<BillingPeriod[]>;
  getBillingResult: (billingunit: string, periodTo: string) => Promise<BillingResult>;
  getBillingResultDocument: (billingunit: string, periodTo: string, documentid: string) => Promise<Uint8Array>;
  getTemplate: (billingunit: string, periodTo: string) => Promise<Template>;
};

export type ResultWatchOptions = { initialDelayMs: number; maxDelayMs: number; factor: number };
export const DEFAULT_RESULT_WATCH: ResultWatchOptions = { initialDelayMs: 2_000, maxDelayMs: 300_000, factor: 2 };

export type AwaitedPeriod = { billingunit: string; periodTo: string; commissionedAt: string; transactionid: string };

export type ResultWatcher = {
  /** Periods whose result is still awaited. */
  awaited: () => AwaitedPeriod[];
  /** Re-reads the archives (after a binding submission) and polls the new periods soon. */
  refresh: () => Promise<void>;
  /** Reads one period's status now and fetches its result when billed; true when a result was stored. */
  checkNow: (billingunit: string, periodTo: string) => Promise<boolean>;
  start: () => void;
  stop: () => Promise<void>;
};

export type ResultWatcherDeps = {
  archive: Archive;
  results: ResultStore;
  sender: ResultSender | undefined;
  clock: Clock;
  files: FileContext;
  options: ResultWatchOptions;
};

const keyOf = (billingunit: string, periodTo: string) => `${billingunit}|${periodTo}`;

export function createResultWatcher(deps: ResultWatcherDeps): ResultWatcher {
  const { archive, results, sender, clock, files, options } = deps;
  const awaited = new Map<string, AwaitedPeriod & { delayMs: number; dueAt: number }>();
  let running = false;
  let cancelTimer: (() => void) | undefined;
  let ticking: Promise<void> | undefined;
  const inFlight = new Map<string, Promise<boolean>>();

  // One refresh at a time: the start and a submission's event may ask at once, and each must see the other's work.
  let refreshing: Promise<void> = Promise.resolve();
  function refresh(): Promise<void> {
    const next = refreshing.then(readArchives);
    refreshing = next.catch(() => undefined);
    return next;
  }

  async function readArchives(): Promise<void> {
    const newest = new Map<string, { id: string; at: string; billingunit: string; periodTo: string }>();
    for (const s of archive.list()) if (s.result === 'commissioned') newest.set(keyOf(s.billingunit, s.periodTo), s);
    for (const [key, s] of newest) {
      const stored = results.list({ billingunit: s.billingunit, periodTo: s.periodTo }).at(-1);
      if (stored && stored.at >= s.at) {
        awaited.delete(key);
        continue;
      }
      if (awaited.get(key)?.commissionedAt === s.at) continue;
      const entry = await archive.read(s.id);
      if (entry?.result.kind !== 'commissioned') continue;
      awaited.set(key, {
        billingunit: s.billingunit,
        periodTo: s.periodTo,
        commissionedAt: s.at,
        transactionid: entry.result.transactionid,
        delayMs: options.initialDelayMs,
        dueAt: clock.monotonic() + options.initialDelayMs,
      });
    }
    schedule();
  }

  async function fetchAndStore(billingunit: string, periodTo: string, api: ResultSender): Promise<boolean> {
    const period = (await api.listBillingPeriods(billingunit)).find((p) => p.to === periodTo);
    if (period?.status !== 'BILLED') return false;
    const result = await api.getBillingResult(billingunit, periodTo);
    // The template is what the reconciliation needs for the CO2 split; a result without it is still worth keeping.
    const template = await api.getTemplate(billingunit, periodTo).catch(() => undefined);
    const documents = [];
    for (const d of result.documents) {
      documents.push({ ...d, data: await api.getBillingResultDocument(billingunit, periodTo, d.documentid) });
    }
    await results.append(
      {
        billingunit,
        periodTo,
        transactionid: result.transactionid,
        result: result,
        ...(template ? { template: template } : {}),
      },
      documents.map(({ mediatype: _m, ...d }) => d),
    );
    return true;
  }

  function checkNow(billingunit: string, periodTo: string): Promise<boolean> {
    const key = keyOf(billingunit, periodTo);
    const pending = inFlight.get(key);
    if (pending) return pending;
    const run = (async () => {
      if (!sender) return false;
      const done = await fetchAndStore(billingunit, periodTo, sender);
      if (done) awaited.delete(key);
      return done;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, run);
    return run;
  }

  async function tick(): Promise<void> {
    const now = clock.monotonic();
    for (const [key, p] of [...awaited].filter(([, p]) => p.dueAt <= now)) {
      if (!running) return;
      try {
        if (await checkNow(p.billingunit, p.periodTo)) continue;
      } catch (err) {
        files.report({
          file: `results/${p.billingunit}_${p.periodTo}`,
          message: `Das Abrechnungsergebnis von ${p.billingunit} bis ${p.periodTo} konnte nicht abgerufen werden: ${String(err)}`,
          at: isoNow(clock),
        });
      }
      const still = awaited.get(key);
      if (still) {
        still.delayMs = Math.min(still.delayMs * options.factor, options.maxDelayMs);
        still.dueAt = clock.monotonic() + still.delayMs;
      }
    }
  }

  function schedule(): void {
    cancelTimer?.();
    cancelTimer = undefined;
    if (!running || ticking || awaited.size === 0) return;
    const earliest = Math.min(...[...awaited.values()].map((p) => p.dueAt));
    cancelTimer = clock.schedule(Math.max(0, earliest - clock.monotonic()), () => {
      cancelTimer = undefined;
      ticking = tick().finally(() => {
        ticking = undefined;
        schedule();
      });
    });
  }

  return {
    awaited: () => [...awaited.values()].map(({ delayMs: _d, dueAt: _a, ...p }) => p),
    refresh,
    checkNow: async (billingunit, periodTo) => {
      try {
        return await checkNow(billingunit, periodTo);
      } finally {
        schedule();
      }
    },
    start() {
      running = true;
      refresh().catch((err: unknown) => {
        files.report({
          file: 'results',
          message: `Erwartete Abrechnungsergebnisse nicht ermittelt: ${String(err)}`,
          at: isoNow(clock),
        });
      });
    },
    async stop() {
      running = false;
      cancelTimer?.();
      cancelTimer = undefined;
      await ticking;
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}
