/**
 * One contract, two engines (issue 23): the outbox and the binding SENDs keep the same promises on the data folder
 * and in the team database — one order for all desks, each item sent by one desk, a unit's setups in order, an item
 * a crashed desk was sending taken over, a period sent from one desk at a time and its unclear outcome archived once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { OutboxItem } from '@shared/domain/workspace';
import type { OutboxStore, QueuedItem } from '@main/services/workspace/outbox-store';
import type { PendingSend } from '@main/services/workspace/pending-sends';
import { systemClock } from '@main/services/workspace/clock';
import { folderEngine, postgresEngine, type EngineUnderTest } from '@test/support/team-engines';
import { createManualClock, setupFor, waitFor } from '@test/unit/workspace/helpers';

const pg = postgresEngine();
const engines: EngineUnderTest[] = [folderEngine(), ...('missing' in pg ? [] : [pg])];
afterAll(async () => Promise.all(engines.map((e) => e.dispose())));

if ('missing' in pg) {
  describe('outbox in the team database', () => {
    (process.env.CI ? it : it.skip)(`cannot run: ${pg.missing}`, () => {
      throw new Error(pg.missing);
    });
  });
}

async function queue(outbox: OutboxStore, billingunit: string, pm = 'WE-1'): Promise<QueuedItem> {
  const at = new Date().toISOString();
  const item: QueuedItem = {
    id: `${billingunit}-${pm}-${String(Math.random()).slice(2, 8)}`,
    seq: await outbox.nextSeq(),
    billingunit,
    request: setupFor(billingunit, pm),
    state: 'queued',
    createdAt: at,
    updatedAt: at,
    attempts: 0,
  };
  await outbox.add([item]);
  return item;
}

const sent = (item: OutboxItem): OutboxItem => {
  const { state: _s, ...base } = item as Extract<OutboxItem, { state: 'sending' }>;
  return { ...base, state: 'sent', transactionid: `tx-${item.id}`, sentAt: item.updatedAt };
};

const SEND: PendingSend = {
  billingunit: '100200302',
  periodTo: '2025-12-31',
  action: 'SEND',
  startedAt: '2026-01-10T09:00:00.000Z',
  request: { currency: 'EUR' },
};

describe.each(engines)('outbox ($name)', (engine) => {
  it("lists every desk's items in one order, and shows another desk's outcome", async () => {
    const store = await engine.store(systemClock);
    const [a, b] = [await store.sending('Frau Berger'), await store.sending('Herr Yilmaz')];
    const first = await queue(a.outbox, '111');
    const second = await queue(b.outbox, '222');
    const third = await queue(a.outbox, '333');
    await waitFor(() => b.outbox.list().length === 3 && a.outbox.list().length === 3);
    expect(b.outbox.list().map((i) => i.id)).toEqual([first.id, second.id, third.id]);
    expect(first.seq < second.seq && second.seq < third.seq).toBe(true);

    const [claimed] = await a.outbox.claim(1, new Set());
    expect(claimed).toMatchObject({ id: first.id, state: 'sending', attempts: 1 });
    expect(await a.outbox.finish(sent(claimed!))).toBe(true);
    await waitFor(() => b.outbox.get(first.id)?.state === 'sent');
  });

  it('gives each item to one desk when two claim at once: oldest first, one per billing unit, none twice', async () => {
    const store = await engine.store(systemClock);
    const [a, b] = [await store.sending('A'), await store.sending('B')];
    const items: QueuedItem[] = [];
    for (const unit of ['1', '2', '3', '4', '5']) items.push(await queue(a.outbox, unit, 'WE-1'));
    for (const unit of ['1', '2', '3', '4', '5']) items.push(await queue(a.outbox, unit, 'WE-2'));
    await waitFor(() => b.outbox.list().length === 10);

    const [fromA, fromB] = await Promise.all([a.outbox.claim(3, new Set()), b.outbox.claim(3, new Set())]);

    const claimed = [...fromA, ...fromB];
    expect(new Set(claimed.map((i) => i.id)).size).toBe(claimed.length);
    expect(new Set(claimed.map((i) => i.billingunit)).size).toBe(claimed.length);
    // Only the first setup of each unit may go while its earlier one is unfinished.
    expect(claimed.every((i) => i.request.residentialunits[0]?.residentialunitPmnumber === 'WE-1')).toBe(true);
    expect(claimed.length).toBe(5);
    // The second setup of a unit becomes claimable once the first was sent, and by either desk.
    const unitOne = claimed.find((i) => i.billingunit === '1')!;
    const owner = fromA.includes(unitOne) ? a : b;
    expect(await b.outbox.claim(5, new Set())).toEqual([]);
    await owner.outbox.finish(sent(unitOne));
    const next = await b.outbox.claim(5, new Set());
    expect(next.map((i) => [i.billingunit, i.request.residentialunits[0]?.residentialunitPmnumber])).toEqual([['1', 'WE-2']]);
  });

  it('removes only queued or failed items, and puts only failed ones back in the queue', async () => {
    const store = await engine.store(systemClock);
    const a = await store.sending('A');
    const queued = await queue(a.outbox, '1');
    const sending = await queue(a.outbox, '2');
    const [claimed] = await a.outbox.claim(1, new Set(['1']));
    expect(claimed?.id).toBe(sending.id);
    expect(await a.outbox.remove(sending.id)).toBe(false);
    expect(await a.outbox.requeue({ ...queued, seq: queued.seq })).toBe(false);
    expect(await a.outbox.remove(queued.id)).toBe(true);
    expect(a.outbox.list().map((i) => i.id)).toEqual([sending.id]);
  });

  it('sends again what a desk that crashed mid-send had claimed', async () => {
    const store = await engine.store(systemClock);
    const a = await store.sending('A', { leaseMs: 300 });
    const item = await queue(a.outbox, '1');
    expect(await a.outbox.claim(1, new Set())).toHaveLength(1);

    await a.crash();
    const b = await store.sending('B', { leaseMs: 300 });
    let taken: OutboxItem[] = [];
    await waitFor(async () => (taken = await b.outbox.claim(1, new Set())).length === 1, 5_000);

    expect(taken[0]).toMatchObject({ id: item.id, state: 'sending', attempts: 2 });
    expect(await b.outbox.finish(sent(taken[0]!))).toBe(true);
  });
});

describe.each(engines)('binding SENDs ($name)', (engine) => {
  it('refuse a second claim of a period while the first SEND is on its way or unclear, on every desk', async () => {
    const store = await engine.store(systemClock);
    const [a, b] = [await store.sending('A'), await store.sending('B')];
    expect(await a.pendingSends.claim(SEND)).toBe(true);
    expect(await b.pendingSends.claim(SEND)).toBe(false);
    expect(await a.pendingSends.claim({ ...SEND, periodTo: '2024-12-31' })).toBe(true);

    await a.pendingSends.put(SEND);
    expect(await b.pendingSends.claim(SEND)).toBe(false);
    await a.pendingSends.release('100200302', '2024-12-31');
    expect(await b.pendingSends.claim({ ...SEND, periodTo: '2024-12-31' })).toBe(true);
  });

  it('archive the outcome of an unclear SEND once when two desks settle it at the same time', async () => {
    const store = await engine.store(systemClock);
    const [a, b] = [await store.sending('A'), await store.sending('B')];
    await a.pendingSends.claim(SEND);
    await a.pendingSends.put(SEND);
    const recorded: string[] = [];
    const record = (desk: string) => async (send: PendingSend) => {
      await new Promise((r) => setTimeout(r, 50));
      recorded.push(`${desk}:${send.billingunit}`);
    };

    const settled = await Promise.all([
      a.pendingSends.settle(SEND.billingunit, SEND.periodTo, record('A')),
      b.pendingSends.settle(SEND.billingunit, SEND.periodTo, record('B')),
    ]);

    expect(settled.filter(Boolean)).toHaveLength(1);
    expect(recorded).toHaveLength(1);
    expect(await b.pendingSends.claim(SEND)).toBe(true);
  });

  it('settle only the SEND whose outcome was read: a newer SEND of the period keeps its place', async () => {
    const store = await engine.store(systemClock);
    const [a, b] = [await store.sending('A'), await store.sending('B')];
    // B followed the period's first SEND; meanwhile that one ended and A's second SEND of the period is unclear.
    const second = { ...SEND, startedAt: '2026-01-10T09:05:00.000Z' };
    await a.pendingSends.claim(second);
    await a.pendingSends.put(second);
    const recorded: string[] = [];
    const record = (send: PendingSend) => {
      recorded.push(send.startedAt);
      return Promise.resolve();
    };

    expect(await b.pendingSends.settle(SEND.billingunit, SEND.periodTo, record, Date.parse(SEND.startedAt))).toBe(false);
    expect(recorded).toEqual([]);
    expect(await b.pendingSends.claim(SEND)).toBe(false);

    expect(await b.pendingSends.settle(SEND.billingunit, SEND.periodTo, record, Date.parse(second.startedAt))).toBe(true);
    expect(recorded).toEqual([second.startedAt]);
  });
});

if (!('missing' in pg)) {
  describe('binding SENDs in the team database', () => {
    it("treat a crashed desk's SEND as unclear once its claim ran out: no new claim, settled once", async () => {
      const store = await pg.store(systemClock);
      const a = await store.sending('A', { leaseMs: 300 });
      expect(await a.pendingSends.claim(SEND)).toBe(true);
      const b = await store.sending('B', { leaseMs: 300 });
      const recorded: PendingSend[] = [];
      const record = (send: PendingSend) => Promise.resolve(void recorded.push(send));
      // While A lives it is A's SEND: nobody else settles it.
      await expect(b.pendingSends.settle(SEND.billingunit, SEND.periodTo, record)).rejects.toThrow('A sendet');

      await a.crash();
      await new Promise((r) => setTimeout(r, 400));

      expect(await b.pendingSends.claim(SEND)).toBe(false);
      expect(await b.pendingSends.settle(SEND.billingunit, SEND.periodTo, record)).toBe(true);
      expect(recorded).toEqual([SEND]);
      expect(await b.pendingSends.claim(SEND)).toBe(true);
    });

    it("tell an open desk every quarter of the lease of other desks' unclear SENDs and of those whose desk died", async () => {
      const clock = createManualClock();
      const store = await pg.store(clock);
      const b = await store.sending('B', { leaseMs: 400 });
      const handed: string[] = [];
      b.pendingSends.onStranded?.((send) => handed.push(send.billingunit));
      const a = await store.sending('A', { leaseMs: 400 });
      const [sending, unclear, own] = [SEND, { ...SEND, billingunit: '100200303' }, { ...SEND, billingunit: '100200304' }];
      expect(await a.pendingSends.claim(sending)).toBe(true);
      await a.pendingSends.put(unclear);
      await b.pendingSends.put(own);

      // The first look, a quarter lease after B opened: A's unclear SEND; A's live one and B's own are not stranded.
      expect(clock.runNext()).toBe(100);
      await waitFor(() => handed.length > 0);
      expect(handed).toEqual([unclear.billingunit]);
      expect(b.pendingSends.get(unclear.billingunit, unclear.periodTo)).toEqual(unclear);

      // A dies mid-SEND; once its claim ran out, the next look hands that SEND over too (and the unclear one again).
      await a.crash();
      await new Promise((r) => setTimeout(r, 500));
      expect(clock.runNext()).toBe(100);
      await waitFor(() => handed.length > 1);
      expect(handed.slice(1).sort()).toEqual([sending.billingunit, unclear.billingunit].sort());
      // Closed, the desk looks no more.
      await b.crash();
      expect(clock.pendingCount()).toBe(0);
    });
  });
}
