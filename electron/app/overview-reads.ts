/**
 * The MSC's overview of billing units, read once per list and served page by page from memory. The MSC gives at
 * most 100 entries per request; a screen that asked for each of them over the bridge paid a round trip, a check
 * of the contract and a redraw per 100 units (10,000 units: 101 of each). Here one read pages through the MSC as
 * fast as it answers, and each page the screen asks for (of any size) is answered as soon as its units are in.
 * A read starts afresh whenever a screen asks for the first page, so a reloaded list never shows old data; later
 * pages come from the read under way, or from one that finished less than `keepMs` ago.
 */
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { MscClient } from '@main/services/msc-client/index';
import { systemClock, type Clock } from '@main/services/workspace/clock';

export type OverviewPage = { billingunits: BillingUnitSummary[]; totalentries: number };

export type OverviewReads = {
  page(connectionId: string, offset: number, limit: number): Promise<OverviewPage>;
};

export type OverviewReadsDeps = {
  client(connectionId: string): Promise<MscClient>;
  /** How long a finished read still serves later pages (the screen asks for them right after the first). */
  keepMs?: number;
  /** Ages are measured on the monotonic clock, so a clock set back never keeps a finished read alive. */
  clock?: Pick<Clock, 'monotonic'>;
};

type Read = {
  units: BillingUnitSummary[];
  total: number;
  done: boolean;
  error: Error | undefined;
  finishedAt: number;
  /** Called after every MSC page, at the end and on failure. */
  listeners: Set<() => void>;
};

const KEEP_MS = 30_000;

export function createOverviewReads(deps: OverviewReadsDeps): OverviewReads {
  const keepMs = deps.keepMs ?? KEEP_MS;
  const clock = deps.clock ?? systemClock;
  const now = () => clock.monotonic();
  const reads = new Map<string, Read>();

  function start(connectionId: string): Read {
    const read: Read = { units: [], total: 0, done: false, error: undefined, finishedAt: 0, listeners: new Set() };
    reads.set(connectionId, read);
    const notify = () => {
      for (const listener of read.listeners) listener();
    };
    void (async () => {
      try {
        const client = await deps.client(connectionId);
        let offset = 0;
        for (;;) {
          const page = await client.listBillingUnits({ offset });
          read.units.push(...page.billingunits);
          read.total = page.totalentries;
          offset += page.billingunits.length;
          // An empty page before the end means entries vanished meanwhile; stop rather than loop forever.
          if (page.billingunits.length === 0 || offset >= page.totalentries) break;
          notify();
        }
        read.done = true;
      } catch (err) {
        read.error = err instanceof Error ? err : new Error(String(err));
        // A failed read is not reused: the next request (the clerk's retry) starts a new one.
        if (reads.get(connectionId) === read) reads.delete(connectionId);
      }
      read.finishedAt = now();
      notify();
    })();
    return read;
  }

  function current(connectionId: string, offset: number): Read {
    const read = reads.get(connectionId);
    const fresh = read !== undefined && (!read.done || now() - read.finishedAt < keepMs);
    return offset > 0 && fresh ? read : start(connectionId);
  }

  return {
    page(connectionId, offset, limit) {
      const read = current(connectionId, offset);
      return new Promise((resolve, reject) => {
        const check = () => {
          const enough = read.units.length >= offset + limit;
          if (!enough && !read.done && read.error === undefined) return;
          read.listeners.delete(check);
          if (!enough && read.error !== undefined) reject(read.error);
          else resolve({ billingunits: read.units.slice(offset, offset + limit), totalentries: read.total });
        };
        read.listeners.add(check);
        check();
      });
    },
  };
}
