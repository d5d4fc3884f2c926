/**
 * The last test check of each draft on both engines (issue 23, item 1; issue 19: a failed check is shown wherever the
 * period is shown, and the binding submission of the revision it checked stays refused until a clean check of it).
 * In the team database it lives in the draft's row, so every desk reads the same check.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckOutcome } from '@shared/ipc/channels/billing';
import { hasErrors } from '@main/services/workspace/check-states';
import { folderEngine, postgresEngine, type EngineUnderTest } from '@test/support/team-engines';
import { createManualClock } from '@test/unit/workspace/helpers';

const pgEngine = postgresEngine();
const engines: EngineUnderTest[] = [folderEngine(), ...('missing' in pgEngine ? [] : [pgEngine])];
afterAll(async () => Promise.all(engines.map((e) => e.dispose())));

if ('missing' in pgEngine) {
  describe('last checks in the team database', () => {
    (process.env.CI ? it : it.skip)(`cannot run: ${pgEngine.missing}`, () => {
      throw new Error(pgEngine.missing);
    });
  });
}

const key = { billingunit: '100200300', periodTo: '2025-12-31' };
const failed: CheckOutcome = {
  result: 'messages',
  messages: [{ type: 'ERROR', shortmessage: 'ENERGYMIX_SUM', message: 'Energiemix 95 %', path: 'energysources[0]' }],
};
const passed: CheckOutcome = { result: 'passed' };

describe.each(engines)('last checks ($name)', (engine) => {
  it("keeps a draft's failed check with its revision, for another window or desk and after a restart", async () => {
    const store = await engine.store(createManualClock());
    const a = await store.open('Frau Berger');
    await a.drafts.save({ ...key, content: { note: 'eins' } }, 0);
    const kept = await a.checks.record({ ...key, revision: 1, outcome: failed });
    expect(kept).toEqual({ ...key, revision: 1, at: '2025-03-01T08:00:00.000Z', outcome: failed });

    const b = await store.open('Herr Yilmaz');
    expect(await b.checks.get(key.billingunit, key.periodTo)).toEqual(kept);
    expect(hasErrors(await b.checks.get(key.billingunit, key.periodTo))).toBe(true);
    expect(await b.checks.get(key.billingunit, '2024-12-31')).toBeUndefined();

    // A clean check of the same revision on the other desk replaces it everywhere.
    await b.checks.record({ ...key, revision: 1, outcome: passed });
    const restarted = await store.reopen('Frau Berger');
    expect(await restarted.checks.get(key.billingunit, key.periodTo)).toMatchObject({ revision: 1, outcome: passed });
  });

  it("does not let a check of an older revision replace a newer revision's failed check", async () => {
    const store = await engine.store(createManualClock());
    const a = await store.open('A');
    await a.drafts.save({ ...key, content: { note: 'eins' } }, 0);
    await a.drafts.save({ ...key, content: { note: 'zwei' } }, 1);
    await a.checks.record({ ...key, revision: 2, outcome: failed });
    // A window (or desk) still editing revision 1 checks it and passes.
    expect(await a.checks.record({ ...key, revision: 1, outcome: passed })).toMatchObject({ revision: 2, outcome: failed });
    expect(await a.checks.get(key.billingunit, key.periodTo)).toMatchObject({ revision: 2, outcome: failed });
  });

  it('forgets the check with its discarded draft, so the new draft at revision 1 shows none', async () => {
    const store = await engine.store(createManualClock());
    const a = await store.open('A');
    await a.drafts.save({ ...key, content: {} }, 0);
    await a.checks.record({ ...key, revision: 1, outcome: failed });
    await a.drafts.discard(key.billingunit, key.periodTo, 1);
    expect(await a.checks.get(key.billingunit, key.periodTo)).toBeUndefined();
    await a.drafts.save({ ...key, content: {} }, 0);
    expect(await a.checks.get(key.billingunit, key.periodTo)).toBeUndefined();
    expect(await (await store.reopen('A')).checks.get(key.billingunit, key.periodTo)).toBeUndefined();
  });
});

describe.skipIf('missing' in pgEngine)('last checks between desks on the team database', () => {
  const engine = pgEngine as EngineUnderTest;

  it("keeps desk B's new check when desk A's discard is announced late", async () => {
    const store = await engine.store(createManualClock());
    const [a, b] = [await store.open('A'), await store.open('B')];
    await a.drafts.save({ ...key, content: {} }, 0);
    await a.drafts.discard(key.billingunit, key.periodTo, 1);
    await b.drafts.save({ ...key, content: { note: 'neu' } }, 0);
    await b.checks.record({ ...key, revision: 1, outcome: failed });
    // What the workspace does on every desk when it hears of a discard.
    await a.checks.remove(key.billingunit, key.periodTo);
    expect(await a.checks.get(key.billingunit, key.periodTo)).toMatchObject({ revision: 1, outcome: failed });
  });

  it('keeps no check of a draft another desk discarded meanwhile, and says so', async () => {
    const store = await engine.store(createManualClock());
    const [a, b] = [await store.open('A'), await store.open('B')];
    await a.drafts.save({ ...key, content: {} }, 0);
    await b.drafts.discard(key.billingunit, key.periodTo, 1);
    await expect(a.checks.record({ ...key, revision: 1, outcome: failed })).rejects.toMatchObject({
      appError: { code: 'CONFLICT', details: { reason: 'not-found' } },
    });
    expect(await b.checks.get(key.billingunit, key.periodTo)).toBeUndefined();
  });
});
