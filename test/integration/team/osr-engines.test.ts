/**
 * One contract, two engines (issue 23): the OSR deliveries keep the same promises on the data folder and in the team
 * database — every desk sees a unit's change, its delivery and the log; each delivery is sent by one desk also when
 * two deliver at once; a clerk's change made while a delivery is on its way is kept; a delivery a crashed desk was
 * sending is sent again by another. In the team database a late answer of a desk whose claim is gone is not stored.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';
import type { OsrSender } from '@main/services/workspace/osr-deliveries';
import { systemClock } from '@main/services/workspace/clock';
import { folderEngine, postgresEngine, type EngineUnderTest } from '@test/support/team-engines';
import { deferred, waitFor } from '@test/unit/workspace/helpers';
import { PROPERTY, tenantChange } from '@test/integration/osr/fixtures';

const pg = postgresEngine();
const engines: EngineUnderTest[] = [folderEngine(), ...('missing' in pg ? [] : [pg])];
afterAll(async () => Promise.all(engines.map((e) => e.dispose())));

if ('missing' in pg) {
  describe('OSR deliveries in the team database', () => {
    (process.env.CI ? it : it.skip)(`cannot run: ${pg.missing}`, () => {
      throw new Error(pg.missing);
    });
  });
}

/** A demo MSC double that accepts every delivery (once `gate` opens) and counts what reached it per unit. */
function msc(name: string, gate?: Promise<void>) {
  const calls: string[] = [];
  const sender: OsrSender = {
    async deliverOnSiteRoles(billingunit, residentialunit) {
      calls.push(`${billingunit}-${residentialunit}`);
      await gate;
      return {
        status: 'accepted',
        transactionid: `${name}-${String(calls.length)}`,
        acceptedat: new Date().toISOString(),
        messages: [],
      };
    },
  };
  return { sender, calls };
}

const unit = (i: number) => String(i + 1).padStart(4, '0');
const renamed = (name: string): OnSiteRoles => {
  const roles = tenantChange();
  return { ...roles, partners: roles.partners.map((p, i) => (i === 2 ? { ...p, name } : p)) };
};

describe.each(engines)('OSR deliveries ($name)', (engine) => {
  it("shows every desk a unit's change, its delivery and the MSC's answer in the log", async () => {
    const store = await engine.store(systemClock);
    const { sender } = msc('A');
    const [a, b] = [await store.osr('Frau Berger', sender), await store.osr('Herr Yilmaz', sender)];

    await a.osr.save({
      billingunit: PROPERTY,
      residentialunit: '0002',
      residentialunitPmnumber: 'KH42/02',
      roles: tenantChange(),
    });
    await waitFor(() => b.osr.get(PROPERTY, '0002')?.pending !== undefined);
    expect(b.osr.list({ billingunit: PROPERTY }).map((r) => r.residentialunitPmnumber)).toEqual(['KH42/02']);

    await b.osr.deliver(PROPERTY, '0002');
    await waitFor(
      () => a.osr.get(PROPERTY, '0002')?.delivered !== undefined && b.osr.get(PROPERTY, '0002')?.delivered !== undefined,
    );
    expect(a.osr.get(PROPERTY, '0002')).toMatchObject({ delivered: { roles: tenantChange() } });
    expect(a.osr.get(PROPERTY, '0002')?.pending).toBeUndefined();
    await waitFor(() => a.log.list().length === 1 && b.log.list().length === 1);
    const [entry] = a.log.list({ residentialunit: '0002' });
    expect(entry).toMatchObject({ billingunit: PROPERTY, result: 'accepted' });
    expect(await b.log.read(entry!.id)).toMatchObject({ request: tenantChange(), attempt: 1 });
  });

  it('sends each delivery once when two desks deliver at the same time', async () => {
    const store = await engine.store(systemClock);
    const double = msc('MSC');
    const [a, b] = [await store.osr('A', double.sender), await store.osr('B', double.sender)];
    const units = Array.from({ length: 12 }, (_, i) => unit(i));
    for (const [i, ru] of units.entries())
      await (i % 2 === 0 ? a : b).osr.save({ billingunit: PROPERTY, residentialunit: ru, roles: tenantChange() });
    await waitFor(() => a.osr.list().length === 12 && b.osr.list().length === 12);

    // Both clerks press "alle übermitteln" at once: each unit is queued by whoever comes first and sent by one desk.
    await Promise.all([a.osr.deliverAll(PROPERTY), b.osr.deliverAll(PROPERTY)]);
    await waitFor(() => units.every((ru) => a.osr.get(PROPERTY, ru)?.delivered && b.osr.get(PROPERTY, ru)?.delivered), 10_000);

    expect([...double.calls].sort()).toEqual(units.map((ru) => `${PROPERTY}-${ru}`));
    await waitFor(() => b.log.list().length >= 12);
    expect(
      b.log
        .list()
        .map((e) => e.residentialunit)
        .sort(),
    ).toEqual(units);
  });

  it("keeps a clerk's change saved on another desk while the delivery was on its way", async () => {
    const store = await engine.store(systemClock);
    const gate = deferred<undefined>();
    const { sender, calls } = msc('A', gate.promise);
    const [a, b] = [await store.osr('A', sender), await store.osr('B', sender)];
    await a.osr.save({ billingunit: PROPERTY, residentialunit: '0002', roles: tenantChange() });
    await a.osr.deliver(PROPERTY, '0002');
    await waitFor(() => calls.length === 1 && b.osr.get(PROPERTY, '0002')?.delivery?.state === 'sending');

    await b.osr.save({ billingunit: PROPERTY, residentialunit: '0002', roles: renamed('Yildiz') });
    await expect(b.osr.deliver(PROPERTY, '0002')).rejects.toThrow('gerade übermittelt');
    gate.resolve(undefined);

    await waitFor(
      () => b.osr.get(PROPERTY, '0002')?.delivered !== undefined && a.osr.get(PROPERTY, '0002')?.delivered !== undefined,
    );
    for (const desk of [a, b]) {
      expect(desk.osr.get(PROPERTY, '0002')?.delivered?.roles).toEqual(tenantChange());
      expect(desk.osr.get(PROPERTY, '0002')?.pending?.roles).toEqual(renamed('Yildiz'));
    }
  });

  it('sends again what a desk that crashed mid-send had claimed', async () => {
    const store = await engine.store(systemClock);
    const stuck = msc('A', new Promise(() => undefined));
    const a = await store.osr('A', stuck.sender, { leaseMs: 300 });
    await a.osr.save({ billingunit: PROPERTY, residentialunit: '0002', roles: tenantChange() });
    await a.osr.deliver(PROPERTY, '0002');
    await waitFor(() => stuck.calls.length === 1);

    await a.crash();
    const good = msc('B');
    const b = await store.osr('B', good.sender, { leaseMs: 300 });
    await waitFor(() => b.osr.get(PROPERTY, '0002')?.delivered !== undefined, 5_000);

    expect(good.calls).toEqual([`${PROPERTY}-0002`]);
    expect(b.osr.get(PROPERTY, '0002')?.delivered?.transactionid).toBe('B-1');
    await waitFor(() => b.log.list().length === 1);
    expect(await b.log.read(b.log.list()[0]!.id)).toMatchObject({ attempt: 2, result: { kind: 'accepted' } });
  });
});

if (!('missing' in pg)) {
  describe('OSR deliveries in the team database', () => {
    it('store no late answer of a desk whose claim ran out, and log the delivery once', async () => {
      const store = await pg.store(systemClock);
      const late = deferred<undefined>();
      const slow = msc('A', late.promise);
      const a = await store.osr('A', slow.sender, { leaseMs: 300 });
      await a.osr.save({ billingunit: PROPERTY, residentialunit: '0002', roles: tenantChange() });
      await a.osr.deliver(PROPERTY, '0002');
      await waitFor(() => slow.calls.length === 1);

      // A stalls past its lease (it stops renewing, as a desk that lost the database does); B takes the unit over.
      await a.crash();
      const b = await store.osr('B', msc('B').sender, { leaseMs: 300 });
      await waitFor(() => b.osr.get(PROPERTY, '0002')?.delivered !== undefined, 5_000);
      late.resolve(undefined);
      await a.osr.whenIdle();

      const c = await store.osr('C', msc('C').sender);
      expect(c.osr.get(PROPERTY, '0002')?.delivered?.transactionid).toBe('B-1');
      expect(c.log.list().map((e) => e.result)).toEqual(['accepted']);
    });

    it('refuse to change or remove an entry of the OSR log', async () => {
      const store = await pg.store(systemClock);
      const a = await store.osr('A', msc('A').sender);
      await a.osr.save({ billingunit: PROPERTY, residentialunit: '0002', roles: tenantChange() });
      await a.osr.deliver(PROPERTY, '0002');
      await waitFor(() => a.log.list().length === 1);
      const { default: pgDriver } = await import('pg');
      const client = new pgDriver.Client({ connectionString: store.url });
      await client.connect();
      try {
        await expect(client.query(`UPDATE osr_log SET clerk = 'X'`)).rejects.toThrow('unveränderlich');
        await expect(client.query('DELETE FROM osr_log')).rejects.toThrow('unveränderlich');
        expect((await client.query('SELECT clerk FROM osr_log')).rows).toEqual([{ clerk: 'A' }]);
      } finally {
        await client.end();
      }
    });
  });
}
