/**
 * One contract, two engines (issue 23, item 1): the data folder and the team database keep drafts the same way —
 * revisions, the refused stale save, one winner of two simultaneous saves, checked stands. The team database adds
 * who saved, and other desks see a save without reloading.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { WorkspaceError } from '@main/services/workspace/workspace-error';
import { folderEngine, postgresEngine, type EngineUnderTest } from '@test/support/team-engines';
import { createManualClock } from '@test/unit/workspace/helpers';

const pg = postgresEngine();
const engines: EngineUnderTest[] = [folderEngine(), ...('missing' in pg ? [] : [pg])];
afterAll(async () => Promise.all(engines.map((e) => e.dispose())));

if ('missing' in pg) {
  describe('drafts in the team database', () => {
    // CI installs PostgreSQL (scripts/ensure-postgres.sh); there its absence is a failure, elsewhere a stated reason.
    (process.env.CI ? it : it.skip)(`cannot run: ${pg.missing}`, () => {
      throw new Error(pg.missing);
    });
  });
}

const key = { billingunit: '100200300', periodTo: '2025-12-31' };

describe.each(engines)('drafts ($name)', (engine) => {
  it('counts revisions, and a second desk reads the newest content', async () => {
    const store = await engine.store(createManualClock());
    const a = await store.open('Frau Berger');
    await a.drafts.save({ ...key, content: { currency: 'EUR' } }, 0);
    const second = await a.drafts.save({ ...key, content: { currency: 'EUR', note: 'Belege fehlen' } }, 1);
    expect(second).toMatchObject({ revision: 2, updatedAt: '2025-03-01T08:00:00.000Z' });

    const b = await store.open('Herr Yilmaz');
    // The team database also says who saved (the data folder has one clerk and leaves it out).
    const by = engine.name === 'PostgreSQL' ? { updatedBy: 'Frau Berger' } : {};
    expect(b.drafts.list()).toEqual([{ ...key, revision: 2, updatedAt: second.updatedAt, ...by }]);
    expect((await b.drafts.get(key.billingunit, key.periodTo))?.content).toEqual({ currency: 'EUR', note: 'Belege fehlen' });
    expect(await b.drafts.get(key.billingunit, '2024-12-31')).toBeUndefined();
  });

  it("refuses desk B's save based on revision 1 after desk A saved revision 2, and keeps A's content", async () => {
    const store = await engine.store(createManualClock());
    const a = await store.open('Frau Berger');
    await a.drafts.save({ ...key, content: { currency: 'EUR' } }, 0);
    const b = await store.open('Herr Yilmaz');
    await a.drafts.save({ ...key, content: { currency: 'EUR', note: 'A' } }, 1);

    const err = await b.drafts.save({ ...key, content: { currency: 'EUR', note: 'B' } }, 1).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(WorkspaceError);
    expect((err as WorkspaceError).appError).toMatchObject({ code: 'CONFLICT', details: { currentRevision: 2 } });
    expect((err as Error).message).toContain('Zeitraum bis 31.12.2025');
    expect((await b.drafts.get(key.billingunit, key.periodTo))?.content).toEqual({ currency: 'EUR', note: 'A' });
  });

  it('lets exactly one of two simultaneous saves from the same revision win, for a new and for an existing draft', async () => {
    const store = await engine.store(createManualClock());
    const [a, b] = [await store.open('A'), await store.open('B')];
    for (const base of [0, 1]) {
      if (base === 1)
        await a.drafts.discard(key.billingunit, key.periodTo, 1).then(() => a.drafts.save({ ...key, content: {} }, 0));
      const results = await Promise.allSettled([
        a.drafts.save({ ...key, content: { currency: 'A' } }, base),
        b.drafts.save({ ...key, content: { currency: 'B' } }, base),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const winner = results.find((r) => r.status === 'fulfilled');
      expect((await a.drafts.get(key.billingunit, key.periodTo))?.content).toEqual(winner?.value.content);
    }
  });

  it('discards only from the current revision, and the checked stands go with the draft', async () => {
    const store = await engine.store(createManualClock());
    const a = await store.open('A');
    await a.drafts.save({ ...key, content: { note: 'eins' } }, 0);
    expect(await a.drafts.markChecked(key.billingunit, key.periodTo, 1)).toBe(true);
    await expect(a.drafts.discard(key.billingunit, key.periodTo, 0)).rejects.toMatchObject({ appError: { code: 'CONFLICT' } });
    await a.drafts.discard(key.billingunit, key.periodTo, 1);
    expect(a.drafts.list()).toEqual([]);
    expect(await a.drafts.lastChecked(key.billingunit, key.periodTo)).toBeUndefined();
  });

  it('keeps the checked stand, refuses a check of an older revision and restores it as the next revision', async () => {
    const store = await engine.store(createManualClock());
    const a = await store.open('A');
    await a.drafts.save({ ...key, content: { note: 'geprüft' } }, 0);
    expect(await a.drafts.markChecked(key.billingunit, key.periodTo, 1)).toBe(true);
    await a.drafts.save({ ...key, content: { note: 'danach geändert' } }, 1);
    expect(await a.drafts.markChecked(key.billingunit, key.periodTo, 1)).toBe(false);

    const b = await store.open('B');
    expect(await b.drafts.lastChecked(key.billingunit, key.periodTo)).toEqual({
      revision: 1,
      checkedAt: '2025-03-01T08:00:00.000Z',
    });
    await expect(b.drafts.restoreChecked(key.billingunit, key.periodTo, 1)).rejects.toMatchObject({
      appError: { code: 'CONFLICT' },
    });
    expect(await b.drafts.restoreChecked(key.billingunit, key.periodTo, 2)).toMatchObject({
      revision: 3,
      content: { note: 'geprüft' },
    });
  });

  it('rejects a draft without a valid billing unit, naming the field, and stores nothing', async () => {
    const store = await engine.store(createManualClock());
    const a = await store.open('A');
    await expect(a.drafts.save({ billingunit: '../x', periodTo: '2025-12-31', content: {} }, 0)).rejects.toThrow(
      'billingunit: muss eine Liegenschaftsnummer aus 1 bis 9 Ziffern sein',
    );
    expect(a.drafts.list()).toEqual([]);
  });
});

describe.skipIf('missing' in pg)('drafts between desks on the team database', () => {
  const engine = pg as EngineUnderTest;

  it('names who saved in between when a save is refused', async () => {
    const store = await engine.store(createManualClock());
    const a = await store.open('Frau Berger (Platz 1)');
    const b = await store.open('Herr Yilmaz (Platz 2)');
    await a.drafts.save({ ...key, content: {} }, 0);
    const err = (await b.drafts.save({ ...key, content: { note: 'B' } }, 0).catch((e: unknown) => e)) as WorkspaceError;
    expect(err.appError).toMatchObject({ code: 'CONFLICT', details: { currentRevision: 1, updatedBy: 'Frau Berger (Platz 1)' } });
    expect(err.message).toContain('von Frau Berger (Platz 1) am 01.03.2025');
  });

  it("shows desk A's save on desk B without reloading", async () => {
    const store = await engine.store(createManualClock());
    const a = await store.open('A');
    const b = await store.open('B');
    await a.drafts.save({ ...key, content: { note: 'neu' } }, 0);
    await expect.poll(() => b.drafts.list(), { timeout: 10_000 }).toEqual([expect.objectContaining({ ...key, revision: 1 })]);
    expect(b.events.filter((e) => e.type === 'draft-saved').map((e) => e.draft.revision)).toEqual([1]);
    await a.drafts.discard(key.billingunit, key.periodTo, 1);
    await expect.poll(() => b.drafts.list(), { timeout: 10_000 }).toEqual([]);
  });
});
