/**
 * One contract, two engines (issue 23): tracked setups keep the same promises on the data folder and in the team
 * database — every desk shows a setup and its matching state, one desk at a time asks the MSC about a setup, and a
 * late answer about an older setup never overwrites a newer one. In the team database another desk takes the polling
 * over once the polling desk is gone.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { SetupStatus } from '@shared/msc/billing-unit-data';
import type { SetupSender } from '@main/services/workspace/outbox';
import { systemClock } from '@main/services/workspace/clock';
import { folderEngine, postgresEngine, type EngineUnderTest } from '@test/support/team-engines';
import { deferred, statusOf, waitFor } from '@test/unit/workspace/helpers';

const pg = postgresEngine();
const engines: EngineUnderTest[] = [folderEngine(), ...('missing' in pg ? [] : [pg])];
afterAll(async () => Promise.all(engines.map((e) => e.dispose())));

if ('missing' in pg) {
  describe('tracked setups in the team database', () => {
    (process.env.CI ? it : it.skip)(`cannot run: ${pg.missing}`, () => {
      throw new Error(pg.missing);
    });
  });
}

const UNIT = '100200301';

/** An MSC double answering a setup's status (once `gate` opens), counting the questions it was asked. */
function msc(status: () => SetupStatus, gate?: Promise<void>) {
  const calls: string[] = [];
  const sender: SetupSender = {
    sendSetup: () => Promise.reject(new Error('not in this test')),
    async getSetupStatus(billingunit) {
      calls.push(billingunit);
      await gate;
      return status();
    },
  };
  return { sender, calls };
}

const track = (transactionid: string) => ({ billingunit: UNIT, transactionid, sentAt: new Date().toISOString() });

describe.each(engines)('tracked setups ($name)', (engine) => {
  it('shows every desk a tracked setup and its matching state, and tells each that the matching finished', async () => {
    const store = await engine.store(systemClock);
    let state: SetupStatus['setupstatus'] = 'IN_PROGRESS';
    const double = msc(() => statusOf(UNIT, state, state === 'COMPLETED' ? '2099-01-01T00:00:00Z' : undefined));
    const [a, b] = [await store.setups('Frau Berger', double.sender), await store.setups('Herr Yilmaz', double.sender)];

    await a.watcher.track(track('tx-1'));
    await waitFor(() => b.watcher.get(UNIT)?.status?.setupstatus === 'IN_PROGRESS');
    state = 'COMPLETED';
    await waitFor(() => a.watcher.get(UNIT)?.watching === false && b.watcher.get(UNIT)?.watching === false, 5_000);

    for (const desk of [a, b]) {
      expect(desk.watcher.list().map((s) => [s.transactionid, s.status?.setupstatus])).toEqual([['tx-1', 'COMPLETED']]);
      const finished = desk.events.filter(
        (e) => e.type === 'setup-status-changed' && e.setup.status?.setupstatus === 'COMPLETED',
      );
      expect(finished).toHaveLength(1);
    }
  });

  it('asks the MSC about a setup from one desk at a time', async () => {
    const store = await engine.store(systemClock);
    const [first, second] = [msc(() => statusOf(UNIT, 'IN_PROGRESS')), msc(() => statusOf(UNIT, 'IN_PROGRESS'))];
    const [a, b] = [await store.setups('A', first.sender), await store.setups('B', second.sender)];
    await a.watcher.track(track('tx-1'));
    await waitFor(() => b.watcher.get(UNIT) !== undefined);

    await new Promise((r) => setTimeout(r, 800));

    // Polling every 50–100 ms for most of a second: one desk asked, several times; the other left it to that desk.
    const counts = [first.calls.length, second.calls.length].sort((x, y) => x - y);
    expect(counts[0]).toBe(0);
    expect(counts[1]).toBeGreaterThan(2);
  });

  it('never puts a late answer about an older setup over a newer one', async () => {
    const store = await engine.store(systemClock);
    const gate = deferred<undefined>();
    // The first answer (about tx-old) says COMPLETED; whatever is asked afterwards is still open.
    let answers = 0;
    const slow = msc(
      () => (++answers === 1 ? statusOf(UNIT, 'COMPLETED', '2099-01-01T00:00:00Z') : statusOf(UNIT, 'OPEN')),
      gate.promise,
    );
    const a = await store.setups('A', slow.sender);
    await a.watcher.track(track('tx-old'));
    const asking = a.watcher.checkNow(UNIT);
    await waitFor(() => slow.calls.length > 0);

    const b = await store.setups('B', msc(() => statusOf(UNIT, 'OPEN')).sender);
    await b.watcher.track(track('tx-new'));
    gate.resolve(undefined);
    await asking;

    for (const desk of [a, b]) {
      await waitFor(() => desk.watcher.get(UNIT)?.transactionid === 'tx-new');
      expect(desk.watcher.get(UNIT)?.status?.setupstatus).not.toBe('COMPLETED');
    }
  });
});

if (!('missing' in pg)) {
  describe('tracked setups in the team database', () => {
    it('are polled by another desk once the polling desk is gone', async () => {
      const store = await pg.store(systemClock);
      const [first, second] = [msc(() => statusOf(UNIT, 'IN_PROGRESS')), msc(() => statusOf(UNIT, 'IN_PROGRESS'))];
      const a = await store.setups('A', first.sender);
      await a.watcher.track(track('tx-1'));
      await waitFor(() => first.calls.length > 0);
      const b = await store.setups('B', second.sender);

      await a.crash();
      const asked = first.calls.length;
      await waitFor(() => second.calls.length > 2, 5_000);
      expect(first.calls.length).toBe(asked);
      expect(b.watcher.get(UNIT)?.status?.setupstatus).toBe('IN_PROGRESS');
    });
  });
}
