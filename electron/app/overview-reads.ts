/**
 * The MSC's overview of billing units, read once per list and served page by page from memory. The MSC gives at
 * most 100 entries per request; a screen that asked for each of them over the bridge paid a round trip, a check
 * of the contract and a redraw per 100 units (10,000 units: 101 of each). Here one read pages through the MSC, and
 * each page the screen asks for (of any size) is answered as soon as its units are in.
 * The first MSC page tells the total; the rest are asked for a few at a time (`parallel`), so 10,000 units wait
 * for about 25 round trips to the MSC instead of 101 in a row. Units are served in the MSC's order only: a page
 * that arrives early waits until the ones before it are in.
 * A read starts afresh whenever a screen asks for the first page, so a reloaded list never shows old data; later
 * pages come from the read under way, or from one that finished less than `keepMs` ago. The clerk waits for these
 * reads, so they try again once at most (`interactive`, see msc-client/retry.ts).
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
  /** MSC pages asked for at the same time once the first one told the total. */
  parallel?: number;
  /** Ages are measured on the monotonic clock, so a clock set back never keeps a finished read alive. */
  clock?: Pick<Clock, 'monotonic'>;
};

type Read = {
  /** The units from the first on, without gaps. */
  units: BillingUnitSummary[];
  total: number;
  done: boolean;
  error: Error | undefined;
  finishedAt: number;
  /** Called after every MSC page, at the end and on failure. */
  listeners: Set<() => void>;
};

const KEEP_MS = 30_000;
/** Few enough that an MSC limiting requests per client is not provoked, enough to hide most of the waiting. */
const PARALLEL = 4;

export function createOverviewReads(deps: OverviewReadsDeps): OverviewReads {
  const keepMs = deps.keepMs ?? KEEP_MS;
  const parallel = Math.max(1, deps.parallel ?? PARALLEL);
  const clock = deps.clock ?? systemClock;
  const now = () => clock.monotonic();
  const reads = new Map<string, Read>();

  function start(connectionId: string): Read {
    const read: Read = { units: [], total: 0, done: false, error: undefined, finishedAt: 0, listeners: new Set() };
    reads.set(connectionId, read);
    const notify = () => {
      for (const listener of read.listeners) listener();
    };
    const abort = new AbortController();
    void (async () => {
      try {
        const client = await deps.client(connectionId);
        const first = await client.listBillingUnits({ offset: 0 }, { signal: abort.signal, patience: 'interactive' });
        read.units.push(...first.billingunits);
        read.total = first.totalentries;
        const size = first.billingunits.length;
        if (size > 0 && size < first.totalentries) {
          notify();
          await readRest(client, read, size, notify, abort.signal);
        }
        read.done = true;
      } catch (err) {
        abort.abort();
        read.error = err instanceof Error ? err : new Error(String(err));
        // A failed read is not reused: the next request (the clerk's retry) starts a new one.
        if (reads.get(connectionId) === read) reads.delete(connectionId);
      }
      read.finishedAt = now();
      notify();
    })();
    return read;
  }

  /** The pages after the first, `parallel` at a time, appended in order as the gap before each closes. */
  async function readRest(client: MscClient, read: Read, size: number, notify: () => void, signal: AbortSignal) {
    const total = read.total;
    const arrived = new Map<number, BillingUnitSummary[]>();
    let nextOffset = size;
    let inOrder = size;
    let ended = false;
    const take = (offset: number, units: BillingUnitSummary[]) => {
      arrived.set(offset, units);
      for (let units = arrived.get(inOrder); units !== undefined && !ended; units = arrived.get(inOrder)) {
        arrived.delete(inOrder);
        read.units.push(...units);
        const expected = Math.min(size, total - inOrder);
        inOrder += units.length;
        // A short page before the end means entries vanished meanwhile; what came after it cannot be placed.
        if (units.length < expected || inOrder >= total) ended = true;
      }
      notify();
    };
    const worker = async () => {
      while (!ended && nextOffset < total) {
        const offset = nextOffset;
        nextOffset += size;
        const page = await client.listBillingUnits({ offset }, { signal, patience: 'interactive' });
        take(offset, page.billingunits);
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
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
