/**
 * Issue 14, defect 2, under faults: ten properties, each sent as three setups of two usage units (waves, so newer
 * setups of a property meet older ones queued, failed or sent), through a proxy that drops, resets after
 * forwarding, refuses with 503, holds or stalls past the client timeout or cuts short 30 % of the setup POSTs
 * (fixed seed). Once the outbox has settled, every usage unit is in the demo MSC's state for its property or in
 * a failed outbox item whose retry works; nothing waits with a retry time in the past; every sent item's units are
 * at the MSC, and the app's matching view of every property ends COMPLETED as the MSC's does.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxItem } from '@shared/domain/workspace';
import type { SetupRequest } from '@shared/msc/billing-unit-data';
import { DEMO_BILLING_UNITS } from '@main/sandbox/seed';
import { LARGE_FIRST_NUMBER } from '@main/sandbox/seed-large';
import { mscState, startFaultWorld, until } from '@test/integration/faults/helpers';
import type { FaultWorld } from '@test/integration/faults/helpers';
import { byRates, passAll } from '@test/support/fault-proxy';

const PROPERTIES = [...DEMO_BILLING_UNITS, ...Array.from({ length: 7 }, (_, i) => String(LARGE_FIRST_NUMBER + i))];
const WAVES = 3;
const UNITS_PER_SETUP = 2;
const SEED = Number(process.env.FAULTS_SEED ?? 1414);

const setup = (billingunit: string, wave: number): SetupRequest => ({
  billingunitMscnumber: billingunit,
  customerMscnumber: '0000012345',
  ordercriteriafor: 'USAGEUNIT',
  residentialunits: Array.from({ length: UNITS_PER_SETUP }, (_, k) => ({
    residentialunitPmnumber: `F${billingunit.slice(-3)}-${String(wave)}-${String(k)}`,
  })),
});

const unitsOf = (items: readonly OutboxItem[]) =>
  items.flatMap((i) => i.request.residentialunits.map((u) => `${i.billingunit}/${u.residentialunitPmnumber}`));

describe('setups of ten properties through a faulty network', () => {
  let world: FaultWorld | undefined;
  afterEach(async () => {
    await world?.close();
  });

  it('all reach the MSC, or wait as failed items whose retry delivers them', async () => {
    // Arrange: about a third of the setup POSTs meet a fault; the outbox retries three times, quickly
    const plan = byRates(
      [
        { rule: { kind: 'drop' }, rate: 0.06 },
        { rule: { kind: 'reset-after-forward' }, rate: 0.06 },
        { rule: { kind: 'status', status: 503 }, rate: 0.06 },
        { rule: { kind: 'hold', ms: 1300 }, rate: 0.04 },
        { rule: { kind: 'stall-reply', ms: 1300 }, rate: 0.03 },
        { rule: { kind: 'truncate', mode: 'short' }, rate: 0.03 },
        { rule: { kind: 'truncate', mode: 'cut' }, rate: 0.02 },
      ],
      { seed: SEED, applies: (req) => req.method === 'POST' && req.path.startsWith('/billingunitsetup/') },
    );
    world = await startFaultWorld({
      seedLarge: 7,
      plan,
      timing: {
        mscLimits: { timeoutMs: 1000, retries: 1 },
        outboxAutoRetry: { firstDelayMs: 100, maxDelayMs: 400, maxAttempts: 3 },
      },
    });
    const { h, connectionId, proxy } = world;
    const outbox = () => h['units:outbox']({ connectionId });
    let overdue = 0;
    const settled = async () => {
      const items = await outbox();
      const now = Date.now();
      // A failed item whose retry time passed well ago is one the outbox forgot.
      overdue += items.filter((i) => i.state === 'failed' && i.nextAttemptAt && Date.parse(i.nextAttemptAt) < now - 1000).length;
      return items.every((i) => i.state === 'sent' || (i.state === 'failed' && i.nextAttemptAt === undefined));
    };

    // Act: three waves of setups, each wave one per property
    const sent: string[] = [];
    for (let wave = 0; wave < WAVES; wave++) {
      for (const bu of PROPERTIES) {
        const request = setup(bu, wave);
        await h['units:send-setup']({ connectionId, request });
        sent.push(...request.residentialunits.map((u) => `${bu}/${u.residentialunitPmnumber}`));
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    await until(settled, 15_000, 'the outbox settles');
    await proxy.whenIdle();

    // Assert: every unit is at the MSC or in a failed item that can be retried; nothing overdue
    const atMsc = async () => {
      const state = await mscState(world!);
      return new Set(Object.entries(state.setups).flatMap(([bu, s]) => s.units.map((u) => `${bu}/${u.residentialunitPmnumber}`)));
    };
    const items = await outbox();
    const failed = items.filter((i) => i.state === 'failed');
    const held = await atMsc();
    const waiting = new Set(unitsOf(failed));
    expect(sent.filter((u) => !held.has(u) && !waiting.has(u))).toEqual([]);
    expect(unitsOf(items.filter((i) => i.state === 'sent')).filter((u) => !held.has(u))).toEqual([]);
    expect(failed.filter((i) => !i.failure.retryable)).toEqual([]);
    expect(overdue).toBe(0);
    const faults = proxy.records().filter((r) => r.rule.kind !== 'pass');
    expect(faults.length).toBeGreaterThan(5);

    // Act: the clerk retries what failed, on a network that works again
    proxy.setPlan(passAll);
    for (const item of failed) await h['units:retry-setup']({ connectionId, id: item.id });
    await until(async () => (await outbox()).every((i) => i.state === 'sent'), 5000, 'the retries are sent');
    await proxy.whenIdle();

    // Assert: every unit sent is at the MSC for its property, and the app's matching view agrees with the MSC's
    const finally_ = await atMsc();
    expect(sent.filter((u) => !finally_.has(u))).toEqual([]);
    for (const billingunit of PROPERTIES) {
      await until(
        async () => (await h['units:refresh-setup']({ connectionId, billingunit })).status?.setupstatus === 'COMPLETED',
        3000,
        `matching of ${billingunit} completed`,
      );
    }
    const tracked = await h['units:setups']({ connectionId });
    expect(tracked.filter((s) => s.watching).map((s) => s.billingunit)).toEqual([]);

    if (process.env.FAULTS_REPORT) {
      const counts: Record<string, number> = {};
      for (const r of faults) counts[r.rule.kind] = (counts[r.rule.kind] ?? 0) + 1;
      const posts = proxy.records().filter((r) => r.method === 'POST').length;
      const report = { setups: PROPERTIES.length * WAVES, units: sent.length, items: items.length, posts, counts };
      console.info(JSON.stringify({ ...report, failedAfterAutoRetry: failed.length, failedUnits: waiting.size }));
    }
  }, 28_000);
});
