/**
 * The contract amendments of docs/msc-units.md over loopback HTTP: a complete list withdraws what it leaves out
 * (also in numbered parts and when empty), manual work carries its start time, matched units the MSC's position text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SetupStatus } from '@shared/msc/billing-unit-data';
import type { SetupRequest, SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import { splitSetupRequests } from '@shared/msc/setup-parts';
import { ManualWorkList, WorldView } from '@shared/msc/operator';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox } from '@main/sandbox/index';
import { api, expectProblem, operatorApi, tempDir, tokenFor } from '@test/integration/sandbox/helpers';
import type { Api } from '@test/integration/sandbox/helpers';

let sandbox: Sandbox;
let dir: Awaited<ReturnType<typeof tempDir>>;
let demo: Api;
let operator: Api;

beforeAll(async () => {
  dir = await tempDir();
  // Timers far off: every test moves matching on with "advance", so nothing races.
  sandbox = await startSandbox({ dataDir: dir.path, delays: { matchingStartMs: 60_000, matchingCompleteMs: 60_000 } });
  demo = api(sandbox.url, await tokenFor(sandbox.url));
  operator = operatorApi(sandbox.url, sandbox.operatorToken);
});

afterAll(async () => {
  await sandbox.close();
  await dir.remove();
});

const unit = (pm: string, description?: string): SetupResidentialUnit =>
  description === undefined ? { residentialunitPmnumber: pm } : { residentialunitPmnumber: pm, description };

const head = (billingunit: string) => ({
  billingunitMscnumber: billingunit,
  customerMscnumber: '0000012345',
  ordercriteriafor: 'USAGEUNIT' as const,
});

async function send(request: SetupRequest): Promise<void> {
  const r = await demo.post(`/billingunitsetup/${request.billingunitMscnumber}`, request);
  expect(r.status).toBe(202);
}

async function settled(billingunit: string): Promise<SetupStatus> {
  expect((await operator.post('/_operator/advance', { billingunitMscnumber: billingunit })).status).toBe(200);
  const r = await demo.get(`/billingunitdata/v1/billingunits/setup/${billingunit}`);
  expect(r.status).toBe(200);
  return SetupStatus.parse(r.body);
}

describe('complete list (docs/msc-units.md)', () => {
  it('withdraws units a complete list leaves out: no longer unmatched, their MSC unit free again, re-sending re-instates', async () => {
    const bu = '100200303';
    await send({ ...head(bu), residentialunits: [unit('LA5-0001'), unit('LA5-0002'), unit('FALSCH-1'), unit('FALSCH-2')] });
    const first = await settled(bu);
    expect(first.unmatched?.map((u) => u.residentialunitPmnumber)).toEqual(['FALSCH-1', 'FALSCH-2']);
    expect(first.withdrawn).toBeUndefined();

    const [only] = splitSetupRequests(
      { ...head(bu), residentialunits: [unit('LA5-0001'), unit('FALSCH-2')] },
      { complete: { listid: 'liste-1' } },
    );
    await send(only as SetupRequest);
    const corrected = await settled(bu);

    expect(corrected.setupstatus).toBe('COMPLETED');
    expect(corrected.unmatched?.map((u) => u.residentialunitPmnumber)).toEqual(['FALSCH-2']);
    expect(corrected.matched?.map((m) => m.residentialunitPmnumber)).toEqual(['LA5-0001']);
    expect(corrected.withdrawn?.map((w) => [w.residentialunitPmnumber, w.residentialunitMscnumber])).toEqual([
      ['LA5-0002', '0002'],
      ['FALSCH-1', undefined],
    ]);
    expect(corrected.additional?.map((a) => a.residentialunitMscnumber)).toContain('0002');

    await send({ ...head(bu), residentialunits: [unit('LA5-0002')] });
    const again = await settled(bu);
    expect(again.withdrawn?.map((w) => w.residentialunitPmnumber)).toEqual(['FALSCH-1']);
    expect(again.matched?.map((m) => m.residentialunitPmnumber)).toEqual(['LA5-0001', 'LA5-0002']);
  });

  it('withdraws only once every numbered part has arrived, in any order', async () => {
    const bu = '100200302';
    await send({ ...head(bu), residentialunits: ['DS12-001', 'DS12-002', 'DS12-003', 'IRRTUM'].map((pm) => unit(pm)) });
    const parts = splitSetupRequests(
      { ...head(bu), residentialunits: ['DS12-001', 'DS12-002', 'DS12-003'].map((pm) => unit(pm)) },
      { complete: { listid: 'liste-2' }, maxUnits: 2 },
    );
    expect(parts.map((p) => [p.completelist?.part, p.completelist?.parts, p.residentialunits.length])).toEqual([
      [1, 2, 2],
      [2, 2, 1],
    ]);
    await send(parts[1] as SetupRequest);
    expect((await settled(bu)).withdrawn).toBeUndefined();
    await send(parts[0] as SetupRequest);
    const done = await settled(bu);
    expect(done.withdrawn?.map((w) => w.residentialunitPmnumber)).toEqual(['IRRTUM']);
    expect(done.unmatched).toEqual([]);
  });

  it('an empty complete list withdraws everything; parts naming different totals are refused', async () => {
    const bu = '100200302';
    const mismatch = { ...head(bu), residentialunits: [unit('DS12-001')], completelist: { listid: 'x', part: 1, parts: 3 } };
    await send(mismatch);
    expectProblem(
      await demo.post(`/billingunitsetup/${bu}`, { ...mismatch, completelist: { listid: 'x', part: 2, parts: 2 } }),
      400,
    );
    expectProblem(await demo.post(`/billingunitsetup/${bu}`, { ...head(bu), residentialunits: [] }), 400);

    const [empty] = splitSetupRequests({ ...head(bu), residentialunits: [] }, { complete: { listid: 'leer' } });
    await send(empty as SetupRequest);
    const done = await settled(bu);
    expect(done.matched).toEqual([]);
    expect(done.withdrawn?.map((w) => w.residentialunitPmnumber).sort()).toEqual(['DS12-001', 'DS12-002', 'DS12-003', 'IRRTUM']);
  });

  it('publishes manual work with its start time and the MSC position text of matched units', async () => {
    const bu = '100200301';
    await send({ ...head(bu), residentialunits: [unit('KH42/01', 'EG li'), unit('KH42/14', 'EG Laden')] });
    const waiting = await settled(bu);
    expect(waiting.setupstatus).toBe('IN_PROGRESS');
    const since = waiting.manualwork?.[0]?.since ?? '';
    expect(waiting.manualwork).toEqual([{ residentialunitPmnumber: 'KH42/14', since: expect.any(String) as string }]);
    expect(Date.parse(since)).toBeGreaterThan(Date.now() - 60_000);

    // Sending another unit meanwhile keeps the start time of the waiting one.
    await send({ ...head(bu), residentialunits: [unit('KH42/02')] });
    expect((await settled(bu)).manualwork).toEqual([{ residentialunitPmnumber: 'KH42/14', since }]);
    const listed = ManualWorkList.parse((await operator.get('/_operator/manual')).body);
    expect(listed.items.find((i) => i.residentialunitPmnumber === 'KH42/14')?.since).toBe(since);

    expect(
      (
        await operator.post('/_operator/resolve', {
          billingunitMscnumber: bu,
          residentialunitPmnumber: 'KH42/14',
          residentialunitMscnumber: '0014',
        })
      ).status,
    ).toBe(200);
    const done = await settled(bu);
    expect(done.manualwork).toBeUndefined();
    expect(done.matched).toContainEqual({
      residentialunitPmnumber: 'KH42/14',
      residentialunitMscnumber: '0014',
      positiontext: 'EG Laden (Gewerbe)',
    });
    expect(done.matched).toContainEqual({
      residentialunitPmnumber: 'KH42/01',
      residentialunitMscnumber: '0001',
      positiontext: 'EG links',
    });
  });

  it('the operator world lists known order criteria, manual units and periods', async () => {
    const world = WorldView.parse((await operator.get('/_operator/world')).body);
    const leipzig = world.billingunits.find((b) => b.billingunitMscnumber === '100200301');
    expect(leipzig?.units.find((u) => u.residentialunitMscnumber === '0001')?.knownPmnumber).toBe('KH42/01');
    expect(leipzig?.units.find((u) => u.residentialunitMscnumber === '0014')).toMatchObject({
      manual: true,
      positiontext: 'EG Laden (Gewerbe)',
    });
    expect(leipzig?.periods.map((p) => p.status)).toEqual(['COMMISSIONED', 'OPEN']);
    expect((await api(sandbox.url).get('/_operator/world')).status).toBe(401);
  });
});
